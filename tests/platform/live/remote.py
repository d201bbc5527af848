"""A websocket client of a real server process (the ``websockets`` library)."""

from __future__ import annotations

import asyncio
from collections.abc import Callable

import orjson
import websockets

from tests.platform.live.wsclient import TIMEOUT, Frame, Tracker
from tests.support.servers import Server


class RemoteClient(Tracker):
    """Reads every frame in the background into its held view; tests wait on conditions."""

    def __init__(self, server: Server, match_id: int, session: str | None = None) -> None:
        super().__init__()
        self.url = f"{server.ws_url}/ws/match/{match_id}/"
        self.origin = server.origin
        self.session = session
        self.close_code: int | None = None
        self._changed = asyncio.Event()

    async def open(self) -> RemoteClient:
        headers = {"Cookie": f"sessionid={self.session}"} if self.session else {}
        self.ws = await websockets.connect(
            self.url, origin=self.origin, additional_headers=headers, max_size=2**22
        )
        self.reader = asyncio.get_running_loop().create_task(self._read())
        await self.wait(lambda: self.view is not None)
        return self

    async def _read(self) -> None:
        try:
            async for text in self.ws:
                self.take(orjson.loads(text))
                self._changed.set()
        except websockets.ConnectionClosed:
            pass
        self.close_code = self.ws.close_code if self.ws.close_code is not None else -1
        self._changed.set()

    async def wait(self, ready: Callable[[], bool], timeout: float = TIMEOUT) -> None:
        """Until ``ready()`` holds; fails after ``timeout`` seconds without it."""
        async with asyncio.timeout(timeout):
            while not ready():
                if self.close_code is not None:
                    raise AssertionError(f"connection closed ({self.close_code})")
                self._changed.clear()
                await self._changed.wait()

    async def until_version(self, version: int, timeout: float = TIMEOUT) -> None:
        await self.wait(lambda: self.v is not None and self.v >= version, timeout)

    async def send(self, frame: Frame) -> None:
        await self.ws.send(orjson.dumps(frame).decode())

    async def close(self) -> None:
        await self.ws.close()
        await self.reader
