"""This process's open match connections: one heartbeat for all of them, and presence
frames coalesced per match.

A heartbeat per socket would write the database per socket; here the process refreshes
all its rows in one statement per HEARTBEAT. A ``presence`` frame per join would make a
match watched by N people cost N²/2 frames as they arrive; here a match gets at most one
per WINDOW seconds, sent at once when it has been quiet and else at the end of the
window, read from the database then, so it carries the latest counts.
"""

from __future__ import annotations

import asyncio
import logging

from spacemission.live import fanout, hub, presence, runner
from spacemission.live.threads import db

log = logging.getLogger(__name__)

WINDOW = 0.5  # seconds: at most one presence frame per match in this long
RENEW_GROUPS = 240  # heartbeats between renewals of the process's groups (an hour)

_connections: dict[str, presence.Seen] = {}
_heartbeat: asyncio.Task | None = None
_pending: set[int] = set()  # matches with a presence frame due
_last_sent: dict[int, float] = {}  # match -> loop time of its last presence frame


async def join(channel_name: str, who: presence.Seen) -> None:
    """Record a connection (its row, then a presence frame for its match)."""
    await db(presence.join)(channel_name, who)
    _connections[channel_name] = who
    _ensure_heartbeat()
    announce(who.match_id)


async def leave(channel_name: str, match_id: int) -> None:
    _connections.pop(channel_name, None)
    await db(presence.leave)(channel_name)
    announce(match_id)


def announce(match_id: int) -> None:
    """A presence frame for this match soon (on the running loop); repeats coalesce."""
    if match_id in _pending:
        return
    loop = asyncio.get_running_loop()
    wait = max(0.0, _last_sent.get(match_id, -WINDOW) + WINDOW - loop.time())
    _pending.add(match_id)
    runner.run_soon(lambda: _send_presence(match_id, wait))


async def _send_presence(match_id: int, wait: float) -> None:
    await asyncio.sleep(wait)
    loop = asyncio.get_running_loop()
    # Changes from here on ask for another frame: this one may read the database before them.
    _pending.discard(match_id)
    sent_at = _last_sent[match_id] = loop.time()
    loop.call_later(WINDOW, _forget_sent, match_id, sent_at)
    try:
        frame = await db(presence.snapshot)(match_id)
        await fanout.send_public(match_id, frame)
    except Exception:  # a database or Redis hiccup: the next change sends the counts
        log.exception("presence of match %s not sent", match_id)


def _forget_sent(match_id: int, sent_at: float) -> None:
    if _last_sent.get(match_id) == sent_at:
        del _last_sent[match_id]


def _ensure_heartbeat() -> None:
    global _heartbeat
    loop = asyncio.get_running_loop()
    if _heartbeat is None or _heartbeat.done() or _heartbeat.get_loop() is not loop:
        _heartbeat = loop.create_task(_beat_forever())


async def _beat_forever() -> None:
    beats = 0
    while True:
        await asyncio.sleep(presence.HEARTBEAT)
        beats += 1
        try:
            await beat(renew=beats % RENEW_GROUPS == 0)
        except Exception:  # a database hiccup must not end the heartbeat
            log.exception("presence heartbeat failed")


async def beat(*, renew: bool = False) -> None:
    """Refresh this process's rows and tell the matches whose counts changed. With
    ``renew``, also renew the process's channel-layer groups (they expire in Redis
    queues of channels_redis's core layer)."""
    changed = await db(presence.beat)(dict(_connections))
    for match_id in changed:
        announce(match_id)
    if renew:
        await hub.renew_all()
