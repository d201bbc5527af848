"""Daphne's socket writes, sent at once (on by default; ``EAGER_WRITES=0`` turns it off).

Twisted buffers every write and asks the reactor to watch the socket for writability
(an ``epoll_ctl``), sends when the next loop pass finds it writable, then stops watching
(another ``epoll_ctl``): three system calls and a loop pass per websocket frame. Sent at
once when nothing is buffered before it, a frame costs one ``send``, and the reactor
only watches a socket whose kernel buffer is full, as asyncio's own transports do. (A
streaming producer, such as the HTTP channel a websocket was upgraded from, is only
paused for a full buffer, which this leaves to the buffered write.)
"""

from __future__ import annotations

from twisted.internet import tcp

_buffered_write = tcp.Connection.write


def _write(self: tcp.Connection, data: bytes) -> None:
    if (
        data
        and type(data) is bytes
        and self.connected
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


def install() -> None:
    """Send every Twisted TCP write at once when nothing waits before it."""
    tcp.Connection.write = _write  # type: ignore[method-assign]


def installed() -> bool:
    return tcp.Connection.write is _write
