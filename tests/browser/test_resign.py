"""In Chromium against a real server: a player who resigned is shown as one, cannot act,
and is no spectator; when both people of a three-seat game resign, the bot that played to
the end is named the winner; one who resigned may still offer a rematch."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from tests.browser.conftest import PHONE
from tests.browser.server import LiveServer
from tests.browser.test_rematch_and_notices import signed_in
from tests.browser.ui import PLAYED_OUT_MS, wait_for_table

pytestmark = pytest.mark.browser

# Space Mission, two people and a bot, no clock (nobody times out while the test looks).
_RUNNING = """
from django.db import transaction
from spacemission.accounts.models import User
from spacemission.lobby.models import Seat, Table
from spacemission.matches.services import start_match
with transaction.atomic():
    people = [User.objects.get_or_create(username=name)[0] for name in NAMES]
    table = Table.objects.create(
        game="space-mission", host=people[0], seat_count=3, pace="none", private=True
    )
    Seat.objects.create(table=table, index=0, user=people[0])
    Seat.objects.create(table=table, index=1, user=people[1])
    Seat.objects.create(table=table, index=2, bot="greedy")
    start_match(table)
print(f"TABLE={table.public_id}")
"""


def running_table(server: LiveServer, *names: str) -> str:
    out = server.database.django(_RUNNING.replace("NAMES", repr(list(names))))
    return re.search(r"TABLE=([\w-]+)", out).group(1)


def resign(page: Page) -> None:
    page.once("dialog", lambda dialog: dialog.accept())
    if not page.locator(".resign-button").is_visible():
        page.locator(".menu-toggle").click()  # on a narrow screen Resign is in the menu
    page.locator(".resign-button").click()
    expect(page.locator(".resigned-banner")).to_be_visible()


def shows_no_act(page: Page) -> None:
    """The page of one who resigned: no turn of theirs, no control, no resign button."""
    expect(page.locator(".resign-button")).to_have_count(0)
    expect(page.locator(".sm-controls button")).to_have_count(0)
    expect(page.locator(".sm-turn")).not_to_contain_text("Your turn")
    assert "Your turn" not in page.title()


def whose_turn(*pages: Page) -> tuple[Page, ...]:
    """The pages, the one whose player is to move first (the bot moves by itself)."""
    for _ in range(300):
        for page in pages:
            if "Your turn" in page.title():
                return (page, *(other for other in pages if other is not page))
        pages[0].wait_for_timeout(100)
    raise AssertionError("no one's turn came")


def test_both_people_resign_and_the_bot_that_played_on_wins(
    new_page, daphne_server: LiveServer
) -> None:
    table = running_table(daphne_server, "quitta", "quitto")
    first = signed_in(new_page, daphne_server, "quitta")
    second = signed_in(new_page, daphne_server, "quitto", PHONE)
    errors: list[str] = []
    for page in (first, second):
        page.on("pageerror", lambda error: errors.append(str(error)))
        page.goto(f"/t/{table}/")
        wait_for_table(page)
    first, second = whose_turn(first, second)
    expect(first.locator(".sm-turn")).to_contain_text("Your turn")

    resign(first)
    shows_no_act(first)
    expect(first.locator(".spectator-banner")).to_have_count(0)
    expect(second.locator(".watchers")).to_have_text("0 spectators")  # she is no spectator
    expect(second.locator(".resign-button")).to_have_count(1)  # he plays on
    expect(first.locator("#match-errors")).to_be_hidden()

    resign(second)
    shows_no_act(second)
    for page in (first, second):
        winners = page.locator(".end-screen .winners")
        expect(winners).to_have_text("Greedy bot wins!", timeout=PLAYED_OUT_MS)
        expect(page.locator(".end-screen th.winner")).to_have_count(1)

    first.locator("#match-rematch button", has_text="Rematch").click()
    expect(second.locator("#match-rematch")).to_contain_text("offers a rematch")
    expect(second.locator("#match-rematch button", has_text="Accept")).to_be_visible()
    expect(first.locator("#match-errors")).to_be_hidden()
    assert not errors, errors
