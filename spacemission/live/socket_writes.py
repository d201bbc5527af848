"""Daphne's socket writes, sent at once (on by default; ``EAGER_WRITES=0`` turns it off).

Twisted buffers every write and asks the reactor to watch the socket for writability
(an ``epoll_ctl``), sends when the next loop pass finds it writable, then stops watching
(another ``epoll_ctl``): three system calls and a loop pass per websocket frame. Sent at
once when nothing is buffered before it, a frame costs one ``send``, and the reactor
only watches a socket whose kernel buffer is full, as asyncio's own transports do. (A
streaming producer, such as the HTTP channel a websocket was upgraded from, is only
paused for a full buffer, which this leaves to the buffered write.)

This reads Twisted's own state of a connection (``_tempDataLen``, ``_writeDisconnected``,
``dataBuffer``, ``offset``), which Twisted may change in any release: pyproject.toml pins
Twisted to the releases the tests cover, and ``install`` first checks that this Twisted
still has every piece (``missing``), else leaves its writes buffered and says why; a test
fails on any Twisted that lacks one.
"""

from __future__ import annotations

import logging
import socket

from twisted.internet import tcp
from twisted.internet.protocol import Protocol

log = logging.getLogger(__name__)

_buffered_write = tcp.Connection.write
# What ``_write`` reads of a connection, beyond Twisted's public interface.
RELIED_ON = (
    "_tempDataLen",
    "_writeDisconnected",
    "dataBuffer",
    "offset",
    "connected",
    "disconnecting",
    "writeSomeData",
    "TLS",
)
# The write it stands in for: plain TCP goes to FileDescriptor's, TLS through its layer.
KNOWN_WRITES = ("ConnectionMixin.write", "FileDescriptor.write")


def _write(self: tcp.Connection, data: bytes) -> None:
    if (
        data
        and type(data) is bytes
        and self.connected
        and not self.TLS  # started TLS: the buffered write encrypts it
        and not (self.disconnecting or self._writeDisconnected)
        and not self._tempDataLen
        and self.offset == len(self.dataBuffer)
    ):
        sent = self.writeSomeData(data)
        if isinstance(sent, int) and sent > 0:  # else the buffered write finds out why
            data = data[sent:]
            if not data:
                return
    _buffered_write(self, data)


def missing() -> list[str]:
    """What ``_write`` relies on that this Twisted's TCP connections lack (a fresh
    connection on a socket pair is looked at)."""
    gaps = []
    if _buffered_write.__qualname__ not in KNOWN_WRITES:
        gaps.append(f"tcp.Connection.write is one of {', '.join(KNOWN_WRITES)}")
    ours, theirs = socket.socketpair()
    try:
        probe = tcp.Connection(ours, Protocol(), reactor=object())
        gaps += [name for name in RELIED_ON if not hasattr(probe, name)]
    finally:
        ours.close()
        theirs.close()
    return gaps


def install() -> bool:
    """Send every Twisted TCP write at once when nothing waits before it, if this Twisted
    has what that relies on; whether it was installed."""
    gaps = missing()
    if gaps:
        log.warning("EAGER_WRITES left off: this Twisted lacks %s", ", ".join(gaps))
        return False
    tcp.Connection.write = _write  # type: ignore[method-assign]
    return True


def installed() -> bool:
    return tcp.Connection.write is _write
