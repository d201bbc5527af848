"""Everything that changes a table in the lobby, each in one transaction.

A table row is locked (``select_for_update``) before its seats are read, so two people
racing for the last seat, or a join racing the start, are serialised by the database
(SQLite ignores the row lock, but its transactions take the write lock at BEGIN).
Every change to a public table pushes a fresh lobby list once the change is committed.
"""

from __future__ import annotations

import zlib
from typing import Any

from django.db import IntegrityError, connection, transaction
from django.db.models import Count, Q
from django.utils.translation import gettext as _

from games.clock import DEFAULT_PACE, QUICK_MATCH_PACE
from games.core import GameInfo
from spacemission.accounts.models import User
from spacemission.lobby.broadcast import table_changed, tables_changed
from spacemission.lobby.games import bot_levels, game_info
from spacemission.lobby.models import Seat, Table
from spacemission.lobby.paces import offered

MIN_TO_START = 2


class LobbyError(Exception):
    """A lobby request refused; the message is shown to the user as it is."""


def known_game(game_id: str) -> GameInfo:
    info = game_info(game_id)
    if info is None:
        raise LobbyError(_("There is no such game."))
    return info


def check_seat_count(info: GameInfo, seat_count: int) -> None:
    if not info.min_players <= seat_count <= info.max_players:
        raise LobbyError(
            _("%(game)s is for %(min)d to %(max)d players.")
            % {"game": info.name, "min": info.min_players, "max": info.max_players}
        )


def check_bot(info: GameInfo, level: str) -> None:
    """Refuse a bot level the game does not offer (``games.bots.levels``)."""
    if level not in bot_levels(info.id):
        raise LobbyError(_("There is no such bot level for this game."))


def check_bots_may_sit(rated: bool, bots_rated: bool) -> None:
    """A rated table seats bots only when it says so ("Rated, bots count")."""
    if rated and not bots_rated:
        raise LobbyError(_("This rated table does not seat bots: choose “Rated, bots count”."))


class PaceError(LobbyError):
    """A pace this game or kind of table does not offer (the form shows it by the field)."""


def check_pace(info: GameInfo, pace: str, *, private: bool) -> None:
    if pace not in {p.id for p in offered(info, private=private)}:
        if pace in {p.id for p in offered(info, private=True)}:
            raise PaceError(_("Only a private table may play without a clock."))
        raise PaceError(_("%(game)s is not played at that pace.") % {"game": info.name})


def clean_options(info: GameInfo, options: dict[str, Any]) -> dict[str, Any]:
    """The game's defaults overridden by the host's valid choices; unknown names dropped."""
    cleaned = info.default_options()
    for option in info.options:
        if option.name not in options:
            continue
        value = options[option.name]
        if option.choices and value not in option.choices:
            raise LobbyError(_("%(option)s: not a valid choice.") % {"option": option.label})
        cleaned[option.name] = value
    return cleaned


def announce(table: Table) -> None:
    """After commit, tell the table's followers and push the lobby list (private tables
    are never listed)."""
    table_id, private = table.public_id, table.private
    transaction.on_commit(lambda: table_changed(table_id, private=private))
    if not private:
        transaction.on_commit(tables_changed)


def locked(table_id: int) -> Table:
    try:
        return Table.objects.select_for_update().get(pk=table_id)
    except Table.DoesNotExist:
        raise LobbyError(_("This table does not exist any more.")) from None


def locked_open(table_id: int) -> Table:
    table = locked(table_id)
    if not table.is_open:
        raise LobbyError(_("This table has already started."))
    return table


def require_host(table: Table, user: User) -> None:
    if table.host_id != user.pk:
        raise LobbyError(_("Only the host may do that."))


def seats_of(table: Table) -> list[Seat]:
    return list(table.seats.select_related("user").order_by("index"))


@transaction.atomic
def create_table(
    host: User,
    game: str,
    seat_count: int,
    *,
    bots: int = 0,
    bot_kind: str = "",
    private: bool = False,
    rated: bool = False,
    bots_rated: bool = False,
    options: dict[str, Any] | None = None,
    pace: str = DEFAULT_PACE,
) -> Table:
    """A new open table with the host in seat 0 and ``bots`` bots in the next seats; a
    rated one seats bots only if ``bots_rated`` ("Rated, bots count")."""
    info = known_game(game)
    if rated:
        check_may_play_rated(host)
    check_seat_count(info, seat_count)
    check_pace(info, pace, private=private)
    if not 0 <= bots < seat_count:
        raise LobbyError(_("Leave at least one seat for you."))
    if bots:
        check_bot(info, bot_kind)
        check_bots_may_sit(rated, bots_rated)
    table = Table.objects.create(
        game=game,
        host=host,
        seat_count=seat_count,
        private=private,
        rated=rated,
        bots_rated=rated and bots_rated,
        options=clean_options(info, options or {}),
        pace=pace,
    )
    Seat.objects.bulk_create(
        Seat(
            table=table,
            index=index,
            user=host if index == 0 else None,
            bot=bot_kind if 0 < index <= bots else "",
        )
        for index in range(seat_count)
    )
    announce(table)
    return table


def check_may_play_rated(user: User) -> None:
    """Rated tables seat signed-up accounts only (a guest's rating would have no owner)."""
    if user.is_guest:
        raise LobbyError(_("Rated tables are for signed-up players. Sign up to play rated."))


def free_seat(seats: list[Seat], index: int | None) -> Seat:
    """The seat to sit in: the one asked for if it is free, else the first free one."""
    if index is not None:
        for seat in seats:
            if seat.index == index:
                if seat.taken:
                    raise LobbyError(_("That seat is taken."))
                return seat
        raise LobbyError(_("There is no such seat."))
    for seat in seats:
        if not seat.taken:
            return seat
    raise LobbyError(_("This table is full."))


def claim_seat(seat: Seat, *, user: User | None = None, bot: str = "") -> None:
    """Fill ``seat`` only if it is still empty: a compare-and-set that holds on any
    database, including SQLite, which ignores the row lock."""
    try:
        with transaction.atomic():
            claimed = Seat.objects.filter(pk=seat.pk, user__isnull=True, bot="").update(
                user=user, bot=bot
            )
    except IntegrityError:
        raise LobbyError(_("You already sit at this table.")) from None
    if not claimed:
        raise LobbyError(_("That seat is taken."))
    seat.user, seat.bot = user, bot


@transaction.atomic
def join(user: User, table_id: int, seat_index: int | None = None) -> Seat:
    """Sit ``user`` at an open table (in ``seat_index`` if given)."""
    table = locked_open(table_id)
    seats = seats_of(table)
    if any(seat.user_id == user.pk for seat in seats):
        raise LobbyError(_("You already sit at this table."))
    if table.rated:
        check_may_play_rated(user)
    seat = free_seat(seats, seat_index)
    claim_seat(seat, user=user)
    table.save(update_fields=["updated_at"])
    announce(table)
    return seat


@transaction.atomic
def add_bot(user: User, table_id: int, kind: str, seat_index: int | None = None) -> Seat:
    """The host seats a bot of level ``kind`` in a free seat."""
    table = locked_open(table_id)
    require_host(table, user)
    check_bot(known_game(table.game), kind)
    check_bots_may_sit(table.rated, table.bots_rated)
    seat = free_seat(seats_of(table), seat_index)
    claim_seat(seat, bot=kind)
    table.save(update_fields=["updated_at"])
    announce(table)
    return seat


@transaction.atomic
def remove_bot(user: User, table_id: int, seat_index: int) -> None:
    """The host frees a seat a bot holds."""
    table = locked_open(table_id)
    require_host(table, user)
    updated = table.seats.filter(index=seat_index).exclude(bot="").update(bot="")
    if not updated:
        raise LobbyError(_("No bot sits there."))
    table.save(update_fields=["updated_at"])
    announce(table)


def players_needed(info: GameInfo) -> int:
    """Filled seats (bots count) a table needs before its host may start."""
    return max(MIN_TO_START, info.min_players)


def quick_candidates(user: User, game: str, seat_count: int) -> list[int]:
    """Open public tables that fit, fullest first (then oldest); ids only. Quick match is
    rated for accounts; guests meet at casual tables."""
    taken = Count("seats", filter=Q(seats__user__isnull=False) | ~Q(seats__bot=""))
    return list(
        Table.objects.filter(
            status=Table.Status.OPEN,
            private=False,
            game=game,
            seat_count=seat_count,
            pace=QUICK_MATCH_PACE,
            rated=not user.is_guest,
        )
        .exclude(seats__user=user)
        .annotate(taken=taken)
        .filter(taken__lt=seat_count)
        .order_by("-taken", "created_at")
        .values_list("pk", flat=True)[:20]
    )


def serialise_quick_matches(game: str, seat_count: int) -> None:
    """Quick matches for one game and size take turns until the transaction ends, so two
    people asking at once meet at one table instead of opening two.

    PostgreSQL: a transaction-scoped advisory lock. SQLite: every transaction holds the
    database's write lock from BEGIN (``settings.DATABASES``), so they queue already.
    """
    if connection.vendor == "postgresql":
        key = zlib.crc32(f"quick-match:{game}:{seat_count}".encode())
        with connection.cursor() as cursor:
            cursor.execute("SELECT pg_advisory_xact_lock(%s)", [key])


@transaction.atomic
def quick_match(user: User, game: str, seat_count: int) -> Table:
    """Sit at the fullest open public table for this game and size, or open a new one.

    A table the user already waits at with the same game and size is kept.
    """
    info = known_game(game)
    check_seat_count(info, seat_count)
    serialise_quick_matches(game, seat_count)
    waiting = Table.objects.filter(
        status=Table.Status.OPEN,
        game=game,
        seat_count=seat_count,
        seats__user=user,
        pace=QUICK_MATCH_PACE,
    ).first()
    if waiting is not None:
        return waiting
    for table_id in quick_candidates(user, game, seat_count):
        try:
            return join(user, table_id).table
        except LobbyError:
            continue  # filled or started by someone else meanwhile (a plain join)
    return create_table(user, game, seat_count, pace=QUICK_MATCH_PACE, rated=not user.is_guest)
