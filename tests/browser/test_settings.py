"""One settings place: a guest (or any user) sets sound, notifications, how moves are
shown and what is asked first, in their language, from the header or from a table's gear,
and the table does as they said."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from games import gamelog
from games.blabla import GAME as BLABLA
from games.space_mission import GAME
from games.turnend import only_ender
from tests.browser import ui
from tests.browser.blabla_clicks import blabla_table
from tests.browser.blabla_clicks import click as blabla_click
from tests.browser.conftest import PHONE
from tests.browser.jump_drive_clicks import Table

pytestmark = pytest.mark.browser

WORDS = {
    "en": {
        "table": "At the table",
        "saved": "Your settings are saved.",
        "end": "End your turn now?",
        "kept": "Your turn goes on",
        "ends": "Your turn ends with its last action",
    },
    "de": {
        "table": "Am Tisch",
        "saved": "Deine Einstellungen sind gespeichert.",
        "end": "Deinen Zug jetzt beenden?",
        "kept": "Dein Zug geht weiter",
        "ends": "Dein Zug endet mit seiner letzten Aktion",
    },
    "hu": {
        "table": "Az asztalnál",
        "saved": "A beállításaid elmentve.",
        "end": "Befejezed most a kört?",
        "kept": "A köröd folytatódik",
        "ends": "A köröd az utolsó akcióddal véget ér",
    },
}


def as_guest_in(page: Page, language: str) -> None:
    page.goto("/")
    page.locator(".site-header form[action='/guest/'] button").click()
    page.locator("footer select[name=language]").select_option(language)
    page.locator("footer form button[type=submit]").click()
    expect(page.locator("html")).to_have_attribute("lang", language)


def save_settings(page: Page, words: dict) -> None:
    """From the header: no motion, ask before ending a turn, never before leaving."""
    page.locator(".site-header a.settings-link").click()
    expect(page.locator("#table-settings h2")).to_have_text(words["table"])
    page.locator("input[name=move_motion][value=still]").check()
    page.locator("input[name=confirm_turn_end]").check()
    page.locator("input[name=confirm_leave]").uncheck()
    page.locator("input[name=notice_sound]").check()
    page.locator("#settings button[type=submit]").click()
    expect(page.locator(".messages")).to_contain_text(words["saved"])
    expect(page.locator("input[name=move_motion][value=still]")).to_be_checked()


def to_my_confirm(table: Table, seat: int) -> None:
    """Play what the greedy bot would until ending the turn is what it would do next."""
    for _ in range(40):
        state, version = table.state()
        if seat not in state["active"]:
            table.moved_on(version)
            continue
        action = GAME.bot_action("greedy", GAME.view(state, seat), version)
        if action["type"] == "confirm":
            return
        table.act(seat, action)
    raise AssertionError("the turn never came to its end")


@pytest.mark.parametrize("language", ["en", "de", "hu"])
def test_settings_are_saved_in_every_language_and_the_table_follows_them(
    new_page, daphne_server, language
):
    words = WORDS[language]
    page = new_page()
    as_guest_in(page, language)
    save_settings(page, words)

    table_id = ui.open_table(page, seats=2, bots=1, game="space-mission")
    ui.start(page, table_id)
    settings = ui.config(page)["settings"]
    assert settings == {
        "sound": True,
        "browser": True,
        "motion": "still",
        "confirm_turn_end": True,
        "end_turn_with_last": False,
        "confirm_leave": False,
    }
    expect(page.locator("html")).to_have_attribute("data-motion", "still")

    # The table's gear opens the same settings and comes back to the table.
    page.locator(".match-nav a.settings-gear").click()
    expect(page.locator("#table-settings")).to_be_visible()
    page.locator("#settings button[type=submit]").click()
    page.wait_for_url(f"**/t/{table_id}/")
    ui.wait_for_table(page)

    # Ending the turn is asked first; saying no sends nothing.
    seat = ui.config(page)["seat"]
    match_id = ui.config(page)["match"]
    table = Table(daphne_server, match_id, {seat: page}, game=GAME, clicker=ui.click_space_mission)
    to_my_confirm(table, seat)
    table.settle(page, seat)
    _, version = table.state()
    asked: list[str] = []

    def answer(yes: bool):
        def handle(dialog) -> None:
            asked.append(dialog.message)
            if yes:
                dialog.accept()
            else:
                dialog.dismiss()

        return handle

    page.once("dialog", answer(False))
    page.click("[data-action=confirm]")
    expect(page.locator(".sm-controls .refusal")).to_contain_text(words["kept"])
    assert asked == [words["end"]]
    assert table.state()[1] == version
    page.once("dialog", answer(True))
    page.click("[data-action=confirm]")
    table.applied(seat, {"type": "confirm"}, version)
    assert asked == [words["end"], words["end"]]

    # Leaving is not asked about: the player said so.
    page.locator(".leave-form button").click()
    page.wait_for_url("**/")
    assert len(asked) == 2


def end_turn_with_last_action(page: Page, words: dict) -> None:
    """From the settings page: end my turn with its last action."""
    page.goto("/settings/")
    page.locator("input[name=end_turn_with_last]").check()
    page.locator("#settings button[type=submit]").click()
    expect(page.locator(".messages")).to_contain_text(words["saved"])
    expect(page.locator("input[name=end_turn_with_last]")).to_be_checked()


@pytest.mark.parametrize("language", ["en", "hu"])
def test_O2_with_the_setting_on_the_turns_last_action_passes_it_without_confirm(
    new_page, daphne_server, language
):
    """O2 waived by the player, on a phone: the turn panel says the turn ends with its last
    action, both actions go out flagged, and the second one passes the turn: Confirm is
    never pressed, the stored log has no confirm of the player's own, and the turn passed."""
    words = WORDS[language]
    page = new_page()
    as_guest_in(page, language)
    page.set_viewport_size(PHONE)
    end_turn_with_last_action(page, words)

    table_id = ui.open_table(page, seats=2, bots=1, game="space-mission", level="easy")
    ui.start(page, table_id)
    assert ui.config(page)["settings"]["end_turn_with_last"] is True
    seat, match_id = ui.config(page)["seat"], ui.config(page)["match"]
    table = Table(daphne_server, match_id, {seat: page}, game=GAME, clicker=ui.click_space_mission)
    state, version = table.state()
    while seat not in state["active"]:
        table.moved_on(version)
        state, version = table.state()
    table.settle(page, seat)
    expect(page.locator(".turn-ends-note")).to_contain_text(words["ends"])
    mine = len(table.server.match_actions(match_id)[1])
    taken = 0
    while taken < 4:
        _, actions = table.server.match_actions(match_id)
        state, version = table.state()
        if seat not in state["active"] or any(s != seat for s, _ in actions[mine:]):
            break  # the turn passed (the bot may have played already)
        action = GAME.bot_action("greedy", GAME.view(state, seat), version)
        assert action["type"] != "confirm", "the turn waits for Confirm"
        ui.perform(page, action, ui.version(page))
        taken += 1
    _, actions = table.server.match_actions(match_id)
    own = [a for s, a in actions[mine:] if s == seat]
    assert len(own) == taken >= 2
    assert all(a.get("end_turn") is True and a["type"] != "confirm" for a in own)
    # The rules confirmed the turn with its last action: the log says so.
    lines = gamelog.lines(table.replay()[mine + taken]["log"])
    assert [e["kind"] for e in lines if e["seat"] == seat][-1] == "confirm"


def test_B59_with_the_setting_on_a_blabla_move_goes_out_flagged_and_the_panel_says_so(
    new_page, daphne_server
):
    """B59 waived by the player, in German: the panel says the turn ends with its last
    action, the move is sent with ``end_turn``, and where nothing but End turn was left
    after it the rules ended the turn with it."""
    words = WORDS["de"]
    page = new_page()
    as_guest_in(page, "de")
    end_turn_with_last_action(page, words)
    table_id = ui.open_table(page, seats=2, bots=1, game="blabla", level="easy")
    ui.start(page, table_id)
    seat, match_id = ui.config(page)["seat"], ui.config(page)["match"]
    table = blabla_table(daphne_server, match_id, {seat: page})
    state, version = table.state()
    while seat not in state["active"] or state["step"]["kind"] != "act":
        table.moved_on(version)
        state, version = table.state()
    table.settle(page, seat)
    expect(page.locator(".bb-controls .turn-ends-note")).to_contain_text(words["ends"])
    view = BLABLA.view(state, seat)
    action = BLABLA.bot_action("greedy", view, version)
    blabla_click(page, view, action)
    for _ in range(600):
        _, actions = table.server.match_actions(match_id)
        if len(actions) > version:
            break
        page.wait_for_timeout(50)
    assert actions[version] == (seat, {**action, "end_turn": True})
    # Where End turn was all that was left, the rules took it: the seat never waits on it.
    after = table.replay()[version + 1]
    assert not (seat in after["active"] and after["step"]["kind"] == "confirm")
    plain, _ = BLABLA.apply(state, seat, action)
    if only_ender(BLABLA.legal_actions(plain, seat), {"type": "confirm"}):
        assert after["turns"] == state["turns"] + 1
    table.settle(page, seat)
    expect(page.locator(".bb-controls button[data-key=confirm]")).to_have_count(0)


def test_O2_a_guided_game_keeps_its_confirm_and_its_panel_says_nothing_else(new_page):
    """The setting is on, yet a guided game teaches the turn's confirm (its acts go out as
    the player made them): its turn panel must not say the turn ends by itself."""
    page = new_page()
    as_guest_in(page, "en")
    end_turn_with_last_action(page, WORDS["en"])
    page.goto("/")
    page.locator(".play-card a[href='/learn/space-mission/']").click()
    page.locator("#learn-start").click()
    ui.wait_for_table(page)
    expect(page.locator(".guide")).to_be_visible()
    expect(page.locator(".turn-ends-note")).to_have_count(0)
    expect(page.locator("[data-action=confirm]")).to_be_visible()


SETTLE = """async ([settings, steps]) => {
    const { createAsks } = await import("/static/js/match/asks.js");
    const asks = createAsks(settings, (action) => action.type === "confirm");
    const sent = [];
    const act = (action) => { sent.push(action); return Promise.resolve(); };
    const out = [];
    for (const [kind, arg] of steps) {
        sent.length = 0;
        if (kind === "act") await asks.act(arg, act);
        else asks.settle({ view: { legal: arg.legal }, version: arg.version }, act);
        out.push([...sent]);
    }
    return out;
}"""
CONFIRM, UNDO, SWAP = {"type": "confirm"}, {"type": "undo"}, {"type": "swap", "with": 1}


def test_B59_a_turn_left_waiting_on_an_answer_ends_once_only_end_turn_is_left(new_page):
    """The player's last action waited on another seat (a swap's answer, a fight's bids,
    B59): with the setting on, the turn ends as soon as End turn is all that is left,
    once; a view with other choices, or the setting off, sends nothing."""
    page = new_page()
    page.goto("/healthz")  # any page of the site: modules load from its origin
    steps = [
        ["act", SWAP],  # sent flagged; the answer is awaited
        ["view", {"legal": [], "version": 5}],
        ["view", {"legal": [CONFIRM, UNDO], "version": 6}],  # answered: the turn ends
        ["view", {"legal": [CONFIRM, UNDO], "version": 6}],  # the same view drawn again
        ["act", SWAP],
        ["view", {"legal": [SWAP, CONFIRM], "version": 8}],  # other choices: nothing owed
        ["view", {"legal": [CONFIRM], "version": 9}],
    ]
    flagged = {**CONFIRM, "end_turn": True}
    on = page.evaluate(SETTLE, [{"end_turn_with_last": True}, steps])
    assert on == [
        [{**SWAP, "end_turn": True}],
        [],
        [flagged],
        [],
        [{**SWAP, "end_turn": True}],
        [],
        [],
    ]
    off = page.evaluate(SETTLE, [{"end_turn_with_last": False}, steps])
    assert off == [[SWAP], [], [], [], [SWAP], [], []]
