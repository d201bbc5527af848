"""The lobby against a real Daphne: live list, join, waiting room, start, in a real browser;
and the private waiting room's updates over a real websocket."""

from __future__ import annotations

import json
import secrets
import urllib.request
from collections.abc import Iterator
from contextlib import ExitStack

import pytest
from websockets.sync.client import ClientConnection, connect

from tests.support.chromium import launched
from tests.support.servers import Server, fresh_database, start_server

pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def server() -> Iterator[Server]:
    database = fresh_database()
    # Bots and people are never asked to move here; a long delay keeps bots quiet.
    server = start_server(database, env={"BOT_DELAY": "3600"})
    yield server
    server.stop()
    database.drop()


@pytest.fixture(scope="module")
def browser() -> Iterator:
    with launched() as chromium:
        yield chromium


@pytest.fixture
def person(browser, server: Server) -> Iterator:
    """A new browser context per call: separate cookies, separate people."""
    contexts = []

    def make():
        context = browser.new_context(base_url=server.url)
        context.set_default_timeout(15000)
        contexts.append(context)
        return context.new_page()

    yield make
    for context in contexts:
        context.close()


def play_as_guest(page) -> str:
    page.goto("/")
    page.get_by_role("button", name="Play as guest").first.click()
    page.wait_for_url("**/")
    return page.locator(".site-menu .menu-button .fits").inner_text()


@pytest.mark.browser
def test_lobby_and_waiting_room_follow_the_table_live(person) -> None:
    watcher, host = person(), person()
    watcher_name = play_as_guest(watcher)
    play_as_guest(host)

    host.select_option("#new_seats", "3")
    host.get_by_role("button", name="Open table").click()
    host.wait_for_url("**/t/*/")
    table_id = host.url.rstrip("/").rsplit("/", 1)[-1]

    # The watcher's lobby lists the new table without a reload, then they join it.
    row = watcher.locator(f'#open-tables [data-table="{table_id}"]')
    row.wait_for()
    assert "1/3" in row.inner_text()
    host.evaluate("window.sameDocument = true")
    row.get_by_role("button", name="Join").click()
    watcher.wait_for_url(f"**/t/{table_id}/")

    # The host's waiting room catches up by itself, in place, and shows the new player.
    host.locator("#waiting-room", has_text=watcher_name).wait_for()
    assert host.evaluate("window.sameDocument") is True
    asked = []
    host.once("dialog", lambda dialog: (asked.append(dialog.message), dialog.accept()))
    start = host.get_by_role("button", name="Start", exact=True)
    start.click()  # one seat stays empty: it asks first

    # Both end up on the match page: the host by the form, the other by the live room.
    for page in (host, watcher):
        page.locator("#match-config").wait_for(state="attached")
        assert page.url.endswith(f"/t/{table_id}/")
    assert len(asked) == 1


@pytest.mark.browser
def test_forms_follow_the_game_and_a_private_room_follows_its_table(person) -> None:
    host, friend = person(), person()
    play_as_guest(host)
    friend_name = play_as_guest(friend)

    # Each form offers only the chosen game's player counts (Jump Drive: 2 to 4).
    for prefix in ("quick", "new"):
        host.select_option(f"#{prefix}_game", "jump-drive")
        assert host.eval_on_selector_all(
            f"#{prefix}_seats option", "options => options.map(o => o.value)"
        ) == ["2", "3", "4"]
        host.select_option(f"#{prefix}_game", "space-mission")
        assert host.locator(f"#{prefix}_seats option").count() == 4

    # Two strong bots at a private table, told apart by name.
    host.select_option("#new_seats", "4")
    host.fill("#new_bots", "2")
    host.select_option("#new_bot_kind", "strong")
    host.check("#new_private")
    host.get_by_role("button", name="Open table").click()
    host.wait_for_url("**/t/*/")
    room = host.locator("#waiting-room")
    room.get_by_text("Strong bot 2").wait_for()
    names = room.locator("tbody td:nth-child(2)")  # the seats' names, not the bot choices
    assert names.get_by_text("Strong bot", exact=True).count() == 1

    # The friend comes by the invite link and sits down; the host's room shows them
    # without a reload and without polling, then the start takes the friend to the match.
    polls = []
    host.on("request", lambda request: "/state/" in request.url and polls.append(request.url))
    host.evaluate("window.sameDocument = true")
    friend.goto(host.locator("#invite-url").input_value())
    friend.get_by_role("button", name="Sit here").first.click()
    room.get_by_text(friend_name).wait_for()
    assert host.evaluate("window.sameDocument") is True
    assert polls == []
    host.get_by_role("button", name="Start").click()
    for page in (host, friend):
        page.locator("#match-config").wait_for(state="attached")


# The same over a real websocket: a private table's changes reach only those let in.

SETUP = """
import json
from spacemission.accounts.models import User
from spacemission.lobby import services

rita = User.objects.create_user(username="rita")
table = services.create_table(rita, "space-mission", 3, private=True)
print(json.dumps({"table": table.public_id, "token": table.invite_token}))
"""
CSRF = secrets.token_hex(16)


def request(server: Server, path: str, session: str, data: bytes | None = None) -> int:
    """A GET (or a POST of ``data``) as the owner of ``session``; the status it ends with."""
    headers = {"Cookie": f"sessionid={session}; csrftoken={CSRF}", "X-CSRFToken": CSRF}
    sent = urllib.request.Request(f"{server.url}{path}", data=data, headers=headers)
    with urllib.request.urlopen(sent, timeout=30) as response:
        return response.status


def follow(
    sockets: ExitStack, server: Server, table: int, session: str | None
) -> tuple[ClientConnection, dict]:
    """A lobby socket of this session (None: a visitor) following ``table``; its answer."""
    cookie = {"Cookie": f"sessionid={session}"} if session else {}
    url = f"{server.ws_url}/ws/lobby/"
    socket = sockets.enter_context(connect(url, origin=server.origin, additional_headers=cookie))
    assert json.loads(socket.recv(timeout=30))["t"] == "tables"
    socket.send(json.dumps({"t": "follow", "table": table}))
    return socket, json.loads(socket.recv(timeout=30))


def test_a_private_rooms_changes_reach_only_those_let_in_over_a_real_socket(
    server: Server,
) -> None:
    setup = json.loads(server.database.django(SETUP).strip().splitlines()[-1])
    setup |= {name: server.database.session(name) for name in ("rita", "ivo", "mal")}
    table = setup["table"]
    assert request(server, f"/join/{setup['token']}/", setup["ivo"]) == 200  # the invite link
    with ExitStack() as sockets:
        check_who_hears(sockets, server, table, setup)


def check_who_hears(sockets: ExitStack, server: Server, table: int, setup: dict) -> None:
    host, answer = follow(sockets, server, table, setup["rita"])
    invited, invited_answer = follow(sockets, server, table, setup["ivo"])
    assert (answer["t"], answer["status"]) == ("table", "open") and invited_answer == answer
    strangers = [follow(sockets, server, table, session) for session in (setup["mal"], None)]
    assert [answer["code"] for _, answer in strangers] == ["not_found", "not_found"]

    request(server, f"/t/{table}/join/", setup["ivo"], data=b"")
    request(server, f"/t/{table}/start/", setup["rita"], data=b"")
    for socket in (host, invited):
        joined, started = json.loads(socket.recv(timeout=30)), json.loads(socket.recv(timeout=30))
        assert (joined["status"], started["status"]) == ("open", "running")
        assert joined["updated"] != answer["updated"]
    for socket, _ in strangers:
        with pytest.raises(TimeoutError):
            socket.recv(timeout=1)  # the start reached the others: nothing came here
