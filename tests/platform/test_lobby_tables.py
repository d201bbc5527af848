"""Creating, joining, leaving and starting tables, through the plain-form views."""

from __future__ import annotations

from urllib.parse import parse_qs, urlparse

import pytest
from django.contrib.messages import get_messages
from django.test import Client
from django.urls import reverse

from spacemission.accounts.models import User
from spacemission.lobby import services
from spacemission.lobby.models import Table
from spacemission.matches import tables
from spacemission.matches.models import Match

pytestmark = pytest.mark.django_db


def messages_of(response) -> list[str]:
    return [str(m) for m in get_messages(response.wsgi_request)]


def test_create_table_seats_host_and_bots(as_ada: Client, ada: User, holders) -> None:
    response = as_ada.post(
        reverse("table-create"),
        {"game": "space-mission", "seats": 4, "bots": 2, "bot_kind": "strong"},
    )
    table = Table.objects.get()
    assert response.status_code == 302
    assert response["Location"] == f"/t/{table.public_id}/"
    assert (table.host, table.seat_count, table.status) == (ada, 4, "open")
    assert holders(table) == ["ada", "bot:strong", "bot:strong", ""]


@pytest.mark.parametrize(
    ("fields", "error"),
    [
        ({"seats": 6, "bots": 0}, "seats"),
        ({"seats": 1, "bots": 0}, "seats"),
        ({"seats": 3, "bots": 3, "bot_kind": "easy"}, "at least one seat"),
        ({"seats": 3, "bots": 1, "bot_kind": "clairvoyant"}, "bot_kind"),
        ({"seats": 3, "bots": 0, "game": "chess"}, "game"),
    ],
)
def test_create_table_refuses_bad_input(as_ada: Client, fields: dict, error: str) -> None:
    data = {"game": "space-mission", "bot_kind": "easy", **fields}
    response = as_ada.post(reverse("table-create"), data)
    assert response.status_code == 400
    form = response.context["create_form"]
    assert error in str(form.errors).lower() or error in form.errors
    assert not Table.objects.exists()


def test_anonymous_create_goes_to_login(client: Client) -> None:
    response = client.post(reverse("table-create"), {"game": "space-mission", "seats": 2})
    assert response.status_code == 302
    assert response["Location"].startswith(reverse("login"))
    assert not Table.objects.exists()


def test_a_table_asked_for_while_logged_out_is_opened_on_the_way_back(client: Client) -> None:
    chosen = {"game": "jump-drive", "seats": "4", "bots": "2", "bot_kind": "easy"}
    response = client.post(reverse("table-create"), {**chosen, "csrfmiddlewaretoken": "x"})
    back = parse_qs(urlparse(response["Location"]).query)["next"][0]
    assert back == reverse("resume") and not Table.objects.exists()
    client.force_login(User.objects.create_user("lena", password="orbit-Sling-42"))
    response = client.get(back)  # where the login sends her back
    table = Table.objects.get()
    assert response["Location"] == table.get_absolute_url()
    assert (table.game, table.seat_count, table.host.username) == ("jump-drive", 4, "lena")
    assert sorted(table.seats.values_list("bot", flat=True)) == ["", "", "easy", "easy"]
    assert client.get(back)["Location"] == reverse("lobby")  # done once, not again


def test_join_takes_first_free_seat(table: Table, as_bob: Client, holders) -> None:
    response = as_bob.post(reverse("table-join", args=[table.public_id]))
    assert response.status_code == 302
    assert holders(table) == ["ada", "bob", ""]


def test_join_a_chosen_seat(table: Table, as_bob: Client, holders) -> None:
    as_bob.post(reverse("table-join", args=[table.public_id]), {"seat": 2})
    assert holders(table) == ["ada", "", "bob"]


@pytest.mark.parametrize("seat", ["-1", "abc", "1.5", "3", "99999999999999999999"])
def test_join_a_seat_that_is_no_seat_is_refused(
    table: Table, as_bob: Client, holders, seat: str
) -> None:
    url = reverse("table-join", args=[table.public_id])
    response = as_bob.post(url, {"seat": seat}, follow=True)
    assert "There is no such seat." in messages_of(response)
    assert holders(table) == ["ada", "", ""]


@pytest.mark.parametrize("seat", ["-1", "abc", "1.5"])
def test_a_bot_for_a_seat_that_is_no_seat_is_refused(
    table: Table, as_ada: Client, holders, seat: str
) -> None:
    url = reverse("table-bot-add", args=[table.public_id])
    response = as_ada.post(url, {"kind": "easy", "seat": seat}, follow=True)
    assert "There is no such seat." in messages_of(response)
    assert holders(table) == ["ada", "", ""]


def test_join_twice_is_refused(table: Table, bob: User, as_bob: Client, holders) -> None:
    services.join(bob, table.pk)
    response = as_bob.post(reverse("table-join", args=[table.public_id]), follow=True)
    assert "You already sit at this table." in messages_of(response)
    assert holders(table) == ["ada", "bob", ""]


def test_join_a_full_table_is_refused(table: Table, bob: User, cy: User, make_user) -> None:
    services.join(bob, table.pk)
    services.join(cy, table.pk)
    dan = Client()
    dan.force_login(make_user("dan"))
    response = dan.post(reverse("table-join", args=[table.public_id]), follow=True)
    assert "This table is full." in messages_of(response)
    assert not table.seats.filter(user__username="dan").exists()


def test_join_a_taken_seat_is_refused(table: Table, bob: User, cy: User) -> None:
    services.join(bob, table.pk, 1)
    with pytest.raises(services.LobbyError, match="taken"):
        services.join(cy, table.pk, 1)


def test_leave_frees_the_seat(table: Table, bob: User, as_bob: Client, holders) -> None:
    services.join(bob, table.pk)
    response = as_bob.post(reverse("table-leave", args=[table.public_id]))
    assert response.status_code == 302
    assert holders(table) == ["ada", "", ""]


def test_leaving_host_hands_the_table_on(table: Table, as_ada: Client, bob, cy, holders) -> None:
    services.join(cy, table.pk, 2)
    services.join(bob, table.pk, 1)
    as_ada.post(reverse("table-leave", args=[table.public_id]))
    table.refresh_from_db()
    assert table.host == bob  # the next seat, not the first to arrive
    assert holders(table) == ["", "bob", "cy"]


def test_last_player_leaving_closes_the_table(ada: User, as_ada: Client) -> None:
    table = services.create_table(ada, "space-mission", 3, bots=2, bot_kind="easy")
    response = as_ada.post(reverse("table-leave", args=[table.public_id]))
    assert response["Location"] == reverse("lobby")
    assert not Table.objects.filter(pk=table.pk).exists()


def test_leave_when_not_seated_is_refused(table: Table, bob: User) -> None:
    with pytest.raises(services.LobbyError, match="do not sit"):
        tables.leave(bob, table.pk)


def test_host_adds_and_removes_bots(table: Table, as_ada: Client, holders) -> None:
    as_ada.post(reverse("table-bot-add", args=[table.public_id]), {"kind": "strong", "seat": 2})
    assert holders(table) == ["ada", "", "bot:strong"]
    as_ada.post(reverse("table-bot-add", args=[table.public_id]), {"kind": "easy"})
    assert holders(table) == ["ada", "bot:easy", "bot:strong"]
    as_ada.post(reverse("table-bot-remove", args=[table.public_id, 2]))
    assert holders(table) == ["ada", "bot:easy", ""]


def test_only_the_host_manages_bots(table: Table, bob: User, as_bob: Client, holders) -> None:
    services.join(bob, table.pk)
    response = as_bob.post(
        reverse("table-bot-add", args=[table.public_id]), {"kind": "easy"}, follow=True
    )
    assert "Only the host may do that." in messages_of(response)
    assert holders(table) == ["ada", "bob", ""]


def test_unknown_bot_kind_is_refused(table: Table, ada: User) -> None:
    with pytest.raises(services.LobbyError, match="no such bot"):
        services.add_bot(ada, table.pk, "clairvoyant")


@pytest.mark.parametrize("level", ["clairvoyant", "random", "greedy", ""])
def test_a_level_the_game_does_not_offer_is_refused(
    table: Table, as_ada: Client, holders, level: str
) -> None:
    url = reverse("table-bot-add", args=[table.public_id])
    response = as_ada.post(url, {"kind": level}, follow=True)
    assert response.status_code == 200
    assert any("bot" in message or "required" in message for message in messages_of(response))
    assert holders(table) == ["ada", "", ""]


def test_a_bot_for_a_full_table_is_refused(table: Table, as_ada: Client, holders) -> None:
    services.add_bot(table.host, table.pk, "easy")
    services.add_bot(table.host, table.pk, "normal")
    url = reverse("table-bot-add", args=[table.public_id])
    response = as_ada.post(url, {"kind": "strong"}, follow=True)
    assert "This table is full." in messages_of(response)
    assert holders(table) == ["ada", "bot:easy", "bot:normal"]


def test_a_bot_for_a_running_table_is_refused(table: Table, as_ada: Client, holders) -> None:
    services.add_bot(table.host, table.pk, "strong", 1)
    tables.start(table.host, table.pk)
    url = reverse("table-bot-add", args=[table.public_id])
    response = as_ada.post(url, {"kind": "strong"}, follow=True)
    assert response.status_code == 200 and messages_of(response)
    assert holders(table) == ["ada", "bot:strong"]
    assert list(Match.objects.get(table=table).seats.values_list("bot", flat=True)) == [
        "",
        "strong",
    ]


def test_host_starts_with_two_filled(table: Table, as_ada: Client, bob: User) -> None:
    services.join(bob, table.pk, 2)
    response = as_ada.post(reverse("table-start", args=[table.public_id]))
    assert response["Location"] == f"/t/{table.public_id}/"
    table.refresh_from_db()
    match = Match.objects.get(table=table)
    # The empty seat is dropped and the rest closed up: a two-player match.
    assert (table.status, table.seat_count, match.seat_count) == ("running", 2, 2)
    assert [s.user.username for s in table.seats.order_by("index")] == ["ada", "bob"]


def test_bots_count_towards_starting(ada: User, as_ada: Client) -> None:
    table = services.create_table(ada, "space-mission", 4, bots=1, bot_kind="easy")
    as_ada.post(reverse("table-start", args=[table.public_id]))
    table.refresh_from_db()
    assert table.status == "running"
    assert Match.objects.get(table=table).seat_count == 2


def test_start_with_one_filled_is_refused(table: Table, as_ada: Client) -> None:
    response = as_ada.post(reverse("table-start", args=[table.public_id]), follow=True)
    assert "At least 2 seats must be filled to start." in messages_of(response)
    table.refresh_from_db()
    assert table.status == "open"
    assert not Match.objects.exists()


def test_start_by_non_host_is_refused(table: Table, bob: User, as_bob: Client) -> None:
    services.join(bob, table.pk)
    response = as_bob.post(reverse("table-start", args=[table.public_id]), follow=True)
    assert "Only the host may do that." in messages_of(response)
    table.refresh_from_db()
    assert table.status == "open"


def test_no_join_after_start(table: Table, ada: User, bob: User, cy: User) -> None:
    services.join(bob, table.pk)
    tables.start(ada, table.pk)
    with pytest.raises(services.LobbyError, match="already started"):
        services.join(cy, table.pk)


def test_actions_need_post(table: Table, as_ada: Client) -> None:
    for name in ("table-join", "table-leave", "table-start"):
        assert as_ada.get(reverse(name, args=[table.public_id])).status_code == 405


def test_a_rated_table_seats_bots_only_when_bots_count(as_ada: Client, ada: User) -> None:
    data = {"game": "space-mission", "seats": 3, "bots": 1, "bot_kind": "strong", "rated": "on"}
    response = as_ada.post(reverse("table-create"), data)
    assert response.status_code == 400 and not Table.objects.exists()
    assert "Rated, bots count" in response.content.decode()
    as_ada.post(reverse("table-create"), {**data, "bots_rated": "on"})
    table = Table.objects.get()
    assert (table.rated, table.bots_rated, table.seats.get(index=1).bot) == (True, True, "strong")
    page = as_ada.get(reverse("table", args=[table.public_id])).content.decode()
    assert "rated, bots count" in page


def test_no_bot_joins_a_rated_table_without_bots_count(ada: User, as_ada: Client, holders) -> None:
    table = services.create_table(ada, "space-mission", 3, rated=True)
    url = reverse("table-bot-add", args=[table.public_id])
    response = as_ada.post(url, {"kind": "normal"}, follow=True)
    assert any("Rated, bots count" in m for m in messages_of(response))
    assert holders(table) == ["ada", "", ""] and not table.bots_rated
