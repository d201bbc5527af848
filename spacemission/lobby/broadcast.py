"""Pushing the lobby list to every ``/ws/lobby/`` client through the channel layer."""

from __future__ import annotations

import logging

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer

from spacemission.lobby.listing import shared_tables_frame

GROUP = "lobby"
log = logging.getLogger(__name__)


def tables_changed() -> None:
    """Send a fresh ``tables`` frame to the lobby group.

    Sync, so it can run in views and in ``transaction.on_commit``. The list is built once
    here, not once per client. A channel layer outage must not undo or fail the change
    that was just committed, so it is logged rather than raised.
    """
    layer = get_channel_layer()
    if layer is None:
        return
    frame = shared_tables_frame()
    try:
        async_to_sync(layer.group_send)(GROUP, {"type": "lobby.tables", "frame": frame})
    except Exception:
        log.exception("could not push the lobby list")
