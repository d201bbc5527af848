"""The drills' players: the fault drills' ``Player`` through the balancer, noticing a
vanished host as the browser client does (no answer to its pings: leave and reconnect),
and knowing which host serves it."""

from __future__ import annotations

from tests.faults.drill import Player
from tests.hosts.balancer import Balancer


class HostPlayer(Player):
    # The browser leaves a silent socket after a while; the drill's players sooner, and
    # without waiting long for the closing handshake a vanished host never answers.
    keepalive = {"ping_interval": 2.0, "ping_timeout": 4.0, "close_timeout": 1.0}

    def __init__(
        self,
        balancer: Balancer,
        match_id: int,
        session: str,
        name: str,
        second: bool = False,
    ) -> None:
        super().__init__([balancer], match_id, session, name=name)
        # A seat's second socket (another device) does not act, and its URL hashes apart
        # from the first's, so it is often served by the other host: its frames then
        # cross between hosts through Redis.
        self.second = second
        self.host: str | None = None

    def address(self, server: Balancer) -> str:
        return super().address(server) + ("?device=2" if self.second else "")

    async def connect(self) -> None:
        await super().connect()
        assert self.ws is not None
        # The host that answered: the last of those nginx tried.
        self.host = self.ws.response.headers["X-Upstream"].split(",")[-1].strip()

    async def _maybe_act(self) -> None:
        if not self.second:
            await super()._maybe_act()
