"""The Content-Security-Policy in a real browser: no page breaks a rule of it, and both
websockets connect under it."""

from __future__ import annotations

import json
from collections.abc import Callable

import pytest
from playwright.sync_api import Page, expect

from tests.browser.ui import open_table, sign_up, start

pytestmark = pytest.mark.browser

WATCH_VIOLATIONS = """
window.cspViolations = [];
document.addEventListener("securitypolicyviolation", (event) => {
  window.cspViolations.push(`${event.violatedDirective} ${event.blockedURI}`);
});
"""


def violations(page: Page) -> list[str]:
    return page.evaluate("window.cspViolations")


def followed(sockets: dict[str, list[str]], table: str) -> bool:
    """The table's own frame came over the lobby socket: the waiting room follows it."""
    frames = [
        json.loads(f) for url, got in sockets.items() if url.endswith("/ws/lobby/") for f in got
    ]
    return any(f.get("t") == "table" and f.get("id") == table for f in frames)


def until(page: Page, ready: Callable[[], bool], timeout_ms: int = 10_000) -> None:
    """Let the page run (its socket events reach the test meanwhile) until ``ready()``."""
    for _ in range(timeout_ms // 50):
        if ready():
            return
        page.wait_for_timeout(50)
    raise AssertionError("the page did not get there in time")


def test_no_page_breaks_the_policy_and_both_sockets_connect(new_page) -> None:
    page = new_page()
    page.add_init_script(WATCH_VIOLATIONS)
    console = []
    page.on("console", lambda m: console.append(m.text) if m.type == "error" else None)
    sockets: dict[str, list[str]] = {}
    page.on(
        "websocket",
        lambda ws: ws.on("framereceived", lambda f: sockets.setdefault(ws.url, []).append(f)),
    )

    seen = []
    sign_up(page, "cspa")
    page.goto("/")
    expect(page.locator("form[action='/quick/']")).to_be_visible()
    seen.append(("lobby", violations(page)))
    for game in ("space-mission", "jump-drive"):
        table = open_table(page, seats=2, bots=1, game=game)
        expect(page.locator("#waiting-room")).to_be_visible()
        until(page, lambda t=table: followed(sockets, t))  # its socket follows the table
        seen.append((f"{game} waiting room", violations(page)))
        start(page, table)
        expect(page.locator("#match")).to_be_visible()
        page.wait_for_function("Number(document.getElementById('match').dataset.version) >= 0")
        seen.append((f"{game} table", violations(page)))

    assert [(where, found) for where, found in seen if found] == []
    assert [text for text in console if "Content Security Policy" in text] == []
    assert any(url.endswith("/ws/lobby/") and frames for url, frames in sockets.items())
    assert any("/ws/match/" in url and frames for url, frames in sockets.items())
