"""Every websocket frame a page receives, checked against what its seat may see."""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field

from playwright.sync_api import Page, WebSocket

from games.space_mission import GAME
from games.space_mission.privacy import hidden_ids

ID = re.compile(r"\b[ct]\d\d\b")


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
    state = GAME.setup(setup["seats"], setup["options"], setup["seed"])
    states = [state]
    for seat, action in actions:
        state, _events = GAME.apply(state, seat, action)
        states.append(state)
    return states


def leaks(recorder: Recorder, states: list[dict]) -> list[str]:
    """Frames, before the game's end, that name a card or tile the recorder's seat may not see."""
    found = []
    for version, text in recorder.frames:
        if version is None:
            continue
        state = states[version]
        if state["phase"] == "over":
            continue
        named = set(ID.findall(text)) & hidden_ids(state, recorder.seat)
        if named:
            found.append(f"{recorder.name} v{version}: {sorted(named)} in {text[:200]}")
    return found
