"""A match's current state: its snapshot plus the actions since, kept in memory per process.

The action log is the record (event sourcing): an act appends its action and bumps the
match's version, and the state itself is written only every ``SNAPSHOT_EVERY`` actions
and at the end. Reading a match's state replays the actions after its snapshot, unless
this process already holds the state at the match's stored version: it keeps the states
of the matches it served, keyed by that version, which the caller read (under the row
lock, when it acts). A cached state is only put there once its transaction has
committed, so a version names one state for good, whichever process wrote it; and a
state this process holds at an earlier version is caught up with the actions since
(the log is only ever appended to), not read again from the snapshot (unless it is
older than the snapshot). So the snapshot is read only by a process new to the match or
long away from it, and it can be rewritten seldom: a match
whose sockets another process also serves (acts of one turn here, of the next there)
replays the other process's acts only.

States are never changed in place (``games.core.Game.apply`` copies what it changes), so
one object serves every reader; a state kept across acts also lets ``games.memo`` share
the unchanged parts of consecutive views.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Iterable
from typing import Any

from django.db import transaction

from games import registry
from games.core import State
from spacemission.matches import written
from spacemission.matches.models import Action, Match

# A snapshot is rewritten once per this many acts (its JSON, the match's largest value,
# parsed, compressed and logged by PostgreSQL each time); at most this many actions are
# replayed when a process first reads the match (a few milliseconds of rules work).
SNAPSHOT_EVERY = 128
# Matches whose state one process keeps (a 4-seat state is about 100 KB in memory).
KEPT = 2000

# (match id, seed) -> (version, state): the seed tells apart a match that reuses the id
# of a deleted one (SQLite may hand ids out again).
Key = tuple[int, int]
_kept: OrderedDict[Key, tuple[int, State]] = OrderedDict()
_lock = threading.Lock()


def current(match: Match) -> State:
    """The state of ``match`` at its version (as read, or as advanced in this transaction)."""
    held = getattr(match, "_current", None)
    if held is not None and held[0] == match.version:
        return held[1]
    state = kept(match)
    if state is not None:
        advance(match, state)
        return state
    state = caught_up(match)
    advance(match, state)
    keep_on_commit(match)
    return state


def kept(match: Match) -> State | None:
    """This process's state of ``match`` at its version, if it holds it (no database)."""
    return _cached((match.pk, match.seed), match.version)


def advance(match: Match, state: State) -> None:
    """``state`` is the match's state at its version (new and uncommitted, or just read):
    ``current`` returns it from now on. Kept for other readers only once committed
    (``keep``, ``keep_on_commit``)."""
    match._current = (match.version, state)


def keep(match: Match) -> None:
    """Keep the match's current state for later transactions: call once it is committed."""
    version, state = match._current
    _keep((match.pk, match.seed), version, state)


def keep_on_commit(match: Match) -> None:
    """``keep`` once the caller's transaction commits."""
    version, state = match._current
    key = (match.pk, match.seed)
    transaction.on_commit(lambda: _keep(key, version, state))


def start(match: Match, state: State) -> None:
    """A new match (not saved yet): its snapshot is the state before any action."""
    match.snapshot, match.snapshot_version = state, match.version
    match._current = (match.version, state)


def snapshot_if_due(match: Match, *, always: bool = False) -> bool:
    """Make the current state the stored snapshot (saved with the match's next save) if
    one is due, or ``always``; whether it did."""
    if not always and match.version - match.snapshot_version < SNAPSHOT_EVERY:
        return False
    match.snapshot, match.snapshot_version = current(match), match.version
    return True


def earlier(match: Match) -> tuple[int, State] | None:
    """A state of ``match`` this process holds at a version before the match's but not
    before its snapshot, and that version (the actions since make the current state);
    None: none (one older than the snapshot would replay more than the snapshot does)."""
    with _lock:
        held = _kept.get((match.pk, match.seed))
    if held is None or not match.snapshot_version <= held[0] < match.version:
        return None
    return held


def caught_up(match: Match) -> State:
    """The state at ``match.version``: an earlier state this process holds and the actions
    since, or else ``replayed``."""
    held = earlier(match)
    if held is None:
        return replayed(match)
    since, state = held
    return replay(match.game, state, _actions(match, since))


def replayed(match: Match) -> State:
    """The state at ``match.version`` from the stored snapshot and the actions after it,
    up to that version: no cache. The match row may have been read before later acts
    committed (outside the row lock), so later actions and a later snapshot are left
    out; with a snapshot newer than the version read, the game is replayed from its deal.
    """
    game = registry.get(match.game)
    state, since = _snapshot(match)
    if since > match.version:
        state, since = game.setup(match.seat_count, match.options, match.seed), 0
    return replay(match.game, state, _actions(match, since))


def _actions(match: Match, since: int) -> Iterable[tuple[int, Any]]:
    """The (seat, action) of the match's actions after version ``since`` up to its own."""
    rows = Action.objects.filter(match_id=match.pk, version__gt=since, version__lte=match.version)
    return rows.order_by("version").values_list("seat", "action")


def replay(game_id: str, state: State, actions: Iterable[tuple[int, Any]]) -> State:
    """``state`` after the (seat, action) pairs, in order."""
    game = registry.get(game_id)
    for seat, action in actions:
        state, _events = game.apply(state, seat, action)
    return state


def _snapshot(match: Match) -> tuple[State, int]:
    """The snapshot and its version, read together (a snapshot loaded on its own later
    may already be a newer one)."""
    if "snapshot" not in match.get_deferred_fields():
        return match.snapshot, match.snapshot_version
    row = Match.objects.filter(pk=match.pk).values_list("snapshot", "snapshot_version")
    return row.get()


def forget_all() -> None:
    """Drop every kept state, and every row this process wrote (``written``): tests that
    play a process new to its matches."""
    with _lock:
        _kept.clear()
    written.forget_all()


def _cached(key: Key, version: int) -> State | None:
    with _lock:
        held = _kept.get(key)
        if held is None or held[0] != version:
            return None
        _kept.move_to_end(key)
        return held[1]


def _keep(key: Key, version: int, state: State) -> None:
    with _lock:
        held = _kept.get(key)
        if held is not None and held[0] > version:
            return  # a later state of the match is kept already
        _kept[key] = (version, state)
        _kept.move_to_end(key)
        while len(_kept) > KEPT:
            _kept.popitem(last=False)
