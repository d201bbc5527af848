"""Side by side with boardgame.io: the same workload on the boardgame.io anchor and on our
server, interleaved in one run, reported as ratios.

    python -m bench.versus --runs 4 --matches 20 --spectators 0 10 --seconds 20

The workload (issue #15): M matches of 4 players making random legal actions as fast as
the server answers, plus S spectators per match. The anchor (``../shared/anchors/bgio``,
or ``--anchor DIR``) is boardgame.io 0.50.2 keeping its state in memory, one Node process,
measured by its own ``run_one.sh`` and generator (``loadgen.js``). Ours is ``bench.load``:
one Daphne process (``--processes N``: N of them, each match's sockets on one, their CPU
summed), every action stored in PostgreSQL (``DATABASE_URL``), the channel layer in Redis
(``REDIS_URL``), with each socket's frame limit raised to ``--frame-limit`` a second (the
default 10 would hold a match to about 9 actions a second; the generator's
pacing follows the limit).

For each spectator count it makes ``--runs`` pairs, the anchor then ours (A B A B …), each
on a new free loopback port, measuring ``--seconds`` after ``--warmup`` seconds of play.
Spectators are ``lite`` on both sides by default: they read a patch's version and do not
apply it (the servers do the same work and send the same frames; the generators, which
share the two cores with the servers, spend less); ``--spectator-mode full`` has them
apply every patch.

It prints, per workload, the medians of the runs: actions/s; server CPU per action (ours:
the Daphne process plus the PostgreSQL processes serving the run's database plus Redis;
the anchor: its one process); the p99 of the time from an action until every socket it
changed holds it; per turn of play as well as per act: the acts a turn, the server CPU,
the mean latency (the act's, times the acts a turn: the time a turn's acts wait for the
server), and the frames every socket received (ours: ``clock`` frames included, counted
apart too). A turn is the anchor's moves a turn (``turn.maxMoves`` in its ``game.js``:
2) and, for ours, a change of the seats to move in the game's state (each view's
``active``, as the match's first seat holds it), whatever the game. Then errors and gaps
(summed); the generators' CPU share; the load averages; the ratio ours/boardgame.io and
the issues' target for each; then the marginal server CPU per spectator per action
between the fewest and the most spectators. ``--json FILE`` writes every run's raw
figures.
"""

from __future__ import annotations

import argparse
import datetime
import json
import os
import sys
from dataclasses import asdict
from pathlib import Path
from typing import Any

from bench import anchor, load
from bench.ratios import (
    ANCHOR,
    OURS,
    Medians,
    Run,
    anchor_run,
    marginal_row,
    medians,
    our_run,
    table,
    workload_rows,
)
from tests.support.servers import free_port

PLAYERS = 4


def load_average() -> float:
    return os.getloadavg()[0]


def run_anchor(home: Path, spectators: int, index: int, args: argparse.Namespace) -> Run:
    start = load_average()
    raw, server_errors = anchor.run_one(
        home,
        f"versus-s{spectators}-r{index}-{os.getpid()}",
        matches=args.matches,
        spectators=spectators,
        seconds=args.seconds,
        warmup=args.warmup,
        port=free_port(),
        spectator_mode=args.spectator_mode,
    )
    return anchor_run(raw, server_errors, (start, load_average()), anchor.moves_per_turn(home))


def load_arguments(spectators: int, args: argparse.Namespace) -> argparse.Namespace:
    """``bench.load``'s arguments for the same workload, on ``--processes`` processes
    (each match's sockets on one of them, as the README's nginx example routes them)."""
    limit = str(args.frame_limit)
    return load.parser().parse_args(
        [
            *("--matches", str(args.matches), "--players", str(PLAYERS)),
            *("--spectators", str(spectators), "--processes", str(args.processes)),
            *("--layer", "redis", "--route", "match"),
            *("--seconds", str(args.seconds), "--warmup", str(args.warmup)),
            *("--spectator-mode", args.spectator_mode),
            *(["--end-turn"] if args.end_turn else []),
            *("--env", f"FRAMES_PER_SECOND={limit}", "--env", f"FRAME_BURST={limit}"),
        ]
    )


def run_ours(spectators: int, args: argparse.Namespace) -> Run:
    start = load_average()
    figures, errors = load.run(args.processes, load_arguments(spectators, args))
    for error in errors:
        print("  ours, error:", error, flush=True)
    return our_run(figures, (start, load_average()))


def summary(run: Run, index: int, runs: int) -> str:
    return (
        f"{run.side:>12} S={run.spectators} run {index + 1}/{runs}: "
        f"{run.actions_per_s:.1f} actions/s, {run.server_cpu_ms:.2f} ms server CPU/action, "
        f"{run.actions_per_turn:.2f} acts/turn, {run.server_cpu_ms_per_turn:.2f} ms/turn, "
        f"{run.frames_per_action:.2f} frames/act, {run.frames_per_turn:.2f} frames/turn, "
        f"p99 {run.p99_ms:.0f} ms, errors {run.errors}, gaps {run.gaps}, "
        f"generator {run.generator_cpu_percent:.0f} %, load {run.load[0]:.2f} → {run.load[1]:.2f}"
    )


def report(args: argparse.Namespace, done: list[Run]) -> str:
    per_side: dict[str, dict[int, Medians]] = {}
    for side in (ANCHOR, OURS):
        per_side[side] = {
            s: medians([r for r in done if r.side == side and r.spectators == s])
            for s in args.spectators
        }
    anchors, ours = per_side[ANCHOR], per_side[OURS]
    rows = [
        row for s in args.spectators for row in workload_rows(args.matches, s, anchors[s], ours[s])
    ]
    marginal = marginal_row(anchors, ours)
    return table([*rows, *([marginal] if marginal else [])])


def check_services() -> None:
    if not os.environ.get("DATABASE_URL", "").startswith(("postgres://", "postgresql://")):
        raise SystemExit("set DATABASE_URL to a PostgreSQL server (ours stores every action)")
    if not os.environ.get("REDIS_URL"):
        raise SystemExit("set REDIS_URL (ours runs its channel layer in Redis)")


def parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m bench.versus",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--runs", type=int, default=4, help="pairs per spectator count")
    parser.add_argument("--matches", type=int, default=20)
    parser.add_argument("--spectators", type=int, nargs="+", default=[0, 10])
    parser.add_argument(
        "--processes", type=int, default=1, help="our Daphne processes (their CPU summed)"
    )
    parser.add_argument("--seconds", type=int, default=20, help="measured window of a run")
    parser.add_argument("--warmup", type=int, default=5, help="seconds played before it")
    parser.add_argument("--spectator-mode", choices=["lite", "full"], default="lite")
    parser.add_argument("--frame-limit", type=int, default=1000, help="ours: frames/s a socket")
    parser.add_argument(
        "--end-turn",
        action="store_true",
        help="ours: every act ends the turn with it when it can (the players' setting)",
    )
    parser.add_argument("--anchor", type=Path, default=anchor.DEFAULT_DIR)
    parser.add_argument("--json", type=Path, metavar="FILE", help="write the raw figures")
    return parser


def main(argv: list[str] | None = None) -> list[Run]:
    args = parser().parse_args(argv)
    check_services()
    home = anchor.prepared(args.anchor)
    started = datetime.datetime.now(datetime.UTC)
    print(
        f"{started:%Y-%m-%d %H:%M} UTC: {args.matches} matches of {PLAYERS} players, "
        f"spectators {args.spectators} ({args.spectator_mode}: "
        + (
            "they read a patch's version only"
            if args.spectator_mode == "lite"
            else "they apply every patch"
        )
        + f", on both sides), {args.runs} interleaved pairs each, {args.warmup} s warm-up + "
        f"{args.seconds} s measured; ours on {args.processes} Daphne process(es) with a frame "
        f"limit of {args.frame_limit}/s",
        flush=True,
    )
    done: list[Run] = []
    for spectators in args.spectators:
        for index in range(args.runs):
            done.append(run_anchor(home, spectators, index, args))
            print(summary(done[-1], index, args.runs), flush=True)
            done.append(run_ours(spectators, args))
            print(summary(done[-1], index, args.runs), flush=True)
    print(report(args, done), flush=True)
    if args.json:
        args.json.write_text(json.dumps(raw_figures(args, done), indent=1, default=str) + "\n")
    return done


def raw_figures(args: argparse.Namespace, done: list[Run]) -> dict[str, Any]:
    return {"arguments": vars(args), "argv": sys.argv, "runs": [asdict(run) for run in done]}


if __name__ == "__main__":
    main()
