"""Access on phone and laptop, in every language: axe-core (from npm, see scripts/test)
finds no serious or critical violation on the lobby, a waiting room, each game's table
running and finished (its end screen) and its replay; controls are 44 px on a phone; seat
colours that colour text reach 4.5:1; the log is one tap away on a phone and reachable by
keyboard everywhere; the end screen's names stay whole and tell players apart.

The pages come from the session's `tables` fixture (tests/browser/conftest.py).
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from tests.browser.conftest import LAPTOP, PHONE

pytestmark = pytest.mark.browser

AXE = (
    Path(__file__).resolve().parents[2]
    / ".venv"
    / "axe"
    / "node_modules"
    / "axe-core"
    / "axe.min.js"
)
LANGS = ["en", "de", "hu"]
PAGES = [
    "lobby",
    "waiting",
    ("rules", "space-mission"),
    ("rules", "jump-drive"),
    ("rules", "blabla"),
    ("space-mission", "playing"),
    ("space-mission", "over"),
    ("jump-drive", "playing"),
    ("jump-drive", "over"),
    ("blabla", "playing"),
    ("blabla", "over"),
    ("replay", "space-mission"),
    ("replay", "jump-drive"),
    ("replay", "blabla"),
]
TABLES = [p for p in PAGES if isinstance(p, tuple) and p[0] not in ("rules", "replay")]

# Run through the DevTools protocol, so a Content-Security-Policy does not stop it.
RUN_AXE = """async () => {
    const result = await axe.run(document);
    const where = (v) => v.nodes.slice(0, 3).map((n) => n.target.join(" ")).join(" | ");
    const bad = result.violations
        .filter((v) => v.impact === "serious" || v.impact === "critical")
        .map((v) => `${v.id}: ${v.help} — ${where(v)}`);
    return [bad, result.passes.map((p) => p.id)];
}"""


@pytest.fixture(scope="module")
def axe_source() -> str:
    if not AXE.exists():
        if os.environ.get("REQUIRE_SERVICES"):
            pytest.fail(f"axe-core is not installed at {AXE} (scripts/test installs it)")
        pytest.skip("axe-core is not installed (scripts/test installs it from npm)")
    return AXE.read_text()


@pytest.fixture(autouse=True)
def back_to_english(tables) -> Iterator[None]:
    """The shared context leaves each test as it came: English, for the tests after."""
    yield
    tables[0].clear_cookies(name="django_language")


def open_page(tables, daphne_server, lang: str, viewport: dict) -> Page:
    context, _ = tables
    context.add_cookies([{"name": "django_language", "value": lang, "url": daphne_server.url}])
    page = context.new_page()
    page.set_viewport_size(viewport)
    return page


def visit(page: Page, url: str) -> None:
    page.goto(url)
    if page.locator("#match").count():
        page.wait_for_selector("#match[data-version]")
        page.wait_for_selector("#match-log .log-line", state="attached")
    if page.locator("#replay").count():
        page.wait_for_selector("#replay-tables:not([aria-busy]) .game-root > *")


@pytest.mark.parametrize("lang", LANGS)
def test_axe_finds_no_serious_violation_on_any_page(tables, daphne_server, axe_source, lang):
    found = {}
    for viewport in (PHONE, LAPTOP):
        page = open_page(tables, daphne_server, lang, viewport)
        for which in PAGES:
            visit(page, tables[1][which])
            page.evaluate(axe_source)
            violations, passed = page.evaluate(RUN_AXE)
            assert "color-contrast" in passed or violations  # the checks did run
            if violations:
                found[which, viewport["width"]] = violations
        page.close()
    assert not found, found


TAP_TARGETS = """() => [...document.querySelectorAll(
        "button, a.button, input:not([type=hidden]), select, summary, [role=button],"
        + ".site-header a")]
    .filter((el) => { const r = el.getBoundingClientRect(); return r.width > 0 && r.height > 0; })
    .map((el) => [el.textContent.trim().slice(0, 30) || el.getAttribute("aria-label"),
                  el.getBoundingClientRect().width, el.getBoundingClientRect().height])
    .filter(([, w, h]) => w < 43.5 || h < 43.5)"""


def test_every_control_is_44_px_on_a_phone(tables, daphne_server):
    page = open_page(tables, daphne_server, "de", PHONE)
    small = {}
    for which in PAGES:
        visit(page, tables[1][which])
        too_small = page.evaluate(TAP_TARGETS)
        for side in ("log", "chat") if page.locator(".side-tab").count() else ():
            page.locator(f".side-tab[data-side={side}]").click()  # the drawer's own controls
            too_small += page.evaluate(TAP_TARGETS)
        if too_small:
            small[which] = too_small
    page.close()
    assert not small, small


BACKGROUNDS = ["--bg", "--surface", "--surface-2", "--panel"]
CONTRAST = """([seats, backgrounds]) => {
    const css = getComputedStyle(document.documentElement);
    const rgb = (hex) => hex.trim().replace("#", "").match(/../g).map((x) => parseInt(x, 16) / 255);
    const lum = (hex) => {
        const linear = (c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
        const [r, g, b] = rgb(hex).map(linear);
        return 0.2126 * r + 0.7152 * g + 0.0722 * b;
    };
    const ratio = (a, b) => (Math.max(lum(a), lum(b)) + 0.05) / (Math.min(lum(a), lum(b)) + 0.05);
    const resolve = (name) => {
        const probe = document.createElement("span");
        probe.style.color = `var(${name})`;
        document.body.append(probe);
        const [r, g, b] = getComputedStyle(probe).color.match(/\\d+/g).map(Number);
        probe.remove();
        return "#" + [r, g, b].map((x) => x.toString(16).padStart(2, "0")).join("");
    };
    const out = [];
    for (let seat = 0; seat < seats; seat++) {
        for (const bg of [...backgrounds.map(resolve), "#1f2754", "#232a5c"]) {
            const fg = resolve(`--seat-${seat}-text`);
            out.push([seat, fg, bg, ratio(fg, bg)]);
        }
    }
    return out;
}"""


def test_seat_colours_that_colour_text_reach_aa_contrast(tables, daphne_server):
    """WCAG AA 4.5:1 on every panel background (and the active player's and end screen's)."""
    page = open_page(tables, daphne_server, "en", LAPTOP)
    visit(page, tables[1]["lobby"])
    pairs = page.evaluate(CONTRAST, [5, BACKGROUNDS])
    page.close()
    assert not [p for p in pairs if p[3] < 4.5], pairs


@pytest.mark.parametrize("game", ["space-mission", "jump-drive"])
def test_on_a_phone_the_log_and_the_chat_are_one_tap_away(tables, daphne_server, game):
    page = open_page(tables, daphne_server, "hu", PHONE)
    visit(page, tables[1][game, "playing"])
    log = page.locator("#match-log .log-lines")
    expect(log).to_be_hidden()
    page.locator(".side-tab[data-side=log]").click()
    expect(log).to_be_in_viewport()
    expect(log).to_be_focused()  # and the keyboard is in it: arrow keys scroll it
    page.locator(".side-tab[data-side=chat]").click()
    expect(log).to_be_hidden()
    expect(page.locator("#match-chat")).to_be_in_viewport()
    page.keyboard.press("Escape")
    expect(page.locator("#match-chat")).to_be_hidden()
    expect(page.locator(".side-tab[data-side=chat]")).to_be_focused()
    page.close()


def test_the_log_is_reachable_by_keyboard_on_a_laptop(tables, daphne_server):
    page = open_page(tables, daphne_server, "en", LAPTOP)
    visit(page, tables[1]["space-mission", "playing"])
    for _ in range(300):
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement?.classList.contains('log-lines')"):
            break
    else:
        raise AssertionError("Tab never reached the game log")
    page.locator(".log-filter[data-filter=round]").focus()
    page.keyboard.press("Enter")
    expect(page.locator(".log-filter[data-filter=round]")).to_have_attribute("aria-pressed", "true")
    page.close()


WHOLE_NAMES = """() => [...document.querySelectorAll(".end-screen .who, .end-screen th")]
    .filter((el) => el.getBoundingClientRect().width > 0)
    .map((el) => [el.textContent.trim(), el.scrollWidth <= el.clientWidth + 1])"""


@pytest.mark.parametrize("game", ["space-mission", "jump-drive"])
def test_end_screen_names_stay_whole_and_distinct_on_a_phone(tables, daphne_server, game):
    page = open_page(tables, daphne_server, "de", PHONE)
    visit(page, tables[1][game, "over"])
    expect(page.locator(".end-screen")).to_be_visible()
    cells = page.evaluate(WHOLE_NAMES)
    page.close()
    assert cells and all(whole for _, whole in cells), cells
    names = [text for text, _ in cells if "bot" in text.lower() or "layla" in text.lower()]
    assert len(set(names)) >= 3, names  # the three players, told apart


@pytest.mark.parametrize("game", ["space-mission", "jump-drive"])
def test_a_finished_table_is_no_longer_live(tables, daphne_server, game):
    page = open_page(tables, daphne_server, "en", LAPTOP)
    visit(page, tables[1][game, "playing"])
    expect(page.locator(".conn-pill")).to_have_text("Live")
    visit(page, tables[1][game, "over"])
    expect(page.locator(".conn-pill")).to_have_text("Game over")
    page.close()


PIECES = {  # what each rules page draws with its table's own modules
    "space-mission": ".legend .coord, .card, .tile",
    "jump-drive": ".jd-card",
    "blabla": ".bb-board .bb-ship, .bb-card, .bb-blabla",
}


@pytest.mark.parametrize("game", PIECES)
def test_the_rules_are_one_click_away_and_show_the_pieces_as_the_table_does(
    tables, daphne_server, game
):
    page = open_page(tables, daphne_server, "hu", LAPTOP)
    visit(page, "/")
    page.locator(f".play-card a[href='/rules/{game}/']").click()
    expect(page.locator("h1")).to_contain_text("szabályok")
    for piece in PIECES[game].split(", "):
        expect(page.locator(f".rules-pieces :is({piece})").first).to_be_visible()
    visit(page, tables[1][game, "playing"])
    expect(page.locator(f".match-nav a[href='/rules/{game}/']")).to_be_visible()
    page.close()
