"""Browser fixtures: one Daphne server and one headless Chromium for the whole run."""

from __future__ import annotations

import os
from collections.abc import Iterator

import pytest

from tests.browser import server as live

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
]
LAPTOP = {"width": 1366, "height": 768}
PHONE = {"width": 390, "height": 844}


@pytest.fixture(scope="session")
def daphne_server() -> Iterator[live.LiveServer]:
    import psycopg

    from tests.conftest import REQUIRE_SERVICES

    # Its own database on the PostgreSQL server, whatever the suite's DATABASE_URL says.
    run_id = str(os.getpid())
    try:
        server = live.start(run_id)
    except psycopg.OperationalError as error:
        if REQUIRE_SERVICES:
            pytest.fail(f"PostgreSQL is required: {error}")
        pytest.skip(f"PostgreSQL is not reachable: {error}")
    yield server
    live.stop(server, run_id)


@pytest.fixture(scope="session")
def chromium() -> Iterator:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield browser
        browser.close()


@pytest.fixture
def new_page(chromium, daphne_server):
    """Pages in fresh browser contexts (separate cookies: separate people)."""
    contexts = []

    def make(viewport: dict | None = None):
        context = chromium.new_context(viewport=viewport or LAPTOP, base_url=daphne_server.url)
        context.set_default_timeout(15000)
        contexts.append(context)
        page = context.new_page()
        page.on("pageerror", lambda error: errors.append(str(error)))
        return page

    errors: list[str] = []
    yield make
    for context in contexts:
        context.close()
    assert not errors, f"uncaught errors in the page: {errors}"
