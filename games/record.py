"""A finished game's record: everything needed to replay and check it, as plain JSON.

    {"game": "space-mission", "version": 1, "options": {...},
     "seats": [{"seat": 0, "name": "Ada", "bot": null}, ...],
     "seed": 123, "salt": "<64 hex digits>", "commitment": "<64 hex digits>",
     "actions": [{"seat": 0, "action": {...}}, ...], "result": {...}}

``version`` is the version of this format. ``parse`` checks a record read from anywhere
(an upload, a file) and raises RecordError with a sentence saying what is wrong;
``check`` replays it through the game's own ``setup`` and ``apply`` and says whether the
seed matches its commitment and the log gives the recorded result.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from games import fairdeal, registry
from games.core import Action, Game, IllegalAction, State

VERSION = 1
MAX_ACTIONS = 100_000
# Malformed actions the rules did not anticipate surface as these (see matches.services).
MALFORMED = (KeyError, TypeError, ValueError, IndexError, AttributeError)


class RecordError(ValueError):
    """A record that cannot be read or replayed; the message says why."""


@dataclass(frozen=True)
class Record:
    game: str
    options: dict[str, Any]
    seats: list[dict[str, Any]]
    seed: int
    salt: str
    commitment: str
    actions: list[tuple[int, Action]]
    result: dict[str, Any] | None = None

    def as_json(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "version": VERSION,
            "options": self.options,
            "seats": self.seats,
            "seed": self.seed,
            "salt": self.salt,
            "commitment": self.commitment,
            "actions": [{"seat": seat, "action": action} for seat, action in self.actions],
            "result": self.result,
        }


@dataclass(frozen=True)
class Check:
    """What replaying a record showed."""

    commitment_ok: bool  # SHA-256(salt ‖ seed) is the commitment
    result_ok: bool  # the log, replayed from the seed, ends with the recorded result
    final: State
    steps: int

    @property
    def ok(self) -> bool:
        return self.commitment_ok and self.result_ok


def _field(data: dict[str, Any], name: str, kind: type | tuple[type, ...]) -> Any:
    value = data.get(name)
    if not isinstance(value, kind) or (isinstance(value, bool) and kind is int):
        raise RecordError(f"the record's {name!r} is missing or has the wrong type")
    return value


def _action(index: int, entry: Any, seats: int) -> tuple[int, Action]:
    if not isinstance(entry, dict):
        raise RecordError(f"action {index + 1} is not an object")
    seat, action = entry.get("seat"), entry.get("action")
    if type(seat) is not int or not 0 <= seat < seats:
        raise RecordError(f"action {index + 1} names no seat of this game")
    if not isinstance(action, dict) or not isinstance(action.get("type"), str):
        raise RecordError(f"action {index + 1} is not an action object with a 'type'")
    return seat, action


def parse(data: Any) -> Record:
    """A checked record from decoded JSON; RecordError says what is wrong."""
    if not isinstance(data, dict):
        raise RecordError("a record is a JSON object")
    if data.get("version") != VERSION:
        raise RecordError(f"this is not a version {VERSION} game record")
    game_id = _field(data, "game", str)
    try:
        info = registry.get(game_id).info
    except (KeyError, ImportError):
        raise RecordError(f"unknown game {game_id[:40]!r}") from None
    seats = _field(data, "seats", list)
    if not info.min_players <= len(seats) <= info.max_players:
        raise RecordError(f"{info.name} is for {info.min_players}-{info.max_players} players")
    actions = _field(data, "actions", list)
    if len(actions) > MAX_ACTIONS:
        raise RecordError("the record has too many actions")
    result = data.get("result")
    if result is not None and not isinstance(result, dict):
        raise RecordError("the record's 'result' must be an object or null")
    seed = _field(data, "seed", int)
    salt = _field(data, "salt", str)
    try:
        fairdeal.message(seed, salt)
    except ValueError as exc:
        raise RecordError(str(exc)) from None
    return Record(
        game=game_id,
        options=_field(data, "options", dict),
        seats=[s if isinstance(s, dict) else {"seat": i} for i, s in enumerate(seats)],
        seed=seed,
        salt=salt,
        commitment=_field(data, "commitment", str),
        actions=[_action(i, entry, len(seats)) for i, entry in enumerate(actions)],
        result=result,
    )


def states(game: Game, record: Record) -> Iterator[State]:
    """The state before any action, then after each action of the log, by the rules."""
    try:
        state = game.setup(len(record.seats), record.options, record.seed)
    except MALFORMED as exc:
        raise RecordError(f"the game cannot start with these options ({exc})") from None
    yield state
    for index, (seat, action) in enumerate(record.actions):
        try:
            state, _events = game.apply(state, seat, action)
        except IllegalAction as exc:
            message = f"action {index + 1} is refused by the rules: {exc.message}"
            raise RecordError(message) from None
        except MALFORMED:
            raise RecordError(f"action {index + 1} is malformed") from None
        yield state


def state_at(record: Record, step: int) -> State:
    """The state after the first ``step`` actions (0: the dealt start)."""
    if not 0 <= step <= len(record.actions):
        raise RecordError(f"there is no step {step}; the game has {len(record.actions)}")
    for index, state in enumerate(states(registry.get(record.game), record)):
        if index == step:
            return state
    raise AssertionError("unreachable")


def check(record: Record) -> Check:
    """Replay the whole record and compare it with its commitment and its result."""
    game = registry.get(record.game)
    final = deque(states(game, record), maxlen=1)[0]
    return Check(
        commitment_ok=fairdeal.verifies(record.seed, record.salt, record.commitment),
        result_ok=record.result is not None and game.result(final) == record.result,
        final=final,
        steps=len(record.actions),
    )
