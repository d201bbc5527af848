"""The guided first game of each game, as a new visitor meets it: started from the
lobby's link, followed step by step through the first round by tapping what the guide
highlights, in English and (one game each) German and Hungarian; skipping it; a wrong tap
answered with a friendly message and nothing changed; and the board's legend."""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterator

import pytest
from playwright.sync_api import Page, expect

from tests.browser import ui
from tests.browser.conftest import LAPTOP, PHONE
from tests.browser.test_access import RUN_AXE
from tests.browser.test_access import axe_source as axe_source  # a fixture

pytestmark = pytest.mark.browser

# The steps each game's guide must show, in this order, on the way through round 1
# (a waiting step may flash by unseen when the bots are quick).
PATHS = {
    "space-mission": [
        "welcome",
        "jump",
        "jump-card",
        "jump-planet",
        "scan",
        "scan-card",
        "pick",
        "confirm",
        "round",
        "points",
    ],
    "jump-drive": [
        "welcome",
        "keep",
        "keep-commit",
        "shape",
        "world",
        "commit",
        "pay",
        "pay-commit",
        "round",
        "points",
    ],
    "blabla": ["welcome", "card", "square", "confirm", "round", "points"],
}
WORDS = {
    "en": {"count": "step 1 of", "skip": "Skip tutorial", "link": "Tutorial"},
    "de": {"count": "Schritt 1 von", "skip": "Tutorial überspringen", "link": "Tutorial"},
    "hu": {"count": "1. lépés", "skip": "Oktató átugrása", "link": "Oktató"},
}
WELCOME = {
    ("space-mission", "en"): "Welcome to Space Mission!",
    ("jump-drive", "en"): "Welcome to Jump Drive!",
    ("blabla", "en"): "Welcome to BlaBla!",
    ("space-mission", "de"): "Willkommen bei Space Mission!",
    ("jump-drive", "hu"): "Üdv a Jump Drive játékban!",
}
LEGEND = {
    ("space-mission", "en"): "How to read the board",
    ("jump-drive", "en"): "How to read the cards",
    ("blabla", "en"): "How to read the board",
    ("space-mission", "de"): "So liest du den Spielplan",
    ("jump-drive", "hu"): "Hogyan olvasd a lapokat",
}
WRONG_TAP = "Not quite — tap the highlighted"


@pytest.fixture
def visitor(chromium, daphne_server) -> Iterator[Callable[[str, dict], Page]]:
    """A new visitor's page in a language; on a phone it has a touch screen."""
    contexts, errors = [], []

    def make(lang: str, viewport: dict) -> Page:
        phone = viewport is PHONE
        context = chromium.new_context(
            viewport=viewport, has_touch=phone, is_mobile=phone, base_url=daphne_server.url
        )
        context.set_default_timeout(30000)  # a ceiling for a busy machine, not a speed claim
        contexts.append(context)
        if lang != "en":
            context.add_cookies(
                [{"name": "django_language", "value": lang, "url": daphne_server.url}]
            )
        page = context.new_page()
        page.on("pageerror", lambda error: errors.append(str(error)))
        return page

    yield make
    for context in contexts:
        context.close()
    assert not errors, f"uncaught errors in the page: {errors}"


def start_from_lobby(page: Page, game: str) -> None:
    """The lobby's "Learn to play" link, then the start button: a guest at a started table."""
    page.goto("/")
    page.locator(f".play-card a[href='/learn/{game}/']").click()
    page.locator("#learn-start").click()
    ui.wait_for_table(page)
    expect(page.locator(".guide")).to_be_visible()


def step_of(page: Page) -> str:
    return page.locator(".guide").get_attribute("data-step") or ""


def follow(page: Page, game: str, tap: bool) -> list[tuple[str, str]]:
    """Do what the guide asks until it is finished: "Got it" where it explains, the
    highlighted element where it asks for a tap, nothing while the bots play. The steps
    seen, each with its text."""
    seen: list[tuple[str, str]] = []
    guide = page.locator(".guide")
    while True:
        expect(guide).to_be_visible()
        step = step_of(page)
        text = page.locator(".guide-text").inner_text()
        if not seen or seen[-1][0] != step:
            seen.append((step, text))
        if step == PATHS[game][-1]:
            page.locator(".guide-next").click()
            expect(guide).to_be_hidden()
            return seen
        if page.locator(".guide-next").is_visible():
            page.locator(".guide-next").click()
        elif step in ("others", "decide"):
            pass  # the bots play, or a rare choice: the guide moves on with the view
        else:
            target = page.locator("#game-root .guide-target").first
            target.tap() if tap else target.click()
        page.wait_for_function(
            "([step, text]) => { const g = document.querySelector('.guide');"
            " return g.hidden || g.dataset.step !== step"
            " || document.querySelector('.guide-text').textContent !== text; }",
            arg=[step, text],
        )


def check_path(seen: list[tuple[str, str]], game: str) -> None:
    steps = [step for step, _ in seen if step not in ("others", "decide")]
    assert [s for i, s in enumerate(steps) if i == 0 or steps[i - 1] != s] == PATHS[game]
    texts = [text for _, text in seen]
    assert all(texts) and all(a != b for a, b in itertools.pairwise(texts))


@pytest.mark.parametrize(
    ("game", "lang", "viewport"),
    [
        ("space-mission", "en", PHONE),
        ("jump-drive", "en", LAPTOP),
        ("blabla", "en", PHONE),
        ("space-mission", "de", LAPTOP),
        ("jump-drive", "hu", PHONE),
    ],
)
def test_a_new_visitor_is_guided_through_the_first_round(visitor, game, lang, viewport):
    page = visitor(lang, viewport)
    start_from_lobby(page, game)
    words = WORDS[lang]
    expect(page.locator(".guide-count")).to_contain_text(words["count"])
    expect(page.locator(".guide-text")).to_contain_text(WELCOME[game, lang])
    expect(page.locator(".guide-skip")).to_have_text(words["skip"])
    expect(page.locator("#tutorial-link")).to_have_text(words["link"])
    seen = follow(page, game, tap=viewport is PHONE)
    check_path(seen, game)
    # Finished for good: a reload keeps it closed, and the table plays on.
    page.reload()
    ui.wait_for_table(page)
    expect(page.locator(".guide")).to_be_hidden()
    expect(page.locator(".guide-target")).to_have_count(0)


@pytest.mark.parametrize("game", list(PATHS))
def test_skipping_the_guide_leaves_the_table_to_the_player(visitor, game):
    page = visitor("en", PHONE)
    start_from_lobby(page, game)
    page.locator(".guide-next").click()  # past the welcome: a step that asks for a tap
    expect(page.locator("#game-root .guide-target").first).to_be_visible()
    page.locator(".guide-skip").tap()
    expect(page.locator(".guide")).to_be_hidden()
    expect(page.locator(".guide-target")).to_have_count(0)
    page.reload()
    ui.wait_for_table(page)
    expect(page.locator("#match-log")).to_be_attached()
    expect(page.locator(".guide")).to_be_hidden()
    # Reachable again from the table: its Tutorial link (in the table's menu on a phone),
    # then "Continue".
    page.locator(".menu-toggle").tap()
    page.locator("#tutorial-link").tap()
    page.locator("#learn-continue").tap()
    ui.wait_for_table(page)
    expect(page.locator(".guide")).to_be_visible()
    expect(page.locator("#game-root .guide-target").first).to_be_visible()


# A control the guide does not point at while it asks for another: by game, the step,
# what a player might tap instead, the parts of the table that must not change (not the
# players' list, where a connection mark may come and go), and whether the match must
# stay at its version (the bots of Jump Drive choose at the same time as the player).
WRONG = {
    "space-mission": ("jump", '[data-action="restock"]', ".sm-board, .sm-controls, .sm-hand", True),
    "jump-drive": ("keep", ".jd-hand-cards button.jd-card:not(.guide-target)", ".jd-hand", False),
    "blabla": (
        "card",
        ".bb-hand-cards button:not(.guide-target)",
        ".bb-board-area, .bb-controls",
        True,
    ),
}


def drawn(page: Page, parts: str) -> list[str]:
    return page.locator(parts).evaluate_all("(els) => els.map((el) => el.innerHTML)")


@pytest.mark.parametrize("game", list(PATHS))
def test_a_wrong_tap_gets_a_friendly_message_and_changes_nothing(visitor, game):
    page = visitor("en", PHONE)
    start_from_lobby(page, game)
    page.locator(".guide-next").click()
    step, wrong, parts, turn_based = WRONG[game]
    expect(page.locator(".guide")).to_have_attribute("data-step", step)
    version = ui.version(page)
    before = drawn(page, parts)
    page.locator(wrong).first.tap()
    expect(page.locator(".guide-message")).to_be_visible()
    expect(page.locator(".guide-message")).to_contain_text(WRONG_TAP)
    # Nothing else changed: the same step, the same drawn table, and (where only the
    # player may act now) the same version.
    expect(page.locator(".guide")).to_have_attribute("data-step", step)
    assert drawn(page, parts) == before
    if turn_based:
        assert ui.version(page) == version
    # The highlighted element still works: the guide moves on.
    text = page.locator(".guide-text").inner_text()
    page.locator("#game-root .guide-target").first.tap()
    expect(page.locator(".guide-text")).not_to_have_text(text)


@pytest.mark.parametrize(("game", "lang"), list(LEGEND))
def test_every_table_has_a_legend_a_tap_opens(visitor, game, lang):
    page = visitor(lang, PHONE)
    start_from_lobby(page, game)
    page.locator(".guide-skip").tap()
    legend = page.locator("#game-root details.legend")
    expect(legend.locator("summary")).to_have_text(LEGEND[game, lang])
    legend.locator("summary").tap()
    expect(legend).to_have_attribute("open", "")
    entries = legend.locator("li")
    assert entries.count() >= 8
    for i in range(entries.count()):
        assert entries.nth(i).inner_text().strip()
    box = legend.locator("summary").bounding_box()
    assert box is not None and box["height"] >= 44


@pytest.mark.parametrize("lang", ["en", "de", "hu"])
def test_axe_finds_no_serious_violation_on_the_learn_page_and_the_guided_table(
    visitor, axe_source, lang
):
    found = {}
    for viewport in (PHONE, LAPTOP):
        page = visitor(lang, viewport)
        page.goto("/learn/blabla/")
        for where in ("learn", "table"):
            if where == "table":
                page.locator("#learn-start").click()
                ui.wait_for_table(page)
                page.locator(".guide-next").click()  # a step that highlights a card
                expect(page.locator("#game-root .guide-target").first).to_be_visible()
            page.evaluate(axe_source)
            violations, passed = page.evaluate(RUN_AXE)
            assert "color-contrast" in passed or violations  # the checks did run
            if violations:
                found[where, viewport["width"]] = violations
    assert not found, found
