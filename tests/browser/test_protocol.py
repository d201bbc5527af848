"""The match page against a scripted server: versions, gaps, refusals, reconnects.

The page and its config come from the real server; its match socket is answered by the
test, so every frame and its order are chosen here.
"""

from __future__ import annotations

import json
import queue
import re
import time

import jsonpatch
import pytest
from playwright.sync_api import Page, WebSocketRoute, expect

from games.space_mission import GAME
from tests.browser.conftest import PHONE
from tests.browser.ui import config, open_table, sign_up

pytestmark = pytest.mark.browser


class ScriptedServer:
    """Answers the page's match sockets; frames from the page queue up in `received`."""

    def __init__(self) -> None:
        self.sockets: list[WebSocketRoute] = []
        self.received: queue.Queue[dict] = queue.Queue()

    def route(self, page: Page) -> None:
        page.route_web_socket("**/ws/match/**", self._connected)

    def _connected(self, socket: WebSocketRoute) -> None:
        self.sockets.append(socket)
        socket.on_message(lambda text: self.received.put(json.loads(text)))

    def send(self, frame: dict) -> None:
        self.sockets[-1].send(json.dumps(frame))

    def expect_frame(self, page: Page, kind: str) -> dict:
        """The next frame of type `kind` the page sends (pings are skipped)."""
        for _ in range(100):
            try:
                frame = self.received.get_nowait()
            except queue.Empty:
                page.wait_for_timeout(50)  # lets Playwright deliver the page's frames
                continue
            if frame["t"] == "ping":
                continue
            assert frame["t"] == kind, frame
            return frame
        raise AssertionError(f"the page sent no {kind} frame")


def scripted_game(seat: int) -> list[dict]:
    """Three states of a game whose first turn is `seat`'s: start, one restock, two."""
    seed = next(s for s in range(500) if GAME.active_seats(GAME.setup(2, {}, s)) == [seat])
    first = GAME.setup(2, {}, seed)
    second, _ = GAME.apply(first, seat, {"type": "restock", "discard": []})
    third, _ = GAME.apply(second, seat, {"type": "restock", "discard": []})
    return [first, second, third]


def sync(view: dict, version: int, seat: int) -> dict:
    playing = {"away": False, "resigned": False}
    seats = [
        {"seat": 0, "name": "Ada", "bot": None, "user": "ada", **playing},
        {"seat": 1, "name": "Greedy bot", "bot": "greedy", "user": None, **playing},
    ]
    match = {
        "id": 1,
        "game": "space-mission",
        "status": "running",
        "seats": seats,
        "spectators_allowed": True,
    }
    return {"t": "sync", "v": version, "seat": seat, "view": view, "match": match, "chat": []}


def scripted_table(page: Page, username: str) -> tuple[ScriptedServer, int]:
    """A real table page whose match socket the test answers; returns it and the seat."""
    server = ScriptedServer()
    server.route(page)
    sign_up(page, username)
    table = open_table(page, seats=2, bots=1)
    page.locator(f"form[action='/t/{table}/start/'] button").click()
    page.wait_for_selector("#match")
    return server, config(page)["seat"]


def test_the_page_follows_versions_refusals_and_reconnects(new_page):
    page = new_page()
    server, seat = scripted_table(page, "proto")
    states = scripted_game(seat)
    views = [GAME.view(s, seat) for s in states]
    version = page.locator("#match")

    server.expect_frame(page, "sync")
    server.send(sync(views[0], 5, seat))
    expect(version).to_have_attribute("data-version", "5")
    expect(page.locator(".conn-pill")).to_have_attribute("data-state", "live")

    # A patch to the version after the one the page holds is applied in place.
    patch = jsonpatch.make_patch(views[0], views[1]).patch
    server.send({"t": "patch", "v": 6, "ops": patch})
    expect(version).to_have_attribute("data-version", "6")
    expect(page.locator(".turn-facts")).to_contain_text("action 2 of 2")

    # A patch that skips a version (the page missed one): dropped, and the page asks for
    # the whole view.
    gap = [{"op": "replace", "path": "/round", "value": 99}]
    server.send({"t": "patch", "v": 8, "ops": gap})
    server.expect_frame(page, "sync")
    expect(version).to_have_attribute("data-version", "6")
    expect(page.locator(".turn-facts")).not_to_contain_text("Round 99")
    server.send(sync(views[1], 8, seat))
    expect(version).to_have_attribute("data-version", "8")

    # A refused act shows the reason in the player's words (the frame's English message
    # is for developers) and changes nothing.
    page.click("[data-action=restock]")
    page.click("[data-action=restock]")
    act = server.expect_frame(page, "act")
    assert act["v"] == 8
    assert act["action"] == {"type": "restock", "discard": []}
    server.send(
        {
            "t": "error",
            "id": act["id"],
            "code": "not_your_seat",
            "message": "Hold on: the server says no.",
        }
    )
    expect(page.locator(".refusal")).to_have_text("This is not your seat now, or a bot plays it.")
    expect(version).to_have_attribute("data-version", "8")

    # Sent again and applied: its own patch, carrying the act's id, moves the page on and
    # the refusal goes. The page's version counts changes to its own view.
    page.click("[data-action=restock]")
    act = server.expect_frame(page, "act")
    patch = jsonpatch.make_patch(views[1], views[2]).patch
    server.send({"t": "patch", "v": 9, "ops": patch, "id": act["id"]})
    expect(version).to_have_attribute("data-version", "9")
    expect(page.locator(".refusal")).to_have_count(0)
    expect(page.locator("[data-action=confirm]")).to_be_enabled()

    # Presence and chat.
    server.send({"t": "presence", "connected": [seat], "spectators": 3})
    expect(page.locator(".watchers")).to_have_text("3 spectators")
    server.send(
        {
            "t": "chat",
            "seat": None,
            "name": "Eve",
            "text": "<img src=x onerror=alert(1)>",
            "at": "2026-11-30T10:00:00Z",
        }
    )
    expect(page.locator(".chat-text").last).to_have_text("<img src=x onerror=alert(1)>")
    expect(page.locator(".chat-lines img")).to_have_count(0)

    # The server goes away: the page says so, comes back by itself and catches up.
    server.sockets[-1].close(code=1012, reason="restart")
    expect(page.locator(".conn-pill")).to_have_attribute("data-state", "offline")
    server.expect_frame(page, "sync")
    assert len(server.sockets) == 2
    server.send(sync(views[2], 9, seat))
    expect(page.locator(".conn-pill")).to_have_attribute("data-state", "live")
    expect(version).to_have_attribute("data-version", "9")


def test_a_turn_can_be_taken_with_the_keyboard_alone(new_page):
    page = new_page()
    server, seat = scripted_table(page, "keys")
    state = scripted_game(seat)[0]
    server.expect_frame(page, "sync")
    server.send(sync(GAME.view(state, seat), 1, seat))
    expect(page.locator("#match")).to_have_attribute("data-version", "1")

    # Tab from the top of the page reaches the action menu; focus is always visible.
    page.locator("body").focus()
    for _ in range(40):
        page.keyboard.press("Tab")
        focused = page.evaluate("""() => {
            const el = document.activeElement;
            return {action: el.dataset.action ?? null, tag: el.tagName,
                    outline: getComputedStyle(el).outlineStyle};
        }""")
        if focused["tag"] in ("A", "BUTTON", "INPUT", "SELECT"):
            assert focused["outline"] != "none", focused
        if focused["action"] == "jump":
            break
    else:
        raise AssertionError("Tab never reached the Jump button")

    page.keyboard.press("Enter")  # Jump; focus moves to the first card that can pay for it
    expect(page.locator(".hand .card:focus")).to_have_class(re.compile("card-choosable"))
    page.keyboard.press(" ")  # Space plays it; focus moves to the planets it reaches
    expect(page.locator("[data-planet-choice]:focus")).to_have_count(1)
    page.keyboard.press("Enter")
    act = server.expect_frame(page, "act")
    assert act["action"]["type"] == "jump"
    assert act["action"] in GAME.legal_actions(state, seat)


def test_a_restock_with_discards_on_a_phone_by_touch(chromium, daphne_server):
    context = chromium.new_context(
        base_url=daphne_server.url, viewport=PHONE, is_mobile=True, has_touch=True
    )
    context.set_default_timeout(30000)  # a ceiling for a busy machine, not a speed claim
    page = context.new_page()
    try:
        server, seat = scripted_table(page, "thumb")
        state = scripted_game(seat)[0]
        server.expect_frame(page, "sync")
        server.send(sync(GAME.view(state, seat), 1, seat))
        expect(page.locator("#match")).to_have_attribute("data-version", "1")
        assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]

        page.locator("[data-action=restock]").tap()
        cards = page.locator(".hand button.card")
        expect(cards).to_have_count(5)
        marked = [cards.nth(0).get_attribute("data-card"), cards.nth(3).get_attribute("data-card")]
        cards.nth(0).tap()
        cards.nth(3).tap()
        page.locator("[data-action=restock]").tap()
        act = server.expect_frame(page, "act")
        assert act["action"] == {"type": "restock", "discard": marked}
    finally:
        context.close()


# From now on, count the sockets the page opens.
COUNT_SOCKETS = """() => {
  window.socketsOpened = 0;
  window.WebSocket = class extends window.WebSocket {
    constructor(...args) {
      super(...args);
      window.socketsOpened += 1;
    }
  };
}"""


def test_a_match_that_does_not_exist_is_not_retried(new_page):
    page = new_page()
    page.clock.install()  # the page's timers run when the test moves its clock
    server, _seat = scripted_table(page, "gone")
    server.expect_frame(page, "sync")
    page.evaluate(COUNT_SOCKETS)
    server.sockets[-1].close(code=4004, reason="no match")
    expect(page.locator(".conn-pill")).to_have_attribute("data-state", "closed")
    expect(page.locator(".conn-pill")).to_have_text("This match does not exist.")
    page.clock.run_for(10 * 60_000)  # every back-off delay, ten times over, fired
    assert page.evaluate("window.socketsOpened") == 0  # no new connection was opened
    expect(page.locator(".conn-pill")).to_have_attribute("data-state", "closed")
    assert len(server.sockets) == 1


def running_clock(seat: int, at: int) -> dict:
    """A real-time clock of two seats, each with 4 minutes left, ``seat``'s running."""
    until: list[int | None] = [None, None]
    until[seat] = at + 240_000
    return {
        "pace": "normal",
        "kind": "realtime",
        "increment": 30_000,
        "left": [240_000] * 2,
        "until": until,
    }


def test_the_clock_of_a_turn_change_comes_in_its_patch_and_ticks(new_page):
    """The act that passes the turn sends its patch with the new clock in it (no frame of
    its own): the other seat's clock runs and ticks, and a patch the page holds already
    changes no clock."""
    page = new_page()
    server, seat = scripted_table(page, "ticks")
    other = 1 - seat
    third = scripted_game(seat)[-1]
    passed, _ = GAME.apply(third, seat, {"type": "confirm"})  # the turn passes
    assert GAME.active_seats(passed) == [other]
    before, after = GAME.view(third, seat), GAME.view(passed, seat)
    now = int(time.time() * 1000)
    first = sync(before, 5, seat)
    first["now"], first["match"]["clock"] = now, running_clock(seat, now)
    first["match"]["seats"][1] |= {"name": "Bob", "bot": None, "user": "bob"}  # a person
    server.expect_frame(page, "sync")
    server.send(first)
    running = page.locator(".seat-clock.running")
    expect(running).to_have_attribute("data-seat", str(seat))

    ops = jsonpatch.make_patch(before, after).patch
    turned = now + 1000
    server.send(
        {"t": "patch", "v": 6, "ops": ops, "now": turned, "clock": running_clock(other, turned)}
    )
    expect(page.locator("#match")).to_have_attribute("data-version", "6")
    expect(running).to_have_count(1)
    expect(running).to_have_attribute("data-seat", str(other))
    shown = running.locator(".clock-time")
    expect(shown).to_have_text(re.compile(r"^(4:00|3:5\d)$"))
    expect(shown).not_to_have_text(shown.text_content())  # it ticks
    expect(page.locator(f".seat-clock[data-seat='{seat}'] .clock-time")).to_have_text("4:00")

    # A patch the page holds already (sent before a sync it got) brings no clock back.
    server.send({"t": "patch", "v": 6, "ops": ops, "now": now, "clock": running_clock(seat, now)})
    # A frame after it, shown: the page has handled the held patch by then.
    said = {
        "t": "chat",
        "seat": other,
        "name": "Bob",
        "text": "your turn",
        "at": "2026-12-04T10:00:00Z",
    }
    server.send(said)
    expect(page.locator(".chat-text").last).to_have_text("your turn")
    expect(running).to_have_attribute("data-seat", str(other))
