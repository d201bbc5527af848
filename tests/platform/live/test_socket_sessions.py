"""The websockets' session stack: the session and the user on the scope, the server's own
``send`` handed through (no wrapper reading the session for every frame written)."""

from __future__ import annotations

import pytest
from channels.db import database_sync_to_async
from channels.generic.websocket import AsyncJsonWebsocketConsumer
from channels.testing import WebsocketCommunicator
from django.conf import settings
from django.contrib.auth import get_user_model
from django.contrib.sessions.backends.db import SessionStore

from spacemission.live.sessions import socket_auth_stack

pytestmark = pytest.mark.django_db(transaction=True)


class Echo(AsyncJsonWebsocketConsumer):
    """Tells the client what its scope holds and which ``send`` it writes with."""

    async def connect(self) -> None:
        await self.accept()
        session, user = self.scope["session"], self.scope["user"]
        await self.send_json(
            {
                "session_key": session.session_key,
                "guest_name": session.get("guest_name"),
                "user": user.username if user.is_authenticated else None,
                "send": getattr(self.base_send, "__qualname__", repr(self.base_send)),
            }
        )


@database_sync_to_async
def logged_in_session() -> SessionStore:
    user = get_user_model().objects.create_user("orbiter")
    session = SessionStore()
    session["_auth_user_id"] = str(user.pk)
    session["_auth_user_backend"] = settings.AUTHENTICATION_BACKENDS[0]
    session["_auth_user_hash"] = user.get_session_auth_hash()
    session["guest_name"] = "Nova"
    session.save()
    return session


async def said(cookie: str | None) -> dict:
    headers = [(b"cookie", cookie.encode())] if cookie else []
    socket = WebsocketCommunicator(socket_auth_stack(Echo.as_asgi()), "/", headers=headers)
    accepted, _ = await socket.connect()
    assert accepted
    try:
        return await socket.receive_json_from()
    finally:
        await socket.disconnect()


async def test_the_session_and_its_user_reach_the_consumer() -> None:
    session = await logged_in_session()
    got = await said(f"{settings.SESSION_COOKIE_NAME}={session.session_key}")
    assert got["session_key"] == session.session_key
    assert got["guest_name"] == "Nova"
    assert got["user"] == "orbiter"


async def test_no_cookie_is_an_anonymous_user_with_an_empty_session() -> None:
    got = await said(None)
    assert got["session_key"] is None and got["guest_name"] is None and got["user"] is None


async def test_frames_are_written_with_the_servers_own_send() -> None:
    got = await said(None)
    # The test server's send is its output queue's ``put``; Channels' session middleware
    # would hand the consumer its ``InstanceSessionWrapper.send`` instead.
    assert got["send"] == "Queue.put"
