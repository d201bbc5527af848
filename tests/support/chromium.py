"""Debian's Chromium as the browser tests launch it (never a downloaded build).

The one that runs is the one ``executable()`` names: ``$CHROMIUM`` if set, else Debian's
headless shell (``chromium-headless-shell``, the same engine without the whole browser
around it: a third less CPU a test than ``chromium --headless``, measured on
tests/browser/test_moves.py) where it is installed, else ``chromium`` on ``PATH``; the
service check and the launch both ask it. The shell reports every notification permission
as denied, so a test of that permission asks for the whole browser (``full``). The flags
keep a headless Chromium running as root from reaching for the network, which this
machine's closed network refuses many times a second otherwise.
"""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Playwright

CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
]


SHELL = "chromium-headless-shell"


def executable(full: bool = False) -> str | None:
    """The Chromium to launch: ``$CHROMIUM`` (a path or a command name), else the headless
    shell unless ``full`` is asked for, else ``chromium``."""
    named = os.environ.get("CHROMIUM")
    if named:
        return shutil.which(named)
    return (not full and shutil.which(SHELL)) or shutil.which("chromium")


@contextmanager
def launched() -> Iterator[Browser]:
    """A headless Debian Chromium under its own Playwright, closed on exit."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright, launched_by(playwright) as browser:
        yield browser


@contextmanager
def launched_by(playwright: Playwright, full: bool = False) -> Iterator[Browser]:
    """A headless Debian Chromium (``full``: the whole browser) under a running Playwright,
    closed on exit: one process drives one Playwright, whatever browsers it launches."""
    path = executable(full)
    if path is None:
        raise FileNotFoundError("no Chromium: set CHROMIUM or put chromium on PATH")
    browser = playwright.chromium.launch(executable_path=path, args=CHROMIUM_ARGS)
    try:
        yield browser
    finally:
        browser.close()
