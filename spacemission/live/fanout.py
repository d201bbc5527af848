"""Channel groups of a match and what is sent to them.

Each seat has its own group and the spectators share one; a message for a seat's group
is built from that seat's view alone, so no channel-layer message ever carries another
seat's private data. Public frames (presence, chat, seat changes) go to the match group
every connection of the match joins.
"""

from __future__ import annotations

import asyncio
from typing import Any

from channels.layers import get_channel_layer

from games import registry
from spacemission.live import frames
from spacemission.live.patches import view_patch
from spacemission.matches.services import Applied

Message = dict[str, Any]
FRAME = "match.frame"  # forwarded as is to the client
SEATS = "match.seats"  # the seats changed: every connection looks up its seat again


def seat_group(match_id: int, seat: int | None) -> str:
    """The group of one seat's connections (``None``: the spectators)."""
    if seat is None:
        return f"match-{match_id}-spectators"
    return f"match-{match_id}-seat-{seat}"


def match_group(match_id: int) -> str:
    return f"match-{match_id}"


def frame_message(frame: frames.Frame) -> Message:
    return {"type": FRAME, "text": frames.encode(frame)}


def patch_messages(applied: Applied) -> list[tuple[str, Message]]:
    """One patch message per seat group and one for the spectators, each from that
    audience's own views of the states before and after the action."""
    if applied.repeated or applied.before is None or applied.after is None:
        return []
    game = registry.get(applied.game)
    out = []
    for seat in [*range(applied.seat_count), None]:
        ops = view_patch(game.view(applied.before, seat), game.view(applied.after, seat))
        message = frame_message(frames.patch(applied.version, ops))
        out.append((seat_group(applied.match_id, seat), message))
    return out


async def send(messages: list[tuple[str, Message]]) -> None:
    """Send to each group; to distinct groups at once (one Redis round trip instead of
    one per group), else in order."""
    layer = get_channel_layer()
    if len({group for group, _ in messages}) == len(messages):
        await asyncio.gather(*(layer.group_send(group, message) for group, message in messages))
        return
    for group, message in messages:
        await layer.group_send(group, message)


async def send_public(match_id: int, frame: frames.Frame) -> None:
    await send([(match_group(match_id), frame_message(frame))])


async def send_seats_changed(match_id: int) -> None:
    await send([(match_group(match_id), {"type": SEATS})])
