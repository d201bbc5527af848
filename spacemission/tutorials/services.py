"""A guided first game: a private table against bots with a fixed deal, started at once.

The lobby's own services open and start it, so a guided game is an ordinary table in
every other way (it can be left, replayed, and its deal verified).
"""

from __future__ import annotations

from datetime import timedelta

from django.db import transaction
from django.utils import timezone

from games.core import GameInfo
from spacemission.accounts.models import User
from spacemission.lobby import services as lobby
from spacemission.lobby.models import Table
from spacemission.matches import tables
from spacemission.tutorials.models import GuidedTable

# The same deal every time, for every game: the player sits first and starts (the
# scripts in frontend/static/games/<game>/tutorial.js read the view, not this deal).
SEED = 6
SEATS = 3
BOT = "easy"
PACE = "none"  # no clock: a newcomer reads at their own speed
# A second start within this time is the same click twice: it gets the table just made.
REPEATED_START = timedelta(seconds=10)


def seat_count(info: GameInfo) -> int:
    return max(info.min_players, min(SEATS, info.max_players))


@transaction.atomic
def start_guided_game(user: User, game: str) -> Table:
    """A started private table of ``game`` for ``user`` against bots, dealt by ``SEED``.
    Raises the lobby's LobbyError for a game that does not exist."""
    info = lobby.known_game(game)
    User.objects.select_for_update().filter(pk=user.pk).first()  # one start per user at a time
    latest = running_guided_game(user, game)
    if latest is not None and latest.created_at > timezone.now() - REPEATED_START:
        return latest
    seats = seat_count(info)
    table = lobby.create_table(
        user, game, seats, bots=seats - 1, bot_kind=BOT, private=True, pace=PACE
    )
    tables.start(user, table.pk, seed=SEED)
    GuidedTable.objects.create(table=table)
    return table


def running_guided_game(user: User, game: str) -> Table | None:
    """The user's latest guided game of ``game`` that is still being played."""
    return (
        Table.objects.filter(
            guided__isnull=False, game=game, host=user, status=Table.Status.RUNNING
        )
        .order_by("-created_at")
        .first()
    )


def is_guided(table: Table) -> bool:
    return GuidedTable.objects.filter(table=table).exists()
