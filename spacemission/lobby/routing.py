"""Websocket routes of the lobby (see docs/protocol.md)."""

from django.urls import path

from spacemission.lobby.consumers import LobbyConsumer

websocket_urlpatterns = [
    path("ws/lobby/", LobbyConsumer.as_asgi()),
]
