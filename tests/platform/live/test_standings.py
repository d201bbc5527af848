"""The leaderboard of each game and the profile's ratings, chart data and history."""

from __future__ import annotations

import json

import pytest
from django.test import Client
from django.urls import reverse

from spacemission.matches.models import Match, MatchSeat
from spacemission.ratings.models import Rating
from spacemission.ratings.services import rate_match
from tests.platform.live.conftest import create_match, create_user

pytestmark = pytest.mark.django_db


def finished(
    players: list,
    totals: list[int],
    winners: list[int],
    *,
    rated: bool = True,
    private: bool = False,
) -> Match:
    match = create_match(players, game="space-mission", rated=rated, private=private)
    match.status = Match.Status.FINISHED
    match.result = {
        "scores": [{"seat": s, "total": t} for s, t in enumerate(totals)],
        "winners": winners,
    }
    match.save()
    match.table.status = "finished"
    match.table.save()
    rate_match(match)
    return match


def test_the_leaderboard_ranks_established_players_above_provisional_ones(client: Client) -> None:
    ada, bob, cy = (create_user(n) for n in ("ada", "bob", "cy"))
    Rating.objects.create(game="space-mission", user=cy, mu=24.0, sigma=2.0, games=30, wins=9)
    Rating.objects.create(game="space-mission", bot="strong", mu=45.0, sigma=2.0, games=40)
    finished([ada, bob, "easy"], [50, 40, 30], [0])
    Rating.objects.create(game="jump-drive", user=bob, mu=40.0, sigma=2.0, games=30)

    response = client.get(reverse("leaderboard-game", args=["space-mission"]))
    rows = response.context["standings"]
    # Bots are never ranked among the players, however high their rating.
    assert [(r.rank, r.username) for r in rows] == [(1, "cy"), (2, "ada"), (3, "bob")]
    assert rows[0].rating == 1460 and not rows[0].provisional and rows[0].games == 30
    assert rows[1].provisional and rows[1].rating > 1500 and rows[1].wins == 1
    bots = response.context["bots"]
    assert [(b.name, b.games) for b in bots] == [("Strong bot", 40), ("Easy bot", 1)]
    html = response.content.decode()
    assert 'href="/u/ada/"' in html and "?</abbr>" in html
    assert html.index('id="bots"') < html.index("Strong bot") < html.index("Easy bot")
    assert client.get(reverse("leaderboard")).context["game"].id == "space-mission"
    drive = client.get(reverse("leaderboard-game", args=["jump-drive"]))
    assert [r.username for r in drive.context["standings"]] == ["bob"]
    assert drive.context["bots"] == [] and 'id="bots"' not in drive.content.decode()
    assert client.get(reverse("leaderboard-game", args=["chess"])).status_code == 404


def test_a_loss_to_a_bot_counts_by_the_bot_levels_rating() -> None:
    """A loss to the strong bot (rated high) costs less than the same loss to the easy
    bot (rated low): the level's rating takes part in the update."""
    ada, bob = create_user("ada"), create_user("bob")
    Rating.objects.create(game="space-mission", bot="strong", mu=40.0, sigma=2.0, games=50)
    Rating.objects.create(game="space-mission", bot="easy", mu=15.0, sigma=2.0, games=50)
    finished([ada, "strong"], [10, 60], [1])
    finished([bob, "easy"], [10, 60], [1])
    to_strong = Rating.objects.get(user=ada)
    to_easy = Rating.objects.get(user=bob)
    assert 25.0 > to_strong.mu > to_easy.mu  # both lost; the strong bot's win says less
    strong = Rating.objects.get(game="space-mission", bot="strong")
    easy = Rating.objects.get(game="space-mission", bot="easy")
    assert (strong.games, easy.games) == (51, 51) and easy.mu - 15.0 > strong.mu - 40.0


def test_the_profile_shows_ratings_history_opponents_and_replays(client: Client) -> None:
    ada, bob = create_user("ada"), create_user("bob")
    first = finished([ada, bob], [50, 40], [0])
    second = finished([ada, bob, "random"], [10, 40, 30], [1])
    finished([ada, "greedy"], [10, 20], [1], rated=False)
    hidden = finished([ada, bob], [60, 10], [0], private=True)
    response = client.get(reverse("profile", args=["ada"]))
    (card,) = response.context["per_game"]
    assert (card["totals"].games, card["totals"].wins) == (3, 1)
    assert card["rating"].games == 3  # the private rated game counts, unlisted
    games = response.context["games"]
    assert hidden.table.public_id not in [g.table_id for g in games]
    newest = games[1]  # the casual one came last: newest first
    assert newest.table_id == second.table.public_id
    assert [(o.name, o.username, o.placement) for o in newest.opponents] == [
        ("bob", "bob", 1),
        ("Random bot", None, 2),
    ]
    assert newest.change.delta < 0 and newest.placement == 3
    assert games[0].rated is False and games[0].change is None
    html = response.content.decode()
    assert f'href="/t/{first.table.public_id}/replay/"' in html and 'href="/u/bob/"' in html
    (series,) = json.loads(
        html.split('id="rating-history" type="application/json">')[1].split("</script>")[0]
    )
    assert series["game"] == "space-mission"
    assert series["points"][0]["rating"] == 1500 and len(series["points"]) == 3
    assert series["points"][1]["table"] == first.table_id
    # Their own profile counts their private game too.
    client.force_login(ada)
    own = client.get(reverse("profile", args=["ada"]))
    assert own.context["per_game"][0]["totals"].games == 4


def test_a_game_a_player_left_stays_in_their_history_as_resigned(client: Client) -> None:
    ada, bob = create_user("ada"), create_user("bob")
    match = finished([ada, bob], [50, 40], [0])
    MatchSeat.objects.filter(match=match, index=0).update(resigned=True, bot="greedy")
    (game,) = client.get(reverse("profile", args=["ada"])).context["games"]
    assert game.resigned and not game.won
    assert "resigned" in client.get(reverse("profile", args=["ada"])).content.decode()
