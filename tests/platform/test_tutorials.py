"""The guided first game: its page, its start (a guest made if needed), its fixed deal."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from games import registry
from spacemission.accounts.models import User
from spacemission.lobby import services as lobby
from spacemission.lobby.models import Table
from spacemission.matches import tables
from spacemission.matches.states import current
from spacemission.tutorials import services

pytestmark = pytest.mark.django_db
GAMES = registry.shipped_games()


@pytest.mark.parametrize("game", GAMES)
def test_a_new_visitor_starts_a_guided_game_as_a_guest(client: Client, game: str) -> None:
    page = client.get(reverse("learn", args=[game]))
    assert page.status_code == 200 and 'id="learn-start"' in page.content.decode()
    response = client.post(reverse("learn", args=[game]))
    table = Table.objects.get()
    assert response.status_code == 302 and response.url == table.get_absolute_url()
    assert table.host.is_guest and table.private and not table.rated and table.pace == "none"
    assert table.status == Table.Status.RUNNING
    seats = list(table.seats.order_by("index"))
    assert seats[0].user == table.host and all(seat.bot for seat in seats[1:])
    html = client.get(table.get_absolute_url()).content.decode()
    assert 'id="tutorial-config"' in html and f'href="/learn/{game}/"' in html


def test_a_second_click_on_start_gets_the_table_just_made(client: Client) -> None:
    first = client.post(reverse("learn", args=["blabla"]))
    second = client.post(reverse("learn", args=["blabla"]))
    assert first.url == second.url and Table.objects.count() == 1


@pytest.mark.parametrize("game", GAMES)
def test_every_guided_game_of_a_game_is_dealt_the_same(ada: User, game: str) -> None:
    first = services.start_guided_game(ada, game)
    first.created_at -= services.REPEATED_START
    first.save(update_fields=["created_at"])
    second = services.start_guided_game(ada, game)
    assert first != second
    assert first.match.seed == second.match.seed == services.SEED
    view = registry.get(game).view
    assert view(current(first.match), 0) == view(current(second.match), 0)


def test_the_seat_starts_the_guided_game(ada: User) -> None:
    for game in GAMES:
        table = services.start_guided_game(ada, game)
        assert 0 in registry.get(game).active_seats(current(table.match))


def test_an_ordinary_table_links_to_the_tutorial_without_the_guide(
    as_ada: Client, ada: User
) -> None:
    table = lobby.create_table(ada, "blabla", 2, bots=1, bot_kind="easy")
    tables.start(ada, table.pk)
    html = as_ada.get(table.get_absolute_url()).content.decode()
    assert 'href="/learn/blabla/"' in html and "tutorial-config" not in html


def test_the_learn_page_offers_to_continue_a_running_guided_game(as_ada: Client, ada: User) -> None:
    table = services.start_guided_game(ada, "jump-drive")
    html = as_ada.get(reverse("learn", args=["jump-drive"])).content.decode()
    assert f'href="{table.get_absolute_url()}#guide" id="learn-continue"' in html


@pytest.mark.parametrize("method", ["get", "post"])
def test_a_tutorial_for_an_unknown_game_is_a_404_with_a_message(
    client: Client, method: str
) -> None:
    response = getattr(client, method)("/learn/chess/")
    assert response.status_code == 404
    html = response.content.decode()
    assert "There is no tutorial for this game here." in html and 'href="/learn/blabla/"' in html
    assert not Table.objects.exists() and not User.objects.exists()


def test_the_lobby_links_to_each_game_s_tutorial(client: Client) -> None:
    html = client.get(reverse("lobby")).content.decode()
    assert all(f'href="/learn/{game}/"' in html for game in GAMES)
