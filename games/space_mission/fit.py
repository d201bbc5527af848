"""Fit the outlook's weights (``games.space_mission.outlook``) on games the search's
playout policy plays, and print them with how well they predict.

    python -m games.space_mission.fit [--games 400] [--players 2 3 4]

Each game is dealt from its own seed (10,000 times the player count, plus its number) and played
to the end by the playout policy for every seat; every third position is kept, and each
seat's features there are paired with its final total (R28-R34). The weights are the
least-squares fit of those totals, found by solving the normal equations.
"""

from __future__ import annotations

import argparse
import math
import sys
from collections.abc import Sequence

from games import rng
from games.space_mission import GAME
from games.space_mission.outlook import FEATURES, WEIGHTS, features
from games.space_mission.search import HOOKS

EVERY = 3  # positions apart: neighbours say nearly the same
RIDGE = 1e-6  # keeps the equations solvable where a feature never varies


def positions(games: int, players: int) -> tuple[list[list[float]], list[float]]:
    """Features and final totals of each seat at every third position of ``games``."""
    rows: list[list[float]] = []
    totals: list[float] = []
    for number in range(games):
        seed = 10_000 * players + number
        state, g = GAME.setup(players, {}, seed), rng.seed_state(seed)
        kept, step = [], 0
        while active := GAME.active_seats(state):
            g, pick = rng.next_u64(g)
            state, _ = GAME.apply(state, active[0], HOOKS.rollout(state, active[0], pick))
            step += 1
            if step % EVERY == 0:
                kept.append(features(state))
        final = [s["total"] for s in GAME.result(state)["scores"]]
        for seats in kept:
            rows += seats
            totals += final
    return rows, totals


def sample(games: int, player_counts: Sequence[int]) -> tuple[list[list[float]], list[float]]:
    """``positions`` of ``games`` games at each player count, together."""
    rows: list[list[float]] = []
    totals: list[float] = []
    for players in player_counts:
        more_rows, more_totals = positions(games, players)
        rows += more_rows
        totals += more_totals
    return rows, totals


def least_squares(rows: list[list[float]], targets: list[float]) -> list[float]:
    """The weights minimising the squared error (Gauss-Jordan with partial pivoting)."""
    m = len(rows[0])
    a = [[0.0] * m + [0.0] for _ in range(m)]
    for row, y in zip(rows, targets, strict=True):
        for i in range(m):
            a[i][m] += row[i] * y
            for j in range(m):
                a[i][j] += row[i] * row[j]
    for i in range(m):
        a[i][i] += RIDGE
    for c in range(m):
        p = max(range(c, m), key=lambda r: abs(a[r][c]))
        a[c], a[p] = a[p], a[c]
        for r in range(m):
            if r != c:
                f = a[r][c] / a[c][c]
                for k in range(c, m + 1):
                    a[r][k] -= f * a[c][k]
    return [a[i][m] / a[i][i] for i in range(m)]


def rmse(weights: Sequence[float], rows: list[list[float]], targets: list[float]) -> float:
    """The root mean square error of ``weights`` predicting ``targets`` from ``rows``."""
    errors = [
        (sum(w * f for w, f in zip(weights, row, strict=True)) - y) ** 2
        for row, y in zip(rows, targets, strict=True)
    ]
    return math.sqrt(sum(errors) / len(errors))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m games.space_mission.fit", description=__doc__)
    parser.add_argument("--games", type=int, default=400, help="games per player count")
    parser.add_argument("--players", type=int, nargs="+", default=[2, 3, 4])
    args = parser.parse_args(argv)
    rows, totals = sample(args.games, args.players)
    weights = least_squares(rows, totals)
    print(
        f"{len(rows)} seat positions; error of the fit {rmse(weights, rows, totals):.2f} points, "
        f"of the weights in use {rmse(WEIGHTS, rows, totals):.2f}"
    )
    print("WEIGHTS = (" + ", ".join(f"{round(w, 3)}" for w in weights) + ")")
    for name, w in zip(FEATURES, weights, strict=True):
        print(f"  {name:12s} {w:8.3f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
