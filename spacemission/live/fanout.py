"""Channel groups of a match and what is sent to them.

Each seat has its own group and the spectators share one; a message for a seat's group
is built from that seat's view alone, so no channel-layer message ever carries another
seat's private data. Public frames (presence, chat, seat changes) go to the match group
every connection of the match joins. A message is written to the sending process's own
sockets of its audience at once, and reaches each other process once, which writes it to
its own (``spacemission.live.hub``).
"""

from __future__ import annotations

from typing import Any

from channels.layers import get_channel_layer

from spacemission.live import frames, hub, snapshot
from spacemission.live.hub import FRAME, SEATS
from spacemission.matches.models import Match
from spacemission.matches.services import Applied

Message = dict[str, Any]


def seat_group(match_id: int, seat: int | None) -> str:
    """The group of one seat's connections (``None``: the spectators)."""
    if seat is None:
        return f"match-{match_id}-spectators"
    return f"match-{match_id}-seat-{seat}"


def match_group(match_id: int) -> str:
    return f"match-{match_id}"


def is_match_group(group: str) -> bool:
    return group.startswith("match-") and group.removeprefix("match-").isdigit()


def audience(group: str) -> tuple[int, int | None] | None:
    """The match and seat (None: the spectators) of a seat's or the spectators' group;
    None for any other group."""
    parts = group.split("-")
    if len(parts) < 3 or parts[0] != "match" or not parts[1].isdigit():
        return None
    if parts[2:] == ["spectators"]:
        return int(parts[1]), None
    if len(parts) == 4 and parts[2] == "seat" and parts[3].isdigit():
        return int(parts[1]), int(parts[3])
    return None


def frame_message(frame: frames.Frame) -> Message:
    return {"type": FRAME, "text": frames.encode(frame)}


def patch_messages(applied: Applied) -> list[tuple[str, Message]]:
    """One patch message for each audience (seat group, or the spectators) whose view the
    action changed, each made from that audience's own views; the others get nothing.
    When the action changed the clock (the running seats changed, a public fact), each
    patch carries the new clock, so a turn change is one frame per socket, and an
    audience the action brought no patch gets a ``clock`` frame of its own. The action
    that ends the game is followed by the match's revealed facts, for all.

    Runs in a worker thread (it reads the database at the end)."""
    if applied.repeated:
        return []
    match_id, clock = applied.match_id, applied.clock
    messages = [
        (
            seat_group(match_id, change.seat),
            frame_message(frames.patch(change.version, change.ops, clock)),
        )
        for change in applied.changes
    ]
    if clock is not None:
        patched = {change.seat for change in applied.changes}
        unpatched = [s for s in [*range(applied.seat_count), None] if s not in patched]
        clock_frame = frame_message(frames.clock(clock))
        messages += [(seat_group(match_id, seat), clock_frame) for seat in unpatched]
    if applied.finished:
        messages += facts_messages(match_id)
    return messages


def facts_messages(match_id: int) -> list[tuple[str, Message]]:
    """The match's facts for all its sockets (its end, its ratings: once it is over)."""
    # The facts need no state: the snapshot (the largest column) is not even read.
    match = Match.objects.select_related("table").defer("snapshot").get(pk=match_id)
    return [(match_group(match_id), frame_message(frames.match(snapshot.match_facts(match))))]


def own_patch(
    applied: Applied, messages: list[tuple[str, Message]], seat: int, frame_id: str, skip: str
) -> tuple[str | None, list[tuple[str, Message]]]:
    """The actor's answer to its act: its seat's patch carrying the act's id (None when
    the act brought its seat no patch), and the messages with that patch skipping the
    actor's socket (``skip``, its key), which gets it from the actor's own turn instead."""
    group = seat_group(applied.match_id, seat)
    own = next((i for i, (to, _) in enumerate(messages) if to == group), None)
    if own is None:
        return None, messages
    message = messages[own][1]
    rest = [*messages[:own], (group, {**message, "skip": skip}), *messages[own + 1 :]]
    return frames.with_id(message["text"], frame_id), rest


async def send(messages: list[tuple[str, Message]]) -> None:
    """Send to each group, in order: to this process's sockets at once, then to the other
    processes' (``spacemission.live.hub``)."""
    layer = get_channel_layer()
    tagged = [{**message, "group": group} for group, message in messages]
    # Over the channel layer, distinct groups may be sent to at once; but the facts that
    # follow a game's last patches must not overtake them.
    ordered = any(is_match_group(group) for group, _ in messages[1:])
    at_once = not ordered and len({group for group, _ in messages}) == len(messages)
    await hub.hub(layer).send(tagged, at_once=at_once)


async def send_public(match_id: int, frame: frames.Frame) -> None:
    await send([(match_group(match_id), frame_message(frame))])


async def send_seats_changed(match_id: int) -> None:
    await send([(match_group(match_id), {"type": SEATS})])
