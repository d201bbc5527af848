"""Driving the site like a person: sign up, open and join tables, and play by clicking."""

from __future__ import annotations

import json
import re
from typing import Any

from playwright.sync_api import Page, expect

from games import registry

# How long bots get to play a game out to its end while a test watches: some 400 acts,
# searched at the normal level by stand-ins, on a machine that also runs the rest of the
# suite and its browsers.
PLAYED_OUT_MS = 180_000


def sign_up(page: Page, username: str, password: str = "orbit-Sling-42") -> None:
    page.goto("/signup/")
    page.fill("input[name=username]", username)
    if page.locator("input[name=display_name]").count():
        page.fill("input[name=display_name]", username.capitalize())
    page.fill("input[name=password1]", password)
    page.fill("input[name=password2]", password)
    page.click("form.panel button[type=submit]")
    expect(page.locator(".site-header")).to_contain_text(username.capitalize())


def open_table(
    page: Page,
    seats: int,
    bots: int = 0,
    private: bool = False,
    game: str | None = None,
    rated: bool | None = None,
    level: str | None = None,
) -> str:
    """Create a table from the lobby form; returns its id (we land in its waiting room).
    ``rated``: tick or untick the box (None: the form's default, casual). ``level``: the
    bots' level (None: the form's default, normal); a test of the table rather than of
    the bots plays easy ones, which answer at once."""
    page.goto("/")
    form = page.locator("form[action='/tables/new/']")
    if game:
        form.locator("select[name=game]").select_option(game)
    form.locator("select[name=seats]").select_option(str(seats))
    form.locator("input[name=bots]").fill(str(bots))
    if level is not None:
        form.locator("select[name=bot_kind]").select_option(level)
    if private:
        form.locator("input[name=private]").check()
    if rated is not None:
        form.locator("input[name=rated]").set_checked(rated)
    form.locator("button[type=submit]").click()
    page.wait_for_url(re.compile(r"/t/[\w-]+/$"))
    return re.search(r"/t/([\w-]+)/", page.url).group(1)


def sit_down(page: Page, table: str) -> None:
    page.goto(f"/t/{table}/")
    page.locator("form[action$='/join/'] button").first.click()
    expect(page.locator("#waiting-room")).to_contain_text("Leave")


def start(page: Page, table: str) -> None:
    """Start the table; a start with empty seats asks first, and we say yes."""
    page.goto(f"/t/{table}/")

    def accept(dialog) -> None:
        dialog.accept()

    page.on("dialog", accept)
    page.locator(f"form[action='/t/{table}/start/'] button").click()
    wait_for_table(page)
    page.remove_listener("dialog", accept)


def wait_for_table(page: Page) -> None:
    """The match page is up and has drawn its first view."""
    page.wait_for_selector("#match[data-version]", timeout=20000)


def config(page: Page) -> dict[str, Any]:
    return json.loads(page.locator("#match-config").text_content())


def version(page: Page) -> int:
    return int(page.locator("#match").get_attribute("data-version"))


def wait_for_version(page: Page, at_least: int) -> None:
    page.wait_for_function(
        "v => Number(document.getElementById('match')?.dataset.version) >= v", arg=at_least
    )


def perform(page: Page, action: dict[str, Any], current: int) -> int:
    """Take `action` by clicking, as O2 says; returns the version it produced."""
    kind = action["type"]
    if kind == "restock":
        page.click("[data-action=restock]")
        for card in action["discard"]:
            marked = page.locator(f".hand [data-card='{card}']")
            marked.click()
            expect(marked).to_have_attribute("aria-pressed", "true")
        page.click("[data-action=restock]")
    elif kind in ("jump", "fly"):
        page.click(f"[data-action={kind}]")
        if kind == "jump":
            page.click(f".hand [data-card='{action['card']}']")
        # Planets are chosen on the board itself.
        page.click(f"svg .planet.choosable[data-planet='{action['planet']}']")
    elif kind == "scan":
        page.click("[data-action=scan]")
        page.click(f".hand [data-card='{action['card']}']")
    elif kind == "colonise":
        page.click("[data-action=colonise]")
        for card in action["cards"]:
            page.click(f".hand [data-card='{card}']")
    elif kind == "discover":
        page.click("[data-action=discover]")
        page.click("[data-action=discover]")  # the second press looks
    elif kind == "pick":
        page.click(f".sm-picker button[data-tile='{action['tile']}']")
    elif kind in ("undo", "confirm"):
        page.click(f"[data-action={kind}]")
    else:
        raise ValueError(kind)
    wait_for_version(page, current + 1)
    return current + 1


def click_space_mission(page: Page, view: dict, action: dict[str, Any]) -> None:
    """Space Mission's clicks for a `Table` (tests/browser/jump_drive_clicks.py)."""
    perform(page, action, version(page))


def seat_view(state: dict, seat: int | None) -> dict:
    """What `seat` sees of a stored match, whichever game it is."""
    return registry.get(state["game"]).view(state, seat)
