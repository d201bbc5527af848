"""The least a Daphne-served match can do per action: a plain ASGI websocket application
(no Django, no Channels, no database) that relays each text frame a socket of a match
sends as one frame of ``RELAY_PATCH_BYTES`` (default 1,500) to every socket of that match.

    daphne -b 127.0.0.1 -p 8000 bench.relay_app:application

A socket joins match ``<name>`` at ``/relay/<name>/``. Each frame sent out is
``{"t":"patch","v":<n>,"ops":"xx…"}``, ``n`` counting the match's frames from 1, padded to
the size, so that a client can tell it missed none. ``bench.floor`` measures it.
"""

from __future__ import annotations

import os
from collections.abc import Awaitable, Callable
from typing import Any

Send = Callable[[dict[str, Any]], Awaitable[None]]
Receive = Callable[[], Awaitable[dict[str, Any]]]

PATCH_BYTES = int(os.environ.get("RELAY_PATCH_BYTES", "1500"))


class Match:
    """The sockets of one match and the number of frames it relayed."""

    def __init__(self) -> None:
        self.sockets: list[Send] = []
        self.version = 0


matches: dict[str, Match] = {}


def patch(version: int, size: int = PATCH_BYTES) -> str:
    """A frame of ``size`` bytes (at least) carrying ``version``."""
    head = f'{{"t":"patch","v":{version},"ops":"'
    return head + "x" * max(0, size - len(head) - 2) + '"}'


async def application(scope: dict[str, Any], receive: Receive, send: Send) -> None:
    if scope["type"] == "http":  # readiness probes only
        await send({"type": "http.response.start", "status": 404, "headers": []})
        await send({"type": "http.response.body", "body": b""})
        return
    if scope["type"] != "websocket":
        return
    name = scope["path"].strip("/").rpartition("/")[2]
    match = matches.setdefault(name, Match())
    while True:
        event = await receive()
        kind = event["type"]
        if kind == "websocket.connect":
            match.sockets.append(send)  # before the accept: the client may act once open
            await send({"type": "websocket.accept"})
        elif kind == "websocket.receive":
            match.version += 1
            frame = {"type": "websocket.send", "text": patch(match.version)}
            for socket in match.sockets:
                await socket(frame)
        elif kind == "websocket.disconnect":
            if send in match.sockets:
                match.sockets.remove(send)
            return
