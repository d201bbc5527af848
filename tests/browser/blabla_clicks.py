"""Playing BlaBla in the browser by clicking, as a person does."""

from __future__ import annotations

from playwright.sync_api import Page

from games.blabla import GAME
from tests.browser.jump_drive_clicks import Table
from tests.browser.server import LiveServer

KEYED = {
    "draw": "draw",
    "emergency": "emergency",
    "no_meeting": "no-meeting",
    "no_swap": "no-swap",
    "accept": "accept",
    "refuse": "refuse",
    "commit": "commit",
    "confirm": "confirm",
    "undo": "undo",
}


def key(page: Page, name: str) -> None:
    page.click(f".bb-controls [data-key='{name}']")


def click(page: Page, view: dict, action: dict) -> None:
    """Take `action` the way a person does: cards first, then the square or the button.

    While the previous action awaits its answer the table ignores clicks: wait for it."""
    page.wait_for_selector(".bb-table[aria-busy=false]")
    kind = action["type"]
    if kind in KEYED:
        key(page, KEYED[kind])
    elif kind == "move":
        page.click(f".bb-controls button[data-card='{action['card']}']")
        if action["special"]:
            page.click(f".bb-controls button[data-card='{action['special']}']")
        if action["sign"] == -1:
            key(page, "sign-")
        page.click(f".bb-board [data-square='{action['to']}'].bb-reach")
    elif kind == "tokens":
        page.click(f".bb-controls button[data-card='{action['card']}']")
        key(page, "tokens")
    elif kind == "stack":
        page.click(f".bb-board [data-stack='{action['stack']}']")
    elif kind == "keep":
        page.click(f".bb-controls [data-keep='{action['card']}']")
    elif kind == "secure":
        for card in action["cards"]:
            page.click(f".bb-controls [data-secure='{card}']")
        key(page, "secure")
    elif kind == "meet":
        key(page, f"meet-{action['seat']}")
    elif kind == "propose":
        page.click(f".bb-controls [data-take='{action['take']}']")
        page.click(f".bb-controls [data-give='{action['give']}']")
        key(page, "propose")
    elif kind == "bid":
        key(page, f"bid-{action['tokens']}")
    else:
        raise ValueError(kind)


def blabla_table(server: LiveServer, match_id: int, pages: dict[int, Page]) -> Table:
    return Table(server, match_id, pages, game=GAME, clicker=click)
