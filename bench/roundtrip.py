"""CPU of one round trip of an act's step on a loop connection: libpq against psycopg's cursor.

Sends the shape of an act's first step (``BEGIN``, one prepared statement with bound
values returning a row of an int, a time and a JSON value, ``COMMIT``) over one
connection of ``matches.loopdb``, ``N`` times each way, in alternating rounds: through
``Connection.run`` (libpq's own pipeline, values dumped and rows loaded by psycopg's
adapters) and through psycopg's own pipeline and cursor (``AsyncConnection.pipeline``,
``execute(..., prepare=True)``). Prints this process's CPU per round trip for each, the
best round of each, and their ratio. PostgreSQL only (``DATABASE_URL``).

    .venv/bin/python -m bench.roundtrip [N] [rounds]

CPU time on a shared machine drifts; ``valgrind --tool=callgrind`` counts instructions
instead: run it with ``--only libpq`` and ``--only cursor`` at two values of ``N``, and
divide the difference of the totals by the difference of ``N``.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import time

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "spacemission.settings")

import django

django.setup()

from spacemission.matches import loopdb  # noqa: E402

SQL = "SELECT %s::int, now(), %s::jsonb"
VALUES = (7, '{"seat": 1, "planet": "zora"}')


async def by_libpq(connection: loopdb.Connection, n: int) -> None:
    for _ in range(n):
        [rows] = await connection.run([(SQL, VALUES)], begin=True, commit=True)
        assert rows[0][0] == 7


async def by_steps(connection: loopdb.Connection, n: int) -> None:
    """A batch of four acts on locked rows: ``BEGIN`` and four statements, then four
    and ``COMMIT`` (``n`` round trips, half of each)."""
    for _ in range(n // 2):
        rows = await connection.run([(SQL, VALUES)] * 4, begin=True)
        rows += await connection.run([(SQL, VALUES)] * 4, commit=True)
        assert [r[0][0] for r in rows] == [7] * 8


async def by_cursor(connection: loopdb.Connection, n: int) -> None:
    raw = connection.raw
    for _ in range(n):
        async with raw.pipeline():
            await raw.execute("BEGIN")
            cursor = await raw.execute(SQL, VALUES, prepare=True)
            await raw.execute("COMMIT")
        rows = await cursor.fetchall()
        assert rows[0][0] == 7


WAYS = {"libpq": by_libpq, "steps": by_steps, "cursor": by_cursor}


async def measure(n: int, rounds: int, ways: list[str]) -> dict[str, list[float]]:
    """Microseconds of this process's CPU per round trip, per round, for each way."""
    pool = loopdb.Pool(1, [SQL])
    connection = await pool.take()
    out: dict[str, list[float]] = {way: [] for way in ways}
    try:
        for way in ways:  # a first pass, untimed: prepared plans and caches warm
            await WAYS[way](connection, min(n, 200))
        for _ in range(rounds):
            for way in ways:
                start = time.process_time()
                await WAYS[way](connection, n)
                out[way].append((time.process_time() - start) * 1e6 / n)
    finally:
        connection.close()
    return out


def main() -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.roundtrip")
    parser.add_argument("n", type=int, nargs="?", default=2000)
    parser.add_argument("rounds", type=int, nargs="?", default=5)
    parser.add_argument("--only", choices=sorted(WAYS))
    args = parser.parse_args()
    if not loopdb.available():
        raise SystemExit("PostgreSQL only: set DATABASE_URL (and DB_POOL_SIZE > 0)")
    ways = [args.only] if args.only else ["cursor", "libpq", "steps"]
    results = asyncio.run(measure(args.n, args.rounds, ways))
    for way, values in results.items():
        rounds = ", ".join(f"{v:.0f}" for v in values)
        print(f"{way:7s} CPU per round trip: best {min(values):5.0f} µs  (rounds: {rounds})")
    if "libpq" in results and "cursor" in results:
        ratio = min(results["libpq"]) / min(results["cursor"])
        print(f"libpq / cursor: {ratio:.2f}")


if __name__ == "__main__":
    main()
