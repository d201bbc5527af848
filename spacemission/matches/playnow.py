""" "Play against bots": a started table in one request, for a guest made on the spot if
the visitor has no account yet.

The form carries a token of its own. A second request with the same token (a double
tap, two requests racing) makes nothing: the token's unique row serialises the two, and
the second lands on the table the first made, as the same player.
"""

from __future__ import annotations

import re
import secrets
from collections.abc import Callable
from dataclasses import dataclass
from datetime import timedelta

from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from games.core import GameInfo
from spacemission.accounts.models import User
from spacemission.lobby import services
from spacemission.lobby.games import default_level
from spacemission.lobby.models import Launch, Table
from spacemission.matches import tables

# Relaxed: nobody waits for the player, who may read the rules between moves; a day per
# move still lets a table its player walked away from finish (a bot plays the seat then).
PLAY_NOW_PACE = "day"
# How long a second press of the same form is taken for the first; older launches go.
REPEAT_WINDOW = timedelta(minutes=1)
KEPT_FOR = timedelta(hours=1)
TOKEN = re.compile(r"[A-Za-z0-9_-]{16,32}")


@dataclass(frozen=True)
class Launched:
    """Where a press of "Play against bots" took its player."""

    player: User
    table: Table


def new_token() -> str:
    """The token a "Play against bots" form carries."""
    return secrets.token_urlsafe(16)


def bot_kind(info: GameInfo) -> str:
    """The level of bot to play against: the lobby's default level where the game offers it."""
    return default_level(info.id)


@transaction.atomic
def start_against_bots(player: User, info: GameInfo) -> Table:
    """A casual public table of the game's usual size, bots in every other seat, started."""
    seats = info.usual_players
    table = services.create_table(
        player, info.id, seats, bots=seats - 1, bot_kind=bot_kind(info), pace=PLAY_NOW_PACE
    )
    tables.start(player, table.pk)
    return table


def recent(token: str) -> Launch | None:
    """The launch this token made within the repeat window, if any."""
    return (
        Launch.objects.filter(
            token=token,
            created_at__gte=timezone.now() - REPEAT_WINDOW,
            table__isnull=False,
        )
        .select_related("user", "table")
        .first()
    )


def belongs(launch: Launch, user: User | None) -> bool:
    """Whether this visitor made ``launch``: the same player, or a visitor without an
    account pressing the form that made one (never someone else's account)."""
    return launch.made_guest if user is None else launch.user_id == user.pk


def earlier(token: str, user: User | None) -> Launched | None:
    """Where this visitor's earlier press of the same form took them, if it did."""
    launch = recent(token)
    if launch is None or not belongs(launch, user):
        return None
    return Launched(launch.user, launch.table)


def play_against_bots(
    token: str, user: User | None, game: str, new_guest: Callable[[], User]
) -> Launched:
    """Open and start a table of ``game`` against bots for ``user`` (None: a visitor
    without an account, for whom ``new_guest`` makes one). Raises LobbyError, having
    made nothing, for a game that is not offered."""
    info = services.known_game(game)
    if not TOKEN.fullmatch(token):
        token = new_token()
    launch = recent(token)
    if launch is not None:
        if belongs(launch, user):
            return Launched(launch.user, launch.table)
        token = new_token()  # someone else's form: this press is a new one
    Launch.objects.filter(token=token, created_at__lt=timezone.now() - REPEAT_WINDOW).delete()
    try:
        with transaction.atomic():
            player = user or new_guest()
            launch = Launch.objects.create(token=token, user=player, made_guest=user is None)
            launch.table = start_against_bots(player, info)
            launch.save(update_fields=["table"])
    except IntegrityError:
        # The same form's other request holds the token: it made the table.
        found = earlier(token, user)
        if found is None:
            message = _("That button was pressed already. Please try again.")
            raise services.LobbyError(message) from None
        return found
    Launch.objects.filter(created_at__lt=timezone.now() - KEPT_FOR).delete()
    return Launched(player, launch.table)
