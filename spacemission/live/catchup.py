"""Sockets left behind their audience's stored view version catch up by themselves.

A frame can be lost on its way between processes: Redis restarts or fails over, a
publish cannot be written, the channel layer's queue overflows, a process dies between
storing an act and publishing it. Whatever the cause, the socket then holds an older
version than the one stored, and nothing it receives tells it so until the next patch.

So each process with sockets keeps a *beacon*: every ``CATCH_UP_SECONDS`` (default 1)
it reads, in one query, the stored view versions of every match it has a socket of, and
compares each socket's version (the last sync or patch written to it,
``hub.Outlet.version``) with its audience's. A socket found behind at the same version
twice in a row missed a frame (a patch on its way arrives well within the interval) and
gets a fresh ``sync``. When frames are known to have been lost (the relay subscribed
again after losing its connection, or another process could not publish to an
audience), the sockets behind are synced at the first look, without waiting for a
second.

The cost falls on no act: a socket's version is noted when a frame is written (read from
the patch's head), and the beacon costs one indexed query per process and beacon
whatever the number of acts or sockets. (A client's own ping carrying its version would
cost a frame each way and a read per socket, often enough to heal within seconds.)
"""

from __future__ import annotations

import asyncio
import contextlib
import logging

from django.conf import settings

from spacemission.live import fanout, hub
from spacemission.live.threads import db
from spacemission.matches import audiences
from spacemission.matches.models import Match

log = logging.getLogger(__name__)


class Beacon:
    """One hub's look at its sockets' versions, every ``every`` seconds and on demand."""

    def __init__(self, audiences_hub: hub.Hub, every: float) -> None:
        self.hub = audiences_hub
        self.every = every
        self.synced = 0  # sockets caught up so far
        self._urgent: set[str] | None = set()  # groups that lost frames (None: every one)
        self._wake = asyncio.Event()
        self._tasks: set[asyncio.Task[None]] = set()
        self._running = audiences_hub.loop.create_task(self._run())
        audiences_hub.on_missed = self.missed

    def missed(self, groups: list[str] | None) -> None:
        """Frames to ``groups`` (None: to any audience) may have been lost: look now."""
        if groups is None or self._urgent is None:
            self._urgent = None
        else:
            self._urgent.update(groups)
        self._wake.set()

    async def close(self) -> None:
        tasks = [self._running, *self._tasks]
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)

    async def _run(self) -> None:
        while True:
            with contextlib.suppress(TimeoutError):
                async with asyncio.timeout(self.every):
                    await self._wake.wait()
            self._wake.clear()
            urgent, self._urgent = self._urgent, set()
            try:
                await self.look(urgent)
            except Exception:  # the database is away: look again next time
                log.warning("catch-up: stored versions not read", exc_info=True)

    async def look(self, urgent: set[str] | frozenset[str] | None = frozenset()) -> None:
        """Sync each socket behind its audience's stored version: at once in ``urgent``
        groups (None: all), else when it was behind at the same version last time."""
        watched = []
        for group, members in list(self.hub.audiences.items()):
            audience = fanout.audience(group)
            if audience is not None:
                watched.append((group, *audience, list(members.values())))
        if not watched:
            return
        stored = await db(stored_versions)({match_id for _, match_id, _, _ in watched})
        for group, match_id, seat, outlets in watched:
            versions = stored.get(match_id)
            if not versions:
                continue
            target = versions[audiences.slot(seat, len(versions) - 1)]
            at_once = urgent is None or group in urgent
            for outlet in outlets:
                self._check(outlet, target, at_once)

    def _check(self, outlet: hub.Outlet, target: int, at_once: bool) -> None:
        version = outlet.version
        if version is None or outlet.holding or version >= target:
            outlet.behind_at = None
            return
        if not at_once and outlet.behind_at != version:
            outlet.behind_at = version  # a patch may be on its way: look again next time
            return
        outlet.behind_at = None
        if outlet.catch_up is not None:
            self.synced += 1
            task = self.hub.loop.create_task(_safely(outlet))
            self._tasks.add(task)
            task.add_done_callback(self._tasks.discard)


async def _safely(outlet: hub.Outlet) -> None:
    assert outlet.catch_up is not None
    try:
        await outlet.catch_up()
    except Exception:  # the socket closed meanwhile, or the database is away
        log.debug("catch-up: a socket was not synced", exc_info=True)


def stored_versions(match_ids: set[int]) -> dict[int, list[int]]:
    """Each match's stored view versions (one per seat, the spectators' last)."""
    rows = Match.objects.filter(pk__in=match_ids).values_list("pk", "view_versions")
    return {pk: list(versions or []) for pk, versions in rows}


_beacons: dict[int, Beacon] = {}


def watch(audiences_hub: hub.Hub) -> Beacon | None:
    """The beacon of ``audiences_hub`` (started with its first socket; None when
    ``CATCH_UP_SECONDS`` is 0)."""
    if settings.CATCH_UP_SECONDS <= 0:
        return None
    found = _beacons.get(id(audiences_hub))
    if found is None or found.hub is not audiences_hub:
        for key in [k for k, b in _beacons.items() if b.hub.loop.is_closed()]:
            del _beacons[key]
        found = _beacons[id(audiences_hub)] = Beacon(audiences_hub, settings.CATCH_UP_SECONDS)
    return found
