"""A player's finished games for the profile page: placement, score, opponents, rating
change and replay; and per game their totals.

Built from the match's own seats, which keep their player when a bot took over, so a
game the player left still counts as theirs.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field
from datetime import datetime

from django.db.models import QuerySet
from django.urls import reverse

from spacemission.accounts.models import User
from spacemission.lobby.botnames import bot_label, number_in
from spacemission.lobby.games import game_name
from spacemission.matches import places as placing
from spacemission.matches.models import Match, MatchSeat
from spacemission.ratings.models import RatingChange


@dataclass(frozen=True)
class Opponent:
    name: str
    username: str | None  # None: a bot
    placement: int | None


@dataclass(frozen=True)
class FinishedGame:
    table_id: str  # the table's public id, as every page names it
    game: str
    game_name: str
    players: int
    seat: int
    placement: int | None
    score: int | None
    won: bool
    resigned: bool
    finished_at: datetime | None
    url: str
    replay_url: str
    rated: bool
    change: RatingChange | None = None
    opponents: list[Opponent] = field(default_factory=list)


@dataclass
class GameTotals:
    """One game's figures on a profile."""

    game: str
    game_name: str
    games: int = 0
    wins: int = 0


def finished_seats(user: User, include_private: bool) -> QuerySet[MatchSeat]:
    """The user's seats at finished matches, newest first; private ones only if asked."""
    seats = MatchSeat.objects.filter(user=user, match__status=Match.Status.FINISHED)
    if not include_private:
        seats = seats.filter(match__table__private=False)
    return seats.select_related("match", "match__table").order_by(
        "-match__finished_at", "-match_id"
    )


def finished_games(seats: list[MatchSeat]) -> list[FinishedGame]:
    """The games of these seats, with every other seat and the rating change: three
    queries however many games."""
    match_ids = [seat.match_id for seat in seats]
    others: dict[int, list[MatchSeat]] = defaultdict(list)
    rows = MatchSeat.objects.filter(match_id__in=match_ids).select_related("user")
    for other in rows.order_by("index"):
        others[other.match_id].append(other)
    changes = {(c.match_id, c.seat): c for c in RatingChange.objects.filter(match_id__in=match_ids)}
    return [finished_game(seat, others[seat.match_id], changes) for seat in seats]


def finished_game(
    seat: MatchSeat, everyone: list[MatchSeat], changes: dict[tuple[int, int], RatingChange]
) -> FinishedGame:
    match = seat.match
    table = match.table
    result = match.result or {}
    last = placing.given_up(everyone)
    places = placing.places(result, last)
    place = places.get(seat.index)
    return FinishedGame(
        table_id=table.public_id,
        game=match.game,
        game_name=game_name(match.game),
        players=match.seat_count,
        seat=seat.index,
        placement=place,
        score=placing.score_of(result, seat.index),
        won=seat.index in placing.winners(result, last),
        resigned=seat.resigned,
        finished_at=match.finished_at,
        url=table.get_absolute_url(),
        replay_url=reverse("table-replay", args=[table.public_id]),
        rated=table.rated,
        change=changes.get((match.pk, seat.index)),
        opponents=[
            Opponent(
                name=other.user.shown_name if other.user_id else seat_label(other),
                username=other.user.username if other.user_id else None,
                placement=places.get(other.index),
            )
            for other in everyone
            if other.index != seat.index
        ],
    )


def seat_label(seat: MatchSeat) -> str:
    """A bot's seat by the name the reader's language gives it ("Greedy bot 2")."""
    return bot_label(seat.bot, number_in(seat.bot, seat.name)) if seat.bot else seat.name


def totals(user: User, include_private: bool) -> list[GameTotals]:
    """Per game the player has finished: how many games, how many won (two queries)."""
    out: dict[str, GameTotals] = {}
    rows = list(
        finished_seats(user, include_private).values_list(
            "match_id", "match__game", "index", "match__result"
        )
    )
    last = given_up_by_match([match_id for match_id, *_ in rows])
    for match_id, game, index, result in rows:
        entry = out.setdefault(game, GameTotals(game, game_name(game)))
        entry.games += 1
        entry.wins += index in placing.winners(result or {}, last[match_id])
    return sorted(out.values(), key=lambda t: -t.games)


def given_up_by_match(match_ids: list[int]) -> dict[int, set[int]]:
    """Per match, its seats given up (``matches.places.given_up``)."""
    out: dict[int, set[int]] = defaultdict(set)
    seats = MatchSeat.objects.filter(match_id__in=match_ids)
    for seat in seats.only("match_id", "index", "resigned", "bot", "user_id"):
        if placing.gave_up(seat):
            out[seat.match_id].add(seat.index)
    return out
