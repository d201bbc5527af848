"""The least CPU any server built on Daphne and PostgreSQL can spend on our workload's
action, side by side with boardgame.io (issue #15: ours at most twice its server CPU per action).

    python -m bench.floor --runs 3 --matches 20 --seconds 20

Each run measures, one after the other (A B C D A B C D …), after ``--warmup`` seconds:

1. **boardgame.io** as ``bench.versus`` runs it (no spectators): its one process's CPU per
   action.
2. **The Daphne floor**: ``bench.relay_app`` (a plain ASGI websocket callable: no Django, no
   Channels, no database) in one ``daphne`` process, the same command and version as ours.
   M matches of 4 sockets (``bench/relay_load.js``, Node and the ``ws`` package of the
   anchor's copy) take turns as fast as it answers: a player sends a frame of
   ``--act-bytes``, the app sends a frame of ``--patch-bytes`` to each of the match's 4
   sockets, and the next player sends once all 4 hold it. One frame in, four out, nothing
   else: Daphne's CPU per action.
3. **The PostgreSQL floor**: M connections (one per match) of ``pgbench -M prepared`` store
   actions as fast as they can on a scratch database migrated as ours is, each a
   transaction of our act's statements as ``spacemission/matches/actlog.py`` makes them (the
   lock with the seats and the client-id lookup, ``FOR UPDATE OF m``; then ``WITH appended
   AS (INSERT …) UPDATE …``, with the snapshot every ``SNAPSHOT_EVERY`` actions), committed
   under the server's own ``synchronous_commit``: the CPU of the PostgreSQL processes serving
   that database per committed transaction.
4. The same with the lock, the insert and the update only (three plain statements, no
   seats, no snapshot).

``--rate R`` holds both floors to R actions/s in all (pgbench ``-R``; the relay's matches
act on a schedule): the CPU of an action grows as the rate falls (fewer frames and commits
share a wake-up or a WAL flush), so a floor is fairest at the rate it is compared at;
``--at-anchor-rate`` holds each run's floors to the rate boardgame.io reached just before.

It prints the medians of the runs: CPU ms per action and actions/s of each, the floors'
sum, that sum over boardgame.io's CPU per action against the budget of twice it, errors
and the load averages.
"""

from __future__ import annotations

import argparse
import contextlib
import datetime
import json
import math
import os
import select
import shutil
import socket
import statistics
import subprocess
import tempfile
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Any
from urllib.parse import urlparse

import psycopg

from bench import anchor
from bench.cpu import cpu_seconds, service_seconds
from bench.ratios import TIMES, anchor_run, ratio, table, verdict
from bench.setup import create_matches
from tests.support.servers import DAPHNE, ROOT, Database, free_port, fresh_database

BGIO, RELAY, ACT_SQL, BARE_SQL = "boardgame.io", "daphne", "postgres act", "postgres bare"
SIDES = (BGIO, RELAY, ACT_SQL, BARE_SQL)
TARGET = 2.0  # issue #15: ours at most this many times boardgame.io's server CPU per action
RELAY_LOAD = Path(__file__).with_name("relay_load.js")
START_TIMEOUT = 60.0
PGBENCH_SLACK = 3  # seconds pgbench runs past the measured window, so it ends after it
FIRST_VERSION = 1_000_000  # above any version a fresh match holds


@dataclass(frozen=True)
class Measure:
    """One measured run of one side."""

    side: str
    actions: int
    seconds: float
    cpu_seconds: float  # the server's (boardgame.io, Daphne) or PostgreSQL's
    errors: int
    generator_cpu_percent: float
    load: tuple[float, float]

    @property
    def actions_per_s(self) -> float:
        return self.actions / self.seconds if self.seconds else math.nan

    @property
    def cpu_ms(self) -> float:
        return 1000 * self.cpu_seconds / self.actions if self.actions else math.nan


@dataclass(frozen=True)
class Medians:
    """One side's runs: medians; errors summed, the load's lowest start and highest end."""

    runs: int
    actions_per_s: float
    cpu_ms: float
    errors: int
    generator_cpu_percent: float
    load: tuple[float, float]


def medians(runs: list[Measure]) -> Medians:
    return Medians(
        runs=len(runs),
        actions_per_s=statistics.median(r.actions_per_s for r in runs),
        cpu_ms=statistics.median(r.cpu_ms for r in runs),
        errors=sum(r.errors for r in runs),
        generator_cpu_percent=statistics.median(r.generator_cpu_percent for r in runs),
        load=(min(r.load[0] for r in runs), max(r.load[1] for r in runs)),
    )


HEADER = ["measure", "CPU ms/action", "actions/s", f"{TIMES} {BGIO}", "note"]


def _num(value: float, digits: int) -> str:
    return "n/a" if math.isnan(value) else f"{value:,.{digits}f}"


def floor_rows(m: dict[str, Medians], matches: int) -> list[list[str]]:
    """The table: each side, the floors' sums against boardgame.io and the budget."""
    base = m[BGIO].cpu_ms

    def line(name: str, cpu: float, rate: float = math.nan, note: str = "") -> list[str]:
        return [name, _num(cpu, 3), _num(rate, 1), _num(ratio(cpu, base), 2) + TIMES, note]

    names = {
        BGIO: f"{BGIO}: 1 Node process, state in memory ({matches} matches, 0 spectators)",
        RELAY: "Daphne floor: a plain ASGI relay, 1 frame in, 4 out",
        ACT_SQL: "PostgreSQL floor: our act's statements, committed",
        BARE_SQL: "PostgreSQL floor: lock, insert, update only, committed",
    }
    rows = [line(names[s], m[s].cpu_ms, m[s].actions_per_s, f"errors {m[s].errors}") for s in SIDES]
    for sql, words in ((ACT_SQL, "our act's statements"), (BARE_SQL, "lock, insert, update")):
        total = m[RELAY].cpu_ms + m[sql].cpu_ms
        budget = verdict(ratio(total, base), ("<=", TARGET))
        rows.append(line(f"sum: Daphne floor + PostgreSQL floor ({words})", total, note=budget))
    rows.append(line(f"the {TARGET:g}{TIMES} budget", TARGET * base))
    loads = ", ".join(f"{s} {m[s].load[0]:.2f} → {m[s].load[1]:.2f}" for s in SIDES)
    generators = ", ".join(f"{s} {m[s].generator_cpu_percent:.0f} %" for s in SIDES)
    rows.append(["load average (1 min)", "", "", "", loads])
    rows.append(["generator CPU", "", "", "", generators])
    return rows


def report(done: list[Measure], matches: int) -> str:
    per_side = {s: medians([r for r in done if r.side == s]) for s in SIDES}
    return table(floor_rows(per_side, matches), HEADER)


# ---------------------------------------------------------------- boardgame.io


def run_bgio(home: Path, index: int, args: argparse.Namespace) -> Measure:
    start = os.getloadavg()[0]
    raw, server_errors = anchor.run_one(
        home,
        f"floor-r{index}-{os.getpid()}",
        matches=args.matches,
        spectators=0,
        seconds=args.seconds,
        warmup=args.warmup,
        port=free_port(),
        spectator_mode="lite",
    )
    run = anchor_run(raw, server_errors, (start, os.getloadavg()[0]))
    moves = raw["movesDeliveredInWindow"]
    return Measure(
        side=BGIO,
        actions=moves,
        seconds=moves / run.actions_per_s if run.actions_per_s else 0.0,
        cpu_seconds=raw["server"]["cpuSecondsInWindow"],
        errors=run.errors + run.gaps,
        generator_cpu_percent=run.generator_cpu_percent,
        load=run.load,
    )


# ---------------------------------------------------------------- the Daphne floor


def read_line(stream: IO[str], timeout: float = START_TIMEOUT) -> str:
    """The next line a child process writes (it must come within ``timeout``). The generator
    writes one line per request, so none waits in the reader's buffer unseen by select."""
    ready, _, _ = select.select([stream], [], [], timeout)
    line = stream.readline() if ready else ""
    if not line:
        raise RuntimeError("the load generator said nothing (or ended)")
    return line.strip()


def wait_listening(port: int, process: subprocess.Popen, log: Path) -> None:
    deadline = time.monotonic() + START_TIMEOUT
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"daphne exited:\n{log.read_text(errors='replace')}")
        with contextlib.suppress(OSError), socket.create_connection(("127.0.0.1", port), 1):
            return
        time.sleep(0.1)
    raise RuntimeError(f"daphne did not listen within {START_TIMEOUT} s")


@contextlib.contextmanager
def relay_server(patch_bytes: int) -> Iterator[tuple[int, subprocess.Popen]]:
    """``daphne`` serving ``bench.relay_app`` on a free port: its port and process."""
    port, log = free_port(), Path(tempfile.mkstemp(suffix=".log")[1])
    env = {**os.environ, "PYTHONPATH": str(ROOT), "RELAY_PATCH_BYTES": str(patch_bytes)}
    command = [DAPHNE, "-b", "127.0.0.1", "-p", str(port), "bench.relay_app:application"]
    with log.open("ab") as out:
        server = subprocess.Popen(command, cwd=ROOT, env=env, stdout=out, stderr=out)
    try:
        wait_listening(port, server, log)
        yield port, server
    finally:
        server.kill()
        server.wait()
        log.unlink(missing_ok=True)


def run_relay(home: Path, args: argparse.Namespace) -> tuple[Measure, dict[str, Any]]:
    """One run of the relay: the measure, and the generator's own tally at the end."""
    start = os.getloadavg()[0]
    env = {**os.environ, "NODE_PATH": str(home / "node_modules")}
    with relay_server(args.patch_bytes) as (port, server):
        command = ["node", str(RELAY_LOAD), str(port), str(args.matches), str(args.act_bytes)]
        command += [str(args.rate)] if args.rate else []
        gen = subprocess.Popen(
            command, env=env, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1
        )
        try:
            assert gen.stdin and gen.stdout
            stdin, lines = gen.stdin, gen.stdout
            if read_line(lines) != "ready":
                raise RuntimeError("the load generator did not get ready")

            def mark() -> tuple[int, float, float, float]:
                stdin.write("mark\n")
                stdin.flush()
                actions = int(read_line(lines).split()[1])
                at = time.monotonic()
                return actions, at, cpu_seconds(server.pid), cpu_seconds(gen.pid)

            time.sleep(args.warmup)
            a0, t0, cpu0, gen0 = mark()
            time.sleep(args.seconds)
            a1, t1, cpu1, gen1 = mark()
            stdin.write("stop\n")
            stdin.flush()
            tally = json.loads(read_line(lines))
            gen.wait(10)
        finally:
            gen.kill()
            gen.wait()
    errors = tally["gaps"] + tally["undelivered"] + tally["missing"] + len(tally["errors"])
    measure = Measure(
        side=RELAY,
        actions=a1 - a0,
        seconds=t1 - t0,
        cpu_seconds=cpu1 - cpu0,
        errors=errors,
        generator_cpu_percent=100 * (gen1 - gen0) / (t1 - t0),
        load=(start, os.getloadavg()[0]),
    )
    return measure, tally


# ---------------------------------------------------------------- the PostgreSQL floor

# Our act's statements, as actlog makes them on PostgreSQL, and the snapshot interval.
_ACT_SQL = """
import json
from django.db import connection
from spacemission.matches import actlog, states
print(json.dumps({
    "lock": actlog._sql(actlog._LOCK, lock=True),
    "record": actlog._sql(actlog._RECORD),
    "record_snapshot": actlog._sql(actlog._RECORD, snapshot=True),
    "every": states.SNAPSHOT_EVERY,
}))
"""
# The parameters of each, in order (actlog's lock(), _log_row() and _match_row()).
LOCK_PARAMS = ("seat", "cid", "match")
LOG_ROW = ("match", "v", "seat", "action", "cid", "views", "user", "at")
MATCH_ROW = ("v", "views", "clock", "deadline", "at")
BARE = """
SELECT version FROM matches_match WHERE id = %s FOR UPDATE;
INSERT INTO matches_action
    (match_id, version, seat, action, client_id, view_versions, user_id, created_at)
VALUES (%s, %s, %s, %s::jsonb, %s, %s::jsonb, %s, %s);
UPDATE matches_match
SET version = %s, view_versions = %s::jsonb, clock = %s::jsonb, deadline = %s, updated_at = %s
WHERE id = %s;
"""
BARE_PARAMS = ("match", *LOG_ROW, *MATCH_ROW, "match")
# Each client stores the next version of its own match, and acts in turn from seat 0.
HEAD = """\\set v :v + 1
\\set match :first + :client_id
\\set seat :v % 4
\\set cid random(1, 2000000000)
BEGIN;
"""


def bind(sql: str, names: tuple[str, ...], values: dict[str, str | None]) -> str:
    """``sql`` with each ``%s`` in turn as the pgbench variable of that name (NULL for a
    value that is None: pgbench cannot pass one)."""
    parts = sql.strip().rstrip(";").split("%s")
    if len(parts) != len(names) + 1:
        raise ValueError(f"{len(parts) - 1} placeholders for {len(names)} names")
    words = [("NULL" if n in values and values[n] is None else f":{n}") for n in names]
    return "".join(p + w for p, w in zip(parts, [*words, ""], strict=True)) + ";\n"


def act_script(sql: dict[str, Any], values: dict[str, str | None]) -> str:
    """One stored action as our act stores it."""
    record = bind(sql["record"], (*LOG_ROW, *MATCH_ROW, "match"), values)
    with_snapshot = (*LOG_ROW, *MATCH_ROW, "snapshot", "v", "match")
    return (
        HEAD
        + bind(sql["lock"], LOCK_PARAMS, values)
        + f"\\if :v % {sql['every']} = 0\n"
        + bind(sql["record_snapshot"], with_snapshot, values)
        + "\\else\n"
        + record
        + "\\endif\nCOMMIT;\n"
    )


def bare_script(values: dict[str, str | None]) -> str:
    """One stored action: the match row locked, one action row, the match row updated."""
    statements = [s + ";" for s in BARE.strip().split(";") if s.strip()]
    counts = [s.count("%s") for s in statements]
    names, at, out = BARE_PARAMS, 0, []
    for statement, count in zip(statements, counts, strict=True):
        out.append(bind(statement, names[at : at + count], values))
        at += count
    return HEAD + "".join(out) + "COMMIT;\n"


def padded_json(size: int) -> str:
    head = '{"type":"jump","card":"c17","side":"a","pad":"'
    return head + "x" * max(0, size - len(head) - 2) + '"}'


def scratch_values(db: Database, matches: int, action_bytes: int) -> dict[str, str | None]:
    """The pgbench variables: the first match id (the ids follow on), a user, and the JSON
    a match of this database holds (its clock, snapshot and view versions' length)."""
    create_matches(db, "space-mission", matches, 4)
    ids = [i for (i,) in db.query("SELECT id FROM matches_match ORDER BY id")]
    if ids != list(range(ids[0], ids[0] + matches)):
        raise RuntimeError(f"the matches' ids do not follow on: {ids}")
    ((clock, deadline, snapshot, views),) = db.query(
        "SELECT clock::text, deadline::text, snapshot::text, jsonb_array_length(view_versions)"
        " FROM matches_match WHERE id = %s",
        [ids[0]],
    )
    ((user,),) = db.query("SELECT min(user_id) FROM matches_matchseat")
    return {
        "first": str(ids[0]),
        "v": str(FIRST_VERSION),
        "user": str(user),
        "action": padded_json(action_bytes),
        "views": json.dumps([FIRST_VERSION] * views, separators=(",", ":")),
        "clock": clock,
        "deadline": deadline,
        "snapshot": snapshot,
        "at": datetime.datetime.now(datetime.UTC).isoformat(),
    }


def pgbench_command(
    db: Database, script: Path, clients: int, seconds: int, rate: int = 0
) -> list[str]:
    url = urlparse(db.url)
    return [
        *(shutil.which("pgbench") or "pgbench", "-n", "-M", "prepared"),
        *(["-R", str(rate)] if rate else []),
        *("-c", str(clients), "-j", "2", "-T", str(seconds), "-f", str(script)),
        *("-h", url.hostname or "127.0.0.1", "-p", str(url.port or 5432)),
        *("-U", url.username or "postgres", url.path.lstrip("/")),
    ]


def failed(output: str) -> int:
    """Failed transactions as pgbench reports them (``number of failed transactions: N``)."""
    for line in output.splitlines():
        if line.startswith("number of failed transactions:"):
            return int(line.split(":")[1].split()[0])
    return 0


def run_postgres(side: str, sql: dict[str, Any], args: argparse.Namespace) -> Measure:
    """One pgbench run on a new scratch database, dropped after."""
    start = os.getloadavg()[0]
    db = fresh_database("postgres")
    name = urlparse(db.url).path.lstrip("/")
    folder = Path(tempfile.mkdtemp(prefix="floor-pgbench-"))
    try:
        values = scratch_values(db, args.matches, args.action_bytes)
        script = folder / "action.sql"
        script.write_text(act_script(sql, values) if side == ACT_SQL else bare_script(values))
        defines = [f"-D{k}={v}" for k, v in values.items() if v is not None]
        total = args.warmup + args.seconds + PGBENCH_SLACK
        base = pgbench_command(db, script, args.matches, total, args.rate)
        command = [*base, *defines]
        env = {**os.environ, "PGPASSWORD": urlparse(db.url).password or ""}
        with psycopg.connect(db.url, autocommit=True) as conn:

            def mark() -> tuple[int, float, float, float]:
                ((versions,),) = conn.execute("SELECT sum(version) FROM matches_match")
                at = time.monotonic()
                used = service_seconds(name)["postgres"]
                return int(versions), at, used, cpu_seconds(pgbench.pid)

            pgbench = subprocess.Popen(
                command, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT
            )
            try:
                time.sleep(args.warmup)
                v0, t0, cpu0, gen0 = mark()
                time.sleep(args.seconds)
                v1, t1, cpu1, gen1 = mark()
                output = pgbench.communicate(timeout=PGBENCH_SLACK + 60)[0].decode(errors="replace")
            finally:
                pgbench.kill()
                pgbench.wait()
        if pgbench.returncode != 0:
            print(f"  {side}: pgbench ended with {pgbench.returncode}:\n{output[-2000:]}")
        return Measure(
            side=side,
            actions=v1 - v0,
            seconds=t1 - t0,
            cpu_seconds=cpu1 - cpu0,
            errors=failed(output) + (pgbench.returncode != 0),
            generator_cpu_percent=100 * (gen1 - gen0) / (t1 - t0),
            load=(start, os.getloadavg()[0]),
        )
    finally:
        shutil.rmtree(folder, ignore_errors=True)
        db.drop()


def act_statements() -> dict[str, Any]:
    """Our act's SQL as actlog words it on PostgreSQL (read once, on a scratch database)."""
    db = fresh_database("postgres")
    try:
        return json.loads(db.django(_ACT_SQL).strip().splitlines()[-1])
    finally:
        db.drop()


# ---------------------------------------------------------------- the run


def summary(run: Measure, index: int, runs: int) -> str:
    return (
        f"{run.side:>13} run {index + 1}/{runs}: {run.actions_per_s:,.1f} actions/s, "
        f"{run.cpu_ms:.3f} ms CPU/action, errors {run.errors}, "
        f"generator {run.generator_cpu_percent:.0f} %, load {run.load[0]:.2f} → {run.load[1]:.2f}"
    )


def parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m bench.floor",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--runs", type=int, default=3, help="runs of each side, interleaved")
    parser.add_argument("--matches", type=int, default=20)
    parser.add_argument("--seconds", type=int, default=20, help="measured window of a run")
    parser.add_argument("--warmup", type=int, default=5, help="seconds played before it")
    parser.add_argument("--act-bytes", type=int, default=150, help="the relay's act frame")
    parser.add_argument("--patch-bytes", type=int, default=1500, help="the relay's frame out")
    parser.add_argument("--action-bytes", type=int, default=100, help="a stored action's JSON")
    parser.add_argument(
        "--rate", type=int, default=0, help="the floors' actions/s (0: as fast as they can)"
    )
    parser.add_argument(
        "--at-anchor-rate",
        action="store_true",
        help="hold each run's floors to the actions/s boardgame.io reached in that run",
    )
    parser.add_argument("--anchor", type=Path, default=anchor.DEFAULT_DIR)
    return parser


def pace(args: argparse.Namespace) -> str:
    if args.at_anchor_rate:
        return "at the actions/s boardgame.io reached in the same run"
    return f"at {args.rate} actions/s" if args.rate else "as fast as they can"


def main(argv: list[str] | None = None) -> list[Measure]:
    args = parser().parse_args(argv)
    if not os.environ.get("DATABASE_URL", "").startswith(("postgres://", "postgresql://")):
        raise SystemExit("set DATABASE_URL to a PostgreSQL server")
    home = anchor.prepared(args.anchor)
    sql = act_statements()
    print(
        f"{datetime.datetime.now(datetime.UTC):%Y-%m-%d %H:%M} UTC: {args.matches} matches of 4, "
        f"{args.runs} interleaved runs of each side, {args.warmup} s warm-up + {args.seconds} s "
        f"measured; relay frames {args.act_bytes} B in, {args.patch_bytes} B out to each of 4; "
        f"stored action {args.action_bytes} B; the floors {pace(args)}",
        flush=True,
    )
    done: list[Measure] = []
    for index in range(args.runs):
        paced = args
        for side in SIDES:
            if side == BGIO:
                run = run_bgio(home, index, args)
                if args.at_anchor_rate:
                    paced = argparse.Namespace(**{**vars(args), "rate": round(run.actions_per_s)})
            elif side == RELAY:
                run = run_relay(home, paced)[0]
            else:
                run = run_postgres(side, sql, paced)
            done.append(run)
            print(summary(run, index, args.runs), flush=True)
    print(report(done, args.matches), flush=True)
    return done


if __name__ == "__main__":
    main()
