"""Rated and casual tables: the host's choice; rated ones seat signed-up accounts only."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from spacemission.accounts.guests import create_guest
from spacemission.lobby import services
from spacemission.lobby.models import Table
from spacemission.lobby.services import LobbyError

pytestmark = pytest.mark.django_db
GAME = "space-mission"


def test_the_host_chooses_rated_or_casual(as_ada: Client) -> None:
    form = as_ada.get(reverse("lobby")).context["create_form"]
    # Every new table starts casual, whatever the last one was: ratings are asked for.
    assert form["rated"].value() is False
    as_ada.post(reverse("table-create"), {"game": GAME, "seats": 2, "bots": 0, "rated": "on"})
    as_ada.post(reverse("table-create"), {"game": GAME, "seats": 3, "bots": 0})
    assert list(Table.objects.order_by("seat_count").values_list("rated", flat=True)) == [
        True,
        False,
    ]
    page = as_ada.get(reverse("lobby")).content.decode()
    assert "rated" in page and "casual" in page


def test_guests_cannot_sit_at_rated_tables(ada) -> None:
    guest = create_guest()
    rated = services.create_table(ada, GAME, 3, rated=True)
    with pytest.raises(LobbyError, match="signed-up"):
        services.join(guest, rated.pk)
    with pytest.raises(LobbyError, match="signed-up"):
        services.create_table(guest, GAME, 2, rated=True)
    casual = services.create_table(ada, GAME, 3)
    assert services.join(guest, casual.pk).user == guest
    assert rated.seats.filter(user=guest).count() == 0


def test_a_guests_lobby_form_offers_casual_and_a_rated_post_is_refused() -> None:
    client = Client()
    client.post(reverse("guest"))
    assert client.get(reverse("lobby")).context["create_form"]["rated"].value() is False
    response = client.post(
        reverse("table-create"), {"game": GAME, "seats": 2, "bots": 0, "rated": "on"}
    )
    assert response.status_code == 400 and "Sign up to play rated" in response.content.decode()
    assert not Table.objects.exists()


def test_quick_match_is_rated_for_accounts_and_casual_for_guests(ada, bob) -> None:
    guest = create_guest()
    for_guest = services.quick_match(guest, GAME, 2)
    for_ada = services.quick_match(ada, GAME, 2)
    assert (for_guest.rated, for_ada.rated) == (False, True)
    assert for_guest != for_ada  # a guest's quick table is not offered to accounts
    assert services.quick_match(bob, GAME, 2) == for_ada


def test_a_guest_who_signs_up_may_play_rated(ada) -> None:
    guest = create_guest()
    guest.username, guest.is_guest = "astra", False
    guest.save()
    rated = services.create_table(ada, GAME, 2, rated=True)
    assert services.join(guest, rated.pk).user_id == guest.pk
