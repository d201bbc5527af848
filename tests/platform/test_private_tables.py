"""Private tables: hidden from strangers, reachable by the invite link."""

from __future__ import annotations

import re

import pytest
from django.test import Client
from django.urls import reverse

from spacemission.accounts.models import User
from spacemission.lobby import services
from spacemission.lobby.access import can_watch
from spacemission.lobby.models import Table
from spacemission.matches import tables
from spacemission.matches.services import play_bot
from tests.platform.live.conftest import create_match

pytestmark = pytest.mark.django_db


@pytest.fixture
def private(ada: User) -> Table:
    return services.create_table(ada, "space-mission", 3, private=True)


def test_strangers_get_not_found(private: Table, as_bob: Client, client: Client) -> None:
    for visitor in (as_bob, client):
        assert visitor.get(reverse("table", args=[private.public_id])).status_code == 404
        assert visitor.get(reverse("table-state", args=[private.public_id])).status_code == 404
    response = as_bob.post(reverse("table-join", args=[private.public_id]))
    assert response.status_code == 404
    assert not private.seats.filter(user__username="bob").exists()


def without_tokens(response) -> str:
    """The page but for its per-response CSRF token."""
    return re.sub(r'name="csrfmiddlewaretoken" value="[^"]*"', "", response.content.decode())


TABLE_POSTS = [
    ("table-join", (), {}),
    ("table-leave", (), {}),
    ("table-start", (), {}),
    ("table-bot-add", (), {"kind": "greedy"}),
    ("table-bot-remove", (1,), {}),
]


@pytest.mark.parametrize(("name", "extra", "data"), TABLE_POSTS)
@pytest.mark.parametrize("status", ["open", "running"])
def test_every_table_action_of_a_stranger_is_answered_as_for_a_missing_table(
    private: Table, as_bob: Client, bob: User, name: str, extra: tuple, data: dict, status: str
) -> None:
    services.add_bot(private.host, private.pk, "easy", 1)
    if status == "running":
        tables.start(private.host, private.pk)
    before = list(private.seats.values_list("index", "user", "bot"))
    hidden = as_bob.post(reverse(name, args=[private.public_id, *extra]), data)
    missing = as_bob.post(reverse(name, args=["nosuch00", *extra]), data)
    assert hidden.status_code == missing.status_code == 404
    assert without_tokens(hidden).replace(private.public_id, "nosuch00") == without_tokens(missing)
    assert list(private.seats.values_list("index", "user", "bot")) == before


def test_table_urls_name_no_sequential_id(ada: User) -> None:
    tables = [services.create_table(ada, "space-mission", 2) for _ in range(3)]
    for table in tables:
        assert f"/t/{table.pk}/" not in table.get_absolute_url()
        assert len(table.public_id) == 8
    assert len({t.public_id for t in tables}) == 3


def test_host_sees_the_invite_link(private: Table, as_ada: Client) -> None:
    response = as_ada.get(reverse("table", args=[private.public_id]))
    assert response.status_code == 200
    assert f"/join/{private.invite_token}/" in response.content.decode()


def test_invite_link_lets_a_visitor_in_and_is_remembered(private: Table, as_bob: Client) -> None:
    response = as_bob.get(reverse("invite", args=[private.invite_token]))
    assert response["Location"] == f"/t/{private.public_id}/"
    assert as_bob.get(reverse("table", args=[private.public_id])).status_code == 200
    as_bob.post(reverse("table-join", args=[private.public_id]))
    assert private.seats.filter(user__username="bob").exists()


def test_invite_query_parameter_works_too(private: Table, client: Client) -> None:
    url = reverse("table", args=[private.public_id])
    assert client.get(f"{url}?invite=wrong-token").status_code == 404
    assert client.get(f"{url}?invite={private.invite_token}").status_code == 200
    assert client.get(url).status_code == 200  # remembered in the session


def test_wrong_invite_token_is_not_found(as_bob: Client) -> None:
    assert as_bob.get(reverse("invite", args=["no-such-token"])).status_code == 404


def test_can_watch(private: Table, ada: User, bob: User, cy: User) -> None:
    public = services.create_table(cy, "space-mission", 2)
    assert can_watch(bob, {}, public)
    assert can_watch(ada, {}, private)  # host
    assert not can_watch(bob, {}, private)
    assert can_watch(bob, {"table_invites": [private.pk]}, private)
    assert not can_watch(bob, {"table_invites": [public.pk]}, private)
    private.seats.filter(index=1).update(user=bob)
    assert can_watch(bob, {}, private)  # seated


def test_quick_match_never_picks_a_private_table(private: Table, bob: User) -> None:
    assert services.quick_match(bob, "space-mission", 3) != private


def test_an_invite_survives_signing_in_as_a_guest(private: Table, client: Client) -> None:
    client.get(reverse("invite", args=[private.invite_token]))
    client.post(reverse("guest"), {"next": f"/t/{private.public_id}/"})
    client.post(reverse("table-join", args=[private.public_id]))
    assert private.seats.filter(user__is_guest=True).count() == 1


def test_remembered_invites_are_capped_newest_kept(ada: User) -> None:
    from spacemission.lobby.access import MAX_INVITES, has_invite, remember_invite

    session: dict = {}
    tables = [services.create_table(ada, "space-mission", 2, private=True) for _ in range(3)]
    for pk in range(1000, 1000 + MAX_INVITES):
        session.setdefault("table_invites", []).append(pk)
    for table in tables:
        remember_invite(session, table)
    assert len(session["table_invites"]) == MAX_INVITES
    assert all(has_invite(session, table) for table in tables)
    remember_invite(session, tables[0])
    assert session["table_invites"][-1] == tables[0].pk
    assert len(session["table_invites"]) == MAX_INVITES


def test_a_host_who_hands_a_private_table_on_goes_to_the_lobby(
    private: Table, bob: User, as_ada: Client
) -> None:
    services.join(bob, private.pk)
    response = as_ada.post(reverse("table-leave", args=[private.public_id]))
    assert response["Location"] == reverse("lobby")
    private.refresh_from_db()
    assert private.host == bob
    assert as_ada.get(response["Location"]).status_code == 200


def test_a_guest_of_a_private_table_who_leaves_sees_its_waiting_room_again(
    private: Table, as_bob: Client
) -> None:
    as_bob.get(reverse("invite", args=[private.invite_token]))
    as_bob.post(reverse("table-join", args=[private.public_id]))
    response = as_bob.post(reverse("table-leave", args=[private.public_id]))
    assert response["Location"] == f"/t/{private.public_id}/"


@pytest.fixture
def hidden_finished_table() -> str:
    """A private table whose match its bots have played to the end."""
    match = create_match(["greedy", "greedy"], private=True)
    while play_bot(match.pk) is not None:
        pass
    return match.table.public_id


TABLE_PAGES = ["table", "table-state", "table-replay", "table-replay-views", "table-record"]


@pytest.mark.parametrize("debug", [False, True])
@pytest.mark.parametrize("name", TABLE_PAGES)
def test_a_hidden_table_is_answered_as_a_missing_one_in_every_mode(
    hidden_finished_table: str, as_bob: Client, client: Client, settings, debug: bool, name: str
) -> None:
    """``DEBUG=1`` (``scripts/serve``) too: neither the page nor a header tells them apart."""
    settings.DEBUG = debug
    for visitor in (as_bob, client):
        hidden = visitor.get(reverse(name, args=[hidden_finished_table]))
        missing = visitor.get(reverse(name, args=["nosuch00"]))
        assert hidden.status_code == missing.status_code == 404
        assert dict(hidden.headers) == dict(missing.headers)
        shown = without_tokens(hidden).replace(hidden_finished_table, "nosuch00")
        assert shown == without_tokens(missing)
