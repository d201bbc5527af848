"""A websocket client of ``/ws/match/<id>/`` in the test process, that keeps its view.

It applies each ``patch`` to the view it holds (only when it holds the version before
the patch's, as the protocol tells clients to) and remembers the view of every version it
saw, so tests can compare them with the views the server would send in a fresh ``sync``.
"""

from __future__ import annotations

import asyncio
import copy
from typing import Any

import jsonpatch
import orjson
from channels.testing import WebsocketCommunicator

from spacemission.ratelimit import FRAME_BURST, FRAMES_PER_SECOND, TokenBucket

Frame = dict[str, Any]
TIMEOUT = 10.0


def answers_act(frame: Frame, frame_id: str | None = None) -> bool:
    """Whether ``frame`` answers an act (``frame_id``'s, if given): the actor's own patch
    carrying the act's id, a plain ``ack`` (an act sent again), or an ``error``."""
    if frame["t"] not in {"patch", "ack", "error"} or frame.get("id") is None:
        return False
    return frame_id is None or frame["id"] == frame_id


def acknowledges(frame: Frame) -> bool:
    """Whether ``frame`` says an act applied (its own patch, or an ``ack``)."""
    return answers_act(frame) and frame["t"] != "error"


class Tracker:
    """The view a client holds, kept up to date from the frames it receives.

    ``pace()`` before a send keeps a client under the server's frame limit, as a
    well-behaved client does (tests that flood on purpose do not call it).
    """

    def __init__(self) -> None:
        # A little under the server's limit: the two clocks start apart.
        self.bucket = TokenBucket(FRAMES_PER_SECOND * 0.8, FRAME_BURST - 4)
        self.frames: list[Frame] = []
        self.received: list[tuple[int | None, Frame]] = []  # (version it concerns, frame)
        self.view: dict | None = None
        self.v: int | None = None
        self.seat: int | None = None
        self.views: dict[int, dict] = {}  # version -> the view held then
        self.gaps = 0  # patches that did not follow the held version
        self.compared: list[bool] = []  # per sync of a version already held: views equal?

    async def pace(self) -> None:
        while not self.bucket.take():
            await asyncio.sleep(0.02)

    def take(self, frame: Frame) -> None:
        """Record a received frame and apply it to the held view."""
        self.frames.append(frame)
        self._track(frame)
        self.received.append((frame["v"] if frame["t"] in {"sync", "patch"} else self.v, frame))

    def _track(self, frame: Frame) -> None:
        if frame["t"] == "sync":
            if frame["v"] in self.views:  # a fresh sync of a version it patched its way to
                self.compared.append(self.views[frame["v"]] == frame["view"])
            self.view, self.v, self.seat = frame["view"], frame["v"], frame["seat"]
        elif frame["t"] == "patch":
            if self.v is not None and frame["v"] <= self.v:
                return  # sent before the sync this client holds: already in it
            if self.v is None or frame["v"] != self.v + 1:
                self.gaps += 1
                return
            self.view = jsonpatch.apply_patch(self.view, frame["ops"])
            self.v = frame["v"]
        else:
            return
        self.views[self.v] = copy.deepcopy(self.view)


class Client(Tracker):
    """A client of the ASGI application in this process (a ``WebsocketCommunicator``)."""

    def __init__(self, match_id: int, session: str | None = None) -> None:
        from spacemission.asgi import application

        super().__init__()
        headers = [(b"origin", b"http://localhost"), (b"host", b"localhost")]
        if session:
            headers.append((b"cookie", f"sessionid={session}".encode()))
        self.ws = WebsocketCommunicator(application, f"/ws/match/{match_id}/", headers=headers)
        self.open_ = False

    async def open(self, *, expect_sync: bool = True) -> None:
        connected, _ = await self.ws.connect(timeout=TIMEOUT)
        assert connected
        self.open_ = True
        if expect_sync:
            await self.expect("sync")

    async def close(self) -> None:
        if self.open_:
            self.open_ = False
            await self.ws.disconnect()

    async def send(self, frame: Frame | str) -> None:
        await self.ws.send_to(
            text_data=frame if isinstance(frame, str) else orjson.dumps(frame).decode()
        )

    async def recv(self, timeout: float = TIMEOUT) -> Frame:
        output = await self.ws.receive_output(timeout)
        if output["type"] == "websocket.close":
            self.open_ = False
            return {"t": "closed", "code": output.get("code")}
        frame = orjson.loads(output["text"])
        self.take(frame)
        return frame

    async def expect(self, kind: str, timeout: float = TIMEOUT, **fields: Any) -> Frame:
        """The next frame of type ``kind`` (with these field values); others are kept."""
        while True:
            frame = await self.recv(timeout)
            if frame["t"] == kind and all(frame.get(k) == v for k, v in fields.items()):
                return frame
            assert frame["t"] != "closed", f"closed while waiting for {kind}: {frame}"

    async def until_version(self, version: int, timeout: float = TIMEOUT) -> None:
        while self.v is None or self.v < version:
            await self.recv(timeout)

    async def answer(self, frame_id: str, timeout: float = TIMEOUT) -> Frame:
        """The answer to the act ``frame_id`` (the frames before it are kept)."""
        while not answers_act(frame := await self.recv(timeout), frame_id):
            assert frame["t"] != "closed", f"closed while waiting for {frame_id}'s answer"
        return frame

    async def drain(self) -> list[Frame]:
        """Every frame that arrives until the connection is quiet for a moment."""
        frames = []
        while not await self.ws.receive_nothing(timeout=0.3):
            frames.append(await self.recv())
        return frames
