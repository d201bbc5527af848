"""Per-connection limits: a token bucket for frames and a window of refusals, and the one
flood rule both websockets (lobby and match) follow (``docs/protocol.md``)."""

from __future__ import annotations

import time
from collections import deque
from collections.abc import Callable

from django.conf import settings

Clock = Callable[[], float]

# Frames a connection may send: FRAMES_PER_SECOND on average, FRAME_BURST at once. These
# are the defaults of the settings of the same names (benchmarks raise them).
FRAMES_PER_SECOND = 10
FRAME_BURST = 20
# A connection refused FLOOD_REFUSALS times within FLOOD_SECONDS (any refusal counts but
# a stale view other seats' acts caused: the consumers decide) is closed with FLOOD_CLOSE.
FLOOD_REFUSALS = 50
FLOOD_SECONDS = 10.0
FLOOD_CLOSE = 4008


class TokenBucket:
    """``rate`` tokens a second, at most ``burst`` saved; one token per frame."""

    def __init__(self, rate: float, burst: int, clock: Clock = time.monotonic) -> None:
        self.rate = rate
        self.burst = burst
        self.clock = clock
        self.tokens = float(burst)
        self.stamp = clock()

    def take(self) -> bool:
        now = self.clock()
        self.tokens = min(self.burst, self.tokens + (now - self.stamp) * self.rate)
        self.stamp = now
        if self.tokens < 1:
            return False
        self.tokens -= 1
        return True


class Window:
    """Counts events over the last ``seconds``; ``full`` once there are ``limit`` of them."""

    def __init__(self, limit: int, seconds: float, clock: Clock = time.monotonic) -> None:
        self.limit = limit
        self.seconds = seconds
        self.clock = clock
        self.stamps: deque[float] = deque()

    def add(self) -> bool:
        """Record one event; True when the window is now full."""
        now = self.clock()
        self.stamps.append(now)
        while self.stamps and self.stamps[0] <= now - self.seconds:
            self.stamps.popleft()
        return len(self.stamps) >= self.limit


guard_clock: Clock = time.monotonic  # the sockets' clock (tests stop it)


class FloodGuard:
    """One socket's flood rule: frames beyond the bucket are refused, and a connection
    refused too often (for any reason) is to be closed."""

    def __init__(self, clock: Clock | None = None) -> None:
        clock = clock or guard_clock
        self.bucket = TokenBucket(settings.FRAMES_PER_SECOND, settings.FRAME_BURST, clock)
        self.refusals = Window(FLOOD_REFUSALS, FLOOD_SECONDS, clock)

    def admit(self) -> bool:
        """Whether the next frame is within the rate."""
        return self.bucket.take()

    def refused(self) -> bool:
        """Record one refusal; True when the connection must now be closed."""
        return self.refusals.add()
