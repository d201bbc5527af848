"""Play whole games of any registered game for property tests.

Each step the acting seat plays its game's strongest bot (the last in ``info.bots``) or,
with probability ``wander``, a uniformly random legal action, so games both reach their
end and wander into odd corners. A wandering step may also fall to a seat the game does
not wait for but offers an optional action (Jump Drive's ``uncommit``, J15). Choices
come from ``games.rng`` seeded by the caller (hypothesis draws the seeds), so a failing
game replays exactly.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from games import rng
from games.core import Action, Event, Game, State


@dataclass
class Step:
    state: State
    seat: int
    action: Action
    new: State
    events: list[Event]


def optional_seats(game: Game, state: State, players: int) -> list[int]:
    """The seats the game does not wait for that are offered an action all the same."""
    active = game.active_seats(state)
    return [s for s in range(players) if s not in active and game.legal_actions(state, s)]


def choose(
    game: Game, state: State, seed: int, step: int, wander: float, players: int = 0
) -> tuple[int, Action]:
    g = rng.seed_state(seed * 1_000_003 + step)
    active = game.active_seats(state)
    g, i = rng.randbelow(g, len(active))
    seat = active[i]
    g, roll = rng.randbelow(g, 1000)
    if roll < wander * 1000:
        optional = optional_seats(game, state, players)
        if optional:  # no draw otherwise: games without such actions play as before
            g, k = rng.randbelow(g, len(active) + len(optional))
            seat = [*active, *optional][k]
        legal = [a for a in game.legal_actions(state, seat) if a.get("type") != "undo"]
        legal = legal or game.legal_actions(state, seat)
        g, j = rng.randbelow(g, len(legal))
        return seat, legal[j]
    bot = game.info.bots[-1]
    return seat, game.bot_action(bot, game.view(state, seat), seed + step)


def playout(
    game: Game,
    players: int,
    seed: int,
    wander: float = 0.1,
    cap: int = 4000,
    flagged: float = 0.0,
) -> Iterator[Step]:
    """The steps of one game, until it ends or ``cap`` actions were applied; a share
    ``flagged`` of the actions carries the end-of-turn flag (``games.turnend``)."""
    state = game.setup(players, game.info.default_options(), seed)
    for step in range(cap):
        if not game.active_seats(state):
            return
        seat, action = choose(game, state, seed, step, wander, players)
        if flagged and rng.randbelow(rng.seed_state(seed * 31 + step), 1000)[1] < flagged * 1000:
            action = {**action, "end_turn": True}
        new, events = game.apply(state, seat, action)
        yield Step(state, seat, action, new, events)
        state = new
