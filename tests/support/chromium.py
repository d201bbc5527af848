"""Debian's Chromium as the browser tests launch it (never a downloaded build).

The one that runs is the one ``executable()`` names: ``$CHROMIUM`` if set, else
``chromium`` on ``PATH``; the service check and the launch both ask it. The flags keep a
headless Chromium running as root from reaching for the network, which this machine's
closed network refuses many times a second otherwise.
"""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from playwright.sync_api import Browser

CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
]


def executable() -> str | None:
    """The Chromium to launch: ``$CHROMIUM`` (a path or a command name) or ``chromium``."""
    return shutil.which(os.environ.get("CHROMIUM") or "chromium")


@contextmanager
def launched() -> Iterator[Browser]:
    """A headless Debian Chromium under Playwright, closed on exit."""
    from playwright.sync_api import sync_playwright

    path = executable()
    if path is None:
        raise FileNotFoundError("no Chromium: set CHROMIUM or put chromium on PATH")
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=path, args=CHROMIUM_ARGS)
        try:
            yield browser
        finally:
            browser.close()
