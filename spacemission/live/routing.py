"""Websocket routes (see docs/protocol.md)."""

websocket_urlpatterns: list = []
