"""Each table's game in the lobby: the forms carry every game's limits for the page's
script, and the lists name the game of each table with a badge of its own."""

from __future__ import annotations

import json
import re
from html import unescape

import pytest
from django.test import Client
from django.urls import reverse

from spacemission.accounts.models import User
from spacemission.lobby import services
from spacemission.lobby.games import game_mark
from spacemission.lobby.listing import tables_frame
from spacemission.matches import tables

pytestmark = pytest.mark.django_db


def attribute(html: str, element_id: str, name: str) -> str:
    """The value of attribute ``name`` of the element with this id, unescaped."""
    tag = re.search(rf'<[^>]*\bid="{element_id}"[^>]*>', html)
    assert tag, element_id
    value = re.search(rf'\b{name}="([^"]*)"', tag.group(0))
    assert value, (element_id, name)
    return unescape(value.group(1))


def test_both_forms_carry_each_games_player_counts_and_bots(as_ada: Client) -> None:
    response = as_ada.get(reverse("lobby"))
    html = response.content.decode()
    for prefix, form in (("new", "create_form"), ("quick", "quick_form")):
        games = json.loads(attribute(html, f"{prefix}_game", "data-games"))
        bots = ["easy", "normal", "strong"]
        assert games["space-mission"] == {"seats": [2, 3, 4, 5], "usual": 3, "bots": bots}
        assert games["jump-drive"] == {"seats": [2, 3, 4], "usual": 2, "bots": bots}
        # Without the script every count stays offered; the server refuses a wrong one.
        assert [n for n, _ in response.context[form].fields["seats"].choices] == [2, 3, 4, 5]


def test_a_games_options_are_marked_as_its_own(as_ada: Client, option_game: str) -> None:
    html = as_ada.get(reverse("lobby")).content.decode()
    games = json.loads(attribute(html, "new_game", "data-games"))
    assert games[option_game] == {"seats": [3, 4], "usual": 3, "bots": ["easy"]}
    assert attribute(html, "new_option_rounds", "data-game") == option_game
    assert attribute(html, "new_option_open_hands", "data-game") == option_game


def test_each_listed_table_shows_its_game(ada: User, bob: User, as_ada: Client) -> None:
    mission = services.create_table(ada, "space-mission", 3)
    drive = services.create_table(bob, "jump-drive", 2, bots=1, bot_kind="easy")
    tables.start(bob, drive.pk)
    frame = tables_frame()
    ((opened,), (running,)) = frame["open"], frame["running"]
    assert (opened["id"], opened["game_name"], opened["mark"]) == (
        mission.public_id,
        "Space Mission",
        "SM",
    )
    listed = (running["id"], running["game_name"], running["mark"])
    assert listed == (drive.public_id, "Jump Drive", "JD")
    assert opened["hue"] != running["hue"]

    html = as_ada.get(reverse("lobby")).content.decode()
    for entry in (opened, running):
        row = f'<li class="table-row" data-table="{entry["id"]}" data-game="{entry["game"]}">'
        mark = (
            f'<span class="game-mark" data-game="{entry["game"]}" aria-hidden="true">'
            f"{entry['mark']}</span> <strong>{entry['game_name']}</strong>"
        )
        assert row in html and mark in html.split(row, 1)[1].split("</li>", 1)[0]


def test_your_tables_show_their_game(ada: User, as_ada: Client) -> None:
    drive = services.create_table(ada, "jump-drive", 2, private=True)
    html = as_ada.get(reverse("lobby")).content.decode()
    mine = html.split('id="my-tables-title"', 1)[1].split("</section>", 1)[0]
    hue = game_mark("jump-drive")["hue"]
    assert hue != game_mark("space-mission")["hue"]
    assert (
        f'<a href="/t/{drive.public_id}/"><span class="game-mark" data-game="jump-drive" '
        f'aria-hidden="true">JD</span> Jump Drive · Table {drive.public_id}' in mine
    )
