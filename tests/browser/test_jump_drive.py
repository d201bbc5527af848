"""Jump Drive in Chromium against a real server: two people and a spectator play a round
by clicking, one person plays a whole game against a bot, and every frame is audited."""

from __future__ import annotations

import itertools

import pytest
from playwright.sync_api import Page, expect

from games.jump_drive import GAME
from tests.browser import audit, screenshots
from tests.browser.conftest import PHONE
from tests.browser.jump_drive_clicks import Table
from tests.browser.ui import (
    config,
    open_table,
    sign_up,
    sit_down,
    start,
    wait_for_table,
)

pytestmark = pytest.mark.browser

COMMIT = {"type": "commit"}


# ---------------------------------------------------------------- a round by two people


def decided(state: dict, seat: int, *actions: dict) -> dict:
    state, _ = GAME.apply(state, seat, actions[0])
    for action in actions[1:]:
        state, _ = GAME.apply(state, seat, action)
    return state


def asks_to_pay(state: dict, seat: int, action: dict) -> bool:
    """J18: would this placement ask `seat` which cards to pay with (the others explore)?"""
    state = decided(state, seat, action, COMMIT)
    for other in state["active"]:
        state = decided(state, other, {"type": "explore"}, COMMIT)
    return state["phase"] == "pay" and seat in state["active"]


def paid_choices(state: dict, seat: int) -> list[dict]:
    return [
        a
        for a in GAME.legal_actions(state, seat)
        if a["type"] == "choose" and asks_to_pay(state, seat, a)
    ]


def discards_keeping_a_paid_choice(state: dict, seat: int) -> list[str]:
    """J10: two of the seven to discard, so that the five kept allow a paid placement."""
    hand = state["hands"][seat]
    for pair in itertools.combinations(hand, 2):
        kept = state
        for s in state["active"]:
            cards = pair if s == seat else state["hands"][s][:2]
            kept = decided(kept, s, *({"type": "select", "card": c} for c in cards), COMMIT)
        if paid_choices(kept, seat):
            return list(pair)
    return hand[:2]


def pay_by_keyboard(table: Table, seat: int, card: str) -> None:
    """A card chosen with the keyboard keeps the focus while the table redraws."""
    page = table.pages[seat]
    _, version = table.state()
    button = page.locator(f".jd-hand button[data-card='{card}']")
    button.focus()
    page.keyboard.press("Enter")
    table.applied(seat, {"type": "select", "card": card}, version)
    table.settle(page, seat)
    expect(button).to_have_attribute("aria-pressed", "true")
    expect(button).to_be_focused()


def status_of(page: Page, seat: int):
    return page.locator(f".jd-empire[data-seat='{seat}'] .jd-status")


def test_two_people_play_a_round_while_a_spectator_watches(new_page, daphne_server):
    jade, jonas = new_page(), new_page()
    recorders = [audit.Recorder("jade").attach(jade), audit.Recorder("jonas").attach(jonas)]
    sign_up(jade, "jade")
    sign_up(jonas, "jonas")
    table_id = open_table(jade, seats=2, game="jump-drive")
    sit_down(jonas, table_id)
    start(jade, table_id)
    wait_for_table(jonas)
    watcher = new_page()
    recorders.append(audit.Recorder("spectator").attach(watcher))
    watcher.goto(f"/t/{table_id}/")
    wait_for_table(watcher)
    expect(watcher.locator(".spectator-banner")).to_be_visible()
    expect(watcher.locator(".jd-hand")).to_be_hidden()
    expect(watcher.locator("[data-action=commit]")).to_have_count(0)

    pages = {config(jade)["seat"]: jade, config(jonas)["seat"]: jonas}
    recorders[0].seat, recorders[1].seat = config(jade)["seat"], config(jonas)["seat"]
    table = Table(daphne_server, config(jade)["match"], pages)
    table.watchers.append(watcher)
    state, _ = table.state()
    expect(jade.locator(".jd-hand .jd-card")).to_have_count(7)

    # J10: everyone discards two of the seven dealt, then commits.
    for seat in pages:
        for card in discards_keeping_a_paid_choice(state, seat):
            state = table.act(seat, {"type": "select", "card": card})
        expect(pages[seat].locator(".jd-hand .card-selected")).to_have_count(2)
        state = table.act(seat, {"type": "commit"})
    assert state["phase"] == "choose"

    # J14-J15: the payer first commits to explore, then, while the other still decides,
    # changes their choice; the other commits.
    payer = next(seat for seat in pages if paid_choices(state, seat))
    other = 1 - payer
    plan = paid_choices(state, payer)[0]
    state = table.act(payer, {"type": "explore"})
    expect(pages[payer].locator(".jd-controls .prompt")).to_contain_text("Your plan: explore")
    expect(pages[payer].locator("[data-action=uncommit]")).to_have_count(0)
    laptop = pages[payer].viewport_size
    pages[payer].set_viewport_size(PHONE)  # the change is offered on a phone as well
    state = table.act(payer, COMMIT)
    for page in (jade, jonas, watcher):
        expect(status_of(page, payer)).to_contain_text("committed")
    expect(pages[payer].locator("[data-action=uncommit]")).to_be_enabled()
    expect(pages[payer].locator("[data-action=uncommit]")).to_have_text("Change my choice")
    assert screenshots.sideways(pages[payer]) <= 0
    expect(pages[other].locator("[data-action=uncommit]")).to_have_count(0)
    expect(watcher.locator("[data-action=uncommit]")).to_have_count(0)
    state = table.act(payer, {"type": "uncommit"})
    for page in (jade, jonas, watcher):
        expect(status_of(page, payer)).to_contain_text("deciding")
        expect(page.locator(".log-line").filter(has_text="commitment back")).to_have_count(1)
    expect(pages[payer].locator(".jd-controls .prompt")).to_contain_text("Your plan: explore")
    pages[payer].set_viewport_size(laptop)
    state = table.act(payer, plan)
    assert state["tasks"][payer]["draft"]["world"] == plan["world"]
    state = table.act_like_a_bot(other)  # the other's choice
    state = table.act(other, {"type": "commit"})
    expect(pages[other].locator(".jd-controls .prompt")).to_contain_text("You committed: ")
    for page in (jade, jonas, watcher):  # who has committed, never what
        expect(status_of(page, other)).to_contain_text("committed")
        expect(status_of(page, payer)).to_contain_text("deciding")
        expect(page.locator(".jd-placing")).to_have_count(0)
    for card in state["hands"][other]:
        expect(watcher.locator(f"[data-card='{card}']")).to_have_count(0)

    # J15, J18: the reveal shows both placements; the payer chooses what to pay with.
    state = table.act(payer, {"type": "commit"})
    assert state["phase"] == "pay" and payer in state["active"]
    for page in (jade, jonas, watcher):
        expect(page.locator(".jd-placing")).to_have_count(2)
        placed = GAME.view(state, None)["players"][payer]["placing"]
        assert not placed["explore"]  # the changed choice, not the first commitment
        named = (placed["world"] or placed["development"])["name"]
        expect(page.locator(f".jd-empire[data-seat='{payer}'] .jd-placing")).to_contain_text(named)
    count = state["tasks"][payer]["count"]
    expect(pages[payer].locator(".jd-controls .prompt")).to_contain_text(f"Choose {count}")
    pay_by_keyboard(table, payer, state["hands"][payer][0])
    # J40: the round runs to its income, each step decided by clicking.
    while state["round"] == 1:
        state = table.act_like_a_bot(state["active"][0])

    public = GAME.view(state, None)
    for page in (jade, jonas, watcher):
        for player in public["players"]:
            empire = page.locator(f".jd-empire[data-seat='{player['seat']}']")
            expect(empire.locator(".jd-income dd")).to_have_text(
                str(player["empire_yield"]["income"])
            )
            expect(empire.locator(".jd-vp dd")).to_have_text(str(player["vp"]))
            expect(empire.locator(".jd-chip")).to_have_count(len(player["empire"]))
            track = page.locator(f".jd-track-row[data-seat='{player['seat']}'] .jd-track-vp")
            expect(track).to_have_text(str(player["vp"]))
        expect(page.locator(".log-line").filter(has_text="for income")).to_have_count(2)

    # The spectator switches to German on a phone: translated, and no sideways scrolling.
    watcher.context.add_cookies(
        [{"name": "django_language", "value": "de", "url": daphne_server.url}]
    )
    watcher.set_viewport_size(PHONE)
    watcher.reload()
    wait_for_table(watcher)
    expect(watcher.locator(".jd-track .panel-title")).to_contain_text("Siegpunkte")
    assert screenshots.sideways(watcher) <= 0

    setup, actions = daphne_server.match_actions(table.match_id)
    states = audit.states_by_version(setup, actions)
    for r in recorders:  # every page followed the match to the end of the round
        assert max(v for v, _ in r.frames if v is not None) >= table.shown(r.seat)
    assert [leak for r in recorders for leak in audit.leaks(r, states)] == []


# ---------------------------------------------------------------- a whole game


def play_to_the_end(table: Table, seat: int) -> None:
    """Click what the greedy bot would choose, whenever `seat` has something to decide."""
    page = table.pages[seat]
    shot = False
    for _ in range(3000):
        state, version = table.state()
        if state["phase"] == "over":
            return
        if seat not in state["active"]:
            table.moved_on(version)
            continue
        if not shot and state["round"] >= 3 and state["phase"] == "choose":
            table.settle(page, seat)
            screenshots.take(page, "jump-drive")
            shot = True
        table.act_like_a_bot(seat)
    raise AssertionError("the game did not end")


def test_a_whole_game_against_a_bot_reaches_the_end_screen(new_page, daphne_server):
    page = new_page()
    recorder = audit.Recorder("juno").attach(page)
    sign_up(page, "juno")
    table_id = open_table(page, seats=2, bots=1, game="jump-drive", level="easy")
    start(page, table_id)
    seat, match_id = config(page)["seat"], config(page)["match"]
    recorder.seat = seat
    expect(page.locator(".jd-empire")).to_have_count(2)
    expect(page.locator(".presence.bot")).to_have_count(1)

    table = Table(daphne_server, match_id, {seat: page})
    play_to_the_end(table, seat)

    state, _ = table.state()
    table.settle(page, seat)
    end = page.locator(".end-screen")
    expect(end).to_be_visible()
    screenshots.take(page, "jump-drive-end")
    result = state["result"]
    totals = end.locator(".result-table .jd-total td")
    expect(totals).to_have_text([str(s["total"]) for s in result["scores"]])
    rounds = end.locator(".result-table tbody tr")
    expect(rounds).to_have_count(state["round"])
    expect(end.locator(".revealed")).to_have_count(2)
    expect(end.get_by_role("link", name="Back to the lobby")).to_have_attribute("href", "/")
    for winner in result["winners"]:
        name = page.locator(f".jd-empire[data-seat='{winner}'] .player-name").text_content()
        expect(end.locator(".winners")).to_contain_text(name)
    expect(page.locator("[data-action=commit]")).to_have_count(0)

    setup, actions = daphne_server.match_actions(match_id)
    assert audit.leaks(recorder, audit.states_by_version(setup, actions)) == []
