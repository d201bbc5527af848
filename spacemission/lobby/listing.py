"""The lobby's list of tables, as sent in the ``tables`` frame (docs/protocol.md, Lobby).

Built from flat ``values()`` rows, two queries a list: the lists are rebuilt after every
change to a public table, and model instances cost several times more for hundreds of rows.
"""

from __future__ import annotations

import functools
from collections import defaultdict
from typing import Any

from django.conf import settings
from django.db.models import Q
from django.urls import reverse
from django.utils import translation

from spacemission.lobby.games import game_name
from spacemission.lobby.models import Seat, Table, bot_label

# The lobby shows the newest tables first; older ones are a page away for nobody.
MAX_OPEN = 200
MAX_RUNNING = 100

TABLE_FIELDS = ("id", "game", "seat_count", "host__username")


@functools.cache
def table_url_pattern() -> str:
    """The table page's URL with a ``{}`` for the id: reversed once, not once per row."""
    return reverse("table", args=[987654321]).replace("987654321", "{}")


def taken_seats(table_ids: list[int]) -> dict[int, list[dict[str, Any]]]:
    """The taken seats of these tables, by table id, in seat order."""
    rows = (
        Seat.objects.filter(table_id__in=table_ids)
        .filter(Q(user__isnull=False) | ~Q(bot=""))
        .order_by("table_id", "index")
        .values("table_id", "index", "bot", "user__username", "user__display_name")
    )
    seats: dict[int, list[dict[str, Any]]] = defaultdict(list)
    for row in rows:
        if row["bot"]:
            name = bot_label(row["bot"])
        else:
            name = row["user__display_name"] or row["user__username"]
        seats[row["table_id"]].append(
            {"seat": row["index"], "name": name, "bot": row["bot"] or None}
        )
    return seats


def entries(status: str, limit: int) -> list[dict[str, Any]]:
    """Public tables in ``status``, newest first, as the lobby lists them."""
    fields = (*TABLE_FIELDS, "match__id") if status == Table.Status.RUNNING else TABLE_FIELDS
    rows = list(
        Table.objects.filter(status=status, private=False)
        .order_by("-created_at")
        .values(*fields)[:limit]
    )
    seats = taken_seats([row["id"] for row in rows])
    url = table_url_pattern()
    listed = []
    for row in rows:
        entry: dict[str, Any] = {
            "id": row["id"],
            "game": row["game"],
            "game_name": game_name(row["game"]),
            "host": row["host__username"],
            "seats": row["seat_count"],
            "taken": seats.get(row["id"], []),
            "url": url.format(row["id"]),
        }
        if status == Table.Status.RUNNING:
            entry["match"] = row["match__id"]
            entry["watch"] = entry["url"]
        listed.append(entry)
    return listed


def shared_tables_frame() -> dict[str, Any]:
    """The frame sent to every lobby client at once, so in the site's own language
    whatever request caused it; clients name bots in their reader's language."""
    with translation.override(settings.LANGUAGE_CODE):
        return tables_frame()


def tables_frame() -> dict[str, Any]:
    """The whole list: open tables to join and running ones to watch."""
    return {
        "t": "tables",
        "open": entries(Table.Status.OPEN, MAX_OPEN),
        "running": entries(Table.Status.RUNNING, MAX_RUNNING),
    }
