"""Players' acts awaited on the event loop, applied together: the hot path without a
worker thread, and one commit for the acts that arrive together.

``services.apply_action`` runs in a worker thread on Django's connection, and every act
paid the hop there and back and Django's transaction machinery. A player's act and a
bot's (``live.acts``) run here instead, with the same statements (``actlog``) and the
same decision (``services.decide``), on either database: what differs is only the store under it
(``matches.actstore``: a pooled connection of ``matches.loopdb`` on PostgreSQL, one writer
thread's connection on SQLite). The act that ends the match is stored here too, with the
match's end (its status, result and time); what else the end changes, its table and the
ratings, follows the commit in a worker thread (``matches.finisher``).

The acts of different matches that wait here meanwhile are applied in one transaction (a
*batch*), in two round trips: ``BEGIN`` with each match's lock and read, then every act's
append and update with ``COMMIT`` (on SQLite two steps in the writer thread, the write
lock taken at ``BEGIN IMMEDIATE``). On PostgreSQL an act of a match whose rows this
process wrote last needs no read: it is decided on those rows before the first round
trip, which carries its guarded write (``matches.written``), so a batch of such acts
alone is one round trip. Most of what PostgreSQL spends on an act is its transaction
(the commit's WAL flush above all), and most of what this process spends on a round trip
is the round trip, so a batch of four costs each act about half of either
(``docs/benchmarks.md``, fifth round). No two batches in flight hold acts of one match (a
match's acts are already applied one at a time, ``live.ordering``; the next one sees the
last one committed), each batch locks its matches in the order of their ids, and at most
the store's ``batches`` are in flight at once: an act that arrives while they are waits
for the next.
A refused act leaves the others be; if the batch's writes fail, none of them committed
and each act is handed back to the worker thread's path (None), which applies it alone
or finds it done.

What happens once the transaction commits (the state kept for the next act, a turn
e-mail) happens after the commit, as Django's ``on_commit`` hooks do on the thread path.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import weakref
from dataclasses import dataclass, field
from datetime import datetime

from django.contrib.auth.base_user import AbstractBaseUser
from django.utils import timezone

from games.core import Action as GameAction
from games.core import IllegalAction, State
from spacemission.matches import actlog, actstore, services, states, turnmail, written
from spacemission.matches.actstore import Connection, Store
from spacemission.matches.loopdb import Rows, Statement
from spacemission.matches.models import Match
from spacemission.matches.services import Applied
from spacemission.matches.written import RowVersions, Written

log = logging.getLogger(__name__)

# Acts in one batch at most: the loop decides them one after another, locks held.
BATCH_MOST = 16


class _Elsewhere(Exception):
    """This act is for the worker thread's path; nothing was written."""


@dataclass(eq=False)
class _Request:
    """One act waiting for its batch, and where its outcome goes: an Applied, None (for
    the worker thread's path) or the refusal."""

    match_id: int
    seat: int
    action: GameAction
    expected_version: int
    client_id: str
    user: AbstractBaseUser | None  # None: the seat's bot
    outcome: asyncio.Future[Applied | None] = field(repr=False)


async def apply_action(
    match_id: int,
    seat: int,
    action: GameAction,
    expected_version: int,
    client_id: str,
    user: AbstractBaseUser | None,
) -> Applied | None:
    """``services.apply_action`` for a player (``user``; None: the seat's bot) on the
    loop, with the same result and refusals (an act that ends the match leaves its table
    and ratings to ``finisher.finish``); None: apply it in a worker thread instead (the
    batch could not be written), nothing having changed."""
    loop = asyncio.get_running_loop()
    store = actstore.store()
    if store is None:
        return None
    request = _Request(
        match_id, seat, action, expected_version, client_id, user, loop.create_future()
    )
    _batcher(loop, store).submit(request)
    return await request.outcome


def available() -> bool:
    """Whether players' acts are applied here (else in worker threads)."""
    return actstore.store() is not None


class _Batcher:
    """The acts waiting on one event loop, and the batches that apply them."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self.waiting: list[_Request] = []
        self.running = 0
        self.busy: set[int] = set()  # the matches of the batches in flight
        self._tasks: set[asyncio.Task[None]] = set()

    def submit(self, request: _Request) -> None:
        self.waiting.append(request)
        if self.running < self.store.batches:
            self.running += 1
            task = asyncio.get_running_loop().create_task(self._drain())
            self._tasks.add(task)
            task.add_done_callback(self._tasks.discard)

    async def _drain(self) -> None:
        try:
            while batch := self._take():
                try:
                    await _apply_batch(self.store, batch)
                finally:
                    self.busy.difference_update(r.match_id for r in batch)
        finally:
            self.running -= 1

    def _take(self) -> list[_Request]:
        """The next batch: the waiting acts in order, one per match and none of a match in
        another batch in flight (the batch that ends takes them next), none whose caller
        gave up before it began."""
        batch: list[_Request] = []
        left: list[_Request] = []
        for request in self.waiting:
            if request.outcome.done():
                continue
            if request.match_id in self.busy or len(batch) == BATCH_MOST:
                left.append(request)
            else:
                batch.append(request)
                self.busy.add(request.match_id)
        self.waiting = left
        return batch


_batchers: weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, _Batcher] = (
    weakref.WeakKeyDictionary()
)


def _batcher(loop: asyncio.AbstractEventLoop, store: Store) -> _Batcher:
    batcher = _batchers.get(loop)
    if batcher is None or batcher.store is not store:
        batcher = _batchers[loop] = _Batcher(store)
    return batcher


@dataclass
class _Step:
    """An act of a batch once decided: its outcome, and for an applied one the match, its
    seats and the versions of their rows (as read, then as written; None: unknown), the
    seats to mail and the statements that store it."""

    request: _Request
    outcome: Applied | Exception | None
    match: Match | None = None
    seats: actlog.Seats = field(default_factory=dict)
    rows: RowVersions | None = None
    waiting: list[int] = field(default_factory=list)
    statements: list[Statement] = field(default_factory=list)
    guarded: bool = False  # decided on the rows this process wrote last (``written``)


class _Again(Exception):
    """A guarded act found its rows written by someone else: it wrote nothing, and its
    next batch decides it on the locked rows."""


async def _apply_batch(store: Store, batch: list[_Request]) -> None:
    """Apply the batch's acts in one transaction; every act's outcome is settled once it
    has ended (a refusal changes nothing either way)."""
    batch.sort(key=lambda request: request.match_id)  # the one order every batch locks in
    try:
        steps = await _committed(store, batch)
    except asyncio.CancelledError:  # the loop is closing: so do the acts' callers
        for request in batch:
            request.outcome.cancel()
        raise
    except Exception as error:  # no connection to be had: every act is refused with it
        log.warning("a batch of %d acts found no connection", len(batch), exc_info=True)
        steps = [_Step(request, error) for request in batch]
    for step in steps:
        if isinstance(step.outcome, _Again):
            _batcher(asyncio.get_running_loop(), store).submit(step.request)
            continue
        if isinstance(step.outcome, Applied) and step.match is not None:
            states.keep(step.match)
            if step.rows is not None:
                written.keep(Written(step.match, step.seats, step.rows))
            turnmail.committed(step.match, step.waiting)
        _settle(step.request.outcome, step.outcome)


async def _committed(store: Store, batch: list[_Request]) -> list[_Step]:
    """Each act decided, and the applied ones committed; if the batch could not be
    written, nothing was, and every act is for the worker thread's path (None)."""
    async with store.connection() as db:
        try:
            return await _decided_and_written(store, db, batch)
        except (*store.errors, _Elsewhere):  # a lost connection, or writes refused
            log.info("a batch of %d acts goes to worker threads", len(batch), exc_info=True)
            return [_Step(request, None) for request in batch]
        finally:
            if not db.idle:
                await _rollback(db)


async def _decided_and_written(store: Store, db: Connection, batch: list[_Request]) -> list[_Step]:
    """The batch in one transaction. An act of a match whose rows this process wrote last
    is decided on those before any round trip and sent as its guarded write; every other
    act's match is locked and read in that same round trip, then each is decided and
    written in a second one (none when every act was guarded)."""
    firsts = [_first(store.vendor, request) for request in batch]
    if all(sql is None for _, sql in firsts):
        return [step for step, _ in firsts if step is not None]
    locking = any(step is None for step, _ in firsts)
    results = iter(await db.run([sql for _, sql in firsts if sql], begin=True, commit=not locking))
    steps = []
    for request, (step, sql) in zip(batch, firsts, strict=True):
        if sql is None:  # refused before any round trip
            steps.append(step)
        elif step is not None:
            steps.append(_stored(step, next(results)))
        else:
            steps.append(await _locked_step(store, db, request, next(results)))
    if locking:
        writing = [step for step in steps if step.statements and not step.guarded]
        results = iter(await db.run([s for step in writing for s in step.statements], commit=True))
        for step in writing:
            *_, last = [next(results) for _ in step.statements]
            step.rows = _after(step.rows, last)
    return steps


def _first(vendor: str, request: _Request) -> tuple[_Step | None, Statement | None]:
    """What the act sends in the batch's first round trip: its guarded write (and its
    step), or the statement that locks its match (no step yet), or nothing (refused)."""
    step = _guessed(request)
    if step is not None:
        return step, step.statements[0]
    lock = actlog.lock_statement(request.match_id, request.seat, request.client_id, vendor)
    try:
        return None, _storable(lock)
    except (ValueError, TypeError) as refused:  # a client id no database can store
        return _Step(request, refused), None


def _guessed(request: _Request) -> _Step | None:
    """The act decided on the rows this process wrote last of its match, to be stored by
    the statement that writes only if they are still the stored ones; None: this
    process holds no such rows, or the act is one to decide on the locked rows (refused,
    ending the match, a player coming back)."""
    held = written.take(request.match_id)
    if held is None:
        return None
    match, seats, seat, user = held.match, held.seats, request.seat, request.user
    if services.comes_back(seats, seat, user):
        return None
    try:
        services.check_player(seats, seat, user)
        decided = services.decide(
            match, seats, seat, request.action, request.expected_version, request.client_id, user
        )
        if decided.applied.finished:
            return None
        snapshot = states.snapshot_if_due(match)
        statement = actlog.guarded_record_statement(
            match, decided.entry, held.versions, timezone.now(), snapshot=snapshot
        )
        statement = _storable(statement)
    except Exception:  # refused on rows that may be out of date: the locked way decides
        return None
    return _Step(
        request, decided.applied, match, seats, held.versions, decided.waiting, [statement], True
    )


def _stored(step: _Step, rows: Rows) -> _Step:
    """A guarded act once its statement ran: written (its match row's new version), or
    to be decided again if its rows had changed."""
    if not rows:
        return _Step(step.request, _Again())
    step.rows = _after(step.rows, rows)
    return step


def _after(read: RowVersions | None, rows: Rows) -> RowVersions | None:
    """The rows' versions once the act's write (which returned ``rows``) ran on ``read``."""
    return None if read is None else RowVersions(rows[0][0], read.seats)


async def _locked_step(store: Store, db: Connection, request: _Request, rows: Rows) -> _Step:
    """The act decided on its locked rows (``_decide``), or refused, or handed on."""
    try:
        return await _decide(store.vendor, db, request, rows)
    except _Elsewhere:
        return _Step(request, None)
    except store.errors:  # a replay's read failed: the batch is over
        raise
    except Exception as refused:  # the rules' refusals, or a fault of this act alone
        return _Step(request, refused)


async def _decide(vendor: str, db: Connection, request: _Request, rows: Rows) -> _Step:
    """One act of the batch on its locked rows: decided, its statements made, nothing
    written yet. Raises IllegalAction as ``services.apply_action`` does."""
    locked = actlog.locked(rows)
    if locked is None:
        raise IllegalAction("no_match", "there is no such match")
    match, seats, seat, user = locked.match, locked.seats, request.seat, request.user
    if locked.done is not None:
        return _Step(request, services.repeated(match, seat, *locked.done))
    services.check_player(seats, seat, user)
    state = states.kept(match)
    states.advance(match, state if state is not None else await _replayed(vendor, db, match))
    decided = services.decide(
        match, seats, seat, request.action, request.expected_version, request.client_id, user
    )
    finished = decided.applied.finished
    statements, read = [], None if finished else locked.versions
    if services.comes_back(seats, seat, user):
        statements.append(actlog.seat_back_statement(match.pk, seat, vendor))
        read = None  # its seat row changes: the next act locks
    snapshot = states.snapshot_if_due(match, always=finished)
    at = timezone.now()
    statements += actlog.record_statements(match, decided.entry, vendor, at, snapshot=snapshot)
    if finished:  # its table and ratings follow the commit (``matches.finisher``)
        statements.append(actlog.end_statement(match, vendor))
    # Checked here: a value no database can store fails this act alone.
    statements = [_storable(statement) for statement in statements]
    return _Step(request, decided.applied, match, seats, read, decided.waiting, statements)


def _storable(statement: Statement) -> Statement:
    """``statement``, whose every value either back end stores as given: ValueError or
    TypeError for one it cannot (text with a NUL character, which PostgreSQL refuses)."""
    for value in statement[1]:
        if isinstance(value, str) and "\x00" in value:
            raise ValueError("text with a NUL character cannot be stored")
        if value is not None and not isinstance(value, str | int | datetime):
            raise TypeError(f"no column stores a {type(value).__name__}")
    return statement


async def _replayed(vendor: str, db: Connection, match: Match) -> State:
    """The state at the locked match's version from an earlier state this process holds,
    or else from its snapshot, and the actions since (``states.caught_up``, on this
    connection)."""
    held = states.earlier(match)
    if held is None:
        [rows] = await db.run([actlog.snapshot_statement(match.pk, vendor)])
        since, state = rows[0][1], actlog.json_value(rows[0][0])
        if since > match.version:  # a snapshot is never ahead of the locked version
            raise _Elsewhere
    else:
        since, state = held
    [actions] = await db.run([actlog.since_statement(match.pk, since, match.version, vendor)])
    return states.replay(match.game, state, ((s, actlog.json_value(a)) for s, a in actions))


def _settle(outcome: asyncio.Future[Applied | None], value: Applied | Exception | None) -> None:
    if outcome.done():  # its caller gave up
        return
    if isinstance(value, Exception):
        outcome.set_exception(value)
    else:
        outcome.set_result(value)


async def _rollback(db: Connection) -> None:
    """End a transaction that did not commit; a connection that cannot is closed by the
    pool as it comes back (it is not idle)."""
    with contextlib.suppress(Exception):
        await db.rollback()
