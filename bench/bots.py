"""Bots never slow the people: human acts' latency on one server, without and with
tables of bots searching, side by side in one run.

    python -m bench.bots --bot-tables 20 --level strong --matches 10 --seconds 20 --runs 2

Each run measures the ``bench.load`` workload (``--matches`` matches of people playing
random legal actions over websockets, as fast as the frame limit lets them) on one fresh
Daphne process, once alone and once with ``--bot-tables`` more matches whose every seat is
a bot of ``--level`` (started before the server, which resumes their bots as it starts;
production's ``BOT_DELAY``), alternating A B A B. Bot searches run in the server's bot
processes (``spacemission.live.botpool``). It prints each run's act latency (p50, p95,
p99 from sending an ``act`` until every socket it changed holds it), the actions the
people and the bots played, the medians per workload, and the ratio of the p99s against
the target (with bots at most 1.2 times without).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import secrets
import statistics
from collections.abc import Iterator
from typing import Any

from bench import load
from bench.setup import create_matches
from spacemission import collector
from tests.support.servers import Database, Server, fresh_database, start_server

TARGET = 1.2  # issue 27: p99 with bots at most this many times the p99 without

_BOT_TABLES = """
import json
from django.db import transaction
from spacemission.accounts.models import User
from spacemission.live import bots
from spacemission.lobby.models import Seat, Table
from spacemission.matches.services import start_match

out = []
for t in range(TABLES):
    host = User.objects.create(username=f"bot-host-{t}")
    with transaction.atomic():
        table = Table.objects.create(game=GAME, host=host, seat_count=PLAYERS)
        Seat.objects.bulk_create(Seat(table=table, index=s, bot=LEVEL) for s in range(PLAYERS))
        out.append(start_match(table).pk)
bots.cancel_all()  # the server plays them, not this script
print(json.dumps(out))
"""

_BOT_ACTIONS = """
from spacemission.matches.models import Action
print(Action.objects.filter(match_id__in=IDS).count())
"""


def create_bot_tables(db: Database, game: str, tables: int, players: int, level: str) -> list[int]:
    code = (
        _BOT_TABLES.replace("TABLES", str(tables))
        .replace("PLAYERS", str(players))
        .replace("GAME", repr(game))
        .replace("LEVEL", repr(level))
    )
    return json.loads(db.django(code).strip().splitlines()[-1])


def bot_actions(db: Database, match_ids: list[int]) -> int:
    if not match_ids:
        return 0
    return int(db.django(_BOT_ACTIONS.replace("IDS", repr(match_ids))).split()[-1])


@contextlib.contextmanager
def server(
    args: argparse.Namespace, bot_tables: int
) -> Iterator[tuple[Database, Server, list[int]]]:
    """A fresh database holding ``bot_tables`` running all-bot matches, then one server."""
    os.environ.setdefault("SECRET_KEY", secrets.token_urlsafe(50))
    redis_url = os.environ.get("REDIS_URL") if args.layer == "redis" else None
    db = fresh_database()
    started: Server | None = None
    try:
        ids = create_bot_tables(db, args.game, bot_tables, args.bot_players, args.level)
        env = {"DEBUG": "0", "CLOCK": "", "BOT_DELAY": str(args.bot_delay)}
        env |= load.server_env(args.env) | {"CHANNELS_PREFIX": f"bots{secrets.token_hex(4)}"}
        started = start_server(db, redis_url, env=env)
        yield db, started, ids
    finally:
        if started is not None:
            started.stop()
        db.drop()


def run(args: argparse.Namespace, bot_tables: int) -> dict[str, Any]:
    stats = load.Stats()
    with server(args, bot_tables) as (db, proc, ids):
        seatings = create_matches(
            db, args.game, args.matches + load.reserve_size(args), args.players
        )
        collector.tune(collector.THRESHOLD)
        before = bot_actions(db, ids)
        profiler = load.Profiler(proc, None, args.seconds, False)
        trackers = asyncio.run(load.play(seatings, [proc], args, stats, profiler))
        played = bot_actions(db, ids) - before
        for seating, tracker in zip(seatings, trackers, strict=True):
            tracker.settle(load.action_views(db, seating.match_id))
        figures = load.report(stats, [proc], args)
    keys = ("latency_ms_p50", "latency_ms_p95", "latency_ms_p99", "actions", "errors")
    return {"bot_tables": bot_tables, **{k: figures[k] for k in keys}, "bot_actions": played}


def parser() -> argparse.ArgumentParser:
    parser = load.parser()
    parser.description = __doc__
    parser.add_argument("--bot-tables", type=int, default=20)
    parser.add_argument("--bot-players", type=int, default=2)
    parser.add_argument("--level", default="strong")
    parser.add_argument("--bot-delay", type=float, default=0.8)
    parser.add_argument("--runs", type=int, default=2)
    return parser


def main(argv: list[str] | None = None) -> None:
    args = parser().parse_args(argv)
    results: dict[int, list[dict[str, Any]]] = {0: [], args.bot_tables: []}
    for _ in range(args.runs):
        for tables in results:
            figures = run(args, tables)
            results[tables].append(figures)
            print(json.dumps(figures), flush=True)
    medians = {
        tables: {
            k: round(statistics.median(r[k] for r in runs), 1) for k in runs[0] if k != "bot_tables"
        }
        for tables, runs in results.items()
    }
    print(f"{'':>24}{'without bots':>16}{'with bots':>16}")
    for key in medians[0]:
        print(f"{key:>24}{medians[0][key]:>16}{medians[args.bot_tables][key]:>16}")
    ratio = medians[args.bot_tables]["latency_ms_p99"] / max(medians[0]["latency_ms_p99"], 1e-9)
    print(
        f"p99 with {args.bot_tables} tables of {args.level} bots / without: {ratio:.2f} "
        f"(target <= {TARGET})"
    )


if __name__ == "__main__":
    main()
