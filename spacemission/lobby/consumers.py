"""The lobby websocket: the live list of open and running tables (docs/protocol.md)."""

from __future__ import annotations

from typing import Any

import orjson
from channels.db import database_sync_to_async
from channels.generic.websocket import AsyncWebsocketConsumer

from spacemission.live.ratelimit import TokenBucket
from spacemission.lobby.broadcast import GROUP
from spacemission.lobby.listing import shared_tables_frame

MAX_FRAME_BYTES = 8 * 1024
FLOOD_CLOSE_CODE = 4008


class LobbyConsumer(AsyncWebsocketConsumer):
    """Anyone may connect; the client only ever asks for a fresh list with ``sync``."""

    async def connect(self) -> None:
        self.bucket = TokenBucket(rate=10, burst=20)
        self.warned = False
        await self.channel_layer.group_add(GROUP, self.channel_name)
        await self.accept()
        await self.send_tables()

    async def disconnect(self, code: int) -> None:
        await self.channel_layer.group_discard(GROUP, self.channel_name)

    async def receive(self, text_data: str | None = None, bytes_data: bytes | None = None) -> None:
        if not self.bucket.take():
            await self.refuse_flood()
            return
        data = text_data if text_data is not None else (bytes_data or b"").decode(errors="replace")
        if len(data.encode()) > MAX_FRAME_BYTES:
            await self.send_error("frame_too_large", "Frames are at most 8 KB.")
            return
        try:
            frame = orjson.loads(data)
        except orjson.JSONDecodeError:
            frame = None
        if not isinstance(frame, dict):
            await self.send_error("bad_json", "Send a JSON object.")
        elif not isinstance(frame.get("t"), str):
            await self.send_error("bad_frame", "A frame needs a string field 't'.")
        elif frame["t"] == "sync":
            await self.send_tables()
        elif frame["t"] == "ping":
            await self.send_json({"t": "pong"})
        else:
            await self.send_error("unknown_type", "The lobby only understands sync.")

    async def refuse_flood(self) -> None:
        """Tell a flooding client once; close it if it keeps going."""
        if self.warned:
            await self.close(code=FLOOD_CLOSE_CODE)
            return
        self.warned = True
        await self.send_error("rate_limited", "Too many frames; slow down.")

    async def lobby_tables(self, event: dict[str, Any]) -> None:
        await self.send_json(event["frame"])

    async def send_tables(self) -> None:
        await self.send_json(await database_sync_to_async(shared_tables_frame)())

    async def send_error(self, code: str, message: str) -> None:
        await self.send_json({"t": "error", "id": None, "code": code, "message": message})

    async def send_json(self, frame: dict[str, Any]) -> None:
        await self.send(text_data=orjson.dumps(frame).decode())
