"""Profile pages: finished games with placement, score, date and a link to the table."""

from __future__ import annotations

import datetime as dt

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from spacemission.accounts.models import User
from spacemission.lobby import services
from spacemission.lobby.models import Table
from spacemission.matches import tables
from spacemission.matches.places import game_places

pytestmark = pytest.mark.django_db


def finish(table: Table, totals: list[int], winners: list[int], when: dt.datetime) -> None:
    """Record the end of the table's match as the rules report it (docs/space-mission.md)."""
    match = table.match
    match.status = "finished"
    match.finished_at = when
    match.result = {
        "scores": [{"seat": i, "by_category": {}, "total": t} for i, t in enumerate(totals)],
        "winners": winners,
    }
    match.save()
    Table.objects.filter(pk=table.pk).update(status="finished")


def played(host: User, others: list[User], private: bool = False) -> Table:
    table = services.create_table(host, "space-mission", len(others) + 1, private=private)
    for other in others:
        services.join(other, table.pk)
    tables.start(host, table.pk)
    return Table.objects.get(pk=table.pk)


def test_profile_lists_finished_games_newest_first(client: Client, ada, bob, cy) -> None:
    first = played(ada, [bob])
    second = played(bob, [cy, ada])
    finish(first, [40, 55], [1], timezone.now() - dt.timedelta(days=2))
    finish(second, [61, 70, 61], [1], timezone.now() - dt.timedelta(days=1))
    played(cy, [ada])  # still running: listed apart, not among finished games

    response = client.get(reverse("profile", args=["ada"]))
    assert response.status_code == 200
    games = response.context["games"]
    assert [(g.table_id, g.placement, g.score, g.won) for g in games] == [
        (second.public_id, 2, 61, False),
        (first.public_id, 2, 40, False),
    ]
    html = response.content.decode()
    assert f'href="/t/{second.public_id}/"' in html and "place 2" in html
    # Tables by the id every page uses; an opponent's place said in words.
    assert f"Table {second.public_id}</a>" in html and f"Table {second.pk}<" not in html
    assert 'cy</a> <span class="muted">(place 1)</span>' in html
    assert len(response.context["playing"]) == 1


def test_winner_and_shared_victory(client: Client, ada, bob, cy) -> None:
    table = played(ada, [bob, cy])
    finish(table, [80, 80, 20], [0, 1], timezone.now())
    for name in ("ada", "bob"):
        (game,) = client.get(reverse("profile", args=[name])).context["games"]
        assert (game.placement, game.won) == (1, True)
    (game,) = client.get(reverse("profile", args=["cy"])).context["games"]
    assert (game.placement, game.score) == (3, 20)


def test_private_games_show_to_their_player_only(client: Client, ada, bob) -> None:
    table = played(ada, [bob], private=True)
    finish(table, [10, 20], [1], timezone.now())
    assert client.get(reverse("profile", args=["ada"])).context["games"] == []
    client.force_login(ada)
    assert [g.table_id for g in client.get(reverse("profile", args=["ada"])).context["games"]] == [
        table.public_id
    ]


def test_unknown_profile_is_not_found(client: Client) -> None:
    assert client.get(reverse("profile", args=["nobody"])).status_code == 404


@pytest.mark.parametrize(
    ("totals", "winners", "expected"),
    [
        ([91, 50, 70], [0], {0: 1, 1: 3, 2: 2}),
        ([60, 60, 10, 10], [0, 1], {0: 1, 1: 1, 2: 3, 3: 3}),
        ([60, 60], [1], {1: 1, 0: 2}),  # the tie broken by space stations (R35)
    ],
)
def test_the_games_places_are_competition_ranked(
    totals: list[int], winners: list[int], expected: dict[int, int]
) -> None:
    result = {"scores": [{"seat": i, "total": t} for i, t in enumerate(totals)], "winners": winners}
    assert game_places(result) == expected
