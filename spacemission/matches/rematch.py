"""Rematch: once a match has ended, one of its players offers a new table with the same
players and options; the other people accept or decline, bots accept by themselves.
When every person asked has accepted, the new table starts at once.

Every change locks the match row first (``serialised``), so answers racing each other,
or an answer racing the offer's timeout, are applied one after the other. ``now`` comes
in as an argument: tests move it, the live layer passes the server's time.
"""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

from django.conf import settings
from django.contrib.auth.base_user import AbstractBaseUser

from games.clock import PACES, TURN
from games.core import IllegalAction
from spacemission.lobby import services as lobby
from spacemission.lobby.models import Seat, Table
from spacemission.matches.models import Match, MatchSeat, Rematch
from spacemission.matches.services import serialised, stand_in_bot, start_match

ACCEPT, DECLINE, BOT = "accept", "decline", "bot"


def lifetime(table: Table) -> timedelta:
    """How long an offer waits for its answers: at a turn-based table as long as a move
    may take (the players are not at the table together), else ``REMATCH_SECONDS``."""
    pace = PACES.get(table.pace)
    if pace is not None and pace.kind == TURN:
        return timedelta(milliseconds=pace.bank)
    return timedelta(seconds=settings.REMATCH_SECONDS)


def offer(match_id: int, user: AbstractBaseUser, now: datetime) -> dict[str, Any] | None:
    """``user`` offers a rematch; an offer already waiting counts as their acceptance.
    None when that changes nothing (they had offered or accepted it already)."""
    with serialised():
        match = _locked(match_id)
        seat = _player_seat(match, user)
        if match.status != Match.Status.FINISHED:
            raise IllegalAction("match_running", "a rematch is offered once the match has ended")
        rematch = Rematch.objects.filter(match=match).first()
        if rematch is not None and rematch.status == Rematch.Status.STARTED:
            raise IllegalAction("rematch_started", "the rematch has already started")
        if rematch is not None and _waiting(rematch, now):
            if rematch.answers.get(str(seat)) == ACCEPT:
                return None
            return _answer(match, rematch, seat, ACCEPT)
        asked = sorted(_people(match).values())
        rematch, _created = Rematch.objects.update_or_create(
            match=match,
            defaults={
                "offered_by": seat,
                "asked": asked,
                "answers": {},
                "status": Rematch.Status.PENDING,
                "expires_at": now + lifetime(match.table),
                "table": None,
            },
        )
        return _answer(match, rematch, seat, ACCEPT)


def answer(
    match_id: int, user: AbstractBaseUser, accept: bool, now: datetime
) -> dict[str, Any] | None:
    """``user`` accepts or declines the waiting offer; one decline closes it. None when
    that changes nothing: the same answer again, also to the offer it closed."""
    with serialised():
        match = _locked(match_id)
        seat = _player_seat(match, user)
        rematch = Rematch.objects.filter(match=match).first()
        given = ACCEPT if accept else DECLINE
        if rematch is not None and rematch.answers.get(str(seat)) == given:
            return None
        if rematch is None or not _waiting(rematch, now):
            raise IllegalAction("no_rematch", "no rematch offer is waiting for an answer")
        if seat not in rematch.asked:
            raise IllegalAction("not_asked", "this rematch offer does not ask you")
        return _answer(match, rematch, seat, given)


def expire(match_id: int, now: datetime) -> dict[str, Any] | None:
    """Close a waiting offer whose time is up; its facts if this call closed it (one
    caller does, however many processes watch the offer), else None."""
    closed = Rematch.objects.filter(
        match_id=match_id, status=Rematch.Status.PENDING, expires_at__lte=now
    ).update(status=Rematch.Status.EXPIRED, updated_at=now)
    return current(match_id) if closed else None


def current(match_id: int) -> dict[str, Any] | None:
    """The match's rematch offer as every connection may see it, or None."""
    rematch = Rematch.objects.filter(match_id=match_id).first()
    return None if rematch is None else facts(rematch)


def facts(rematch: Rematch) -> dict[str, Any]:
    """Public facts only: who offered, each seat's answer, until when, the new table."""
    bots = set(
        MatchSeat.objects.filter(match_id=rematch.match_id)
        .exclude(index__in=rematch.asked)
        .values_list("index", flat=True)
    )
    seats = sorted(set(rematch.asked) | bots)
    return {
        "status": rematch.status,
        "by": rematch.offered_by,
        "seats": [
            {"seat": s, "answer": BOT if s in bots else rematch.answers.get(str(s))} for s in seats
        ],
        "expires": rematch.expires_at.isoformat().replace("+00:00", "Z"),
        "table": rematch.table.public_id if rematch.table_id else None,
        "url": rematch.table.get_absolute_url() if rematch.table_id else None,
    }


def _locked(match_id: int) -> Match:
    match = Match.objects.select_for_update().select_related("table").filter(pk=match_id).first()
    if match is None:
        raise IllegalAction("no_match", "there is no such match")
    return match


def _people(match: Match) -> dict[int, int]:
    """User id -> seat of the match's people still at its table: a player who resigned
    is one (they may offer and answer a rematch), one who left the table is not (the
    bot that took their seat plays it again)."""
    at_table = dict(match.table.seats.filter(user__isnull=False).values_list("index", "user_id"))
    seats = match.seats.filter(user__isnull=False).values_list("user_id", "index")
    return {user_id: index for user_id, index in seats if at_table.get(index) == user_id}


def _player_seat(match: Match, user: AbstractBaseUser) -> int:
    """The seat ``user`` holds at the match; spectators (and who left) are refused."""
    seat = _people(match).get(user.pk) if user.is_authenticated else None
    if seat is None:
        raise IllegalAction("spectator", "only the match's players may offer or answer a rematch")
    return seat


def _waiting(rematch: Rematch, now: datetime) -> bool:
    return rematch.status == Rematch.Status.PENDING and rematch.expires_at > now


def _answer(match: Match, rematch: Rematch, seat: int, given: str) -> dict[str, Any]:
    rematch.answers = {**rematch.answers, str(seat): given}
    if given == DECLINE:
        rematch.status = Rematch.Status.DECLINED
    elif all(rematch.answers.get(str(s)) == ACCEPT for s in rematch.asked):
        rematch.table = _new_table(match, rematch)
        rematch.status = Rematch.Status.STARTED
    rematch.save()
    return facts(rematch)


def _new_table(match: Match, rematch: Rematch) -> Table:
    """The same game, options, pace, privacy and seats; bots keep their kind, a seat whose
    person resigned or left is played by its stand-in's kind. The one who offered hosts it."""
    old = match.table
    seats = list(match.seats.order_by("index"))
    host = next(s.user for s in seats if s.index == rematch.offered_by)
    table = Table.objects.create(
        game=old.game,
        host=host,
        seat_count=match.seat_count,
        options=old.options,
        pace=old.pace,
        private=old.private,
    )
    Seat.objects.bulk_create(
        Seat(
            table=table,
            index=s.index,
            user=s.user if s.index in rematch.asked else None,
            bot="" if s.index in rematch.asked else (s.bot or stand_in_bot(old.game)),
        )
        for s in seats
    )
    start_match(table)
    lobby.announce(table)
    return table
