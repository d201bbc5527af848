"""A rated game to its end in the browser: the rating change and the revealed deal on
the end screen for a spectator, the replay stepped by keyboard and from every seat, the
leaderboard and the profile with its chart, on a laptop and on a phone."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from tests.browser import audit
from tests.browser.conftest import PHONE
from tests.browser.ui import config, open_table, sign_up, start

pytestmark = [pytest.mark.browser, pytest.mark.slow]


def no_sideways_scroll(page: Page) -> None:
    """The page fits the viewport's width (wide tables scroll inside their own box)."""
    width = page.evaluate("document.documentElement.scrollWidth")
    wide = page.evaluate(
        "w => [...document.querySelectorAll('body *')]"
        ".filter(e => !e.closest('.table-scroll') && e.getBoundingClientRect().right > w)"
        ".slice(0, 5).map(e => e.tagName + '.' + e.className)",
        page.viewport_size["width"],
    )
    assert width <= page.viewport_size["width"], (width, wide)


def test_a_rated_game_its_replay_the_leaderboard_and_the_profile(new_page, daphne_server):
    rhea = new_page()
    sign_up(rhea, "rhea")
    table = open_table(rhea, seats=2, bots=1, game="jump-drive", rated=True)
    expect(rhea.locator("#waiting-room")).to_contain_text("rated")
    start(rhea, table)
    commitment = rhea.locator("#match-commitment code").text_content()
    assert re.fullmatch(r"[0-9a-f]{64}", commitment)
    match_id = config(rhea)["match"]

    # A spectator on a phone watches; Rhea resigns by leaving and the bot plays on.
    watcher = new_page(PHONE)
    recorder = audit.Recorder("spectator").attach(watcher)
    watcher.goto(f"/t/{table}/")
    expect(watcher.locator("#match-commitment")).to_contain_text(commitment)
    rhea.once("dialog", lambda dialog: dialog.accept())
    rhea.locator(".leave-form button").click()
    rhea.wait_for_url("**/")

    final = watcher.locator("#match-final")
    expect(final).to_be_visible(timeout=60_000)
    changes = final.locator(".rating-changes li")
    expect(changes).to_have_count(2)
    expect(changes.first).to_contain_text(re.compile(r"Rhea: 1500 → 1\d{3}\?, \u2212\d+"))
    # In Hungarian the bot's line names it as its seat does: the facts carry no English name.
    reader = new_page(PHONE)
    reader.context.add_cookies(
        [{"name": "django_language", "value": "hu", "url": daphne_server.url}]
    )
    reader.goto(f"/t/{table}/")
    bot_seat = reader.locator(".player[data-seat='1'] .player-name")
    expect(bot_seat).to_contain_text("bot")
    bot_name = bot_seat.text_content().strip()
    assert bot_name not in {"Easy bot", "Normal bot", "Strong bot"}
    expect(reader.locator("#match-final .rating-changes li .who").nth(1)).to_have_text(bot_name)
    expect(final.locator(".fair-deal")).to_contain_text("it matches")
    no_sideways_scroll(watcher)
    setup, actions = daphne_server.match_actions(match_id)
    assert audit.leaks(recorder, audit.states_by_version(setup, actions)) == []
    steps = len(actions)

    # The replay, from the end: back one step with the arrow key, the link follows.
    final.locator("a", has_text="Watch the replay").click()
    watcher.wait_for_url(f"**/t/{table}/replay/")
    expect(watcher.locator("#fair-deal .verdict.ok")).to_be_visible()
    expect(watcher.locator("#browser-check")).to_contain_text("it matches")
    expect(watcher.locator("#replay-position")).to_contain_text(f"Step {steps} of {steps}")
    expect(watcher.locator(".jd-end, .end-screen").first).to_be_visible()
    watcher.keyboard.press("ArrowLeft")
    expect(watcher.locator("#replay-position")).to_contain_text(f"Step {steps - 1} of {steps}")
    expect(watcher).to_have_url(re.compile(rf"\?step={steps - 1}&seat=0$"))
    no_sideways_scroll(watcher)

    # A link opens at its step; "everyone" draws each seat's table; rounds jump.
    laptop = new_page()
    laptop.goto(f"/t/{table}/replay/?step=0&seat=all")
    expect(laptop.locator(".replay-table")).to_have_count(2)
    expect(laptop.locator("#replay-position")).to_contain_text("Step 0 of")
    expect(laptop.locator("[data-go=back]")).to_be_disabled()
    laptop.locator("#replay-round").select_option(index=1)
    expect(laptop.locator("#replay-position")).to_contain_text("Round 2")
    laptop.keyboard.press("ArrowRight")
    expect(laptop).to_have_url(re.compile(r"\?step=\d+&seat=all$"))
    assert laptop.goto(f"/t/{table}/replay/?step={steps + 1}").status == 404
    assert laptop.goto(f"/t/{table}/replay/?step=-1").status == 404

    # The leaderboard and the profile, on the phone.
    watcher.goto("/leaderboard/jump-drive/")
    # Other tests' rated games share this server: look for this game's two players.
    rows = watcher.locator("table.leaderboard tbody tr")
    expect(rows.filter(has_text="Normal bot").first).to_be_visible()
    rhea_row = rows.filter(has_text="Rhea")
    expect(rhea_row).to_have_count(1)
    expect(rhea_row).to_contain_text(re.compile(r"Rhea\s+1\d{3}\?\s+1\s+0"))
    no_sideways_scroll(watcher)
    rhea_row.locator("a").click()
    watcher.wait_for_url("**/u/rhea/")
    card = watcher.locator(".game-card")
    expect(card).to_contain_text("Jump Drive")
    expect(card.locator(".rating-chart svg polyline")).to_have_count(1)
    history = watcher.locator("table.list tbody tr").first
    expect(history).to_contain_text("resigned")
    expect(history).to_contain_text("Normal bot")
    expect(history.locator(f"a[href='/t/{table}/replay/']")).to_be_visible()
    no_sideways_scroll(watcher)
