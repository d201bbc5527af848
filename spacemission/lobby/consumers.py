"""The lobby websocket: the live list of open and running tables (docs/protocol.md)."""

from __future__ import annotations

from typing import Any

import orjson
from channels.db import database_sync_to_async
from channels.generic.websocket import AsyncWebsocketConsumer
from django.contrib.auth.models import AnonymousUser

from spacemission.lobby.access import can_watch
from spacemission.lobby.broadcast import GROUP, table_frame, table_group
from spacemission.lobby.listing import shared_tables_frame
from spacemission.lobby.models import PUBLIC_ID_LENGTH, Table
from spacemission.ratelimit import FLOOD_CLOSE, FloodGuard

MAX_FRAME_BYTES = 8 * 1024
MAX_FOLLOWED = 10  # tables one socket follows: a waiting room needs one


class LobbyConsumer(AsyncWebsocketConsumer):
    """Anyone may connect and gets the list of public tables; ``sync`` asks for it again.

    A waiting room also sends ``follow`` for its table and then gets a ``table`` frame on
    every change to it: private tables only for the people ``access.can_watch`` lets in.
    """

    async def connect(self) -> None:
        self.flood = FloodGuard()
        self.followed: set[str] = set()
        await self.channel_layer.group_add(GROUP, self.channel_name)
        await self.accept()
        await self.send_tables()

    async def disconnect(self, code: int) -> None:
        await self.channel_layer.group_discard(GROUP, self.channel_name)
        for table_id in list(self.followed):
            await self.unfollow(table_id)

    async def receive(self, text_data: str | None = None, bytes_data: bytes | None = None) -> None:
        if not self.flood.admit():
            await self.send_error("rate_limited", "Too many frames; slow down.")
            return
        if text_data is None:
            await self.send_error("bad_json", "Frames are JSON text, not binary.")
            return
        if len(text_data.encode()) > MAX_FRAME_BYTES:
            await self.send_error("frame_too_large", "Frames are at most 8 KB.")
            return
        try:
            frame = orjson.loads(text_data)
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
        elif frame["t"] == "follow":
            await self.follow(frame.get("table"))
        else:
            await self.send_error("unknown_type", "The lobby understands sync, ping and follow.")

    async def follow(self, table_id: Any) -> None:
        """Follow one table's waiting room (by its public id); a private one only if this
        viewer may see it.

        A table that does not exist and one this viewer may not see get the same answer.
        """
        if not isinstance(table_id, str) or not 1 <= len(table_id) <= PUBLIC_ID_LENGTH:
            await self.send_error("bad_frame", "follow needs a table id.")
            return
        if table_id not in self.followed and len(self.followed) >= MAX_FOLLOWED:
            await self.send_error("too_many", "A socket follows at most 10 tables.")
            return
        if not await self.may_see(table_id):
            await self.send_error("not_found", "There is no such table.")
            return
        self.followed.add(table_id)
        await self.channel_layer.group_add(table_group(table_id), self.channel_name)
        await self.send_json(await database_sync_to_async(table_frame)(table_id))

    async def may_see(self, table_id: str) -> bool:
        return await database_sync_to_async(self.check_access)(table_id)

    def check_access(self, table_id: str) -> bool:
        table = Table.objects.filter(public_id=table_id).first()
        user = self.scope.get("user") or AnonymousUser()
        return table is not None and can_watch(user, self.scope.get("session"), table)

    async def lobby_table(self, event: dict[str, Any]) -> None:
        """A followed table changed. Private: only while this viewer may still see it
        (a table that closed has nothing left to hide)."""
        frame = event["frame"]
        if event["private"] and frame["status"] != "gone" and not await self.may_see(frame["id"]):
            await self.unfollow(frame["id"])
            return
        await self.send_json(frame)

    async def unfollow(self, table_id: str) -> None:
        self.followed.discard(table_id)
        await self.channel_layer.group_discard(table_group(table_id), self.channel_name)

    async def lobby_tables(self, event: dict[str, Any]) -> None:
        await self.send_json(event["frame"])

    async def send_tables(self) -> None:
        await self.send_json(await database_sync_to_async(shared_tables_frame)())

    async def send_error(self, code: str, message: str) -> None:
        """Refuse a frame; a connection refused too often is closed (docs/protocol.md)."""
        await self.send_json({"t": "error", "id": None, "code": code, "message": message})
        if self.flood.refused():
            await self.close(code=FLOOD_CLOSE)

    async def send_json(self, frame: dict[str, Any]) -> None:
        await self.send(text_data=orjson.dumps(frame).decode())
