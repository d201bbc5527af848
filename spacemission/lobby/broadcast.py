"""Pushing the lobby list to every ``/ws/lobby/`` client through the channel layer."""

from __future__ import annotations

import logging
import threading
import zlib
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from django.db import connection

from spacemission.lobby.listing import shared_tables_frame
from spacemission.lobby.models import Table, stamp

GROUP = "lobby"
log = logging.getLogger(__name__)

_in_process = threading.Lock()
_ADVISORY_KEY = zlib.crc32(b"lobby-broadcast")


@contextmanager
def one_at_a_time() -> Iterator[None]:
    """Build-and-send pairs never overlap, in this process or (PostgreSQL) any other.

    Each frame is built after its change committed; serialising build and send means the
    frame sent last was also built last, so a client's final list holds every change.
    """
    with _in_process:
        if connection.vendor != "postgresql":
            yield
            return
        with connection.cursor() as cursor:
            cursor.execute("SELECT pg_advisory_lock(%s)", [_ADVISORY_KEY])
        try:
            yield
        finally:
            with connection.cursor() as cursor:
                cursor.execute("SELECT pg_advisory_unlock(%s)", [_ADVISORY_KEY])


def tables_changed() -> None:
    """Send a fresh ``tables`` frame to the lobby group.

    Sync, so it can run in views and in ``transaction.on_commit``. The list is built once
    here, not once per client. A channel layer outage must not undo or fail the change
    that was just committed, so it is logged rather than raised.
    """
    layer = get_channel_layer()
    if layer is None:
        return
    with one_at_a_time():
        frame = shared_tables_frame()
        try:
            async_to_sync(layer.group_send)(GROUP, {"type": "lobby.tables", "frame": frame})
        except Exception:
            log.exception("could not push the lobby list")


def table_group(table_id: str) -> str:
    """The group of the sockets following one table's waiting room (by public id)."""
    return f"{GROUP}.table.{table_id}"


def table_frame(table_id: str) -> dict[str, Any]:
    """What a waiting room needs to know it is out of date: status and last change.

    Nothing else (no names): the room fetches its page, where access is checked again.
    A table that closed is ``gone``. ``table_id`` is the public id.
    """
    row = Table.objects.filter(public_id=table_id).values("status", "updated_at").first()
    if row is None:
        return {"t": "table", "id": table_id, "status": "gone", "updated": None}
    return {
        "t": "table",
        "id": table_id,
        "status": row["status"],
        "updated": stamp(row["updated_at"]),
    }


def table_changed(table_id: str, *, private: bool) -> None:
    """Tell the sockets following this table (sync, for ``transaction.on_commit``).

    ``private`` makes each socket check again that its viewer may still see the table.
    """
    layer = get_channel_layer()
    if layer is None:
        return
    event = {"type": "lobby.table", "frame": table_frame(table_id), "private": private}
    try:
        async_to_sync(layer.group_send)(table_group(table_id), event)
    except Exception:
        log.exception("could not tell table %s's followers", table_id)
