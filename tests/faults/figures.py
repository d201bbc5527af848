"""What a fault drill measures (docs/reliability.md): acts, matches and sockets; acts lost
and duplicated; matches that stalled; and the seconds from the fault's end until every
socket held its audience's version stored at that moment.

A drill prints its figures as one ``DRILL …`` line (``pytest -s`` shows it).
"""

from __future__ import annotations

import asyncio
import time
from dataclasses import dataclass, field

import orjson

from tests.faults.drill import Player, acknowledged_rows, held
from tests.support.servers import Database


@dataclass
class Figures:
    drill: str
    matches: int
    sockets: int
    acts: int = 0
    lost: int = 0
    duplicated: int = 0
    stalled: int = 0
    clock_errors: int = 0  # seats timed out: the drills' clock stands still, so any is wrong
    catch_up: list[float] = field(default_factory=list)  # seconds, one per socket

    def line(self) -> str:
        times = sorted(self.catch_up)
        worst = times[-1] if times else 0.0
        p95 = times[max(0, round(0.95 * len(times)) - 1)] if times else 0.0
        return (
            f"DRILL {self.drill}: acts={self.acts} matches={self.matches} "
            f"sockets={self.sockets} lost={self.lost} duplicated={self.duplicated} "
            f"stalled={self.stalled} catch_up_max={worst:.2f}s catch_up_p95={p95:.2f}s "
            f"clock_errors={self.clock_errors}"
        )


def stored_versions(db: Database, match_ids: set[int]) -> dict[int, dict]:
    """Each match's stored version, status and view versions."""
    rows = db.query(
        "SELECT id, version, status, view_versions FROM matches_match WHERE id = ANY(%s)",
        [list(match_ids)],
    )
    return {
        pk: {"version": version, "status": status, "view_versions": _json(views)}
        for pk, version, status, views in rows
    }


async def catch_up_times(db: Database, players: list[Player], timeout: float) -> list[float]:
    """Seconds from now until each player held its audience's view version stored now
    (waits until all did; fails after ``timeout``)."""
    stored = stored_versions(db, {p.match_id for p in players})
    targets = [held(stored[p.match_id], p.seat) for p in players]
    start, times = time.monotonic(), [None] * len(players)
    try:
        async with asyncio.timeout(timeout):
            while None in times:
                for i, (player, target) in enumerate(zip(players, targets, strict=True)):
                    if times[i] is None and player.v is not None and player.v >= target:
                        times[i] = time.monotonic() - start
                await asyncio.sleep(0.02)
    except TimeoutError:
        behind = [
            f"{p.name} v{p.v} < v{t}"
            for p, t, at in zip(players, targets, times, strict=True)
            if at is None
        ]
        raise AssertionError(f"sockets still behind after {timeout} s: {behind}") from None
    return [t for t in times if t is not None]


def versions_now(db: Database, match_ids: set[int]) -> dict[int, int]:
    return {pk: row["version"] for pk, row in stored_versions(db, match_ids).items()}


def stalled(db: Database, before: dict[int, int]) -> int:
    """Running matches whose stored version has not moved since ``before``."""
    now = stored_versions(db, set(before))
    return sum(
        1
        for pk, version in before.items()
        if now[pk]["status"] == "running" and now[pk]["version"] == version
    )


def count_outcome(db: Database, players: list[Player], figures: Figures) -> None:
    """Fill in the acts stored, acts acknowledged but not stored at the version their
    ack named (lost), and acts stored more than once (duplicated)."""
    match_ids = {p.match_id for p in players}
    figures.acts = sum(row["version"] for row in stored_versions(db, match_ids).values())
    for match_id in match_ids:
        rows = acknowledged_rows(db, match_id)
        for player in (p for p in players if p.match_id == match_id):
            figures.lost += sum(1 for cid, v in player.acked.items() if rows.get(cid) != v)
    events = db.query("SELECT events FROM matches_match WHERE id = ANY(%s)", [list(match_ids)])
    figures.clock_errors = sum(
        1 for (listed,) in events for event in _json(listed) if event["kind"] == "timeout"
    )
    (figures.duplicated,) = db.query(
        "SELECT COUNT(*) FROM (SELECT 1 FROM matches_action WHERE match_id = ANY(%s)"
        " AND client_id <> ''"
        " GROUP BY match_id, seat, client_id HAVING COUNT(*) > 1) AS twice",
        [list(match_ids)],
    )[0]


def _json(value: object) -> object:
    return orjson.loads(value) if isinstance(value, str | bytes) else value
