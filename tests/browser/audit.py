"""Every websocket frame a page receives, checked against what its seat may see.

Game-agnostic: each game package has ``privacy.hidden_ids(state, seat)``, the ids a seat
may not see, and ids are words of letters, digits and hyphens (``c07``, ``j017-2``). The
match's seed and salt are hidden from everyone until the game is over (docs/fair-deals.md).
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
    """Frames received on /ws/match/ by one page, with the view version each one belongs to."""

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


@dataclass
class History:
    """The stored match at every version, and which one each view version of each
    audience shows: an audience's view version counts the actions that changed its view
    or that it took."""

    states: list[dict]
    actors: list[int]
    shown: dict[int | None, list[int]] = field(default_factory=dict)
    secrets: set[str] = field(default_factory=set)  # the seed and salt, as words

    def at(self, seat: int | None, view_version: int) -> dict:
        """The state a frame of ``seat``'s audience (None: the spectators) shows."""
        if seat not in self.shown:
            game = registry.get(self.states[0]["game"])
            views = [game.view(state, seat) for state in self.states]
            self.shown[seat] = [0] + [
                v
                for v in range(1, len(self.states))
                if self.actors[v - 1] == seat or views[v] != views[v - 1]
            ]
        return self.states[self.shown[seat][view_version]]


def states_by_version(setup: dict, actions: list[tuple[int, dict]]) -> History:
    """The stored match at every version, rebuilt from its seed and action log."""
    game = registry.get(setup["game"])
    state = game.setup(setup["seats"], setup["options"], setup["seed"])
    states = [state]
    for seat, action in actions:
        state, _events = game.apply(state, seat, action)
        states.append(state)
    secrets = {str(setup["seed"]), setup.get("salt") or str(setup["seed"])}
    return History(states, [seat for seat, _ in actions], secrets=secrets)


def hidden_ids_of(game_id: str) -> Callable[[dict, int | None], set[str]]:
    """The game's ``hidden_ids``: package ``games.<id with underscores>.privacy``."""
    return importlib.import_module(f"games.{game_id.replace('-', '_')}.privacy").hidden_ids


def leaks(recorder: Recorder, history: History) -> list[str]:
    """Frames, before the game's end, that name an id the recorder's seat may not see in
    the state its view version shows."""
    found = []
    hidden_ids = hidden_ids_of(history.states[0]["game"])
    for version, text in recorder.frames:
        if version is None:
            continue
        state = history.at(recorder.seat, version)
        if state["phase"] == "over":
            continue
        named = set(WORD.findall(text)) & (hidden_ids(state, recorder.seat) | history.secrets)
        if named:
            found.append(f"{recorder.name} v{version}: {sorted(named)} in {text[:200]}")
    return found
