""" "Your move" e-mails at turn-based tables.

When a committed action (or the start of a match) hands the turn to people at a table
whose pace is turn-based, each of them who asked for it (account settings, with an
address) gets one e-mail: never the seat that just moved, never a seat a bot plays,
never at a real-time table. It goes after the commit on a worker thread of its own, so
neither the action's transaction nor the socket that sent it waits for the mail server;
a row claimed per seat and turn (``TurnMail``) makes it one e-mail from one process.
"""

from __future__ import annotations

import functools
import logging
import threading
from concurrent.futures import ThreadPoolExecutor
from datetime import UTC, datetime
from typing import Any

from django.conf import settings
from django.core.mail import send_mail
from django.db import IntegrityError, close_old_connections, transaction
from django.urls import reverse
from django.utils import formats, translation
from django.utils.translation import gettext as _

from games.clock import PACES, TURN
from games.core import Game, State
from spacemission.accounts.models import User
from spacemission.accounts.notices import wants_turn_mail
from spacemission.lobby.games import game_name
from spacemission.matches.models import Match, MatchSeat, TurnMail

log = logging.getLogger(__name__)
_mailer = ThreadPoolExecutor(max_workers=1, thread_name_prefix="turn-mail")
# A claim takes the database's write lock; this process's claims take it one at a time.
# Writers elsewhere queue for it, but SQLite's shared in-memory database (one process's
# own) refuses a second writer at once ("database table is locked") instead of queueing.
_claiming = threading.Lock()


def newly_waiting(game: Game, before: State | None, after: State, actor: int | None) -> list[int]:
    """Seats the table waits for after an action that it did not wait for before
    (``before`` None: the match just started), the actor left out."""
    was = set() if before is None else set(game.active_seats(before))
    return sorted(set(game.active_seats(after)) - was - {actor})


def after_commit(match: Match, seats: list[int]) -> None:
    """Once the caller's transaction commits, mail these seats about the turn that the
    match's current version handed them (call inside the transaction). Real-time tables,
    most of them, cost nothing more here."""
    if seats and turn_based(match.pace):
        transaction.on_commit(functools.partial(_submit, match.pk, match.version, seats))


def committed(match: Match, seats: list[int]) -> None:
    """``after_commit`` for a caller whose transaction has just committed."""
    if seats and turn_based(match.pace):
        _submit(match.pk, match.version, seats)


def _submit(match_id: int, version: int, seats: list[int]) -> None:
    _mailer.submit(_send_all, match_id, version, seats)


def wait_idle() -> None:
    """Block until the mails asked for so far are sent (tests, shutdown)."""
    _mailer.submit(lambda: None).result()


def _send_all(match_id: int, version: int, seats: list[int]) -> None:
    try:
        for seat in seats:
            send(match_id, version, seat)
    except Exception:
        log.exception("match %s: turn mails of version %s failed", match_id, version)
    finally:
        close_old_connections()


def turn_based(pace_id: str) -> bool:
    pace = PACES.get(pace_id)
    return pace is not None and pace.kind == TURN


def send(match_id: int, version: int, seat: int) -> bool:
    """Mail ``seat``'s person that it is their move, if they want it and nobody has for
    this turn yet; True if this call sent it."""
    match = Match.objects.select_related("table").filter(pk=match_id).first()
    if match is None or match.status != Match.Status.RUNNING or not turn_based(match.pace):
        return False
    row = MatchSeat.objects.select_related("user").filter(match=match, index=seat).first()
    if row is None or row.user is None or row.bot or not wants_turn_mail(row.user):
        return False
    if not _claim(match, seat, version, row.user):
        return False  # another process (or a repeat) has this turn's mail
    with translation.override(row.user.language or settings.LANGUAGE_CODE):
        subject, body = _message(match, row)
    send_mail(subject, body, None, [row.user.email])
    return True


def _claim(match: Match, seat: int, version: int, user: User) -> bool:
    """Record that this turn's mail is ours to send; False if someone has already."""
    with _claiming:
        try:
            with transaction.atomic():
                TurnMail.objects.create(match=match, seat=seat, version=version, user=user)
        except IntegrityError:
            return False
    return True


def _message(match: Match, row: MatchSeat) -> tuple[str, str]:
    others = match.seats.exclude(index=row.index).order_by("index")
    facts: dict[str, Any] = {
        "name": row.user.shown_name,
        "game": game_name(match.game),
        "table": match.table.public_id,
        "others": ", ".join(others.values_list("name", flat=True)),
        "url": settings.SITE_URL + match.table.get_absolute_url(),
        "account": settings.SITE_URL + reverse("account"),
    }
    subject = _("Your move at %(game)s table %(table)s") % facts
    body = (
        _(
            "Hello %(name)s,\n\n"
            "it is your move at %(game)s table %(table)s, against %(others)s.\n\n"
            "Play on: %(url)s\n\n"
            "You get this e-mail because you asked for one when it is your move at a "
            "turn-based table. Turn it off in your account: %(account)s\n"
        )
        % facts
    )
    until = _deadline(match, row.index)
    if until is not None:
        moment = formats.date_format(until, "DATETIME_FORMAT")
        body += "\n" + _("Your time runs out at %(moment)s (UTC).") % {"moment": moment} + "\n"
    return subject, body


def _deadline(match: Match, seat: int) -> datetime | None:
    until = (match.clock or {}).get("until") or []
    if seat >= len(until) or until[seat] is None:
        return None
    return datetime.fromtimestamp(until[seat] / 1000, tz=UTC)
