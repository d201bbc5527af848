"""The match wire protocol's frames (docs/protocol.md): parsing client frames, building
server frames. Nothing else in the live layer spells a frame type.
"""

from __future__ import annotations

from typing import Any

import orjson

MAX_FRAME_BYTES = 8 * 1024
MAX_CLIENT_ID = 64
MAX_CHAT = 500
REMATCH_TYPES = frozenset({"rematch_offer", "rematch_accept", "rematch_decline"})
CLIENT_TYPES = frozenset({"sync", "act", "chat", "ping", "back", "resign", "vote"}) | REMATCH_TYPES

Frame = dict[str, Any]


class ClientError(Exception):
    """A refused client frame; becomes an ``error`` frame and changes nothing."""

    def __init__(self, code: str, message: str, frame_id: str | None = None) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.frame_id = frame_id


def encode(frame: Frame) -> str:
    return orjson.dumps(frame).decode()


def parse(text: str) -> Frame:
    """A validated client frame; raises ClientError with the protocol's code."""
    if len(text) > MAX_FRAME_BYTES or len(text.encode()) > MAX_FRAME_BYTES:
        raise ClientError("frame_too_large", f"frames are limited to {MAX_FRAME_BYTES} bytes")
    try:
        data = orjson.loads(text)
    except orjson.JSONDecodeError:
        raise ClientError("bad_json", "the frame is not valid JSON") from None
    if not isinstance(data, dict):
        raise ClientError("bad_json", "the frame must be a JSON object")
    kind = data.get("t")
    if not isinstance(kind, str):
        raise ClientError("bad_frame", "the frame needs a string field 't'")
    if kind not in CLIENT_TYPES:
        raise ClientError("unknown_type", f"unknown frame type {kind[:40]!r}")
    if kind == "act":
        return _act(data)
    if kind == "chat":
        return _chat(data)
    if kind == "back":
        return {"t": kind, "seat": _seat(data, required=False)}
    if kind == "vote":
        return {"t": kind, "seat": _seat(data, required=True)}
    return {"t": kind}


def _seat(data: Frame, *, required: bool) -> int | None:
    seat = data.get("seat")
    if seat is None and not required:
        return None
    if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < 100:
        raise ClientError("bad_frame", "'seat' must be a seat number")
    return seat


def _act(data: Frame) -> Frame:
    frame_id = data.get("id")
    if (
        not isinstance(frame_id, str)
        or not 1 <= len(frame_id) <= MAX_CLIENT_ID
        or not frame_id.isprintable()
    ):
        raise ClientError(
            "bad_frame", f"'id' must be a string of 1-{MAX_CLIENT_ID} printable characters"
        )
    version = data.get("v")
    if not isinstance(version, int) or isinstance(version, bool) or version < 0:
        raise ClientError("bad_frame", "'v' must be a non-negative integer", frame_id)
    action = data.get("action")
    if not isinstance(action, dict) or not isinstance(action.get("type"), str):
        raise ClientError("bad_frame", "'action' must be an object with a string 'type'", frame_id)
    return {"t": "act", "id": frame_id, "v": version, "action": action}


def _chat(data: Frame) -> Frame:
    text = data.get("text")
    if not isinstance(text, str):
        raise ClientError("bad_frame", "'text' must be a string")
    text = text.strip()
    if not text:
        raise ClientError("chat_empty", "say something")
    if len(text) > MAX_CHAT:
        raise ClientError("chat_too_long", f"chat lines are limited to {MAX_CHAT} characters")
    return {"t": "chat", "text": text}


def error(code: str, message: str, frame_id: str | None = None) -> Frame:
    return {"t": "error", "id": frame_id, "code": code, "message": message}


def ack(frame_id: str, version: int) -> Frame:
    """The act applied; ``version``: the actor's view version it produced."""
    return {"t": "ack", "id": frame_id, "v": version}


def with_id(text: str, frame_id: str) -> str:
    """An encoded frame (a JSON object) with an ``id`` field added, not decoded again: the
    actor's own patch names the act that made it."""
    return f'{text[:-1]},"id":{encode(frame_id)}}}'


def patch(version: int, ops: list[dict[str, Any]], clock: dict[str, Any] | None = None) -> Frame:
    """To the audience's view of ``version`` from its view of the version before; with
    the match's new clock (``now`` and ``clock``, as a ``clock`` frame has them) when the
    act that made it changed the clock, so that a turn change is one frame per socket."""
    frame: Frame = {"t": "patch", "v": version, "ops": ops}
    if clock is not None:
        frame |= _clock_fields(clock)
    return frame


def presence(connected: list[int], spectators: int) -> Frame:
    return {"t": "presence", "connected": connected, "spectators": spectators}


def clock(clock: dict[str, Any]) -> Frame:
    """The match's clock changed; ``now`` is the server's time (epoch ms) it was set."""
    return {"t": "clock", **_clock_fields(clock)}


def _clock_fields(clock: dict[str, Any]) -> Frame:
    public = {key: value for key, value in clock.items() if key != "now"}
    return {"now": clock["now"], "clock": public}


def match(facts: dict[str, Any]) -> Frame:
    """The match's public facts changed (it ended: seed, salt and ratings revealed)."""
    return {"t": "match", "match": facts}


def pong() -> Frame:
    return {"t": "pong"}


def rematch(offer: dict[str, Any] | None) -> Frame:
    """The match's rematch offer changed (``offer``: see ``matches.rematch.facts``)."""
    return {"t": "rematch", "offer": offer}
