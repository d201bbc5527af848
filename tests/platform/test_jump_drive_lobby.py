"""Jump Drive in the lobby: offered with its player counts; tables are created, joined,
filled with bots, started, quick-matched and watched as for any game."""

from __future__ import annotations

import re

import pytest
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator
from django.test import Client
from django.urls import reverse

from games import registry
from spacemission.accounts.models import User
from spacemission.asgi import application
from spacemission.lobby import services
from spacemission.lobby.models import Table
from spacemission.matches import tables
from spacemission.matches.models import Match
from spacemission.matches.services import bot_to_move
from spacemission.matches.states import current

GAME = "jump-drive"


def card_says(html: str, game: str, players: str) -> bool:
    """Whether the game's card in the lobby names its players, then links its rules."""
    card = rf'data-game="{game}">.*?<p class="muted">{players} · <a'
    return re.search(card, html, re.S) is not None


@pytest.mark.django_db
def test_the_lobby_offers_jump_drive_with_its_player_counts(as_ada: Client) -> None:
    response = as_ada.get(reverse("lobby"))
    for form in ("create_form", "quick_form"):
        games = dict(response.context[form].fields["game"].choices)
        assert games[GAME] == "Jump Drive (2 to 4 players)"
    html = response.content.decode()
    assert '<option value="jump-drive">Jump Drive (2 to 4 players)</option>' in html
    # Each game's card says whom it is for, then links its rules.
    assert card_says(html, GAME, "2 to 4 players")
    assert f'href="{reverse("rules", args=[GAME])}"' in html
    assert card_says(html, "space-mission", "2 to 5 players")
    german = as_ada.get(reverse("lobby"), HTTP_ACCEPT_LANGUAGE="de").content.decode()
    assert card_says(german, GAME, "2 bis 4 Spieler")


@pytest.mark.django_db
@pytest.mark.parametrize("seats", [1, 5])
def test_jump_drive_refuses_other_table_sizes(as_ada: Client, seats: int) -> None:
    data = {"game": GAME, "seats": seats, "bots": 0, "bot_kind": "easy"}
    response = as_ada.post(reverse("table-create"), data)
    assert response.status_code == 400
    assert not Table.objects.exists()
    if seats == 5:  # 5 is offered (Space Mission takes 5): the game itself refuses
        assert "Jump Drive is for 2 to 4 players." in str(response.context["create_form"].errors)


@pytest.mark.django_db
def test_a_table_is_created_joined_filled_with_bots_and_started(
    as_ada: Client, as_bob: Client, ada: User, holders
) -> None:
    data = {"game": GAME, "seats": 4, "bots": 1, "bot_kind": "easy"}
    response = as_ada.post(reverse("table-create"), data)
    table = Table.objects.get()
    assert response["Location"] == f"/t/{table.public_id}/" and table.game == GAME
    page = as_ada.get(table.get_absolute_url()).content.decode()
    assert "Jump Drive · Table" in page
    assert '<option value="normal" selected>Normal bot</option>' in page  # the game's levels
    as_bob.post(reverse("table-join", args=[table.public_id]))
    as_ada.post(reverse("table-bot-add", args=[table.public_id]), {"kind": "strong"})
    assert holders(table) == ["ada", "bot:easy", "bob", "bot:strong"]
    as_ada.post(reverse("table-start", args=[table.public_id]))
    match = Match.objects.get(table=table)
    game = registry.get(GAME)
    assert (match.game, match.seat_count, match.status) == (GAME, 4, "running")
    assert game.active_seats(current(match)) == [0, 1, 2, 3]  # everyone keeps 5 of 7 (J10)
    # Several bots may act at once; each is found in turn, in seat order.
    assert bot_to_move(match) == (1, "easy")
    config = as_bob.get(table.get_absolute_url()).context["match_config"]
    assert (config["game"], config["game_name"], config["seat"]) == (GAME, "Jump Drive", 2)


@pytest.mark.django_db
def test_a_running_jump_drive_match_is_listed_and_watched(ada: User, bob: User) -> None:
    table = services.create_table(ada, GAME, 3, bots=1, bot_kind="easy")
    services.join(bob, table.pk)
    match = tables.start(ada, table.pk)
    lobby = Client().get(reverse("lobby"))
    (running,) = lobby.context["running_tables"]
    assert (running["game"], running["game_name"], running["id"]) == (
        GAME,
        "Jump Drive",
        table.public_id,
    )
    response = Client().get(running["watch"])
    assert response.templates[0].name == "match/table.html"
    config = response.context["match_config"]
    assert (config["game"], config["seat"], config["ws"]) == (GAME, None, f"/ws/match/{match.pk}/")


@pytest.mark.django_db
def test_quick_match_keeps_to_the_game_asked_for(ada: User, bob: User, cy: User, holders) -> None:
    mission = services.create_table(
        bob, "space-mission", 3, bots=1, bot_kind="easy", rated=True, bots_rated=True
    )
    drive = services.create_table(cy, GAME, 3, rated=True)
    assert services.quick_match(ada, GAME, 3) == drive
    assert holders(drive) == ["cy", "ada", ""]
    assert holders(mission) == ["bob", "bot:easy", ""]


@pytest.mark.django_db
def test_quick_match_form_opens_a_jump_drive_table(as_ada: Client, ada: User) -> None:
    response = as_ada.post(reverse("quick-match"), {"game": GAME, "seats": 2})
    table = Table.objects.get()
    assert response["Location"] == f"/t/{table.public_id}/"
    assert (table.game, table.seat_count, table.host) == (GAME, 2, ada)
    response = as_ada.post(reverse("quick-match"), {"game": GAME, "seats": 5}, follow=True)
    assert "Jump Drive is for 2 to 4 players." in response.content.decode()
    assert Table.objects.count() == 1


@pytest.mark.django_db(transaction=True)
async def test_the_lobby_socket_lists_jump_drive_tables() -> None:
    ada = await database_sync_to_async(User.objects.create_user)(username="ada")
    socket = WebsocketCommunicator(
        application, "/ws/lobby/", headers=[(b"origin", b"http://localhost")]
    )
    assert (await socket.connect())[0]
    await socket.receive_json_from()
    create = database_sync_to_async(services.create_table)
    table = await create(ada, GAME, 2, bots=1, bot_kind="easy")
    (listed,) = (await socket.receive_json_from())["open"]
    assert (listed["id"], listed["game"], listed["game_name"]) == (
        table.public_id,
        GAME,
        "Jump Drive",
    )
    assert listed["taken"][1] == {"seat": 1, "name": "Easy bot", "bot": "easy", "number": 1}
    await database_sync_to_async(tables.start)(ada, table.pk)
    (running,) = (await socket.receive_json_from())["running"]
    assert (running["game"], running["watch"]) == (GAME, f"/t/{table.public_id}/")
    await socket.disconnect()
