"""What a lobby table does that involves its match: start it (the host, or the host
filling the empty seats with bots first), and stand up from it (in a running match a bot
takes over). Above the lobby's tables and the stored matches, which it joins."""

from __future__ import annotations

from django.db import transaction
from django.utils.translation import gettext as _

from spacemission.accounts.models import User
from spacemission.lobby.models import Seat, Table
from spacemission.lobby.services import (
    LobbyError,
    announce,
    check_bot,
    claim_seat,
    known_game,
    locked,
    locked_open,
    players_needed,
    require_host,
    seats_of,
)
from spacemission.matches.models import Match
from spacemission.matches.services import replace_with_bot, start_match


@transaction.atomic
def leave(user: User, table_id: int) -> Table | None:
    """Stand up. The table, or None when it closed because its last player left.

    At an open table the seat is freed; a leaving host hands the table to the next player
    (by seat) or, with nobody left, closes it. In a running match a bot takes over.
    """
    table = locked(table_id)
    seat = table.seats.filter(user=user).first()
    if seat is None:
        raise LobbyError(_("You do not sit at this table."))
    if table.status == Table.Status.RUNNING:
        replace_with_bot(table.match, seat.index)
        announce(table)
        return table
    if not table.is_open:
        return table
    seat.user = None
    seat.save(update_fields=["user"])
    announce(table)
    if table.host_id != user.pk:
        table.save(update_fields=["updated_at"])
        return table
    successor = table.seats.filter(user__isnull=False).order_by("index").first()
    if successor is None:
        table.delete()
        return None
    table.host_id = successor.user_id
    table.save(update_fields=["host", "updated_at"])
    return table


@transaction.atomic
def fill_with_bots(user: User, table_id: int, kind: str) -> Match:
    """The host fills every empty seat with a bot of ``kind`` and starts at once (a quick
    match nobody else came to)."""
    table = locked_open(table_id)
    require_host(table, user)
    check_bot(known_game(table.game), kind)
    if table.rated and not table.bots_rated:
        # The host asked for the bots: a rated table counts them, each at its level's rating.
        table.bots_rated = True
        table.save(update_fields=["bots_rated", "updated_at"])
    for seat in seats_of(table):
        if not seat.taken:
            claim_seat(seat, bot=kind)
    return start(user, table_id)


def close_gaps(table: Table, seats: list[Seat]) -> None:
    """Drop empty seats and number the rest 0..n-1, so the match has no empty seat.

    Seats move only to lower indices, in ascending order, so each target index is free
    by the time a seat moves there (the unique index on (table, index) holds throughout).
    """
    Seat.objects.filter(pk__in=[seat.pk for seat in seats if not seat.taken]).delete()
    for new_index, seat in enumerate(seat for seat in seats if seat.taken):
        if seat.index != new_index:
            seat.index = new_index
            seat.save(update_fields=["index"])
    table.seat_count = sum(seat.taken for seat in seats)
    table.save(update_fields=["seat_count", "updated_at"])


@transaction.atomic
def start(user: User, table_id: int, seed: int | None = None) -> Match:
    """The host starts the match with the seats filled so far (bots count); ``seed``
    fixes the deal (else it is random)."""
    table = locked_open(table_id)
    require_host(table, user)
    seats = seats_of(table)
    filled = sum(seat.taken for seat in seats)
    needed = players_needed(known_game(table.game))
    if filled < needed:
        raise LobbyError(_("At least %(count)d seats must be filled to start.") % {"count": needed})
    close_gaps(table, seats)
    match = start_match(table, seed)
    announce(table)
    return match
