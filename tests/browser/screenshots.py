"""Screenshots of the tables at both sizes, for the README.

They go to a temporary directory of the run, so a test run never touches the tracked
pictures; ``scripts/screenshots`` sets ``SCREENSHOTS_DIR=docs/screenshots`` to refresh
those on purpose.
"""

from __future__ import annotations

import functools
import os
import tempfile
from pathlib import Path

from playwright.sync_api import Page

from tests.browser.conftest import PHONE

LAPTOP = {"width": 1280, "height": 800}  # the laptop the README's pictures show


@functools.cache
def directory() -> Path:
    chosen = os.environ.get("SCREENSHOTS_DIR")
    path = Path(chosen) if chosen else Path(tempfile.mkdtemp(prefix="sm-screenshots-"))
    path.mkdir(parents=True, exist_ok=True)
    return path


def sideways(page: Page) -> int:
    """How far the page scrolls sideways (0: it fits)."""
    return page.evaluate(
        "document.documentElement.scrollWidth - document.documentElement.clientWidth"
    )


def take(page: Page, name: str) -> None:
    """``<name>-laptop.png`` and ``<name>-phone.png``; neither size may scroll sideways."""
    for size, suffix in ((LAPTOP, "laptop"), (PHONE, "phone")):
        page.set_viewport_size(size)
        file = f"{name}-{suffix}.png"
        assert sideways(page) <= 0, f"{file}: {sideways(page)}px of sideways scrolling"
        page.evaluate("window.scrollTo(0, 0)")
        page.screenshot(path=directory() / file)
    page.set_viewport_size(LAPTOP)
