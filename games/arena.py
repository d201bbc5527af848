"""Bots against bots, seat-rotated, with confidence intervals: how strong is each level?

    python -m games.arena space-mission --players 4 --bots strong greedy greedy greedy \\
        --games 200 [--seed N] [--cap 3000] [--jobs 2]

``--bots`` names one bot per seat: a level (``easy``, ``normal``, ``strong``, see
``games.bots.choose``) or one of the game's own bots (``random``, ``greedy``; ``greedy``
plays as ``easy`` does). Each deal (a setup seed) is played once per rotation of the
bots around the table, so every bot sits in every seat of every deal and the luck of the
deal and of the seat cancels out; ``--games`` is rounded up to whole rotations.

Printed per bot (an entry of ``--bots``; several entries of one name are also summed
up): its win share (a win shared by k seats counts 1/k) and its mean place (1 is first;
tied seats share the places they cover), each with a 95 % confidence interval; and the
time per decision of each name (median and 99th percentile, in CPU seconds of this
process, which hold on a busy machine, and wall seconds). The interval is the normal
one over deals: a deal's rotations are averaged first, since they share their luck.
``--jobs`` plays the deals in that many processes at once; every game is decided by its
deal and rotation alone, so the figures are the same whatever the number.
"""

from __future__ import annotations

import argparse
import functools
import math
import statistics
import sys
import time
from collections.abc import Iterable
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field

from games import bots as levels
from games import registry
from games.core import Game
from games.simulate import percentile

Z95 = 1.96
GAME_BOTS = ("random", "greedy")


@dataclass
class Played:
    """One game played: its deal, rotation and each entry's share of the win and place."""

    deal: int
    rotation: int
    shares: list[float]  # by entry of --bots
    places: list[float]
    ended: bool


@dataclass
class Timing:
    cpu: list[float] = field(default_factory=list)
    wall: list[float] = field(default_factory=list)


def seating(entries: int, rotation: int) -> list[int]:
    """The entry of ``--bots`` at each seat in this rotation: entry i sits at seat
    (i + rotation) mod n."""
    return [(seat - rotation) % entries for seat in range(entries)]


def places(totals: list[tuple]) -> list[float]:
    """Each seat's place by its ranking key (higher is better): 1 is first, and seats
    tied share the mean of the places they cover."""
    out = []
    for key in totals:
        better = sum(1 for other in totals if other > key)
        tied = sum(1 for other in totals if other == key)
        out.append(better + (tied + 1) / 2)
    return out


def decide(game: Game, bot: str, view: dict, seat: int, seed: int) -> dict:
    if bot in GAME_BOTS:
        return game.bot_action(bot, view, seed)
    return levels.choose(game, view, seat, bot, seed)


def play(
    game: Game, bots: list[str], deal: int, rotation: int, cap: int, timing: dict[str, Timing]
) -> Played:
    """One game of deal ``deal`` with the bots rotated by ``rotation``."""
    n = len(bots)
    at = seating(n, rotation)
    state = game.setup(n, game.info.default_options(), deal)
    for count in range(cap):
        active = game.active_seats(state)
        if not active:
            break
        seat = active[count % len(active)]
        bot = bots[at[seat]]
        cpu, wall = time.process_time(), time.perf_counter()
        action = decide(game, bot, game.view(state, seat), seat, deal * 1_000_003 + count)
        timing[bot].cpu.append(time.process_time() - cpu)
        timing[bot].wall.append(time.perf_counter() - wall)
        state, _ = game.apply(state, seat, action)
    result = game.result(state)
    shares, seat_places = [0.0] * n, [0.0] * n
    if result is not None:
        winners = result["winners"]
        totals = {s["seat"]: s["total"] for s in result["scores"]}
        keys = [(int(seat in winners), totals[seat]) for seat in range(n)]
        for seat, place in enumerate(places(keys)):
            shares[at[seat]] = 1.0 / len(winners) if seat in winners else 0.0
            seat_places[at[seat]] = place
    return Played(deal, rotation, shares, seat_places, result is not None)


def interval(values: list[float]) -> tuple[float, float, float]:
    """(mean, low, high): the normal 95 % interval of the mean."""
    mean = statistics.fmean(values)
    if len(values) < 2:
        return mean, mean, mean
    half = Z95 * statistics.stdev(values) / math.sqrt(len(values))
    return mean, mean - half, mean + half


def per_deal(games: list[Played], pick: list[int], what: str) -> list[float]:
    """The mean over each deal's rotations of the entries ``pick`` (summed over picks
    of one name: their mean), one value per deal."""
    by_deal: dict[int, list[float]] = {}
    for g in games:
        values = getattr(g, what)
        by_deal.setdefault(g.deal, []).append(statistics.fmean(values[i] for i in pick))
    return [statistics.fmean(v) for v in by_deal.values()]


def report(games: list[Played], bots: list[str], timing: dict[str, Timing]) -> str:
    finished = [g for g in games if g.ended]
    deals = len({g.deal for g in games})
    lines = [
        f"{len(games)} games ({deals} deals x {len(bots)} seatings); "
        f"unfinished (hit the cap): {len(games) - len(finished)}",
        "bot (entry)      win share [95% CI]        mean place [95% CI]",
    ]
    rows = [(f"{bot} ({i})", [i]) for i, bot in enumerate(bots)]
    for name in dict.fromkeys(bots):
        picks = [i for i, b in enumerate(bots) if b == name]
        if len(picks) > 1:
            rows.append((f"{name} (all)", picks))
    for label, picks in rows:
        win = interval(per_deal(finished, picks, "shares"))
        place = interval(per_deal(finished, picks, "places"))
        lines.append(
            f"{label:<14} {win[0]:6.1%} [{win[1]:6.1%}, {win[2]:6.1%}]   "
            f"{place[0]:5.2f} [{place[1]:5.2f}, {place[2]:5.2f}]"
        )
    lines.append("time per decision: median / p99, CPU s (wall s)")
    for name, t in timing.items():
        lines.append(
            f"  {name:>8}: {statistics.median(t.cpu):.3f} / {percentile(t.cpu, 0.99):.3f}"
            f"  ({statistics.median(t.wall):.3f} / {percentile(t.wall, 0.99):.3f})"
            f"  over {len(t.cpu)} decisions"
        )
    return "\n".join(lines)


def arena(
    game: Game, bots: list[str], games: int, seed: int, cap: int, jobs: int = 1
) -> tuple[list, dict]:
    """Play ``games`` (rounded up to whole rotations) from deal ``seed`` on, in ``jobs``
    processes."""
    deals = [seed + d for d in range(math.ceil(games / len(bots)))]
    one = functools.partial(_deal, game.info.id, bots, cap=cap)
    timing = {bot: Timing() for bot in dict.fromkeys(bots)}
    played: list[Played] = []
    for games_of_deal, times in _mapped(one, deals, jobs):
        played += games_of_deal
        for bot, t in times.items():
            timing[bot].cpu += t.cpu
            timing[bot].wall += t.wall
    return played, timing


def _deal(game_id: str, bots: list[str], deal: int, cap: int) -> tuple[list, dict]:
    """Every rotation of one deal, and the bots' times."""
    game = registry.get(game_id)
    timing = {bot: Timing() for bot in dict.fromkeys(bots)}
    return [play(game, bots, deal, r, cap, timing) for r in range(len(bots))], timing


def _mapped(one: functools.partial, deals: list[int], jobs: int) -> Iterable[tuple[list, dict]]:
    if jobs <= 1:
        return map(one, deals)
    with ProcessPoolExecutor(jobs) as pool:
        return list(pool.map(one, deals))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m games.arena",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("game", help="game id, e.g. space-mission")
    parser.add_argument("--players", type=int, required=True)
    parser.add_argument("--bots", nargs="+", required=True, help="one bot per seat")
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seed", type=int, default=0, help="seed of the first deal")
    parser.add_argument("--cap", type=int, default=3000, help="action limit per game")
    parser.add_argument("--jobs", type=int, default=1, help="processes playing deals at once")
    args = parser.parse_args(argv)
    ids = [info.id for info in registry.all_games()]
    if args.game not in ids:
        parser.error(f"unknown game {args.game!r}; the registry has {ids}")
    game = registry.get(args.game)
    bots = [b for name in args.bots for b in name.split(",") if b]
    if len(bots) != args.players:
        parser.error(f"name one bot for each of the {args.players} seats")
    known = (*GAME_BOTS, *levels.levels(game))
    unknown = [b for b in bots if b not in known]
    if unknown:
        parser.error(f"unknown bots {unknown}; {args.game} has {list(known)}")
    played, timing = arena(game, bots, args.games, args.seed, args.cap, args.jobs)
    print(report(played, bots, timing))
    return 0


if __name__ == "__main__":
    sys.exit(main())
