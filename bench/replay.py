"""What a replay costs: checking a whole record, and the views of one step.

Plays a bot game of each shipped game at its largest table (rules only, no database)
and times what the replay page and the record check do: replaying the whole log from
the seed (``games.record.check``), and the views of every seat at a step (the replay
page asks for one step at a time, replaying up to it).

    .venv/bin/python -m bench.replay [seed]
"""

from __future__ import annotations

import statistics
import sys
import time

from games import fairdeal, registry
from games.record import Record, check, states

SALT = "5a" * fairdeal.SALT_BYTES
RUNS = 5


def bot_record(game_id: str, seed: int) -> Record:
    game = registry.get(game_id)
    players = game.info.max_players
    bot = game.info.bots[-1]
    state = game.setup(players, game.info.default_options(), seed)
    actions = []
    while game.active_seats(state):
        seat = game.active_seats(state)[len(actions) % len(game.active_seats(state))]
        action = game.bot_action(bot, game.view(state, seat), seed + len(actions))
        state, _ = game.apply(state, seat, action)
        actions.append((seat, action))
    seats = [{"seat": s, "name": f"{bot} {s}"} for s in range(players)]
    commitment = fairdeal.commitment(seed, SALT)
    options = game.info.default_options()
    return Record(game_id, options, seats, seed, SALT, commitment, actions, game.result(state))


def timed(work) -> float:
    """The median of RUNS runs, in milliseconds."""
    runs = []
    for _ in range(RUNS):
        started = time.perf_counter()
        work()
        runs.append(time.perf_counter() - started)
    return statistics.median(runs) * 1000


def step_views(record: Record, step: int) -> None:
    game = registry.get(record.game)
    for index, state in enumerate(states(game, record)):
        if index == step:
            [game.view(state, seat) for seat in range(len(record.seats))]
            return


def main() -> None:
    seed = int(sys.argv[1]) if len(sys.argv) > 1 else 1
    for game_id in registry.shipped_games():
        record = bot_record(game_id, seed)
        steps = len(record.actions)
        assert check(record).ok
        whole = timed(lambda r=record: check(r))
        last = timed(lambda r=record, n=steps: step_views(r, n))
        print(
            f"{game_id}: {len(record.seats)} seats, {steps} actions; whole record checked in "
            f"{whole:.1f} ms; every seat's view of the last step in {last:.1f} ms "
            f"(median of {RUNS})"
        )


if __name__ == "__main__":
    main()
