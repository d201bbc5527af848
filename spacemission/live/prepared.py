"""A frame framed once for all of an audience's sockets on this server.

Daphne hands each frame the application sends to autobahn, which encodes the text and
builds the websocket frame for that one socket: for a patch that a hundred spectators
get, a hundred encodings and framings of the same bytes, each behind Daphne's checks of
an ASGI message. Autobahn's own broadcast interface does it once: the factory prepares
the message (``prepareMessage``) and each socket sends the prepared bytes
(``sendPreparedMessage``). The hub uses it for every socket a Daphne server serves
(``Direct``); any other ASGI server, and a test's communicator, keep the ASGI ``send``.

A prepared frame is written to the socket's transport as ``sendPreparedMessage`` would
write it, reading three of autobahn's own attributes (``RELIED_ON``): pyproject.toml pins
autobahn to the releases the tests cover.

Daphne is found without importing it: importing ``daphne.server`` installs Twisted's
reactor, which a process that does not serve must not do.
"""

from __future__ import annotations

import functools
import sys
from collections.abc import Callable
from typing import Any

# What ``Frame.send`` reads of an autobahn protocol beyond its public interface.
RELIED_ON = ("_perMessageCompress", "send_queue", "transport")


class Direct:
    """One socket of a Daphne server, written to without an ASGI message."""

    __slots__ = ("protocol",)

    def __init__(self, protocol: Any) -> None:
        self.protocol = protocol

    def open(self) -> bool:
        """Whether the socket is open (autobahn's own test before it sends a message)."""
        protocol = self.protocol
        return protocol.state == protocol.STATE_OPEN


def direct(send: Callable[..., Any]) -> Direct | None:
    """The Daphne socket behind an ASGI ``send`` (Daphne's is its server's
    ``handle_reply`` bound to the socket's protocol), or None for any other server."""
    server_module = sys.modules.get("daphne.server")
    protocol_module = sys.modules.get("daphne.ws_protocol")
    if server_module is None or protocol_module is None:
        return None
    if not isinstance(send, functools.partial) or len(send.args) != 1 or send.keywords:
        return None
    server = getattr(send.func, "__self__", None)
    protocol = send.args[0]
    if (
        not isinstance(server, server_module.Server)
        or getattr(send.func, "__func__", None) is not server_module.Server.handle_reply
        or not isinstance(protocol, protocol_module.WebSocketProtocol)
    ):
        return None
    return Direct(protocol)


class Frame:
    """One frame's text, prepared once by the factory of the sockets it goes to (a Daphne
    server has one websocket factory)."""

    __slots__ = ("_factory", "_message", "text")

    def __init__(self, text: str) -> None:
        self.text = text
        self._factory: Any = None
        self._message: Any = None

    def send(self, to: Direct) -> bool:
        """Write the frame to the socket: whether it was open."""
        if not to.open():
            return False
        protocol = to.protocol
        factory = protocol.factory
        if factory is not self._factory:
            self._factory, self._message = factory, factory.prepareMessage(self.text.encode())
        if protocol._perMessageCompress is None and not protocol.send_queue:
            # ``sendPreparedMessage`` without ``sendData``'s debug line, whose arguments
            # autobahn formats for every frame even when nothing logs them.
            protocol.transport.write(self._message.payloadHybi)
        else:  # compressed, or behind frames autobahn queued: its own road keeps order
            protocol.sendPreparedMessage(self._message)
        return True
