"""Playing a whole match over websockets, and checking what each connection received.

People are played by the test through their own connections (choosing with a bot from
the view their client holds); bot seats move by themselves on the server.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Iterator
from typing import Any

from channels.db import database_sync_to_async

from games import registry
from games.core import State
from spacemission.matches.models import Match
from tests.platform.live.wsclient import Client

HiddenIds = Callable[[State, int | None], set[str]]


async def play_out(
    match: Match,
    people: list[Client],
    watchers: list[Client],
    undos: int = 0,
    flagged: frozenset[int] = frozenset(),
) -> Match:
    """Drive ``people`` until the match ends and every client holds the final version.

    People choose like the greedy bot, but take back up to ``undos`` of their actions
    (one at a time) where the rules allow it, so undo travels over the wire too. The seats
    in ``flagged`` send every act with ``"end_turn": true`` (the player's setting, O2): the
    act that completes their turn ends it, two acts' log lines in one patch. At the end
    every client asks for a ``sync``, which it compares with the view it patched.
    """
    game = registry.get(match.game)
    sent: dict[int, int] = {}  # seat -> version it last acted at
    undid: dict[int, bool] = {}  # seat -> whether its last act was an undo
    while True:
        for client in [*people, *watchers]:
            await _absorb(client)
        for client in people:
            errors = [f for f in client.frames if f["t"] == "error"]
            assert not errors, errors  # an act refused would never be sent again
            view = client.view
            seat = client.seat
            if seat in view["active"] and view["legal"] and sent.get(seat) != client.v:
                undo = {"type": "undo"}
                if undos and undo in view["legal"] and not undid.get(seat):
                    action, undos = undo, undos - 1
                else:
                    action = game.bot_action("greedy", view, client.v)
                undid[seat] = action == undo
                if seat in flagged:
                    action = {**action, "end_turn": True}
                await client.pace()
                frame = {"t": "act", "id": f"s{seat}v{client.v}", "v": client.v, "action": action}
                await client.send(frame)
                sent[seat] = client.v
        stored = await database_sync_to_async(Match.objects.get)(pk=match.pk)
        if stored.status == Match.Status.FINISHED:
            for client in [*people, *watchers]:
                await client.until_version(stored.version)
                await client.pace()
                await client.send({"t": "sync"})
                await client.expect("sync", v=stored.version)
                await _absorb(client)
            return stored
        await asyncio.sleep(0)


async def _absorb(client: Client) -> None:
    """Take in every frame that has already arrived, without waiting for more."""
    while not client.ws.output_queue.empty():
        await client.recv()
    if client.view is None or not client.view["active"]:
        await client.ws.receive_nothing(timeout=0.02)


def states(match: Match) -> list[State]:
    """The state at every version, rebuilt from the seed and the action log."""
    game = registry.get(match.game)
    state = game.setup(match.seat_count, match.options, match.seed)
    out = [state]
    for seat, action in match.actions.order_by("version").values_list("seat", "action"):
        state, _ = game.apply(state, seat, action)
        out.append(state)
    return out


def origins(action_views: list[list[int]], seat: int | None) -> dict[int, int]:
    """``seat``'s view versions (the spectators' for None) -> the match version whose
    action made each one, from every action's stored view versions: which state a frame
    of that audience shows."""
    at = -1 if seat is None else seat
    out = {0: 0}
    for version, views in enumerate(action_views, start=1):
        out.setdefault(views[at], version)
    return out


def strings(value: Any) -> Iterator[str]:
    """Every JSON string anywhere in ``value`` (object keys too)."""
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for key, item in value.items():
            yield key
            yield from strings(item)
    elif isinstance(value, list):
        for item in value:
            yield from strings(item)


def leaks(frame: Any, hidden: set[str]) -> set[str]:
    return {s for s in strings(frame) if s in hidden}
