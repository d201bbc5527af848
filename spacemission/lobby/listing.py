"""The lobby's list of tables, as sent in the ``tables`` frame (docs/protocol.md, Lobby)."""

from __future__ import annotations

from typing import Any

from django.db.models import Prefetch, QuerySet
from django.urls import reverse

from spacemission.lobby.games import game_name
from spacemission.lobby.models import Seat, Table

# The lobby shows the newest tables first; older ones are a page away for nobody.
MAX_OPEN = 200
MAX_RUNNING = 100


def public_tables(status: str) -> QuerySet[Table]:
    """Public tables in ``status``, with their seats and seated users loaded."""
    seats = Seat.objects.select_related("user").order_by("index")
    return (
        Table.objects.filter(status=status, private=False)
        .select_related("host")
        .prefetch_related(Prefetch("seats", queryset=seats))
    )


def table_entry(table: Table) -> dict[str, Any]:
    """One table as the lobby lists it; no private data (tables listed are public)."""
    url = reverse("table", args=[table.pk])
    entry: dict[str, Any] = {
        "id": table.pk,
        "game": table.game,
        "game_name": game_name(table.game),
        "host": table.host.username,
        "seats": table.seat_count,
        "taken": [
            {"seat": seat.index, "name": seat.name, "bot": seat.bot or None}
            for seat in table.seats.all()
            if seat.taken
        ],
        "url": url,
    }
    if table.status == Table.Status.RUNNING:
        entry["match"] = getattr(table, "match", None) and table.match.pk
        entry["watch"] = url
    return entry


def tables_frame() -> dict[str, Any]:
    """The whole list: open tables to join and running ones to watch."""
    open_tables = public_tables(Table.Status.OPEN)[:MAX_OPEN]
    running = public_tables(Table.Status.RUNNING).select_related("match")[:MAX_RUNNING]
    return {
        "t": "tables",
        "open": [table_entry(t) for t in open_tables],
        "running": [table_entry(t) for t in running],
    }
