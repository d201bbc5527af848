""" "Play against bots": one press makes a guest if need be and opens a started table of the
game's usual size against the default bots; bad presses make nothing."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user
from django.contrib.messages import get_messages
from django.test import Client
from django.urls import reverse

from games import registry
from games.core import GameInfo
from spacemission.accounts.guests import create_guest
from spacemission.accounts.models import User
from spacemission.lobby.games import DEFAULT_LEVEL
from spacemission.lobby.models import Launch, Table
from spacemission.matches import playnow
from spacemission.matches.models import Match
from tests.platform.test_lobby_races import race

pytestmark = pytest.mark.django_db
GAMES = registry.shipped_games()


def press(client: Client, game: str, token: str | None = None):
    """A press of the landing page's button, with the token its form carries."""
    page = client.get(reverse("lobby")).content.decode()
    if token is None:
        form = page.split(f'action="{reverse("play-now", args=[game])}"')[1]
        token = form.split('name="launch" value="')[1].split('"')[0]
    return client.post(reverse("play-now", args=[game]), {"launch": token}), token


@pytest.mark.parametrize("game", GAMES)
def test_each_game_suggests_a_player_count_it_allows(game: str) -> None:
    info = registry.get(game).info
    assert info.suggested_players and info.min_players <= info.usual_players <= info.max_players


def test_a_suggestion_outside_the_games_counts_is_refused() -> None:
    with pytest.raises(ValueError, match="suggested_players"):
        GameInfo(id="odd", name="Odd", min_players=2, max_players=4, suggested_players=5)
    assert GameInfo(id="any", name="Any", min_players=2, max_players=4).usual_players == 2


@pytest.mark.parametrize("game", GAMES)
def test_a_new_visitor_plays_against_bots_in_one_press(client: Client, game: str) -> None:
    response, _ = press(client, game)
    table = Table.objects.get()
    assert response.status_code == 302 and response["Location"] == table.get_absolute_url()
    player = get_user(client)
    assert player.is_authenticated and player.is_guest  # made and signed in on the way
    info = registry.get(game).info
    assert table.status == Table.Status.RUNNING and table.seat_count == info.usual_players
    assert (table.host_id, table.rated, table.private) == (player.pk, False, False)
    assert table.pace == playnow.PLAY_NOW_PACE
    seats = list(table.match.seats.order_by("index").values_list("user_id", "bot"))
    assert seats == [(player.pk, "")] + [(None, DEFAULT_LEVEL)] * (info.usual_players - 1)
    # The table page is the match, and it is the player's.
    page = client.get(table.get_absolute_url())
    assert page.context["match_config"]["seat"] == 0


def test_the_landing_page_offers_every_game_and_says_against_whom(client: Client) -> None:
    response = client.get(reverse("lobby"))
    html = response.content.decode()
    for game in GAMES:
        assert f'action="/play/{game}/"' in html
    assert html.count(">Play against bots</button>") == len(response.context["games"])
    assert "You against Normal bot, Normal bot 2" in html  # Space Mission: three players


def test_a_signed_up_player_keeps_their_account(as_ada: Client, ada: User) -> None:
    press(as_ada, "jump-drive")
    table = Table.objects.get()
    assert table.host_id == ada.pk and User.objects.count() == 1
    assert table.seats.get(index=0).user_id == ada.pk


def test_a_game_that_is_not_offered_makes_nothing(client: Client) -> None:
    response, _ = press(client, "chess", token="t" * 22)
    assert response.status_code == 302 and response["Location"] == reverse("lobby")
    assert [str(m) for m in get_messages(response.wsgi_request)] == ["There is no such game."]
    assert not Table.objects.exists() and not User.objects.exists()
    assert not get_user(client).is_authenticated


def test_a_second_press_of_the_same_form_lands_on_the_same_table(client: Client) -> None:
    first, token = press(client, "blabla")
    # The browser sent the second press before the first answer set its cookie: it comes
    # without a session, with the same form's token.
    again = Client()
    second, _ = press(again, "blabla", token=token)
    assert second["Location"] == first["Location"]
    assert Table.objects.count() == 1 and Match.objects.count() == 1
    assert User.objects.count() == 1
    assert get_user(again).pk == get_user(client).pk  # the same guest, at their table
    # A press of a fresh form is a new table.
    press(client, "blabla")
    assert Table.objects.count() == 2


def test_a_token_never_signs_in_to_an_account(as_ada: Client, ada: User) -> None:
    _, token = press(as_ada, "space-mission")
    stranger = Client()
    press(stranger, "space-mission", token=token)
    someone = get_user(stranger)
    assert someone.pk != ada.pk and someone.is_guest  # a press of their own, a table of theirs
    assert sorted(Table.objects.values_list("host_id", flat=True)) == [ada.pk, someone.pk]


def test_an_old_token_makes_a_new_table(client: Client) -> None:
    _, token = press(client, "space-mission")
    Launch.objects.update(created_at=Launch.objects.get().created_at - playnow.REPEAT_WINDOW)
    press(client, "space-mission", token=token)
    assert Table.objects.count() == 2


def test_play_now_needs_a_post(client: Client) -> None:
    assert client.get(reverse("play-now", args=["blabla"])).status_code == 405
    assert not Table.objects.exists()


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_two_presses_racing_make_one_table() -> None:
    token = playnow.new_token()

    def one_press() -> playnow.Launched:
        return playnow.play_against_bots(token, None, "jump-drive", create_guest)

    first, second = race([one_press, one_press])
    assert isinstance(first, playnow.Launched) and isinstance(second, playnow.Launched)
    assert first.table.pk == second.table.pk and first.player.pk == second.player.pk
    assert Table.objects.count() == 1 and Match.objects.count() == 1
    assert User.objects.count() == 1  # the loser's guest went with its transaction
