"""The one interface every game implements, and the errors it raises.

A game is a module-level object that satisfies :class:`Game`. State is plain data
(dicts, lists, str, int, bool, None) so it can be stored, replayed, diffed and sent
through JSON unchanged. Randomness lives inside the state (see ``games.rng``) and is
never part of any view.

Who the game waits for is a *set* of seats (``active_seats``): Space Mission has one
active seat, a game with simultaneous secret choices has several. Clocks run, bots are
asked and stand-ins play only for those seats. A seat the game does not wait for may
still be offered optional actions (Jump Drive's ``uncommit``: a committed choice taken
back while others decide, J15); acting on one may make it active again.

Beside ``legal_actions``, ``why_not`` says why each action kind a seat cannot take now
is closed to it, as a reason code with arguments (never a finished sentence: the page
words it in the viewer's language). It reads only what that seat may know, and it
travels in the seat's view as ``view["why_not"]``.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable
from dataclasses import dataclass, field
from typing import Any, Protocol

from games.clock import PACE_IDS

State = dict[str, Any]
Action = dict[str, Any]
Event = dict[str, Any]
View = dict[str, Any]
Reason = dict[str, Any]  # {"code": stable code, "args": {name: JSON value}}


class IllegalAction(Exception):
    """An action the rules refuse. ``code`` is stable and machine-readable."""

    def __init__(self, code: str, message: str, **args: Any) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.details = args  # what ``why_not`` passes on with the code

    def as_dict(self) -> dict[str, str]:
        return {"code": self.code, "message": self.message}

    def reason(self) -> Reason:
        """The refusal as a ``why_not`` reason."""
        return reason(self.code, **self.details)


# A spectator's legal actions and reasons: none, the same objects in every view (views
# are read only), so a patch between two of them skips both by identity.
NO_ACTIONS: list[Any] = []
NO_REASONS: dict[str, Any] = {}


def reason(code: str, **args: Any) -> Reason:
    """A ``why_not`` reason: a stable code and the arguments the page words it with."""
    return {"code": code, "args": dict(args)}


def reasons(keys: Iterable[str], code: str, **args: Any) -> dict[str, Reason]:
    """The same reason for each key, each its own object: a view holds no object twice,
    so a JSON patch between two views replays exactly on a copy."""
    return {key: reason(code, **args) for key in keys}


def gettext_noop(text: str) -> str:
    """Marks a label (an option's) for the site's catalogues without importing Django:
    the catalogue tools find the msgid here, the lobby words it in the reader's language."""
    return text


@dataclass(frozen=True)
class ViewDelta:
    """What an action changed in one audience's view: the top-level parts that may differ
    from its view before, with their new values, and the lines added to its ``log``."""

    parts: dict[str, Any]
    log: list[Event]


@dataclass(frozen=True)
class Option:
    """One table option a host may set in the lobby."""

    name: str
    label: str
    default: Any
    choices: tuple[Any, ...] = ()


@dataclass(frozen=True)
class GameInfo:
    """What the lobby needs to know about a game."""

    id: str
    name: str
    min_players: int
    max_players: int
    options: tuple[Option, ...] = field(default=())
    bots: tuple[str, ...] = ("random", "greedy")
    paces: tuple[str, ...] = PACE_IDS  # the games.clock presets a table of it may use
    # The player count the game is most often played at: where "Play against bots" and
    # the lobby's forms start. 0: the fewest it allows.
    suggested_players: int = 0

    def __post_init__(self) -> None:
        if not self.min_players <= self.usual_players <= self.max_players:
            raise ValueError(f"{self.id}: suggested_players outside its player counts")

    @property
    def usual_players(self) -> int:
        """The player count a table of this game starts from."""
        return self.suggested_players or self.min_players

    def default_options(self) -> dict[str, Any]:
        return {o.name: o.default for o in self.options}


class Game(Protocol):
    """The functions every game module provides."""

    info: GameInfo
    search: SearchHooks | None  # what the search bots need; None: the game has none

    def setup(self, seats: int, options: dict[str, Any], seed: int) -> State:
        """A new game for ``seats`` players; the same seed gives the same state."""

    def active_seats(self, state: State) -> list[int]:
        """The seats the game waits for now, sorted; empty when the game is over."""

    def legal_actions(self, state: State, seat: int) -> list[Action]:
        """Every action ``seat`` may take now, each one accepted by ``apply``.

        For an active seat, what it must choose from; for a seat the game does not wait
        for, only optional actions (usually none, so an empty list), which never end the
        game and which bots never need to take."""

    def why_not(self, state: State, seat: int) -> dict[str, Reason]:
        """For each action kind (and option, ``"kind:id"``) ``seat`` cannot take now, why."""

    def apply(self, state: State, seat: int, action: Action) -> tuple[State, list[Event]]:
        """The new state and its events; raises IllegalAction and never mutates ``state``."""

    def view(self, state: State, seat: int | None) -> View:
        """What ``seat`` may see (``None``: a spectator). The only road out of the server."""

    def view_deltas(
        self, before: State, after: State, events: list[Event], seats: int
    ) -> list[ViewDelta] | None:
        """What ``apply`` (``before`` to ``after``, with its ``events``) changed in each
        audience's view (each seat, then the spectators), without building the parts it
        left alone; ``None``: the game cannot say, and every view is built whole. The
        delta applied to the audience's view of ``before`` is its view of ``after``."""

    def result(self, state: State) -> dict[str, Any] | None:
        """``None`` while running; else scores by category per seat and the winners."""

    def bot_action(self, bot: str, view: View, seed: int) -> Action:
        """The action bot ``bot`` takes seeing only ``view`` (which holds its legal actions),
        for a seat the game waits for."""


@dataclass(frozen=True)
class SearchHooks:
    """What the shared search (``games.search``) asks of one game.

    ``sample(view, seat, seed)`` deals a full state consistent with everything ``seat``
    knows (its view, which holds the public log), never reading the true state: its view
    for ``seat`` equals the given one. ``moves(state, seat)`` are the decisions worth
    searching (a subset of the legal actions: no undo, no take-back, one order for
    selections that commute). ``rollout(state, seat, g)`` is a cheap playout choice from
    a ``games.rng`` state. ``estimate(state)`` guesses each seat's final total where a
    playout is cut off; a lead of ``scale`` points counts as a near-certain win.
    ``round_key(state)`` names the round of secret simultaneous choices the state is in
    (``None``: none), so each seat is searched there without seeing the others' choices.
    ``simulations`` is the budget of each search level (``games.bots.LEVELS``) at two
    players, set per game from its playout speed so that a strong decision stays within
    half a second; ``seat_factor`` gives, per player count, what to multiply it by where
    a larger table leaves time for more (``budget``).
    ``ranked(state, seat, moves)`` orders ``moves`` best first as the easy bot sees them
    from the seat's part of the state, and the tree searches only the first ``width``:
    at these budgets a decision of fifty moves would get about one simulation each.
    ``prior_share`` is the share of the budget the easy bot's choice counts for as visits
    (at least ``games.search.PRIOR_VISITS``): where playouts cut short mislead a larger
    budget, a share keeps it on that choice; where they guide it, none lets it leave.
    ``playout_depth`` is the actions a playout of each level runs at two players (a level
    is its simulations and how far each looks); ``depth_factor`` gives, per player count,
    what to multiply it by where a playout of that length would leave each seat too few
    of its own decisions (``depth``).
    ``opponents_by_policy``: the player counts at which, outside rounds of secret
    choices, the other seats play by ``rollout`` inside the tree too, which then holds
    the searching seat's decisions only; else each of their replies is tried in turn, at
    random while it is new.
    """

    sample: Callable[[View, int, int], State]
    moves: Callable[[State, int], list[Action]]
    rollout: Callable[[State, int, int], Action]
    estimate: Callable[[State], list[float]]
    round_key: Callable[[State], Hashable | None]
    scale: float
    playout_depth: dict[str, int]
    simulations: dict[str, int]
    ranked: Callable[[State, int, list[Action]], list[Action]] | None = None
    width: int = 0
    prior_share: float = 0.125
    seat_factor: dict[int, float] = field(default_factory=dict)
    opponents_by_policy: frozenset[int] = frozenset()
    depth_factor: dict[int, float] = field(default_factory=dict)

    def budget(self, level: str, players: int) -> int:
        """The simulations of a ``level`` search at a table of ``players``."""
        return round(self.simulations[level] * self.seat_factor.get(players, 1.0))

    def depth(self, level: str, players: int) -> int:
        """The actions a ``level`` search's playout runs at a table of ``players``."""
        return round(self.playout_depth[level] * self.depth_factor.get(players, 1.0))


@dataclass(frozen=True)
class RulesGame:
    """A :class:`Game` assembled from a game package's functions.

    Every game keeps who may act in ``state["active"]`` and its result (``None`` while
    running) in ``state["result"]``, so those two need no function of their own.
    """

    info: GameInfo
    setup: Callable[[int, dict[str, Any], int], State]
    legal_actions: Callable[[State, int], list[Action]]
    why_not: Callable[[State, int], dict[str, Reason]]
    apply: Callable[[State, int, Action], tuple[State, list[Event]]]
    view: Callable[[State, int | None], View]
    bot_action: Callable[[str, View, int], Action]
    search: SearchHooks | None = None
    # ``view_deltas``, where the game can say what an action changed in its views.
    deltas: Callable[[State, State, list[Event], int], list[ViewDelta] | None] | None = None

    def view_deltas(
        self, before: State, after: State, events: list[Event], seats: int
    ) -> list[ViewDelta] | None:
        return None if self.deltas is None else self.deltas(before, after, events, seats)

    def active_seats(self, state: State) -> list[int]:
        return list(state["active"])

    def result(self, state: State) -> dict[str, Any] | None:
        return state["result"]
