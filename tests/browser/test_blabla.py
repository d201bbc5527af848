"""BlaBla in Chromium against a real server: a whole game against a bot played by
clicking to the end screen, a spectator watching, the offered moves matching the legal
ones, refusals explained, German on a phone, and every frame audited against
``hidden_ids``."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from games.blabla import GAME
from tests.browser import audit, screenshots
from tests.browser.blabla_clicks import blabla_table
from tests.browser.conftest import PHONE
from tests.browser.ui import config, open_table, sign_up, start, wait_for_table

pytestmark = pytest.mark.browser


def offered_squares(page: Page) -> set[str]:
    return set(
        page.locator(".bb-board .bb-reach[data-square]").evaluate_all(
            "els => els.map(e => e.dataset.square)"
        )
    )


def check_offered_moves(table, seat: int) -> None:
    """The squares lit for a picked card are the legal moves' ends with that card."""
    state, _ = table.state()
    view = GAME.view(state, seat)
    moves = [a for a in view["legal"] if a["type"] == "move" and not a["special"]]
    if view["step"]["kind"] != "act" or not moves:
        return
    page = table.pages[seat]
    table.settle(page, seat)
    card = moves[0]["card"]
    page.click(f".bb-controls button[data-card='{card}']")
    expect(page.locator(".bb-board .bb-reach[data-square]")).to_have_count(
        len({a["to"] for a in moves if a["card"] == card})
    )
    assert offered_squares(page) == {a["to"] for a in moves if a["card"] == card}
    page.click(f".bb-controls button[data-card='{card}']")  # put it back
    expect(page.locator(".bb-board .bb-reach[data-square]")).to_have_count(0)


def check_refusal_explained(table, seat: int) -> None:
    """B19, B61: a special card with an own number card says why it makes no move."""
    state, _ = table.state()
    view = GAME.view(state, seat)
    hand = view["players"][seat]["hand"]
    own_number = next((c for c in hand if c["owner"] and c["value"]), None)
    special = next((c for c in hand if c["special"]), None)
    if view["step"]["kind"] != "act" or not own_number or not special:
        return
    page = table.pages[seat]
    page.click(f".bb-controls button[data-card='{special['id']}']")
    page.click(f".bb-controls button[data-card='{own_number['id']}']")
    expect(page.locator(".bb-controls .bb-why[role=status]")).to_contain_text("general number card")
    page.click(f".bb-controls button[data-card='{special['id']}']")
    page.click(f".bb-controls button[data-card='{own_number['id']}']")


def test_a_whole_game_against_a_bot_reaches_the_end_screen(new_page, daphne_server):
    page = new_page()
    recorder = audit.Recorder("bea").attach(page)
    sign_up(page, "bea")
    table_id = open_table(page, seats=2, bots=1, game="blabla", level="easy")
    start(page, table_id)
    seat, match_id = config(page)["seat"], config(page)["match"]
    recorder.seat = seat
    expect(page.locator(".bb-player")).to_have_count(2)
    expect(page.locator(".bb-board [data-square]")).to_have_count(132)
    expect(page.locator(".bb-board [data-stack]")).to_have_count(4)

    watcher = new_page()
    watching = audit.Recorder("spectator").attach(watcher)
    watcher.goto(f"/t/{table_id}/")
    wait_for_table(watcher)
    expect(watcher.locator(".spectator-banner")).to_be_visible()
    expect(watcher.locator(".bb-controls")).to_be_hidden()

    table = blabla_table(daphne_server, match_id, {seat: page})
    checked = set()
    for _ in range(3000):
        state, version = table.state()
        if state["phase"] == "over":
            break
        if seat not in state["active"]:
            table.moved_on(version)
            continue
        table.settle(page, seat)
        if "moves" not in checked and GAME.view(state, seat)["step"]["kind"] == "act":
            check_offered_moves(table, seat)
            check_refusal_explained(table, seat)
            checked.add("moves")
        if "shots" not in checked and state["turns"] >= 6:
            screenshots.take(page, "blabla")
            checked.add("shots")
        table.act_like_a_bot(seat)
    else:
        raise AssertionError("the game did not end")

    state, _ = table.state()
    table.settle(page, seat)
    end = page.locator(".end-screen")
    expect(end).to_be_visible()
    screenshots.take(page, "blabla-end")
    result = state["result"]
    expect(end.locator(".result-table tfoot tr").first.locator("td")).to_have_text(
        [str(s["total"]) for s in result["scores"]]
    )
    expect(end.locator(".revealed[data-seat]")).to_have_count(2)
    expect(end.get_by_role("link", name="Back to the lobby")).to_have_attribute("href", "/")
    expect(watcher.locator(".end-screen")).to_be_visible()

    # German on a phone: translated, and no sideways scrolling.
    watcher.context.add_cookies(
        [{"name": "django_language", "value": "de", "url": daphne_server.url}]
    )
    watcher.set_viewport_size(PHONE)
    watcher.reload()
    wait_for_table(watcher)
    expect(watcher.locator(".end-screen h2").first).to_contain_text("Spiel")
    assert screenshots.sideways(watcher) <= 0

    setup, actions = daphne_server.match_actions(match_id)
    history = audit.states_by_version(setup, actions)
    assert audit.leaks(recorder, history) == []
    watching.seat = None
    assert audit.leaks(watching, history) == []
