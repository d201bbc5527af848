"""BlaBla in the lobby: offered with its player counts, its two table options and its
bots; tables are created with options, started and quick-matched as for any game."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from games import registry
from spacemission.accounts.models import User
from spacemission.lobby import services
from spacemission.lobby.models import Table
from spacemission.matches.models import Match

GAME = "blabla"


@pytest.mark.django_db
def test_the_lobby_offers_blabla_with_its_player_counts_and_options(as_ada: Client) -> None:
    response = as_ada.get(reverse("lobby"))
    for form in ("create_form", "quick_form"):
        games = dict(response.context[form].fields["game"].choices)
        assert games[GAME] == "BlaBla (2 to 4 players)"
    fields = response.context["create_form"].fields
    assert fields["option_combat_tokens"].initial is True
    assert fields["option_drift_fields"].initial is False
    assert fields["option_combat_tokens"].label == "BlaBla: Combat tokens"
    german = as_ada.get(reverse("lobby"), HTTP_ACCEPT_LANGUAGE="de").content.decode()
    assert "BlaBla: Kampftokens" in german and "BlaBla: Driftfelder" in german


@pytest.mark.django_db
def test_a_table_with_its_options_starts_a_match_with_them(as_ada: Client) -> None:
    data = {"game": GAME, "seats": 3, "bots": 2, "bot_kind": "greedy", "option_drift_fields": "on"}
    response = as_ada.post(reverse("table-create"), data)
    table = Table.objects.get()
    assert response["Location"] == f"/t/{table.public_id}/" and table.game == GAME
    assert table.options == {"combat_tokens": False, "drift_fields": True}
    as_ada.post(reverse("table-start", args=[table.public_id]))
    match = Match.objects.get(table=table)
    assert match.state["options"] == {"combat_tokens": False, "drift_fields": True}
    assert registry.get(GAME).active_seats(match.state) == [match.state["start"]]


@pytest.mark.django_db
def test_quick_match_opens_and_fills_a_blabla_table(ada: User, bob: User, holders) -> None:
    first = services.quick_match(ada, GAME, 2)
    assert first.game == GAME and holders(first) == ["ada", ""]
    assert services.quick_match(bob, GAME, 2) == first
    assert holders(first) == ["ada", "bob"]
