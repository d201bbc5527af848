"""Django's session and user on a websocket's scope, without a wrapper around ``send``.

Channels' ``SessionMiddleware`` wraps ``send`` to save a changed session when an HTTP
response starts. A websocket never sends one, so the wrapper never saves anything there,
yet it reads the session and the settings for every frame written: under load, some
4 % of a server's CPU. The sockets' consumers only read the session (who may watch a
private table) and the user; this stack gives them both, as Channels' ``AuthMiddlewareStack``
does, and hands the server's ``send`` through untouched.
"""

from __future__ import annotations

from typing import Any

from channels.auth import AuthMiddleware
from channels.sessions import CookieMiddleware, InstanceSessionWrapper, SessionMiddleware


class SocketSessionMiddleware(SessionMiddleware):
    """``scope["session"]`` from the session cookie, read lazily; ``send`` as it came."""

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> Any:
        wrapper = InstanceSessionWrapper(scope, send)
        await wrapper.resolve_session()
        return await self.inner(wrapper.scope, receive, send)


def socket_auth_stack(inner: Any) -> Any:
    """Cookies, the session and the user on a websocket's scope."""
    return CookieMiddleware(SocketSessionMiddleware(AuthMiddleware(inner)))
