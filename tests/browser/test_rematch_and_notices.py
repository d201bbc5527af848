"""In Chromium against a real server: a rematch offered and accepted at the end of a game,
and the notification settings of the account page."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from tests.browser.conftest import PHONE
from tests.browser.server import LiveServer
from tests.browser.ui import config, wait_for_table

pytestmark = pytest.mark.browser

# A Jump Drive table of two people and a bot whose match has ended (its end is written
# straight to the database: playing a whole game by clicks is another test's job).
_FINISHED = """
from django.db import transaction
from spacemission.accounts.models import User
from spacemission.lobby.models import Seat, Table
from spacemission.matches.models import Match
from spacemission.matches.services import start_match
from spacemission.matches.turnmail import wait_idle
with transaction.atomic():
    people = [User.objects.get_or_create(username=name)[0] for name in NAMES]
    table = Table.objects.create(game="jump-drive", host=people[0], seat_count=3, pace="day")
    Seat.objects.create(table=table, index=0, user=people[0])
    Seat.objects.create(table=table, index=1, user=people[1])
    Seat.objects.create(table=table, index=2, bot="greedy")
    match = start_match(table)
wait_idle()  # the first player's "your move" mail, while the match still runs
Match.objects.filter(pk=match.pk).update(status="finished")
Table.objects.filter(pk=table.pk).update(status="finished")
print(f"TABLE={table.public_id}")
"""


def signed_in(
    new_page, server: LiveServer, username: str, viewport=None, full: bool = False
) -> Page:
    page = new_page(viewport, full=full)
    page.context.add_cookies(
        [{"name": "sessionid", "value": server.database.session(username), "url": server.url}]
    )
    return page


def finished_table(server: LiveServer, *names: str) -> tuple[str, str]:
    """The new table's id, and what the process printed (the console mail backend's mail)."""
    out = server.database.django(_FINISHED.replace("NAMES", repr(list(names))))
    return re.search(r"TABLE=([\w-]+)", out).group(1), out


def test_a_rematch_is_offered_accepted_and_both_pages_move_to_the_new_table(
    new_page, daphne_server: LiveServer
) -> None:
    table, _ = finished_table(daphne_server, "rema", "remo")
    rema = signed_in(new_page, daphne_server, "rema")
    remo = signed_in(new_page, daphne_server, "remo", PHONE)
    watcher = new_page()
    for page in (rema, remo, watcher):
        page.goto(f"/t/{table}/")
        wait_for_table(page)
    expect(watcher.locator("#match-rematch")).to_be_hidden()  # nothing offered yet

    rema.locator("#match-rematch button", has_text="Rematch").click()
    panel = remo.locator("#match-rematch")
    expect(panel).to_contain_text("rema offers a rematch")
    expect(panel.locator("[data-seat='2'] .rematch-answer")).to_have_text("bot: accepts")
    expect(watcher.locator("#match-rematch")).to_contain_text("not answered yet")
    expect(rema.locator("#match-rematch")).to_contain_text("Waiting for the other players")
    panel.locator("button", has_text="Accept").click()

    for page in (rema, remo):
        page.wait_for_url(re.compile(rf"/t/(?!{table}/)[\w-]+/$"))
        wait_for_table(page)
    new = config(rema)["table"]
    assert new != table and config(remo)["table"] == new
    assert config(rema)["seat"] == 0 and config(remo)["seat"] == 1
    expect(rema.locator("#match-rematch")).to_be_hidden()  # a running game again
    # Everyone chooses at once in Jump Drive: the tab's title and favicon say so.
    expect(rema).to_have_title(re.compile("^▶ Your turn"))
    icon = rema.locator("#favicon")
    expect(icon).to_have_attribute("href", icon.get_attribute("data-turn"))
    # The spectator stays, with a link to the new game.
    link = watcher.locator("#match-rematch a", has_text="Watch the rematch")
    expect(link).to_have_attribute("href", f"/t/{new}/")

    # My games, from the header, on the phone: the new game, waiting for remo's choice.
    remo.locator(".site-menu .menu-button").click()  # the phone's header folds into a menu
    remo.locator(".site-header a", has_text="My games").click()
    game = remo.locator(f".my-game[data-table='{new}']")
    expect(game).to_contain_text("Your turn")
    expect(game).to_contain_text("rema, Greedy bot")
    expect(game).to_contain_text("turn-based")
    overflow = "document.documentElement.scrollWidth - document.documentElement.clientWidth"
    assert remo.evaluate(overflow) <= 0  # no sideways scrolling


def test_notification_settings_are_saved_and_the_table_page_reads_them(
    new_page, daphne_server: LiveServer
) -> None:
    page = signed_in(new_page, daphne_server, "notia", full=True)  # the shell denies them all
    page.context.grant_permissions(["notifications"], origin=daphne_server.url)
    page.goto("/account/")
    page.get_by_role("link", name="Settings").last.click()
    form = page.locator("#notice-settings")
    expect(form.locator(".notice-permission-state")).to_have_text(
        "This browser shows your notifications."
    )
    expect(form.locator("#notice-permission")).to_be_hidden()  # already allowed: not asked
    form.locator("input[name=email]").fill("notia@example.com")
    form.locator("input[name=notice_sound]").check()
    form.locator("input[name=notice_browser]").uncheck()
    page.locator("#settings button[type=submit]").click()
    expect(page.locator(".messages")).to_contain_text("Your settings are saved")
    expect(form.locator("input[name=email]")).to_have_value("notia@example.com")
    expect(form.locator("input[name=notice_sound]")).to_be_checked()
    expect(form.locator("input[name=notice_browser]")).not_to_be_checked()

    table, printed = finished_table(daphne_server, "notia", "notib")
    # The match began with notia to move at a turn-based table: the default (console)
    # mail backend printed her e-mail.
    assert f"Subject: Your move at Jump Drive table {table}" in printed
    assert "To: notia@example.com" in printed
    page.goto(f"/t/{table}/")
    wait_for_table(page)
    settings = config(page)["settings"]
    assert (settings["sound"], settings["browser"]) == (True, False)
    # A game that is over waits for nobody: no badge, no "Your turn".
    icon = page.locator("#favicon")
    expect(icon).to_have_attribute("data-idle", re.compile("favicon"))
    assert icon.get_attribute("href") == icon.get_attribute("data-idle")
    assert not page.title().startswith("▶")
