"""How long lobby writes wait for the database's write lock when people click at once.

Starts one Daphne process on a fresh database (PostgreSQL when DATABASE_URL names one,
else a SQLite file) and lets ``people`` signed-in visitors join and leave the same open
tables as fast as they can for ``seconds``, each on its own thread. Prints the requests
answered, the server errors (there must be none), and the time a join or leave took
(median, 95th percentile, worst): on SQLite that is mostly the wait for the write lock,
which ``settings.SQLITE_TIMEOUT`` bounds.

    .venv/bin/python -m bench.lobby_races [people] [seconds]
"""

from __future__ import annotations

import statistics
import sys
import threading
import time

from tests.support.browsing import Visitor
from tests.support.servers import fresh_database, start_server

OPEN_TABLES = """
from spacemission.accounts.models import User
from spacemission.lobby import services
host, _ = User.objects.get_or_create(username="host")
for _ in range(3):
    print(services.create_table(host, "space-mission", 5).public_id)
"""


def main(people: int, seconds: float) -> None:
    db = fresh_database()
    try:
        server = start_server(db)
        tables = db.django(OPEN_TABLES).split()
        visitors = [Visitor(server, db.session(f"p{i}")) for i in range(people)]
        timings: list[float] = []
        errors: list[int] = []
        stop = time.monotonic() + seconds

        def click(visitor: Visitor) -> None:
            while time.monotonic() < stop:
                for table in tables:
                    for action in ("join", "leave"):
                        began = time.perf_counter()
                        status, _ = visitor.post(f"/t/{table}/{action}/")
                        timings.append(time.perf_counter() - began)
                        if status != 200:
                            errors.append(status)

        threads = [threading.Thread(target=click, args=(v,)) for v in visitors]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        timings.sort()
        print(f"database: {db.kind}, {people} people clicking for {seconds:.0f} s")
        print(f"requests: {len(timings)}, server errors: {len(errors)} {sorted(set(errors))}")
        print(
            f"join or leave (with its redirect): median {statistics.median(timings) * 1000:.0f} ms,"
            f" p95 {timings[int(len(timings) * 0.95)] * 1000:.0f} ms,"
            f" worst {timings[-1] * 1000:.0f} ms"
        )
    finally:
        db.drop()


if __name__ == "__main__":
    args = sys.argv[1:]
    main(int(args[0]) if args else 8, float(args[1]) if len(args) > 1 else 10.0)
