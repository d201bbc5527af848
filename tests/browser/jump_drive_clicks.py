"""Playing Jump Drive in the browser by clicking, as a person does, against a real server."""

from __future__ import annotations

from collections.abc import Callable

from playwright.sync_api import Page

from games.core import Game
from games.jump_drive import GAME
from tests.browser.server import LiveServer
from tests.browser.ui import wait_for_version


def shape_of(action: dict) -> str:
    if action["development"] and action["world"]:
        return "both"
    return "develop" if action["development"] else "settle"


def click(page: Page, view: dict, action: dict) -> None:
    """Take `action` the way a person does: option, then cards, then how to place.

    While the previous action awaits its answer the table ignores clicks: wait for it."""
    page.wait_for_selector(".jd-table[aria-busy=false]")
    kind = action["type"]
    if kind in ("select", "unselect"):
        page.click(f".jd-hand button[data-card='{action['card']}']")
    elif kind in ("commit", "uncommit"):
        page.click(f"[data-action={kind}]")
    elif kind == "explore":
        page.click("[data-option=explore]")
    elif kind == "choose":
        page.click(f"[data-option={shape_of(action)}]")
        for role in ("development", "world"):
            if action[role]:
                page.click(f".jd-decide button[data-card='{action[role]}']")
        twins = [a for a in view["legal"] if a | {"contact": action["contact"]} == action]
        if len(twins) > 1:  # the world may be conquered or paid for: say which
            page.click(f"[data-contact={str(action['contact']).lower()}]")
    elif kind == "second":
        world = action["world"] or "none"
        page.click(f"[data-second='{world}'][data-contact={str(action['contact']).lower()}]")
    else:
        raise ValueError(kind)


Clicker = Callable[[Page, dict, dict], None]


class Table:
    """The seated pages of one match, acting by clicking and reading the stored match
    (Jump Drive's clicks unless another game and its clicks are given).

    A page is waited for at its audience's view version: the number of actions that
    changed its view or were its own (a private choice elsewhere is not counted)."""

    def __init__(
        self,
        server: LiveServer,
        match_id: int,
        pages: dict[int, Page],
        game: Game = GAME,
        clicker: Clicker = click,
    ):
        self.game, self.clicker = game, clicker
        self.server = server
        self.match_id = match_id
        self.pages = pages
        self.watchers: list[Page] = []
        self.states: list[dict] = []
        self.actors: list[int] = []
        self.counted: dict[int | None, tuple[int, int]] = {}  # audience -> (states seen, count)

    def state(self) -> tuple[dict, int]:
        return self.server.match_state(self.match_id)

    def replay(self) -> list[dict]:
        """The match at every version so far, rebuilt from its seed and action log."""
        setup, actions = self.server.match_actions(self.match_id)
        if not self.states:
            self.states = [self.game.setup(setup["seats"], setup["options"], setup["seed"])]
        for seat, action in actions[len(self.states) - 1 :]:
            self.states.append(self.game.apply(self.states[-1], seat, action)[0])
            self.actors.append(seat)
        return self.states

    def shown(self, audience: int | None) -> int:
        """The view version of `audience` (a seat's, or the spectators') now."""
        states = self.replay()
        seen, count = self.counted.get(audience, (1, 0))
        for version in range(seen, len(states)):
            own = self.actors[version - 1] == audience
            if own or self.game.view(states[version], audience) != self.game.view(
                states[version - 1], audience
            ):
                count += 1
        self.counted[audience] = (len(states), count)
        return count

    def settle(self, page: Page, audience: int | None) -> None:
        wait_for_version(page, self.shown(audience))

    def act(self, seat: int, action: dict) -> dict:
        state, version = self.state()
        page = self.pages[seat]
        self.settle(page, seat)
        self.clicker(page, self.game.view(state, seat), action)
        self.applied(seat, action, version)
        self.settle(page, seat)
        for watcher in self.watchers:
            self.settle(watcher, None)
        return self.state()[0]

    def applied(self, seat: int, action: dict, after: int) -> int:
        """The version `action` produced. Another seat's action may come first (everyone
        decides at once), so the next version need not be ours: look in the action log."""
        for _ in range(600):
            _, actions = self.server.match_actions(self.match_id)
            if (seat, action) in actions[after:]:
                return after + actions[after:].index((seat, action)) + 1
            self.pages[seat].wait_for_timeout(50)
        raise AssertionError(f"seat {seat} clicked {action}, and the server never applied it")

    def moved_on(self, version: int) -> None:
        """Wait until the match is past `version` (another seat acted)."""
        for _ in range(600):
            if self.state()[1] > version:
                return
            next(iter(self.pages.values())).wait_for_timeout(50)
        raise AssertionError(f"the match stayed at version {version}")

    def act_like_a_bot(self, seat: int) -> dict:
        state, version = self.state()
        return self.act(seat, self.game.bot_action("greedy", self.game.view(state, seat), version))
