"""Bots of one kind at a table have names of their own, the same in the lobby and the match."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from spacemission.accounts.models import User
from spacemission.lobby import services
from spacemission.lobby.botnames import bot_numbers, seat_names
from spacemission.lobby.listing import tables_frame
from spacemission.matches import tables
from spacemission.matches.models import MatchSeat
from spacemission.matches.services import replace_with_bot

pytestmark = pytest.mark.django_db


def test_bots_are_numbered_by_kind_in_seat_order() -> None:
    seats = [("", "Ada"), ("easy", ""), ("random", ""), ("easy", ""), ("", "")]
    assert bot_numbers(seats) == [None, 1, 1, 2, None]
    assert seat_names(seats) == ["Ada", "Easy bot", "Random bot", "Easy bot 2", ""]


def test_a_person_named_like_a_bot_keeps_the_bots_apart() -> None:
    assert seat_names([("easy", ""), ("", "Easy bot")]) == ["Easy bot 2", "Easy bot"]


def test_two_greedy_bots_keep_their_names_from_the_lobby_to_the_match(
    ada: User, as_ada: Client, bob: User
) -> None:
    table = services.create_table(ada, "space-mission", 4, bots=2, bot_kind="easy")
    services.join(bob, table.pk)
    (listed,) = tables_frame()["open"]
    lobby_names = [seat["name"] for seat in listed["taken"]]
    assert lobby_names == ["Ada", "Easy bot", "Easy bot 2", "bob"]
    room = as_ada.get(reverse("table", args=[table.public_id]))
    assert [name for _, name in room.context["seats"]] == lobby_names
    assert "Easy bot 2" in room.content.decode()

    match = tables.start(ada, table.pk)
    names = list(
        MatchSeat.objects.filter(match=match).order_by("index").values_list("name", flat=True)
    )
    assert names == lobby_names


def test_a_bot_that_replaces_a_player_takes_a_name_still_free(ada: User, bob: User) -> None:
    table = services.create_table(ada, "space-mission", 3, bots=1, bot_kind="easy")
    services.join(bob, table.pk)
    match = tables.start(ada, table.pk)
    seat = replace_with_bot(match, 0, "easy")
    assert seat.name == "Easy bot 2"
    names = MatchSeat.objects.filter(match=match).order_by("index").values_list("name", flat=True)
    assert list(names) == ["Easy bot 2", "Easy bot", "bob"]
    (listed,) = tables_frame()["running"]
    assert [seat["name"] for seat in listed["taken"]] == list(names)
    assert [seat["number"] for seat in listed["taken"]] == [2, 1, None]


def test_bot_names_in_german(ada: User, as_ada: Client) -> None:
    table = services.create_table(ada, "space-mission", 4, bots=2, bot_kind="easy")
    page = as_ada.get(reverse("table", args=[table.public_id]), HTTP_ACCEPT_LANGUAGE="de")
    assert [name for _, name in page.context["seats"]][1:3] == ["Leichter Bot", "Leichter Bot 2"]
    # The host's choice of a bot for an empty seat names the levels in German too.
    (free,) = [seat for seat, _ in page.context["seats"] if not seat.taken]
    options = page.content.decode().split(f'id="bot-{free.index}"')[1].split("</select>")[0]
    assert ">Leichter Bot<" in options and ">Starker Bot<" in options and "Strong" not in options
