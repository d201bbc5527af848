"""Closed controls say why (issue 13 item 3): the rules' reason, worded by the page, shows
on hover, on focus and on tap, describes the control for assistive technology, and a
closed control never acts. The table modules run in Chromium on views from the rules."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from games.jump_drive import GAME as JUMP_DRIVE
from games.space_mission import GAME as SPACE_MISSION
from games.space_mission.data import CARDS, JUMP
from tests.browser.conftest import PHONE
from tests.games.jump_drive.builder import build as build_jump_drive

pytestmark = pytest.mark.browser

RENDER = """async ([game, view, keepAs]) => {
    await new Promise((loaded) => {  // the catalogue of the page's language (/jsi18n/)
        const script = document.head.appendChild(document.createElement("script"));
        script.onload = loaded;
        script.src = "/jsi18n/";
    });
    const { createTable } = await import(`/static/games/${game}/table.js`);
    const meta = document.head.appendChild(document.createElement("meta"));
    meta.name = "viewport";
    meta.content = "width=device-width, initial-scale=1";
    const sheets = ["/static/css/site.css", "/static/css/match.css",
        `/static/games/${game}/table.css`];
    await Promise.all(sheets.map((href) => new Promise((loaded) => {
        const style = document.head.appendChild(document.createElement("link"));
        style.rel = "stylesheet";
        style.onload = loaded;
        style.href = href;
    })));
    document.body.replaceChildren();
    const root = document.body.appendChild(document.createElement("div"));
    window.sent = [];
    const api = { seat: view.seat, lobbyUrl: "/", announce: () => {},
        act: (action) => { window.sent.push(action); return new Promise(() => {}); } };
    const shown = createTable(root, api);
    if (keepAs) window[keepAs] = shown;  // to render it again
    shown.render({ view, version: 1, match: null, presence: { connected: [], spectators: 0 } });
}"""


def table(page: Page, game: str, view: dict, keep_as: str | None = None) -> None:
    """``game``'s table showing ``view`` (kept as ``window[keep_as]`` where named)."""
    page.goto("/healthz")  # any page of the site: modules load from its origin
    page.evaluate(RENDER, [game, view, keep_as])


def described(page: Page, selector: str) -> str:
    return page.evaluate(
        """(selector) => {
            const el = document.querySelector(selector);
            return document.getElementById(el.getAttribute("aria-describedby")).textContent;
        }""",
        selector,
    )


def start_view() -> dict:
    """R8, R15: every ship starts on the Jump Gate, so Fly is closed (and Scan, ...)."""
    state = SPACE_MISSION.setup(2, {}, 3)
    seat = state["active"][0]
    return SPACE_MISSION.view(state, seat)


def test_R15_a_closed_action_says_why_on_hover_and_focus_and_never_acts(new_page):
    page = new_page()
    view = start_view()
    assert view["why_not"]["fly"]["code"] == "on_gate"
    table(page, "space-mission", view)
    fly = page.locator("[data-action=fly]")
    expect(fly).to_have_attribute("aria-disabled", "true")
    tip = fly.locator(".why-not")
    expect(tip).to_be_hidden()
    fly.hover()
    expect(tip).to_be_visible()
    expect(tip).to_have_text("Fly: your ship is on the Jump Gate, not on a planet.")
    assert described(page, "[data-action=fly]") == tip.text_content()
    page.mouse.move(0, 0)
    expect(tip).to_be_hidden()
    fly.focus()  # a keyboard reaches it; the reason shows while it has focus
    expect(tip).to_be_visible()
    page.keyboard.press("Enter")
    page.keyboard.press("Escape")
    expect(tip).to_be_hidden()
    fly.dispatch_event("click")
    assert page.evaluate("window.sent") == []
    expect(page.locator("[data-action=restock]")).not_to_have_attribute("aria-disabled", "true")
    confirm = page.locator("[data-action=confirm] .why-not")
    expect(confirm).to_have_text("Confirm turn: take both actions first (0 of 2 taken).")


def test_R14_a_blocked_card_says_why_on_a_phone_tap(chromium, daphne_server):
    state = SPACE_MISSION.setup(2, {}, 3)
    seat = state["active"][0]
    no_jump = next(c for c in sorted(CARDS) if CARDS[c].value(JUMP) is None)
    jumps = [c for c in sorted(CARDS) if CARDS[c].value(JUMP) == "?"][:1]
    state["hands"] = [
        sorted([no_jump, *jumps]) if s == seat else h for s, h in enumerate(state["hands"])
    ]
    view = SPACE_MISSION.view(state, seat)
    place = state["hands"][seat].index(no_jump)
    assert view["why_not"][f"jump:{place}"]["code"] == "no_coordinate"
    context = chromium.new_context(
        viewport=PHONE, has_touch=True, is_mobile=True, base_url=daphne_server.url
    )
    try:
        page = context.new_page()
        table(page, "space-mission", view)
        page.locator("[data-action=jump]").tap()
        target = page.locator(f".hand [data-card='{no_jump}']")
        expect(target).to_have_attribute("aria-disabled", "true")
        target.tap()
        tip = target.locator(".why-not")
        expect(tip).to_be_visible()
        expect(tip).to_have_text("Jump: this card has no blue jump coordinate.")
        box = tip.bounding_box()
        assert box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"]
        target.tap()  # a second tap closes it
        expect(tip).to_be_hidden()
    finally:
        context.close()


def test_J21_settle_says_a_military_world_needs_more_military(new_page):
    state = build_jump_drive(hands={0: ["pirate-lair"]})  # defense 3, no military
    view = JUMP_DRIVE.view(state, 0)
    assert view["why_not"]["settle"] == {"code": "too_weak", "args": {"needs": 3, "has": 0}}
    page = new_page()
    table(page, "jump-drive", view)
    commit = page.locator("[data-action=commit]")
    expect(commit.locator(".why-not")).to_have_text("Commit: make a choice first.")
    settle = page.locator("[data-option=settle]")
    settle.hover()
    expect(settle.locator(".why-not")).to_be_visible()
    expect(settle.locator(".why-not")).to_have_text(
        "Settle: a military world needs 3 military, you have 0."
    )
    expect(page.locator("[data-option=develop]")).not_to_have_attribute("aria-disabled", "true")
    expect(page.locator("[data-option=both] .why-not")).to_have_text(  # J17: its 1 military helps
        "Develop and settle: a military world needs 3 military, you have 1."
    )


def test_J21_the_reason_is_worded_in_the_viewers_language(chromium, daphne_server):
    context = chromium.new_context(base_url=daphne_server.url)
    context.add_cookies([{"name": "django_language", "value": "de", "url": daphne_server.url}])
    try:
        page = context.new_page()
        view = JUMP_DRIVE.view(build_jump_drive(hands={0: ["pirate-lair"]}), 0)
        table(page, "jump-drive", view)
        expect(page.locator("[data-option=settle] .why-not")).to_have_text(
            "Besiedeln: eine Militärwelt braucht 3 Militär, du hast 0."
        )
        view = start_view()
        table(page, "space-mission", view)
        expect(page.locator("[data-action=fly] .why-not")).to_have_text(
            "Flug: dein Schiff steht auf dem Jump Gate, nicht auf einem Planeten."
        )
    finally:
        context.close()
