"""What a bot level's decisions cost, over fixed positions of easy-bot games.

    python -m bench.decisions space-mission --players 4 --level strong [--deals 3]

Plays ``--deals`` games of easy bots from seeds 0, 1, ...; every ``--every``-th action
where seat 0 is to act, its view is kept. Each kept position is then decided at
``--level`` (``games.bots.choose``, seed = the position's number) and the CPU time of
each decision is printed as median, 90th percentile and maximum. The positions depend
on the seeds alone, so two checkouts of the rules can be timed on the same ones.
"""

from __future__ import annotations

import argparse
import statistics
import time

from games import bots, registry
from games.core import Game, View
from games.simulate import percentile


def positions(game: Game, players: int, deals: int, every: int) -> list[View]:
    """Seat 0's views at every ``every``-th action of ``deals`` easy-bot games."""
    views = []
    for deal in range(deals):
        state = game.setup(players, game.info.default_options(), deal)
        for n in range(3000):
            if game.result(state) is not None:
                break
            seat = game.active_seats(state)[0]
            view = game.view(state, seat)
            if seat == 0 and n % every == 0:
                views.append(view)
            state, _ = game.apply(state, seat, game.bot_action("greedy", view, n))
    return views


def timed(game: Game, views: list[View], level: str) -> list[float]:
    """The CPU seconds of each decision."""
    out = []
    for n, view in enumerate(views):
        start = time.process_time()
        bots.choose(game, view, 0, level, n)
        out.append(time.process_time() - start)
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("game")
    parser.add_argument("--players", type=int, required=True)
    parser.add_argument("--level", default="strong")
    parser.add_argument("--deals", type=int, default=3)
    parser.add_argument("--every", type=int, default=7)
    args = parser.parse_args(argv)
    game = registry.get(args.game)
    views = positions(game, args.players, args.deals, args.every)
    times = timed(game, views, args.level)
    print(
        f"{args.game}, {args.players} players, {args.level}: {len(times)} decisions, CPU s "
        f"median {statistics.median(times):.3f}, p90 {percentile(times, 0.9):.3f}, "
        f"max {max(times):.3f}"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
