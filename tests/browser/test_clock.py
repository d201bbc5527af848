"""The clocks on the page: the running seat's clock ticks, a timeout shows the seat as
away with a log line for everyone, and "I'm back" hands it back (the server's time moved
by the test, past the deadline, instead of waiting five minutes)."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from games.clock import PACES
from tests.browser import server as live
from tests.browser.conftest import PHONE
from tests.browser.ui import config, open_table, sign_up, sit_down, start, wait_for_table

pytestmark = pytest.mark.browser


@pytest.fixture
def own_server():
    """A server of this test's own: the test moves its time."""
    server = live.start()
    yield server
    server.stop()


def test_a_ticking_clock_then_away_and_back(chromium, own_server):
    contexts = [chromium.new_context(base_url=own_server.url, viewport=v) for v in (None, PHONE)]
    errors: list[str] = []
    try:
        host, guest = (context.new_page() for context in contexts)
        for page in (host, guest):
            page.on("pageerror", lambda error: errors.append(str(error)))
        sign_up(host, "ticker")
        sign_up(guest, "tocker")
        table = open_table(host, seats=2)
        sit_down(guest, table)
        start(host, table)
        guest.goto(f"/t/{table}/")
        wait_for_table(guest)
        expect(host.locator(".pace")).to_contain_text("5 min + 30 s per turn")
        running = host.locator(".seat-clock.running")
        expect(running).to_have_count(1)
        first = running.locator(".clock-time").text_content()
        expect(running.locator(".clock-time")).not_to_have_text(first)  # it ticks
        assert first.startswith("4:5") or first == "5:00"

        active = int(running.get_attribute("data-seat"))
        late, other = (host, guest) if config(host)["seat"] == active else (guest, host)
        own_server.database.advance(PACES["normal"].bank)  # the deadline passes
        expect(other.locator(".log-line.seat-event")).to_contain_text(
            "ran out of time: a bot played for them"
        )
        expect(other.locator(f".seat-clock[data-seat='{active}'] .away-tag")).to_be_visible()
        back = late.locator(".back-button")
        expect(back).to_be_visible()
        back.click()
        expect(back).to_have_count(0)
        expect(other.locator(f".seat-clock[data-seat='{active}'] .away-tag")).to_have_count(0)
        expect(other.locator(".log-line.seat-event").last).to_contain_text("is back")
        # A player again: Resign is offered (in the table menu on the phone).
        if not late.locator(".resign-button").is_visible():
            late.locator(".menu-toggle").click()
        expect(late.locator(".resign-button")).to_be_visible()
    finally:
        for context in contexts:
            context.close()
    assert not errors, errors
