"""Cost of one stored action end to end: lock, rules, action row, state, and its patches.

Plays whole 4-seat Space Mission matches of bots, each action chosen first and then
applied and timed alone through ``apply_action`` (the path of a bot's act, in a worker
thread: one locked transaction, which also makes each changed audience's patch; wall
time and this process's CPU time), then builds its frames, on a fresh database:
PostgreSQL when DATABASE_URL names one, else a SQLite file. On PostgreSQL it then plays
as many matches of four players, whose acts are awaited on the event loop
(``matches.loopact``), and times those the same way.

    .venv/bin/python -m bench.apply [matches]
"""

from __future__ import annotations

import sys

from tests.support.servers import fresh_database

PLAY = """
import statistics, time
from django.db import transaction
from spacemission.accounts.models import User
from spacemission.lobby.models import Seat, Table
from spacemission.live.fanout import patch_messages
from spacemission.matches import audiences
from spacemission.matches.models import Match
from spacemission.matches.services import apply_action, bot_choices, bot_to_move
from spacemission.matches.services import replay, start_match
from spacemission.matches.states import current

host = User.objects.create_user("host")
wall_ms, cpu_ms, patch_ms, lengths = [], [], [], []
for n in range(MATCHES):
    with transaction.atomic():
        table = Table.objects.create(game="space-mission", host=host, seat_count=4)
        for i, bot in enumerate(["greedy", "random", "greedy", "greedy"]):
            Seat.objects.create(table=table, index=i, bot=bot)
        match = start_match(table)
    actions = 0
    while True:
        match = Match.objects.get(pk=match.pk)
        turn = bot_to_move(match)
        if turn is None:
            break
        seat, bot = turn
        seen = audiences.current(match.view_versions, match.seat_count)[seat]
        action = bot_choices(match, seat, bot)[0]  # chosen before the clock starts
        t0, c0 = time.perf_counter(), time.process_time()
        applied = apply_action(match.pk, seat, action, seen)
        t1, c1 = time.perf_counter(), time.process_time()
        patch_messages(applied)
        t2 = time.perf_counter()
        wall_ms.append((t1 - t0) * 1000)
        cpu_ms.append((c1 - c0) * 1000)
        patch_ms.append((t2 - t1) * 1000)
        actions += 1
    lengths.append(actions)
    match.refresh_from_db()
    assert match.status == "finished" and replay(match) == current(match)

def line(label, values):
    p95 = sorted(values)[int(len(values) * 0.95)]
    print(f"{label:40s} mean {statistics.mean(values):6.2f} ms  p95 {p95:6.2f} ms")

print(f"{MATCHES} matches, {sum(lengths)} actions ({min(lengths)}-{max(lengths)} per match)")
line("apply_action, wall (lock to commit)", wall_ms)
line("apply_action, this process's CPU", cpu_ms)
line("patch_messages (frames only)", patch_ms)
total = statistics.mean(wall_ms) + statistics.mean(patch_ms)
print(f"one process, one match at a time: {1000 / total:.0f} actions/s")
"""

# Players' acts on the event loop (PostgreSQL only); the ORM reads between acts run on
# the loop's thread too, which DJANGO_ALLOW_ASYNC_UNSAFE permits for this script.
PLAY_ON_LOOP = """
import asyncio, statistics, time
from django.db import transaction
from spacemission.accounts.models import User
from spacemission.lobby.models import Seat, Table
from spacemission.matches import audiences, loopact
from spacemission.matches.models import Match
from spacemission.matches.services import apply_action, bot_choices, replay, start_match
from spacemission.matches.states import current
from games import registry

players = [User.objects.create_user(f"player{i}") for i in range(4)]
game = registry.get("space-mission")


async def play():
    wall_ms, cpu_ms, acts = [], [], 0
    for n in range(MATCHES):
        with transaction.atomic():
            table = Table.objects.create(game="space-mission", host=players[0], seat_count=4)
            for i, user in enumerate(players):
                Seat.objects.create(table=table, index=i, user=user)
            match = start_match(table)
        while True:
            match = Match.objects.get(pk=match.pk)
            active = game.active_seats(current(match))
            if not active:
                break
            seat = active[0]
            seen = audiences.current(match.view_versions, match.seat_count)[seat]
            action = bot_choices(match, seat, "greedy")[0]
            t0, c0 = time.perf_counter(), time.process_time()
            applied = await loopact.apply_action(
                match.pk, seat, action, seen, f"a{acts}", players[seat]
            )
            t1, c1 = time.perf_counter(), time.process_time()
            acts += 1
            if applied is None:  # the last act: the worker thread's, not timed here
                apply_action(match.pk, seat, action, seen, f"a{acts}", players[seat])
                continue
            wall_ms.append((t1 - t0) * 1000)
            cpu_ms.append((c1 - c0) * 1000)
        match.refresh_from_db()
        assert match.status == "finished" and replay(match) == current(match)
    return wall_ms, cpu_ms


wall_ms, cpu_ms = asyncio.run(play())
for label, values in (("on the loop, wall", wall_ms), ("on the loop, this process's CPU", cpu_ms)):
    p95 = sorted(values)[int(len(values) * 0.95)]
    print(f"{label:40s} mean {statistics.mean(values):6.2f} ms  p95 {p95:6.2f} ms")
"""


def main() -> None:
    matches = int(sys.argv[1]) if len(sys.argv) > 1 else 3
    db = fresh_database()
    try:
        print(f"database: {db.kind}")
        code = PLAY.replace("MATCHES", str(matches))
        print(db.django(code, env={"BOT_DELAY": "3600"}), end="")
        if db.kind == "postgres":
            code = PLAY_ON_LOOP.replace("MATCHES", str(matches))
            env = {"BOT_DELAY": "3600", "DJANGO_ALLOW_ASYNC_UNSAFE": "true"}
            print(db.django(code, env=env), end="")
    finally:
        db.drop()


if __name__ == "__main__":
    main()
