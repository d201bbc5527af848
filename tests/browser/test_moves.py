"""Every move seen: another player's acts show on the player's table as change marks, one
act after another in the order they happened; the last move stays marked until the
player acts; animations follow the device's reduced-motion wish and the user's setting.

Two people at a table (two browser contexts): the opponent plays a whole turn by clicking
what the greedy bot would choose, while the player's page records, for each view version
it draws, the elements it marks and the animations running on them."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from games import registry
from tests.browser import ui
from tests.browser.blabla_clicks import click as blabla_click
from tests.browser.jump_drive_clicks import Table
from tests.browser.jump_drive_clicks import click as jump_drive_click

pytestmark = pytest.mark.browser

# For each view version the page draws: the marked elements (by their data attributes)
# and how many animations run in the game's part of the page.
RECORD = """() => {
  window.moveSteps = [];
  const match = document.getElementById("match");
  const root = document.getElementById("game-root");
  const name = (el) => Object.entries(el.dataset).map(([k, v]) => `${k}=${v}`).join(",")
    || el.className.baseVal || el.className;
  new MutationObserver(() => {
    const version = Number(match.dataset.version);
    if (window.moveSteps.at(-1)?.version === version) return;
    const marked = [...root.querySelectorAll(".move-last")];
    const running = root.getAnimations({ subtree: true }).filter((a) => a.playState === "running");
    window.moveSteps.push({ version, marks: marked.map(name), animations: running.length });
  }).observe(match, { attributes: true, attributeFilter: ["data-version"] });
}"""


CLICKS = {
    "space-mission": ui.click_space_mission,
    "jump-drive": jump_drive_click,
    "blabla": blabla_click,
}

# What an opponent's turn must mark on the board itself, whatever else it marks.
ON_THE_BOARD = {
    "space-mission": ("planet=", "ship="),
    "jump-drive": ("seat=",),
    "blabla": ("square=", "ship=", "stack="),
}


def two_players(new_page, server, game: str, names: tuple[str, str], motion: str | None = None):
    """The player's and the opponent's pages at a started two-seat table of `game`; the
    player first sets how moves are shown, on the settings page, if `motion` is given."""
    player, opponent = new_page(), new_page()
    ui.sign_up(player, names[0])
    ui.sign_up(opponent, names[1])
    if motion:
        player.goto("/settings/")
        player.locator(f"input[name=move_motion][value={motion}]").check()
        player.locator("#settings button[type=submit]").click()
        expect(player.locator(".messages")).to_contain_text("settings are saved")
    table_id = ui.open_table(player, seats=2, game=game)
    ui.sit_down(opponent, table_id)
    ui.start(player, table_id)
    ui.wait_for_table(opponent)
    seats = {ui.config(player)["seat"]: player, ui.config(opponent)["seat"]: opponent}
    table = Table(
        server, ui.config(player)["match"], seats, game=registry.get(game), clicker=CLICKS[game]
    )
    return table, ui.config(player)["seat"], ui.config(opponent)["seat"]


def play_until(table: Table, seat: int, done) -> None:
    """`seat` clicks what the greedy bot would, while it is to move and `done()` is false."""
    for _ in range(40):
        state, _ = table.state()
        if done(state) or seat not in state["active"] or state["phase"] == "over":
            return
        table.act_like_a_bot(seat)
    raise AssertionError(f"seat {seat} kept the turn")


def opponents_turn(table: Table, me: int, other: int) -> tuple[int, int]:
    """I finish my part; the opponent plays until I am to move. Returns my page's view
    versions before and after the opponent's acts."""
    page = table.pages[me]
    play_until(table, me, lambda state: other in state["active"] and me not in state["active"])
    table.settle(page, me)
    page.evaluate(RECORD)
    start = ui.version(page)
    play_until(table, other, lambda state: me in state["active"])
    table.settle(page, me)
    return start, ui.version(page)


def steps(page: Page) -> list[dict]:
    return page.evaluate("window.moveSteps")


def check_marked_in_order(page: Page, game: str, start: int, end: int) -> list[dict]:
    """Each of the opponent's acts was drawn on its own, in order, with a mark on it."""
    shown = steps(page)
    assert end > start, "the opponent's acts did not reach the player"
    assert [step["version"] for step in shown] == list(range(start + 1, end + 1))
    for step in shown:
        assert step["marks"], f"version {step['version']} changed the table with no mark"
    board = [m for step in shown for m in step["marks"] if m.startswith(ON_THE_BOARD[game])]
    assert board, f"the opponent's turn marked nothing on the board: {shown}"
    return shown


def check_marks_stay_until_i_act(table: Table, me: int) -> None:
    page = table.pages[me]
    expect(page.locator("#game-root .move-last").first).to_be_visible()
    state, _ = table.state()
    assert me in state["active"]
    table.act_like_a_bot(me)
    expect(page.locator("#game-root .move-last, #game-root .move-mark")).to_have_count(0)


@pytest.mark.parametrize(
    ("game", "names"),
    [
        ("space-mission", ("mora", "mirko")),
        ("jump-drive", ("jora", "jirko")),
        ("blabla", ("bora", "birko")),
    ],
)
def test_an_opponents_turn_is_marked_act_by_act_until_the_player_acts(
    new_page, daphne_server, game, names
):
    table, me, other = two_players(new_page, daphne_server, game, names)
    page = table.pages[me]
    start, end = opponents_turn(table, me, other)
    shown = check_marked_in_order(page, game, start, end)
    # Animated by default: what an act changed flashes (or glides) as it arrives.
    assert any(step["animations"] for step in shown), shown
    news = page.locator(".move-news")
    expect(news).to_have_attribute("aria-live", "polite")
    expect(news).not_to_be_empty()
    check_marks_stay_until_i_act(table, me)


def test_reduced_motion_on_the_device_keeps_the_marks_but_moves_nothing(new_page, daphne_server):
    table, me, other = two_players(new_page, daphne_server, "space-mission", ("rena", "remo"))
    page = table.pages[me]
    page.emulate_media(reduced_motion="reduce")
    start, end = opponents_turn(table, me, other)
    shown = check_marked_in_order(page, "space-mission", start, end)
    assert not any(step["animations"] for step in shown), shown
    check_marks_stay_until_i_act(table, me)


@pytest.mark.parametrize("motion", ["still", "at-once"])
def test_the_users_setting_without_motion_keeps_the_marks_but_moves_nothing(
    new_page, daphne_server, motion
):
    names = ("stilla", "stilo") if motion == "still" else ("ona", "ono")
    table, me, other = two_players(new_page, daphne_server, "blabla", names, motion=motion)
    page = table.pages[me]
    assert ui.config(page)["settings"]["motion"] == motion
    start, end = opponents_turn(table, me, other)
    shown = check_marked_in_order(page, "blabla", start, end)
    assert not any(step["animations"] for step in shown), shown
    check_marks_stay_until_i_act(table, me)
