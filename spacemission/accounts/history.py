"""A player's finished games with their placement and score, for the profile page."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from django.db.models import QuerySet

from spacemission.accounts.models import User
from spacemission.lobby.games import game_name
from spacemission.lobby.models import Seat, Table
from spacemission.matches.places import placements, score_of


@dataclass(frozen=True)
class FinishedGame:
    table_id: int
    game_name: str
    players: int
    seat: int
    placement: int | None
    score: int | None
    won: bool
    finished_at: datetime | None
    url: str


def finished_seats(user: User, include_private: bool) -> QuerySet[Seat]:
    """The user's seats at finished tables, newest first; private ones only if asked."""
    seats = Seat.objects.filter(user=user, table__status=Table.Status.FINISHED)
    if not include_private:
        seats = seats.filter(table__private=False)
    return seats.select_related("table", "table__match").order_by(
        "-table__match__finished_at", "-table_id"
    )


def finished_game(seat: Seat) -> FinishedGame:
    table = seat.table
    match = getattr(table, "match", None)
    result = (match.result if match else None) or {}
    place = placements(result).get(seat.index)
    return FinishedGame(
        table_id=table.pk,
        game_name=game_name(table.game),
        players=table.seat_count,
        seat=seat.index,
        placement=place,
        score=score_of(result, seat.index),
        won=place == 1,
        finished_at=match.finished_at if match else table.updated_at,
        url=table.get_absolute_url(),
    )


def finished_games(seats: list[Seat]) -> list[FinishedGame]:
    return [finished_game(seat) for seat in seats]
