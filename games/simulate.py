"""Play whole games with bots and print figures; one entry for every registered game.

    python -m games.simulate space-mission --games 1000 --players 4 \\
        --bots greedy random random random [--seed N] [--cap 3000]
    python -m games.simulate jump-drive --games 200 --players 4 --bots random greedy
    python -m games.simulate space-mission --bench-view [--players 5]
    python -m games.simulate blabla --players 3 --bots greedy --option drift_fields=true

``--bots`` names one bot per seat (space or comma separated); fewer names are repeated
around the table (``random greedy`` at four seats: random, greedy, random, greedy).
Bots act only through the game interface: each step an acting seat gets its ``view``
(which holds its legal actions), its bot chooses, and ``apply`` plays the choice; when
several seats act at once (secret choices) they take turns, one action each. Printed:
games/s and applied actions/s (every action counts: drafts, picks, undo and confirm too;
also per second of this process's CPU time, the figure that holds on a busy machine;
and the rate of the rules engine alone, from the time spent inside ``apply``), mean
actions per game, mean and standard deviation of the final totals per bot, the win rate
per seat and per bot (a shared win counts as a win), and the stalls: every game that hit
the action cap instead of ending (with its seed, so it can be replayed).

``--bench-view`` instead times ``view()`` on a mid-game state (the position after half
of a bot game's actions): the mean per call for one seat and for a spectator, cold (a
fresh copy of the state each call, as when it is read from storage) and warm (the same
state again, when the parts every seat shares are reused).
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from dataclasses import dataclass, field

from games import registry
from games.core import Game, State


@dataclass
class Played:
    seed: int
    actions: int
    final: State
    ended: bool
    apply_seconds: float = 0.0


@dataclass
class Tally:
    games: int = 0
    actions: int = 0
    seconds: float = 0.0
    cpu_seconds: float = 0.0
    apply_seconds: float = 0.0
    unfinished: list[int] = field(default_factory=list)
    totals: dict[int, list[int]] = field(default_factory=dict)
    wins: dict[int, int] = field(default_factory=dict)
    results: list[dict] = field(default_factory=list)


def play(game: Game, bots: list[str], seed: int, cap: int, options: dict | None = None) -> Played:
    """One game from ``seed`` with ``bots[seat]`` at each seat, at most ``cap`` actions."""
    state = game.setup(len(bots), {**game.info.default_options(), **(options or {})}, seed)
    actions, in_apply = 0, 0.0
    while actions < cap:
        active = game.active_seats(state)
        if not active:
            return Played(seed, actions, state, True, in_apply)
        seat = active[actions % len(active)]
        action = game.bot_action(bots[seat], game.view(state, seat), seed * 7919 + actions)
        started = time.perf_counter()
        state, _ = game.apply(state, seat, action)
        in_apply += time.perf_counter() - started
        actions += 1
    return Played(seed, actions, state, not game.active_seats(state), in_apply)


def simulate(
    game: Game, bots: list[str], games: int, seed: int, cap: int, options: dict | None = None
) -> Tally:
    tally = Tally(totals={s: [] for s in range(len(bots))}, wins=dict.fromkeys(range(len(bots)), 0))
    start, cpu_start = time.perf_counter(), time.process_time()
    for n in range(games):
        played = play(game, bots, seed + n, cap, options)
        tally.games += 1
        tally.actions += played.actions
        tally.apply_seconds += played.apply_seconds
        result = game.result(played.final) if played.ended else None
        if result is None:
            tally.unfinished.append(played.seed)
            continue
        for score in result["scores"]:
            tally.totals[score["seat"]].append(score["total"])
        for seat in result["winners"]:
            tally.wins[seat] += 1
        tally.results.append(result)
    tally.seconds = time.perf_counter() - start
    tally.cpu_seconds = time.process_time() - cpu_start
    return tally


def report(tally: Tally, bots: list[str]) -> str:
    finished = tally.games - len(tally.unfinished)
    lines = [
        f"{tally.games} games, {tally.actions} actions in {tally.seconds:.2f} s "
        f"({tally.cpu_seconds:.2f} s of CPU time)",
        f"games/s: {tally.games / tally.seconds:.1f}",
        f"actions/s: {tally.actions / tally.seconds:.0f} "
        f"(per CPU second: {tally.actions / max(tally.cpu_seconds, 1e-9):.0f})",
        f"rules engine alone: {tally.actions / max(tally.apply_seconds, 1e-9):.0f} actions/s "
        f"({tally.apply_seconds:.2f} s inside apply; the rest is views and bots choosing)",
        f"mean actions per game: {tally.actions / max(tally.games, 1):.1f}",
        f"finished: {finished}; stalls (hit the action cap): {len(tally.unfinished)}",
    ]
    if tally.unfinished:
        lines.append(f"  seeds that stalled: {tally.unfinished[:20]}")
    if finished:
        lines.append("per seat: bot, wins (shared count), mean score, std dev")
        for seat, bot in enumerate(bots):
            totals = tally.totals[seat]
            lines.append(
                f"  seat {seat} {bot:>8}: {tally.wins[seat] / finished:6.1%}  "
                f"{statistics.fmean(totals):7.1f}  {statistics.pstdev(totals):6.1f}"
            )
        lines.append("per bot: win rate, mean score, std dev")
        for bot in dict.fromkeys(bots):
            seats = [s for s, b in enumerate(bots) if b == bot]
            totals = [t for s in seats for t in tally.totals[s]]
            wins = sum(tally.wins[s] for s in seats) / (finished * len(seats))
            lines.append(
                f"  {bot:>8}: {wins:6.1%}  {statistics.fmean(totals):7.1f}  "
                f"{statistics.pstdev(totals):6.1f}"
            )
        lines += details(tally.results)
    return "\n".join(lines)


def percentile(values: list[float], share: float) -> float:
    """The nearest-rank ``share`` percentile of ``values`` (0.0 for none)."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))] if ordered else 0.0


def details(results: list[dict]) -> list[str]:
    """Figures a game's results may carry: its length in turns per player, how it
    ended, the win rate by the set a seat played, and counts of events per game."""
    lines = []
    lengths = [r["turns_per_player"] for r in results if "turns_per_player" in r]
    if lengths:
        lines.append(
            f"turns per player: mean {statistics.fmean(lengths):.1f} "
            f"(10th-90th percentile {percentile(lengths, 0.1):.1f}-"
            f"{percentile(lengths, 0.9):.1f}), max {max(lengths):.1f}"
        )
    ends = [r["end"] for r in results if "end" in r]
    if ends:
        shares = ", ".join(f"{e} {ends.count(e) / len(ends):.1%}" for e in sorted(set(ends)))
        lines.append(f"ended by: {shares}")
    by_set: dict[str, list[int]] = {}
    for r in results:
        for score in r["scores"]:
            if "set" in score:
                by_set.setdefault(score["set"], []).append(int(score["seat"] in r["winners"]))
    if by_set:
        rates = ", ".join(f"{k} {statistics.fmean(v):.1%}" for k, v in sorted(by_set.items()))
        lines.append(f"win rate by set: {rates}")
    if results and all("start" in r for r in results):
        n = len(results[0]["scores"])
        shares = [
            statistics.fmean(int((r["start"] + k) % n in r["winners"]) for r in results)
            for k in range(n)
        ]
        lines.append(
            "win share by seat from the start player: " + " / ".join(f"{x:.0%}" for x in shares)
        )
    if results and all("figures" in r for r in results):
        lines.append(
            "winning score / mean score: {:.1f} / {:.1f}".format(
                statistics.fmean(max(s["total"] for s in r["scores"]) for r in results),
                statistics.fmean(s["total"] for r in results for s in r["scores"]),
            )
        )
        names = list(results[0]["figures"])
        means = ", ".join(
            f"{n} {statistics.fmean(r['figures'][n] for r in results):.1f}" for n in names
        )
        lines.append(f"per game: {means}")
    return lines


def bench_view(game: Game, players: int, seed: int, calls: int = 2000) -> str:
    """Mean ``view()`` time of a mid-game state, for one seat and for a spectator."""
    bots = [game.info.bots[-1]] * players
    length = play(game, bots, seed, 100_000).actions
    state = game.setup(players, game.info.default_options(), seed)
    for n in range(length // 2):
        seat = game.active_seats(state)[0]
        action = game.bot_action(bots[seat], game.view(state, seat), seed * 7919 + n)
        state, _ = game.apply(state, seat, action)
    seat = game.active_seats(state)[0]
    lines = [f"{players}-player state after {length // 2} of {length} actions"]
    # Cold: every call gets its own copy read back from JSON, as a server that loads the
    # state from storage would; warm: the same state again (shared parts are reused).
    copies = [json.loads(json.dumps(state)) for _ in range(calls)]
    for who, label in ((seat, f"seat {seat}"), (None, "spectator")):
        start = time.perf_counter()
        for copy in copies:
            game.view(copy, who)
        cold = (time.perf_counter() - start) / calls
        start = time.perf_counter()
        for _ in range(calls):
            game.view(state, who)
        warm = (time.perf_counter() - start) / calls
        lines.append(f"view() for {label}: {cold * 1e3:.3f} ms cold, {warm * 1e3:.3f} ms warm")
    return "\n".join(lines)


def seated_bots(names: list[str], players: int) -> list[str]:
    """The bot of each seat: ``names`` (each may be comma separated) repeated in turn."""
    bots = [b for name in names for b in name.split(",") if b]
    if len(bots) > players:
        return bots
    return [bots[seat % len(bots)] for seat in range(players)] if bots else bots


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m games.simulate",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("game", help="game id, e.g. space-mission")
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument(
        "--bots", nargs="+", default=["random"], help="bots by seat, repeated to fill the table"
    )
    parser.add_argument("--seed", type=int, default=0, help="seed of the first game")
    parser.add_argument("--cap", type=int, default=3000, help="action limit per game")
    parser.add_argument("--bench-view", action="store_true", help="time view() instead")
    parser.add_argument(
        "--option",
        action="append",
        default=[],
        metavar="NAME=JSON",
        help="a table option, e.g. drift_fields=true (repeatable)",
    )
    args = parser.parse_args(argv)
    ids = [info.id for info in registry.all_games()]
    if args.game not in ids:
        parser.error(f"unknown game {args.game!r}; the registry has {ids}")
    game = registry.get(args.game)
    if args.bench_view:
        print(bench_view(game, args.players, args.seed))
        return 0
    bots = seated_bots(args.bots, args.players)
    if len(bots) != args.players:
        parser.error(f"more bots than the {args.players} seats")
    unknown = [b for b in bots if b not in game.info.bots]
    if unknown:
        parser.error(f"unknown bots {unknown}; {args.game} has {list(game.info.bots)}")
    options = {}
    for item in args.option:
        name, _, value = item.partition("=")
        if name not in game.info.default_options():
            parser.error(
                f"unknown option {name!r}; {args.game} has {list(game.info.default_options())}"
            )
        options[name] = json.loads(value)
    print(report(simulate(game, bots, args.games, args.seed, args.cap, options), bots))
    return 0


if __name__ == "__main__":
    sys.exit(main())
