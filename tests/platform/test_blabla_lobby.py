"""BlaBla in the lobby: offered with its player counts, its two table options and its
bots, and its rules page; tables are created with options, started and quick-matched as
for any game."""

from __future__ import annotations

import json
import re

import pytest
from django.test import Client
from django.urls import reverse

from games import registry
from spacemission.accounts.models import User
from spacemission.lobby import services
from spacemission.lobby.models import Table
from spacemission.matches.models import Match
from spacemission.matches.states import current

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


RULES = {  # the page's language: its title, a heading, the options with their defaults
    "en": ("Rules of BlaBla", "Meetings and fights", "Combat tokens</dt><dd>on by default"),
    "de": ("Regeln von BlaBla", "Treffen und Kämpfe", "Kampftokens</dt><dd>standardmäßig an"),
    "hu": ("BlaBla \u2013 szabályok", "Találkozások és harcok", "korongok</dt><dd>alapból be"),
}


@pytest.mark.django_db
@pytest.mark.parametrize("lang", RULES)
def test_the_rules_page_is_linked_from_the_lobby_and_worded_in_each_language(
    as_ada: Client, lang: str
) -> None:
    url = reverse("rules", args=[GAME])
    lobby = as_ada.get(reverse("lobby"), HTTP_ACCEPT_LANGUAGE=lang).content.decode()
    assert f'href="{url}"' in lobby
    html = as_ada.get(url, HTTP_ACCEPT_LANGUAGE=lang).content.decode()
    for text in RULES[lang]:
        assert text in html
    assert "<script>" not in html and " style=" not in html  # no inline script or style
    for pieces in ("board", "cards", "boosts"):
        assert f'data-pieces="{pieces}"' in html


@pytest.mark.django_db
def test_the_rules_page_draws_from_a_spectators_view_of_a_full_table(as_ada: Client) -> None:
    html = as_ada.get(reverse("rules", args=[GAME])).content.decode()
    sample = r'<script id="rules-sample" type="application/json">(.*?)</script>'
    block = re.search(sample, html, re.S)
    view = json.loads(block.group(1))
    assert view["seat"] is None and view["me"] is None and view["legal"] == []
    assert sorted(p["set"] for p in view["players"]) == ["A", "B", "C", "D"]
    assert view["options"] == {"combat_tokens": True, "drift_fields": False}
    assert all(p["ship"]["at"] in {"f10", "g10", "f11", "g11"} for p in view["players"])  # B12


@pytest.mark.django_db
def test_a_table_with_its_options_starts_a_match_with_them(as_ada: Client) -> None:
    data = {"game": GAME, "seats": 3, "bots": 2, "bot_kind": "easy", "option_drift_fields": "on"}
    response = as_ada.post(reverse("table-create"), data)
    table = Table.objects.get()
    assert response["Location"] == f"/t/{table.public_id}/" and table.game == GAME
    assert table.options == {"combat_tokens": False, "drift_fields": True}
    as_ada.post(reverse("table-start", args=[table.public_id]))
    match = Match.objects.get(table=table)
    assert current(match)["options"] == {"combat_tokens": False, "drift_fields": True}
    assert registry.get(GAME).active_seats(current(match)) == [current(match)["start"]]


@pytest.mark.django_db
def test_quick_match_opens_and_fills_a_blabla_table(ada: User, bob: User, holders) -> None:
    first = services.quick_match(ada, GAME, 2)
    assert first.game == GAME and holders(first) == ["ada", ""]
    assert services.quick_match(bob, GAME, 2) == first
    assert holders(first) == ["ada", "bob"]
