"""CPU of building every audience's view and patch for an act, the rules alone.

Plays whole bot games (rules only, no database), keeps every state, then times
``audiences.changes`` (each seat's and the spectators' patch for the act, and its view of
the state the act leaves) for every act, as ``services.decide`` makes them: from the parts
of the views the act changed (``Game.view_deltas``), the views of the state before made
by the act before. Twice: the games one after the
other, and all at once, one act of each in turn (as a server with that many matches
serves them). Prints the best of a few rounds over the same acts.

    .venv/bin/python -m bench.views [game] [games] [players] [rounds]
"""

from __future__ import annotations

import itertools
import statistics
import sys
import time

from games import registry
from games.core import Event, Game, State
from spacemission.matches import audiences

Act = tuple[State, State, int, list[Event]]  # before, after, the seat that acted, events


def play(game: Game, players: int, seed: int) -> list[tuple[State, int, list[Event]]]:
    """Every state of one bot game, the seat that acted on it (the last: -1) and the
    events of that act."""
    state = game.setup(players, game.info.default_options(), seed)
    out, step = [], 0
    bots = game.info.bots
    while game.active_seats(state):
        active = game.active_seats(state)
        seat = active[step % len(active)]
        bot = bots[(seat + step // 97) % len(bots)]
        action = game.bot_action(bot, game.view(state, seat), seed * 7919 + step)
        after, events = game.apply(state, seat, action)
        out.append((state, seat, events))
        state = after
        step += 1
    out.append((state, -1, []))
    return out


def main() -> None:
    game_id = sys.argv[1] if len(sys.argv) > 1 else "space-mission"
    games = int(sys.argv[2]) if len(sys.argv) > 2 else 20
    game = registry.get(game_id)
    players = int(sys.argv[3]) if len(sys.argv) > 3 else min(4, game.info.max_players)
    count = int(sys.argv[4]) if len(sys.argv) > 4 else 3
    played = [acts(play(game, players, seed)) for seed in range(1, games + 1)]
    orders = {
        "one game after another": [act for one in played for act in one],
        f"{games} games at once": [
            act for turn in itertools.zip_longest(*played) for act in turn if act is not None
        ],
    }
    print(f"{game_id}, {players} players, {games} games, {sum(map(len, played))} acts")
    for label, order in orders.items():
        # The machine may be busy: the best round is the one least disturbed.
        rounds = [timed(game, players, order) for _ in range(count)]
        means = [statistics.mean(r) for r in rounds]
        print(
            f"  {label:24s} changes() CPU per act, best of {count}: "
            f"mean {min(means):.3f} ms, median {min(map(statistics.median, rounds)):.3f} ms "
            f"(round means {', '.join(f'{m:.3f}' for m in means)})"
        )


def acts(states: list[tuple[State, int, list[Event]]]) -> list[Act]:
    return [
        (before, after, seat, events)
        for (before, seat, events), (after, _, _) in itertools.pairwise(states)
    ]


def timed(game: Game, players: int, order: list[Act]) -> list[float]:
    """The CPU milliseconds of ``audiences.changes`` for each act, in this order (the
    view versions only number the patches: every act starts from the first)."""
    versions = audiences.initial(players)
    per_act = []
    for before, after, seat, events in order:
        c0 = time.process_time()
        audiences.changes(game, before, after, seat, versions, events)
        per_act.append((time.process_time() - c0) * 1000)
    return per_act


if __name__ == "__main__":
    main()
