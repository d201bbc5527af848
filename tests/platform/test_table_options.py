"""Table forms follow the registry: each game's player counts, options and bots."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from spacemission.lobby.forms import CreateTableForm
from spacemission.lobby.models import Table

pytestmark = pytest.mark.django_db


def test_form_offers_every_game_option_and_bot(option_game: str) -> None:
    form = CreateTableForm()
    games = dict(form.fields["game"].choices)
    assert games["space-mission"] == "Space Mission (2 to 5 players)"
    assert games["option-game"] == "Option Game (3 to 4 players)"
    kinds = [k for k, _ in form.fields["bot_kind"].choices]
    assert kinds == ["easy", "normal", "strong"]  # every level some game offers, once
    assert form.fields["option_rounds"].initial == 3
    assert form.fields["option_rounds"].label == "Option Game: Rounds"
    assert form.fields["option_open_hands"].initial is False


def test_options_left_out_take_the_defaults(as_ada: Client, option_game: str) -> None:
    as_ada.post(reverse("table-create"), {"game": option_game, "seats": 3, "bots": 0})
    assert Table.objects.get().options == {"rounds": 3, "open_hands": False}


def test_table_keeps_the_chosen_options(as_ada: Client, option_game: str) -> None:
    data = {"game": option_game, "seats": 3, "bots": 1, "bot_kind": "easy"}
    as_ada.post(reverse("table-create"), {**data, "option_rounds": "5", "option_open_hands": "on"})
    table = Table.objects.get()
    assert table.options == {"rounds": 5, "open_hands": True}
    assert table.seats.get(index=1).bot == "easy"


@pytest.mark.parametrize(
    ("fields", "error"),
    [
        ({"seats": 2}, "Option Game is for 3 to 4 players."),
        (
            {"seats": 3, "bots": 1, "bot_kind": "strong"},
            "There is no such bot level for this game.",
        ),
        ({"seats": 3, "option_rounds": "4"}, "Select a valid choice."),
    ],
)
def test_each_game_keeps_its_own_limits(
    as_ada: Client, option_game: str, fields: dict, error: str
) -> None:
    data = {"game": option_game, "bots": 0, "bot_kind": "easy", "option_rounds": "3", **fields}
    response = as_ada.post(reverse("table-create"), data)
    assert response.status_code == 400
    assert error in str(response.context["create_form"].errors)
    assert not Table.objects.exists()
