"""Every websocket frame a page receives, checked against what its seat may see.

Game-agnostic: each game package has ``privacy.hidden_ids(state, seat)``, the ids a seat
may not see, and ids are words of letters, digits and hyphens (``c07``, ``j017-2``).
"""

from __future__ import annotations

import importlib
import json
import re
from collections.abc import Callable
from dataclasses import dataclass, field

from playwright.sync_api import Page, WebSocket

from games import registry

WORD = re.compile(r"[\w-]+")


@dataclass
class Recorder:
    """Frames received on /ws/match/ by one page, with the version each one belongs to."""

    name: str
    seat: int | None = None
    frames: list[tuple[int | None, str]] = field(default_factory=list)

    def attach(self, page: Page) -> Recorder:
        page.on("websocket", self._socket)
        return self

    def _socket(self, socket: WebSocket) -> None:
        if "/ws/match/" not in socket.url:
            return
        held: list[int | None] = [None]

        def received(payload: str | bytes) -> None:
            text = payload if isinstance(payload, str) else payload.decode()
            frame = json.loads(text)
            if frame.get("t") in ("sync", "patch", "ack") and isinstance(frame.get("v"), int):
                held[0] = frame["v"]
            self.frames.append((held[0], text))

        socket.on("framereceived", received)


def states_by_version(setup: dict, actions: list[tuple[int, dict]]) -> list[dict]:
    """The stored match at every version, rebuilt from its seed and action log."""
    game = registry.get(setup["game"])
    state = game.setup(setup["seats"], setup["options"], setup["seed"])
    states = [state]
    for seat, action in actions:
        state, _events = game.apply(state, seat, action)
        states.append(state)
    return states


def hidden_ids_of(game_id: str) -> Callable[[dict, int | None], set[str]]:
    """The game's ``hidden_ids``: package ``games.<id with underscores>.privacy``."""
    return importlib.import_module(f"games.{game_id.replace('-', '_')}.privacy").hidden_ids


def leaks(recorder: Recorder, states: list[dict]) -> list[str]:
    """Frames, before the game's end, that name an id the recorder's seat may not see."""
    found = []
    hidden_ids = hidden_ids_of(states[0]["game"])
    for version, text in recorder.frames:
        if version is None:
            continue
        state = states[version]
        if state["phase"] == "over":
            continue
        named = set(WORD.findall(text)) & hidden_ids(state, recorder.seat)
        if named:
            found.append(f"{recorder.name} v{version}: {sorted(named)} in {text[:200]}")
    return found
