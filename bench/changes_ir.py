"""Instructions of ``audiences.changes`` per act, for a count the machine's load cannot
disturb: run it under callgrind twice, with ``rounds`` 0 and 1, and divide the
difference of the two totals by the acts it prints.

Plays whole 4-seat bot games as ``bench.views`` does (rules only), then makes every act's
patches ``rounds`` times, the games all at once (one act of each in turn).

    PYTHONHASHSEED=0 valgrind --tool=callgrind .venv/bin/python -m bench.changes_ir \\
        [game] [games] [rounds]
"""

from __future__ import annotations

import itertools
import sys

from bench.views import acts, play
from games import registry
from spacemission.matches import audiences

PLAYERS = 4


def main() -> None:
    game_id = sys.argv[1] if len(sys.argv) > 1 else "space-mission"
    games = int(sys.argv[2]) if len(sys.argv) > 2 else 2
    rounds = int(sys.argv[3]) if len(sys.argv) > 3 else 1
    game = registry.get(game_id)
    played = [acts(play(game, PLAYERS, seed)) for seed in range(1, games + 1)]
    order = [act for turn in itertools.zip_longest(*played) for act in turn if act is not None]
    for _ in range(rounds):
        versions = audiences.initial(PLAYERS)
        for before, after, seat, events in order:
            audiences.changes(game, before, after, seat, versions, events)
    print(f"{game_id}: {len(order)} acts, {rounds} rounds")


if __name__ == "__main__":
    main()
