"""The lobby in the browser: accounts, guests, tables, invites, quick match, watching."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from tests.browser.conftest import PHONE
from tests.browser.ui import open_table, sign_up, sit_down, wait_for_table

pytestmark = pytest.mark.browser


def play_as_guest(page: Page) -> None:
    page.goto("/")
    page.locator("main form[action='/guest/'] button").click()
    expect(page.locator(".site-header")).to_contain_text("Guest")


def quick_match(page: Page, seats: int) -> str:
    page.goto("/")
    form = page.locator("form[action='/quick/']")
    form.locator("select[name=seats]").select_option(str(seats))
    form.locator("button[type=submit]").click()
    page.wait_for_url(re.compile(r"/t/[\w-]+/$"))
    return re.search(r"/t/([\w-]+)/", page.url).group(1)


def test_guests_meet_by_quick_match_leave_rejoin_and_start(new_page):
    ada, bob = new_page(), new_page()
    play_as_guest(ada)
    play_as_guest(bob)
    table = quick_match(ada, seats=2)
    assert quick_match(bob, seats=2) == table
    seats = ada.locator("#waiting-room table.list tbody tr")
    expect(seats).to_have_count(2)
    expect(seats.nth(1)).to_contain_text("Guest")  # Ada's room follows Bob sitting down

    bob.locator(f"form[action='/t/{table}/leave/'] button").click()
    expect(ada.locator("#waiting-room")).to_contain_text("empty")
    bob.goto("/")
    bob.locator(f".table-row[data-table='{table}'] form button").click()
    bob.wait_for_url(f"**/t/{table}/")

    ada.reload()
    ada.locator(f"form[action='/t/{table}/start/'] button").click()
    wait_for_table(ada)
    wait_for_table(bob)
    expect(bob.locator(".player")).to_have_count(2)

    # Leaving a running game asks first; once confirmed, a bot takes the seat.
    leave = bob.locator(".leave-form button")
    bob.once("dialog", lambda dialog: dialog.dismiss())
    leave.click()
    expect(bob.locator("#match")).to_be_visible()
    bob.once("dialog", lambda dialog: dialog.accept())
    leave.click()
    bob.wait_for_load_state()
    expect(ada.locator(".presence.bot")).to_have_count(1)


def test_private_table_with_a_bot_by_invite_link_and_watching_a_public_game(new_page):
    host, friend, stranger = new_page(), new_page(), new_page()
    sign_up(host, "hedy")
    host.locator(".site-header form[action='/logout/'] button").click()
    host.goto("/login/")
    host.fill("input[name=username]", "hedy")
    host.fill("input[name=password]", "orbit-Sling-42")
    host.locator("form[action='/login/'] button[type=submit]").click()
    expect(host.locator(".site-header")).to_contain_text("Hedy")

    # Casual: the friend plays as a guest, and rated tables seat accounts only.
    table = open_table(host, seats=3, bots=1, private=True, rated=False)
    expect(host.locator("#waiting-room")).to_contain_text("bot")
    invite = host.locator("#invite-url").input_value()
    stranger.goto("/")
    expect(stranger.locator(f".table-row[data-table='{table}']")).to_have_count(0)

    play_as_guest(friend)
    friend.goto(invite)
    friend.wait_for_url(f"**/t/{table}/")
    sit_down(friend, table)
    host.reload()
    host.locator(f"form[action='/t/{table}/start/'] button").click()
    wait_for_table(host)
    wait_for_table(friend)
    expect(host.locator(".player")).to_have_count(3)
    expect(host.locator(".presence.bot")).to_have_count(1)

    # A private game is never listed; a public running one can be watched from the lobby.
    stranger.goto("/")
    expect(stranger.locator(f".table-row[data-table='{table}']")).to_have_count(0)
    public = open_table(host, seats=2, bots=1)
    host.locator(f"form[action='/t/{public}/start/'] button").click()
    wait_for_table(host)
    stranger.goto("/")
    stranger.locator(f".table-row[data-table='{public}'] a.button").click()
    wait_for_table(stranger)
    expect(stranger.locator(".spectator-banner")).to_be_visible()
    expect(stranger.locator(".chat-form input")).to_be_disabled()


def test_starting_with_an_empty_seat_asks_first(new_page):
    host = new_page()
    sign_up(host, "hester")
    table = open_table(host, seats=3, bots=1)
    start = host.locator(f"form[action='/t/{table}/start/'] button")
    questions: list[str] = []

    def answer(no: bool):
        def handle(dialog) -> None:
            questions.append(dialog.message)
            dialog.dismiss() if no else dialog.accept()

        return handle

    host.once("dialog", answer(no=True))
    start.click()
    expect(host.locator("#waiting-room")).to_be_visible()  # nothing started
    assert questions and "1" in questions[0] and "2" in questions[0]  # 2 players, 1 empty
    host.once("dialog", answer(no=False))
    start.click()
    wait_for_table(host)
    assert len(questions) == 2


def test_bot_levels_are_chosen_in_the_new_table_form_and_the_waiting_room(new_page):
    host = new_page(PHONE)
    sign_up(host, "vera")
    host.goto("/")
    form = host.locator("form[action='/tables/new/']")
    form.locator("select[name=game]").select_option("jump-drive")
    level = form.locator("select[name=bot_kind]")
    offered = "select => [...select.options].filter(o => !o.hidden).map(o => o.textContent)"
    assert level.evaluate(offered) == ["Easy bot", "Normal bot", "Strong bot"]
    expect(level).to_have_value("normal")
    expect(form.locator("input[name=bots_rated]")).to_be_checked()  # rated, bots count
    expect(form.locator("input[name=rated]")).not_to_be_checked()  # casual unless asked
    form.locator("input[name=rated]").check()
    form.locator("select[name=seats]").select_option("4")
    form.locator("input[name=bots]").fill("1")
    level.select_option("strong")
    form.locator("button[type=submit]").click()
    host.wait_for_url(re.compile(r"/t/[\w-]+/$"))
    room = host.locator("#waiting-room")
    expect(room).to_contain_text("Strong bot")
    expect(host.locator("main")).to_contain_text("rated, bots count")

    # The waiting room offers the levels too, normal first chosen; an easy bot joins.
    choice = room.locator("select[name=kind]").first
    expect(choice).to_have_value("normal")
    assert choice.evaluate(offered) == ["Easy bot", "Normal bot", "Strong bot"]
    choice.select_option("easy")
    room.get_by_role("button", name="Add bot").first.click()
    expect(room).to_contain_text("Easy bot")
    expect(room).to_contain_text("Strong bot")
    assert room.locator("select[name=kind]").count() == 1  # one seat left to fill
