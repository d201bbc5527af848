"""The "My games" page: a user's running games (those waiting for them first), the
tables they wait at for the game to begin, and their latest finished games."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime

from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.translation import gettext_lazy as _

from games import registry
from games.clock import NONE, PACES, REALTIME, TURN
from spacemission.accounts.models import User
from spacemission.lobby.games import game_name
from spacemission.lobby.models import Table
from spacemission.matches import states
from spacemission.matches.models import Match, MatchSeat
from spacemission.pages.history import FinishedGame, finished_games, finished_seats

RECENT = 10  # finished games shown; the profile has the rest
PACE_KINDS = {REALTIME: _("real-time"), TURN: _("turn-based"), NONE: _("no clock")}


@dataclass(frozen=True)
class Game:
    """One running game as the page lists it."""

    table: str
    url: str
    game_name: str
    private: bool
    opponents: list[str]
    to_move: list[str]  # whose turn it is (names)
    yours: bool  # the game waits for this user
    pace: str
    since: datetime  # its last change
    deadline: datetime | None  # when this user's time runs out, else the next clock's


def deadline_of(match: Match, seat: int) -> datetime | None:
    """The seat's own deadline while its clock runs, else the match's earliest one."""
    until = (match.clock or {}).get("until") or []
    moment = until[seat] if seat < len(until) and until[seat] is not None else match.deadline
    return None if moment is None else datetime.fromtimestamp(moment / 1000, tz=UTC)


def pace_label(pace_id: str) -> str:
    pace = PACES.get(pace_id)
    return str(PACE_KINDS[pace.kind]) if pace else pace_id


def running_games(user: User) -> list[Game]:
    """The user's running games (not those they resigned): those waiting for them first,
    each group by deadline (soonest first; games without a clock last), then the latest
    changed."""
    seats = (
        MatchSeat.objects.filter(user=user, resigned=False, match__status=Match.Status.RUNNING)
        .select_related("match__table")
        .order_by("-match__updated_at")
    )
    games = [_game(seat) for seat in seats]
    return sorted(  # stable: keeps the latest changed first among equals
        games, key=lambda g: (not g.yours, g.deadline is None, g.deadline or g.since)
    )


def _game(seat: MatchSeat) -> Game:
    match = seat.match
    names = dict(match.seats.values_list("index", "name"))
    active = registry.get(match.game).active_seats(states.current(match))
    return Game(
        table=match.table.public_id,
        url=match.table.get_absolute_url(),
        game_name=game_name(match.game),
        private=match.table.private,
        opponents=[name for index, name in sorted(names.items()) if index != seat.index],
        to_move=[names[index] for index in active if index in names],
        yours=seat.index in active,
        pace=pace_label(match.pace),
        since=match.updated_at,
        deadline=deadline_of(match, seat.index),
    )


@dataclass(frozen=True)
class Waiting:
    """A table the user sits at whose game has not begun."""

    table: str
    url: str
    game_name: str
    private: bool
    hosting: bool
    seated: list[str]  # who sits there, the user among them
    seats: int
    since: datetime


def waiting_tables(user: User) -> list[Waiting]:
    """The open tables the user sits at, newest first."""
    tables = (
        Table.objects.filter(seats__user=user, status=Table.Status.OPEN)
        .prefetch_related("seats__user")
        .order_by("-created_at")
    )
    return [
        Waiting(
            table=table.public_id,
            url=table.get_absolute_url(),
            game_name=game_name(table.game),
            private=table.private,
            hosting=table.host_id == user.pk,
            seated=[seat.name for seat in table.seats.all() if seat.taken],
            seats=table.seat_count,
            since=table.created_at,
        )
        for table in tables
    ]


def recent_games(user: User) -> list[FinishedGame]:
    """The user's latest finished games (the profile lists them all)."""
    return finished_games(list(finished_seats(user, include_private=True)[:RECENT]))


@login_required
def my_games(request: HttpRequest) -> HttpResponse:
    user = request.user
    context = {
        "games": running_games(user),
        "waiting": waiting_tables(user),
        "finished": recent_games(user),
    }
    return render(request, "lobby/my_games.html", context)
