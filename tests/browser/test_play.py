"""Two people, a spectator and bots play Space Mission in Chromium against a real server."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from games.space_mission import GAME
from tests.browser import audit, screenshots
from tests.browser.server import LiveServer
from tests.browser.ui import (
    config,
    open_table,
    perform,
    sign_up,
    sit_down,
    start,
    wait_for_table,
    wait_for_version,
)

pytestmark = pytest.mark.browser

GOALS = {"jump", "undo", "scan", "pick", "restock-discard", "confirm"}


def jump_then_scan(state: dict, seat: int) -> tuple[dict, dict] | None:
    """A jump after which a scan of the new planet shows a point tile to reserve."""
    for jump in GAME.legal_actions(state, seat):
        if jump["type"] != "jump":
            continue
        after, _ = GAME.apply(state, seat, jump)
        for scan in GAME.legal_actions(after, seat):
            if scan["type"] != "scan":
                continue
            looked, _ = GAME.apply(after, seat, scan)
            if any(a["type"] == "pick" for a in GAME.legal_actions(looked, seat)):
                return jump, scan
    return None


def spectator_sees(watcher: Page, state: dict, version: int) -> None:
    """The spectator's page shows the public view of `version`: log, ships, reservations."""
    wait_for_version(watcher, version)
    public = GAME.view(state, None)
    lines = watcher.locator(".log-line")
    expect(lines).to_have_count(len(public["log"]))
    last = public["log"][-1]["args"]
    expect(lines.last).not_to_contain_text("%(")
    if "planet" in last:
        expect(lines.last).to_contain_text(last["planet"])
    for planet in public["ring"]:
        on_planet = watcher.locator(f"svg [data-planet='{planet['id']}']")
        for ship in planet["ships"]:
            expect(on_planet.locator(f"[data-ship='{ship}']")).to_have_count(1)
        for owner, count in enumerate(planet["reservations"]):
            chip = on_planet.locator(f".reservation[data-seat='{owner}']")
            expect(chip).to_have_count(1 if count else 0)


class Turns:
    """Plays whole turns for the seated pages, checking the spectator after every action."""

    def __init__(self, server: LiveServer, match_id: int, pages: dict[int, Page], watcher: Page):
        self.server = server
        self.match_id = match_id
        self.pages = pages
        self.watcher = watcher
        self.done: dict[int, set[str]] = {seat: set() for seat in pages}

    def state(self) -> tuple[dict, int]:
        return self.server.match_state(self.match_id)

    def do(self, seat: int, action: dict, goal: str | None = None) -> None:
        _, version = self.state()
        perform(self.pages[seat], action, version)
        state, version = self.state()
        spectator_sees(self.watcher, state, version)
        self.done[seat].add(goal or action["type"])

    def undo_and_redo(self, seat: int, action: dict) -> None:
        page = self.pages[seat]
        self.do(seat, {"type": "undo"})
        ship = page.locator(f"svg [data-planet='{action['planet']}'] [data-ship='{seat}']")
        expect(ship).to_have_count(0)
        self.do(seat, action)
        expect(ship).to_have_count(1)

    def play(self, seat: int) -> None:
        for other, page in self.pages.items():  # a background tab's title says whose turn
            expect(page).to_have_title(re.compile("^▶" if other == seat else "^[^▶]"))
        state, _ = self.state()
        plan = jump_then_scan(state, seat) if "scan" not in self.done[seat] else None
        if plan:
            jump, scan = plan
            self.do(seat, jump)
            if "undo" not in self.done[seat]:
                self.undo_and_redo(seat, jump)
            self.do(seat, scan)
            picker = self.pages[seat].locator(".sm-picker")
            expect(picker).to_be_visible()
            state, _ = self.state()
            pick = next(a for a in GAME.legal_actions(state, seat) if a["type"] == "pick")
            self.do(seat, pick)
            expect(picker).to_be_hidden()
        else:
            self.check_discard_preview(seat)
            discard = state["hands"][seat][:2]
            self.do(seat, {"type": "restock", "discard": discard}, "restock-discard")
            state, _ = self.state()
            legal = GAME.legal_actions(state, seat)
            move = next((a for a in legal if a["type"] in ("jump", "fly")), None)
            if move is None:
                self.do(seat, {"type": "restock", "discard": []})
            else:
                self.do(seat, move)
                if "undo" not in self.done[seat]:
                    self.undo_and_redo(seat, move)
        self.do(seat, {"type": "confirm"})

    def check_discard_preview(self, seat: int) -> None:
        """O3: marked cards stay a preview; choosing another action drops the marks."""
        page = self.pages[seat]
        page.click("[data-action=restock]")
        page.locator(".hand button.card").first.click()
        expect(page.locator(".hand .card-discard")).to_have_count(1)
        expect(page.locator("[data-action=restock]")).to_contain_text("1")
        other = page.locator(
            ".action-menu button:not([disabled], [aria-disabled=true], [data-action=restock])"
        ).first
        other.click()
        expect(page.locator(".hand .card-discard")).to_have_count(0)
        page.click("[data-action=restock]")  # back to the restock preview, nothing marked
        expect(page.locator(".hand .card-discard")).to_have_count(0)
        page.click(".sm-controls [data-key=cancel]")


def test_two_people_play_full_turns_while_a_spectator_watches(new_page, daphne_server):
    ada, bob = new_page(), new_page()
    recorders = [audit.Recorder("ada").attach(ada), audit.Recorder("bob").attach(bob)]
    sign_up(ada, "ada")
    sign_up(bob, "bob")
    table = open_table(ada, seats=2)
    sit_down(bob, table)
    start(ada, table)
    wait_for_table(bob)  # the waiting room follows its table into the match

    watcher = new_page()
    recorders.append(audit.Recorder("spectator").attach(watcher))
    watcher.goto(f"/t/{table}/")
    wait_for_table(watcher)
    expect(watcher.locator(".spectator-banner")).to_be_visible()
    expect(watcher.locator(".sm-hand")).to_be_hidden()
    expect(ada.locator(".watchers")).to_contain_text("1 spectator")
    expect(ada.locator(".hand .slot")).to_have_count(5)

    pages = {config(ada)["seat"]: ada, config(bob)["seat"]: bob}
    recorders[0].seat, recorders[1].seat = config(ada)["seat"], config(bob)["seat"]
    match_id = config(ada)["match"]
    turns = Turns(daphne_server, match_id, pages, watcher)
    for _ in range(12):
        if all(done >= GOALS for done in turns.done.values()):
            break
        state, _ = turns.state()
        turns.play(GAME.active_seats(state)[0])
    assert all(done >= GOALS for done in turns.done.values()), turns.done

    # The chat reaches everyone as text, never as markup.
    ada.fill(".chat-form input", "<b>gl</b> hf")
    ada.press(".chat-form input", "Enter")
    for page in (ada, bob, watcher):
        expect(page.locator(".chat-text").last).to_have_text("<b>gl</b> hf")
        expect(page.locator(".chat-text b")).to_have_count(0)

    setup, actions = daphne_server.match_actions(match_id)
    states = audit.states_by_version(setup, actions)
    assert sum(len(r.frames) for r in recorders) > 3 * len(actions)
    leaks = [leak for r in recorders for leak in audit.leaks(r, states)]
    assert leaks == []


def play_my_turns_to_the_end(page: Page, server: LiveServer, match_id: int, seat: int) -> None:
    """Play every turn of `seat` by clicking what the greedy bot would choose."""
    shot = False
    for _ in range(2000):
        state, version = server.match_state(match_id)
        if state["phase"] == "over":
            return
        if seat not in GAME.active_seats(state):
            page.wait_for_function(
                "v => Number(document.getElementById('match').dataset.version) > v", arg=version
            )
            continue
        wait_for_version(page, version)
        view = GAME.view(state, seat)
        if not shot and view["round"] >= 4 and view["turn"]["actions_done"] == 0:
            screenshots.take(page, "table")
            shot = True
        perform(page, GAME.bot_action("greedy", view, version), version)
    raise AssertionError("the game did not end")


def test_a_whole_game_against_bots_reaches_the_end_screen(new_page, daphne_server):
    page = new_page()
    recorder = audit.Recorder("cleo").attach(page)
    sign_up(page, "cleo")
    table = open_table(page, seats=3, bots=2, level="easy")
    start(page, table)
    seat, match_id = config(page)["seat"], config(page)["match"]
    recorder.seat = seat
    expect(page.locator(".player")).to_have_count(3)
    expect(page.locator(".presence.bot")).to_have_count(2)

    play_my_turns_to_the_end(page, daphne_server, match_id, seat)

    state, version = daphne_server.match_state(match_id)
    wait_for_version(page, version)
    end = page.locator(".end-screen")
    expect(end).to_be_visible()
    screenshots.take(page, "table-end")
    result = state["result"]
    totals = end.locator(".result-table tfoot td")
    expect(totals).to_have_text([str(s["total"]) for s in result["scores"]])
    expect(end.locator(".revealed")).to_have_count(3)
    expect(end.get_by_role("link", name="Back to the lobby")).to_have_attribute("href", "/")
    winner_names = [
        page.locator(f".player[data-seat='{w}'] .player-name").text_content()
        for w in result["winners"]
    ]
    for name in winner_names:
        expect(end.locator(".winners")).to_contain_text(name)

    setup, actions = daphne_server.match_actions(match_id)
    assert leaks_in(recorder, setup, actions) == []


def leaks_in(recorder: audit.Recorder, setup: dict, actions: list) -> list[str]:
    return audit.leaks(recorder, audit.states_by_version(setup, actions))
