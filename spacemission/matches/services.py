"""Stored matches: start, apply one action, replace a player by a bot, replay.

Every change to a match happens in one transaction with the match row locked, so the
version check and the action log are exact however many processes serve the match.
Nothing here speaks to clients: callers announce a committed change (``spacemission.live``).
"""

from __future__ import annotations

import logging
import secrets
from dataclasses import dataclass
from typing import Any

import orjson
from django.conf import settings
from django.contrib.auth.base_user import AbstractBaseUser
from django.db import transaction
from django.utils import timezone

from games import bots, fairdeal, registry
from games.core import Action as GameAction
from games.core import Event, Game, IllegalAction, State
from spacemission.lobby.botnames import english_name, free_number, seat_names
from spacemission.lobby.games import bot_levels, default_level
from spacemission.lobby.models import Table
from spacemission.matches import (
    actlog,
    audiences,
    clocks,
    decisions,
    finisher,
    signals,
    states,
    turnmail,
    written,
)
from spacemission.matches.audiences import ViewChange
from spacemission.matches.decisions import BotQuestion
from spacemission.matches.models import Match, MatchSeat

log = logging.getLogger(__name__)
SEED_BITS = 63


@dataclass(frozen=True)
class Applied:
    """A committed action (or a repeat of one): what the live layer needs to announce it.

    ``version`` is the match's version the action produced (internal), ``seen`` the
    actor's view version after it (what its ``ack`` says). ``repeated`` means the client
    id had been applied before: nothing changed now, and both are what that first
    application produced (``before``/``after`` None). ``changes`` holds a patch for each
    audience whose view changed (the actor's always), with that audience's view version.
    """

    match_id: int
    game: str
    seat_count: int
    version: int
    seen: int = 0
    repeated: bool = False
    before: State | None = None
    after: State | None = None
    finished: bool = False
    bots: bool = False  # a bot plays a seat: the live layer lets it move after this action
    changes: tuple[ViewChange, ...] = ()
    clock: dict[str, Any] | None = None  # the new public clock, when the act changed it


def bot_seed(match: Match, seat: int) -> int:
    """The seed a bot uses at this version: the same in every process, so two processes
    racing to move one bot propose the same action and the loser's is a no-op."""
    return (match.seed * 1_000_003 + match.version * 101 + seat) % (1 << SEED_BITS)


def start_match(table: Table, seed: int | None = None) -> Match:
    """Create the match for a full table and mark the table running: a random deal, or
    the one ``seed`` gives (a guided game deals the same every time).

    Call inside the caller's transaction; the first bot move (if a bot acts first) is
    scheduled once it commits.
    """
    game = registry.get(table.game)
    seats = list(table.seats.select_related("user").order_by("index"))
    if [s.index for s in seats if s.taken] != list(range(table.seat_count)):
        raise ValueError(f"table {table.pk} has empty seats")
    options = {**game.info.default_options(), **(table.options or {})}
    if seed is None:
        seed = secrets.randbits(SEED_BITS)
    salt = secrets.token_hex(fairdeal.SALT_BYTES)
    names = seat_names((s.bot, s.user.shown_name if s.user_id else "") for s in seats)
    state = game.setup(table.seat_count, options, seed)
    match = Match(
        table=table,
        game=table.game,
        seat_count=table.seat_count,
        options=options,
        seed=seed,
        salt=salt,
        commitment=fairdeal.commitment(seed, salt),
        view_versions=audiences.initial(table.seat_count),
        pace=table.pace,
    )
    states.start(match, state)
    at = clocks.now()
    clocks.start(match, {s.index: "" if s.user_id else s.bot for s in seats}, at)
    match.save()
    states.advance(match, state)
    states.keep_on_commit(match)
    MatchSeat.objects.bulk_create(
        MatchSeat(
            match=match,
            index=s.index,
            user=s.user,
            bot="" if s.user_id else s.bot,
            name=name,
            gone_since=at if s.user_id else None,  # until their first connection
        )
        for s, name in zip(seats, names, strict=True)
    )
    table.status = Table.Status.RUNNING
    table.save(update_fields=["status", "updated_at"])
    signals.after_commit(match.pk, seats_changed=False)
    turnmail.after_commit(match, turnmail.newly_waiting(game, None, state, None))
    return match


def replace_with_bot(match: Match, seat_index: int, bot: str = "") -> MatchSeat:
    """Hand a running match's seat to a bot for good (its player left the table); the bot
    moves if it is its turn. The seat keeps its user, marked resigned.

    The table's seat follows, so the lobby shows who plays now.
    """
    bot = bot or stand_in_bot(match.game)
    if bot not in bots.levels(registry.get(match.game)):
        raise ValueError(f"unknown bot {bot!r}")
    with serialised():
        locked = Match.objects.select_for_update().get(pk=match.pk)  # the match, then seats
        seat = MatchSeat.objects.select_for_update().get(match=match, index=seat_index)
        others = MatchSeat.objects.filter(match=match).exclude(index=seat_index)
        seat.bot, seat.resigned, seat.away = bot, True, False
        taken = set(others.values_list("name", flat=True))
        seat.name = english_name(bot, free_number(bot, taken))
        seat.save(update_fields=["bot", "resigned", "away", "name"])
        match.table.seats.filter(index=seat_index).update(user=None, bot=bot)
        seats_changed(locked, "left", seat_index)
        signals.after_commit(match.pk, seats_changed=True)
    return seat


def seats_changed(match: Match, kind: str, seat: int, **args: Any) -> bool:
    """After a seat changed hands (saved), on the locked match: note it for the log, run
    the clocks of the seats people play now, save; whether the clock changed."""
    at = clocks.now()
    note(match, kind, seat, at, **args)
    changed = clocks.update(match, clocks.bots_of(match.seats.values("index", "bot")), at)
    match.save(update_fields=["events", *clocks.CLOCK_FIELDS])
    return changed


def serialised() -> transaction.Atomic:
    """A transaction that holds the write lock from its first statement, as every write
    path's does: PostgreSQL locks the rows it selects for update, and SQLite's transactions
    are all IMMEDIATE (``settings.DATABASES``), taking the database's write lock at BEGIN,
    so concurrent appliers queue up instead of both reading the same version."""
    return transaction.atomic()


def apply_action(
    match_id: int,
    seat: int,
    action: GameAction,
    expected_version: int,
    client_id: str = "",
    user: AbstractBaseUser | None = None,
) -> Applied:
    """Apply one action by ``seat`` (played by ``user``, or by its bot when ``user`` is None).

    Raises IllegalAction (the rules' codes, and ``stale_version``, ``match_over``,
    ``not_your_seat``, ``no_match``); nothing changes then. A client id already applied
    for this seat returns that first application again, marked ``repeated``.
    """
    with serialised():
        locked = actlog.lock(match_id, seat, client_id)
        if locked is None:
            raise IllegalAction("no_match", "there is no such match")
        match, seats = locked.match, locked.seats
        if locked.done is not None:
            return repeated(match, seat, *locked.done)
        check_player(seats, seat, user)
        if comes_back(seats, seat, user):
            actlog.seat_back(match.pk, seat)
        return apply_locked(match, seats, seat, action, expected_version, client_id, user)


def apply_locked(
    match: Match,
    seats: dict[int, dict[str, Any]],
    seat: int,
    action: GameAction,
    expected_version: int,
    client_id: str = "",
    user: AbstractBaseUser | None = None,
) -> Applied:
    """``apply_action`` inside its transaction, the match locked and the player checked:
    the act decided, then stored in the match row and the log (and, when it ends the
    match, the table and the ratings too)."""
    written.forget(match.pk)  # this process's next act of it reads what this one wrote
    decided = decide(match, seats, seat, action, expected_version, client_id, user)
    if decided.applied.finished:
        actlog.append(match, decided.entry)  # the result is rated with the whole log
        finisher.finish_locked(match)
    _store(match, None if decided.applied.finished else decided.entry)
    states.keep_on_commit(match)
    if not decided.applied.finished:
        turnmail.after_commit(match, decided.waiting)
    return decided.applied


@dataclass(frozen=True)
class Decided:
    """An act worked out on the locked match, not stored yet: what it produced, its log
    entry, and the seats it newly waits for (to be mailed, at a turn-based table)."""

    applied: Applied
    entry: actlog.Entry
    waiting: list[int]


def decide(
    match: Match,
    seats: dict[int, dict[str, Any]],
    seat: int,
    action: GameAction,
    expected_version: int,
    client_id: str,
    user: AbstractBaseUser | None,
) -> Decided:
    """Everything an act changes, in memory only (``match`` is updated, nothing is saved):
    the rules, the views that changed, the version, the clock, the result. Raises
    IllegalAction as ``apply_action`` does. The match's state must be at hand
    (``states.current``)."""
    if match.status == Match.Status.FINISHED:
        raise IllegalAction("match_over", "the match has ended")
    versions = audiences.current(match.view_versions, match.seat_count)
    _check_fresh(versions[seat], expected_version)
    game = registry.get(match.game)
    before = states.current(match)
    after, events = _rules_apply(game, before, seat, action)
    changes = audiences.changes(game, before, after, seat, versions, events)
    match.version += 1
    match.view_versions = audiences.bumped(versions, changes)
    states.advance(match, after)
    entry = actlog.Entry(seat, action, client_id, user.pk if user is not None else None)
    at = clocks.now()
    result = game.result(after)
    if result is not None:
        match.status, match.result = Match.Status.FINISHED, result
        match.finished_at = timezone.now()
    clock_changed = clocks.update(match, clocks.bots_of(seats.values()), at, seat)
    applied = Applied(
        match_id=match.pk,
        game=match.game,
        seat_count=match.seat_count,
        version=match.version,
        seen=match.view_versions[seat],
        before=before,
        after=after,
        finished=result is not None,
        bots=any(row["bot"] for row in seats.values()),
        changes=tuple(changes),
        clock={**clocks.public(match), "now": at} if clock_changed else None,
    )
    waiting = [] if result is not None else turnmail.newly_waiting(game, before, after, seat)
    return Decided(applied, entry, waiting)


def comes_back(seats: dict[int, dict[str, Any]], seat: int, user: AbstractBaseUser | None) -> bool:
    """Whether the seat's person, acting themselves, plays again after being away."""
    return user is not None and bool(seats[seat]["away"] or seats[seat]["timeouts"])


def _store(match: Match, entry: actlog.Entry | None) -> None:
    """Write the act to the match row, with its log entry unless already appended (the
    last act); the state only as a snapshot, every few acts and at the end."""
    finished = match.status == Match.Status.FINISHED
    snapshot = states.snapshot_if_due(match, always=finished)
    if finished:
        fields = ["version", "view_versions", "snapshot", "snapshot_version", "status"]
        fields += ["result", "finished_at", "updated_at", *clocks.CLOCK_FIELDS]
        match.save(update_fields=fields)
    else:
        actlog.record(match, entry, snapshot=snapshot)


def _check_fresh(seen: int, expected_version: int) -> None:
    """Refuse an act based on any view but the seat's current one (``seen``: its view
    version); acts of other seats that left its view as it was do not make it stale."""
    if expected_version != seen:
        raise IllegalAction(
            "stale_version",
            f"your view is at version {seen}, not {expected_version}",
        )


def repeated(match: Match, seat: int, version: int, view_versions: Any) -> Applied:
    """A client id applied before: acknowledged again with what it produced then."""
    if isinstance(view_versions, str):  # a JSON value some databases return as text
        view_versions = orjson.loads(view_versions)
    seen = view_versions[seat] if view_versions else 0
    return Applied(match.pk, match.game, match.seat_count, version, seen, repeated=True)


def check_player(
    seats: dict[int, dict[str, Any]], seat: int, user: AbstractBaseUser | None
) -> None:
    """Refuse anyone but who plays the seat now: its bot when one is set, else its user."""
    row = seats.get(seat)
    if row is None:
        raise IllegalAction("not_your_seat", f"there is no seat {seat}")
    if user is None and not row["bot"]:
        raise IllegalAction("not_your_seat", f"seat {seat} is not played by a bot")
    if user is not None and row["user_id"] != user.pk:
        raise IllegalAction("not_your_seat", f"you do not play seat {seat}")
    if user is not None and row["bot"]:
        raise IllegalAction("not_your_seat", f"a bot plays seat {seat} now")


def _rules_apply(
    game: Game, state: State, seat: int, action: GameAction
) -> tuple[State, list[Event]]:
    """The rules' new state and events; malformed input the rules did not anticipate is
    refused too."""
    try:
        after, events = game.apply(state, seat, action)
    except IllegalAction:
        raise
    except (KeyError, TypeError, ValueError, IndexError, AttributeError) as exc:
        message = f"the action is malformed ({exc.__class__.__name__})"
        raise IllegalAction("bad_action", message) from exc
    return after, events


def replay(match: Match) -> State:
    """The state rebuilt from the seed and the action log; equals ``states.current(match)``."""
    game = registry.get(match.game)
    state = game.setup(match.seat_count, match.options, match.seed)
    for seat, action in match.actions.order_by("version").values_list("seat", "action"):
        state, _events = game.apply(state, seat, action)
    return state


def bot_to_move(match: Match) -> tuple[int, str] | None:
    """(seat, bot) of a bot that may act now in a running match, else None."""
    if match.status != Match.Status.RUNNING:
        return None
    active = set(registry.get(match.game).active_seats(states.current(match)))
    for seat in match.seats.all():
        if seat.index in active and seat.bot:
            return seat.index, seat.bot
    return None


def play_bot(match_id: int) -> Applied | None:
    """Let the bot whose turn it is take one action, from its own view only, in this
    thread (the live layer asks and answers apart: ``ask_bot``, ``answer_bot``)."""
    question = ask_bot(match_id)
    if question is None:
        return None
    return answer_bot(question, decisions.decide(question))


def ask_bot(match_id: int) -> BotQuestion | None:
    """What the bot whose turn it is must decide now, or None when no bot may act."""
    match = Match.objects.defer("snapshot").filter(pk=match_id).first()
    if match is None:
        return None
    turn = bot_to_move(match)
    if turn is None:
        return None
    seat, bot = turn
    return BotQuestion(
        game=match.game,
        view=audiences.view_of(
            registry.get(match.game), states.current(match), match.seat_count, seat
        ),
        seat=seat,
        bot=bot,
        seed=bot_seed(match, seat),
        match_id=match.pk,
        seen=audiences.current(match.view_versions, match.seat_count)[seat],
    )


# A bot's act refused for one of these: the match moved on since it was asked (another
# process's bot, a duplicate schedule, the end), so there is nothing to play.
MOVED_ON = frozenset({"stale_version", "match_over", "not_your_seat"})


def answer_bot(question: BotQuestion, choice: GameAction) -> Applied | None:
    """Apply a bot's ``choice`` to ``question``, only if the seat's view is still the one
    it was decided on (so a decision taken twice, or by two processes, applies once).

    None when the match moved on meanwhile (the version check makes that a no-op). A bot
    whose choice the rules refuse plays its first legal action instead, so a match never
    stalls on a bot.
    """
    for action in bot_tries(question, choice):
        try:
            return apply_action(question.match_id, question.seat, action, question.seen)
        except IllegalAction as exc:
            if exc.code in MOVED_ON:
                return None
            bot_refused(question, action, exc)
    return None


def bot_tries(question: BotQuestion, choice: GameAction) -> list[GameAction]:
    """What a bot plays, in order, until the rules accept one: its choice, then every
    legal action but undo."""
    return [choice, *decisions.fallbacks(question)]


def bot_refused(question: BotQuestion, action: GameAction, refused: IllegalAction) -> None:
    log.error(
        "match %s: bot %s chose %s, refused: %s",
        question.match_id,
        question.bot,
        action,
        refused.code,
    )


def bot_choices(match: Match, seat: int, bot: str) -> list[GameAction]:
    """What bot ``bot`` would do at ``seat`` now, from its own view: its choice first,
    then every legal action (but undo) in case the rules refuse it."""
    game, state = registry.get(match.game), states.current(match)
    view = audiences.view_of(game, state, match.seat_count, seat)
    question = BotQuestion(match.game, view, seat, bot, bot_seed(match, seat), match.pk, 0)
    return [decisions.decide(question), *decisions.fallbacks(question)]


def stand_in_bot(game_id: str) -> str:
    """The bot that plays for an absent or resigned player: ``STAND_IN_LEVEL`` where the
    game offers it, else the game's default level."""
    level = settings.STAND_IN_LEVEL
    return level if level in bot_levels(game_id) else default_level(game_id)


def note(match: Match, kind: str, seat: int, at: int, **args: Any) -> None:
    """Add an event about a seat to the match's public events (not saved): ``log`` is how
    many public lines the game log had then, so every page shows it in its place."""
    game, state = registry.get(match.game), states.current(match)
    public_log = audiences.view_of(game, state, match.seat_count, None).get("log", [])
    event = {"kind": kind, "seat": seat, "at": at, "log": len(public_log), **args}
    match.events = [*match.events, event]
