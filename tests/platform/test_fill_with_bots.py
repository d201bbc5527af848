"""Quick match against people: the lobby shows who waits; a host nobody joined is offered,
after a countdown, to fill the empty seats with bots and start."""

from __future__ import annotations

import pytest
from django.contrib.messages import get_messages
from django.test import Client
from django.urls import reverse

from spacemission.accounts.models import User
from spacemission.lobby import services
from spacemission.lobby.games import DEFAULT_LEVEL
from spacemission.lobby.models import Table
from spacemission.lobby.views import FILL_AFTER

pytestmark = pytest.mark.django_db


def test_the_lobby_shows_who_waits_for_a_quick_match(as_bob: Client, ada: User) -> None:
    waiting = services.quick_match(ada, "jump-drive", 3)
    slow = services.create_table(ada, "blabla", 2, pace="day")  # no quick match
    response = as_bob.get(reverse("lobby"))
    assert [entry["id"] for entry in response.context["quick_waiting"]] == [waiting.public_id]
    html = response.content.decode()
    box = html.split('id="quick-waiting"')[1].split("</ul>")[0]
    assert f'data-waiting="{waiting.public_id}"' in box and "1/3 seated: Ada" in box
    assert slow.public_id not in box


def test_a_waiting_host_fills_the_empty_seats_with_bots_and_starts(
    as_ada: Client, ada: User, bob: User
) -> None:
    table = services.quick_match(ada, "space-mission", 4)
    services.join(bob, table.pk)
    room = as_ada.get(table.get_absolute_url())
    offer = room.content.decode().split('class="panel fill-offer"')[1]
    fill_at = int((table.created_at + FILL_AFTER).timestamp() * 1000)
    assert f'data-fill-at="{fill_at}"' in offer  # the countdown's end
    assert "Fill 2 empty seats with bots and start" in offer
    response = as_ada.post(reverse("table-fill", args=[table.public_id]))
    table.refresh_from_db()
    assert response["Location"] == table.get_absolute_url()
    assert table.status == Table.Status.RUNNING
    seats = list(table.match.seats.order_by("index").values_list("user_id", "bot"))
    assert seats == [(ada.pk, ""), (bob.pk, ""), (None, DEFAULT_LEVEL), (None, DEFAULT_LEVEL)]


def test_only_the_host_fills_seats(as_bob: Client, ada: User, bob: User) -> None:
    table = services.quick_match(ada, "space-mission", 3)
    services.join(bob, table.pk)
    assert "fill-offer" not in as_bob.get(table.get_absolute_url()).content.decode()
    response = as_bob.post(reverse("table-fill", args=[table.public_id]))
    assert [str(m) for m in get_messages(response.wsgi_request)] == ["Only the host may do that."]
    table.refresh_from_db()
    assert table.is_open and table.seats.exclude(bot="").count() == 0


def test_a_full_table_offers_no_bots(as_ada: Client, ada: User, bob: User) -> None:
    table = services.quick_match(ada, "jump-drive", 2)
    services.join(bob, table.pk)
    assert "fill-offer" not in as_ada.get(table.get_absolute_url()).content.decode()
