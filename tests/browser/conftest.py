"""Browser fixtures: one Daphne server and one headless Chromium for the whole run."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import expect

from tests.browser import server as live
from tests.support.chromium import launched

# Assertions retry until this ceiling: room for a machine busy with other work.
expect.set_options(timeout=20_000)

LAPTOP = {"width": 1366, "height": 768}
PHONE = {"width": 390, "height": 844}


@pytest.fixture(scope="session")
def daphne_server() -> Iterator[live.LiveServer]:
    """One server for the run: PostgreSQL when DATABASE_URL names one, else SQLite."""
    server = live.start()
    yield server
    server.stop()


@pytest.fixture(scope="session")
def chromium() -> Iterator:
    with launched() as browser:
        yield browser


@pytest.fixture
def new_page(chromium, daphne_server):
    """Pages in fresh browser contexts (separate cookies: separate people)."""
    contexts = []

    def make(viewport: dict | None = None):
        context = chromium.new_context(viewport=viewport or LAPTOP, base_url=daphne_server.url)
        context.set_default_timeout(30000)  # a ceiling for a busy machine, not a speed claim
        contexts.append(context)
        page = context.new_page()
        page.on("pageerror", lambda error: errors.append(str(error)))
        return page

    errors: list[str] = []
    yield make
    for context in contexts:
        context.close()
    assert not errors, f"uncaught errors in the page: {errors}"
