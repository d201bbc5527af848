"""A player's act awaited on the event loop: the hot path without a worker thread.

``services.apply_action`` runs in a worker thread on Django's connection, and every act
paid the hop there and back and Django's transaction machinery. On PostgreSQL a player's
act runs here instead, on a connection of ``matches.loopdb``, with the same statements
(``actlog``) and the same decision (``services.decide``), in two round trips: the lock
and read after ``BEGIN``, then the append and update with ``COMMIT``. Only the act that
ends the match changes more (its table and the ratings): for that one ``apply_action``
returns None, having changed nothing, and the caller runs ``services.apply_action`` in
a worker thread.

What happens once the transaction commits (the state kept for the next act, a turn
e-mail) happens after the commit, as Django's ``on_commit`` hooks do on the thread path.
"""

from __future__ import annotations

import contextlib

import psycopg
from django.contrib.auth.base_user import AbstractBaseUser
from django.utils import timezone

from games.core import Action as GameAction
from games.core import IllegalAction, State
from spacemission.matches import actlog, services, states, turnmail
from spacemission.matches.loopdb import VENDOR, Connection, connection
from spacemission.matches.models import Match
from spacemission.matches.services import Applied


class _Elsewhere(Exception):
    """This act is for the worker thread's path; nothing was written."""


async def apply_action(
    match_id: int,
    seat: int,
    action: GameAction,
    expected_version: int,
    client_id: str,
    user: AbstractBaseUser,
) -> Applied | None:
    """``services.apply_action`` for a player (``user``) on the loop, with the same result
    and refusals; None: apply it in a worker thread instead (it ends the match, or the
    pooled connection was found lost), nothing having changed."""
    async with connection() as db:
        try:
            applied, match, waiting = await _apply(
                db, match_id, seat, action, expected_version, client_id, user
            )
        except _Elsewhere:
            return None
        finally:
            if not db.idle:
                await _rollback(db)
    if match is not None:  # committed
        states.keep(match)
        turnmail.committed(match, waiting)
    return applied


async def _apply(
    db: Connection,
    match_id: int,
    seat: int,
    action: GameAction,
    expected_version: int,
    client_id: str,
    user: AbstractBaseUser,
) -> tuple[Applied, Match | None, list[int]]:
    """The act in the connection's transaction, committed: what it produced, the match
    (None: nothing was written) and the seats to mail."""
    lock = actlog.lock_statement(match_id, seat, client_id, VENDOR)
    try:
        [rows] = await db.run([lock], begin=True)
    except psycopg.OperationalError as lost:  # an idle connection the server dropped
        raise _Elsewhere from lost  # before anything was done: the worker thread retries
    locked = actlog.locked(rows)
    if locked is None:
        raise IllegalAction("no_match", "there is no such match")
    match, seats = locked.match, locked.seats
    if locked.done is not None:
        return services.repeated(match, seat, *locked.done), None, []
    services.check_player(seats, seat, user)
    state = states.kept(match)
    states.advance(match, state if state is not None else await _replayed(db, match))
    decided = services.decide(match, seats, seat, action, expected_version, client_id, user)
    if decided.applied.finished:
        raise _Elsewhere
    statements = []
    if services.comes_back(seats, seat, user):
        statements.append(actlog.seat_back_statement(match.pk, seat, VENDOR))
    snapshot = states.snapshot_if_due(match)
    at = timezone.now()
    statements += actlog.record_statements(match, decided.entry, VENDOR, at, snapshot=snapshot)
    await db.run(statements, commit=True)
    return decided.applied, match, decided.waiting


async def _replayed(db: Connection, match: Match) -> State:
    """The state at the locked match's version from its snapshot and the actions since
    (``states.replayed``, on this connection)."""
    [rows] = await db.run([actlog.snapshot_statement(match.pk, VENDOR)])
    snapshot, since = actlog.json_value(rows[0][0]), rows[0][1]
    if since > match.version:  # a snapshot is never ahead of the locked version
        raise _Elsewhere
    [actions] = await db.run([actlog.since_statement(match.pk, since, match.version, VENDOR)])
    return states.replay(match.game, snapshot, ((s, actlog.json_value(a)) for s, a in actions))


async def _rollback(db: Connection) -> None:
    """End a transaction that did not commit; a connection that cannot is closed by the
    pool as it comes back (it is not idle)."""
    with contextlib.suppress(psycopg.Error):
        await db.rollback()
