"""Websocket routes of the lobby (see docs/protocol.md)."""

websocket_urlpatterns: list = []
