"""Quick match: the fullest open public table that fits, else a new one (rated tables
for accounts, see test_rated_tables)."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from spacemission.accounts.models import User
from spacemission.lobby import services
from spacemission.lobby.models import Table
from spacemission.matches import tables

pytestmark = pytest.mark.django_db

GAME = "space-mission"


def test_fullest_fitting_table_is_chosen(ada, bob, cy, make_user, holders) -> None:
    emptier = services.create_table(bob, GAME, 4, rated=True)
    fullest = services.create_table(
        cy, GAME, 4, bots=2, bot_kind="easy", rated=True, bots_rated=True
    )
    services.create_table(
        make_user("dan"), GAME, 3, bots=1, bot_kind="easy", rated=True, bots_rated=True
    )  # wrong size
    services.create_table(
        make_user("eve"),
        GAME,
        4,
        bots=2,
        bot_kind="easy",
        private=True,
        rated=True,
        bots_rated=True,
    )
    client = Client()
    client.force_login(ada)
    response = client.post(reverse("quick-match"), {"game": GAME, "seats": 4})
    assert response["Location"] == f"/t/{fullest.public_id}/"
    assert holders(fullest) == ["cy", "bot:easy", "bot:easy", "ada"]
    assert holders(emptier) == ["bob", "", "", ""]


def test_ties_go_to_the_oldest_table(ada, bob, cy) -> None:
    older = services.create_table(bob, GAME, 3, rated=True)
    services.create_table(cy, GAME, 3, rated=True)
    assert services.quick_match(ada, GAME, 3) == older


def test_full_and_started_tables_are_skipped(ada, bob, cy, make_user) -> None:
    full = services.create_table(bob, GAME, 2, bots=1, bot_kind="easy", rated=True, bots_rated=True)
    running = services.create_table(
        cy, GAME, 3, bots=1, bot_kind="easy", rated=True, bots_rated=True
    )
    tables.start(cy, running.pk)
    table = services.quick_match(ada, GAME, 2)
    assert table not in (full, running)
    assert (table.host, table.seat_count, table.private) == (ada, 2, False)


def test_new_table_is_opened_when_none_fits(as_ada: Client, ada: User, holders) -> None:
    response = as_ada.post(reverse("quick-match"), {"game": GAME, "seats": 5})
    table = Table.objects.get()
    assert response["Location"] == f"/t/{table.public_id}/"
    assert (table.host, table.seat_count, table.status) == (ada, 5, "open")
    assert holders(table) == ["ada", "", "", "", ""]


def test_a_table_already_joined_is_kept(ada, bob) -> None:
    table = services.create_table(bob, GAME, 3, rated=True)
    services.join(ada, table.pk)
    assert services.quick_match(ada, GAME, 3) == table
    assert Table.objects.count() == 1


def test_quick_match_refuses_bad_sizes(ada) -> None:
    with pytest.raises(services.LobbyError):
        services.quick_match(ada, GAME, 6)
    with pytest.raises(services.LobbyError):
        services.quick_match(ada, "chess", 2)
