"""Which audiences no other process listens to, so that their frames need not go to Redis.

A PUBLISH answers with the number of subscribers it reached. When a hub publishes to a
channel it is itself subscribed to and only it was reached, no other process has a socket
of that audience: the channel is *quiet*, and the hub writes that audience's frames to its
own sockets only. With a match's sockets on one process (the README's routing), that is
every frame: Redis carries none of them.

A quiet channel must never stay quiet once another process listens. A process that
subscribes to a channel says *hello* on it and waits, before its socket's sync, until
every other subscriber has answered: a hub that hears a hello publishes to the channel
again from then on. Only a hub subscribed to a channel hears its hellos, so only such a
hub makes it quiet; it forgets the channel when it unsubscribes. A reply counts only if
nothing that could have changed its meaning happened between the publish and the reply:
a hello heard, or this hub's own subscription made or dropped (its subscribing connection
lost, above all). So a frame of a version a newly subscribed process's sync does not hold
is always published, and an answer that left a channel quiet too long is never trusted.

This class only keeps the books (no I/O); ``spacemission.live.relay`` publishes, listens
and says hello.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable
from functools import partial

KEPT = 10_000  # quiet channels remembered; one forgotten is published to again


class Listeners:
    """One hub's books: which channels are quiet, and what each publish's reply may tell."""

    def __init__(self, kept: int = KEPT) -> None:
        self.kept = kept
        self.sent = 0  # publishes counted so far: each one's number
        self._quiet: OrderedDict[bytes, None] = OrderedDict()
        self._subscribed: set[bytes] = set()  # confirmed, and not dropped since
        # The publish count when a channel last heard a hello, or this hub's subscription
        # to it changed: replies to publishes sent up to then tell nothing.
        self._changed_at: dict[bytes, int] = {}
        self._replied = 0  # the last publish answered (replies come in order)

    def quiet(self, channel: bytes) -> bool:
        """Whether no other process listens to ``channel``: its frames stay here."""
        return channel in self._quiet

    def publishing(self, channel: bytes) -> Callable[[int], None]:
        """Count a publish to ``channel``; what to call with the number Redis answers."""
        self.sent += 1
        return partial(self._reached, channel, self.sent, channel in self._subscribed)

    def subscribed(self, channel: bytes) -> None:
        """Redis confirmed this hub's subscription to ``channel``."""
        self._subscribed.add(channel)
        self._changed(channel)

    def unsubscribed(self, channel: bytes) -> None:
        """This hub stops listening to ``channel``, so it would not hear a hello there."""
        self._subscribed.discard(channel)
        self._changed(channel)

    def hello(self, channel: bytes) -> None:
        """Another process subscribed to ``channel``: publish to it from now on."""
        self._changed(channel)

    def deaf(self) -> None:
        """The subscribing connection is lost, and every subscription with it."""
        for channel in self._subscribed:
            self._changed_at[channel] = self.sent
        self._subscribed.clear()
        self._quiet.clear()

    def _changed(self, channel: bytes) -> None:
        self._quiet.pop(channel, None)
        self._changed_at[channel] = self.sent
        if len(self._changed_at) > 2 * self.kept:
            self._forget_answered()

    def _reached(self, channel: bytes, number: int, listening: bool, receivers: int) -> None:
        self._replied = number
        if not listening or number <= self._changed_at.get(channel, 0):
            return
        if receivers <= 1:  # this hub alone
            self._quiet[channel] = None
            self._quiet.move_to_end(channel)
            if len(self._quiet) > self.kept:
                self._quiet.popitem(last=False)
        else:
            self._quiet.pop(channel, None)

    def _forget_answered(self) -> None:
        """Drop the changes that no reply still on its way was sent before."""
        self._changed_at = {c: n for c, n in self._changed_at.items() if n > self._replied}
