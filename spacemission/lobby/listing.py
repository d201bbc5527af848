"""The lobby's list of tables, as sent in the ``tables`` frame (docs/protocol.md, Lobby).

Built from flat ``values()`` rows, two queries a list: the lists are rebuilt after every
change to a public table, and model instances cost several times more for hundreds of rows.
"""

from __future__ import annotations

import functools
from collections import defaultdict
from typing import Any

from django.conf import settings
from django.db.models import F, Q
from django.urls import reverse
from django.utils import translation

from spacemission.lobby.botnames import bot_label, bot_numbers, number_in
from spacemission.lobby.games import game_mark, game_name
from spacemission.lobby.models import PUBLIC_ID_LENGTH, Seat, Table
from spacemission.lobby.paces import public as public_pace

# The lobby shows the newest tables first; older ones are a page away for nobody.
MAX_OPEN = 200
MAX_RUNNING = 100

TABLE_FIELDS = ("id", "public_id", "game", "seat_count", "rated", "host__username", "pace")


@functools.cache
def table_url_pattern() -> str:
    """The table page's URL with a ``{}`` for the id: reversed once, not once per row."""
    return reverse("table", args=["x" * PUBLIC_ID_LENGTH]).replace("x" * PUBLIC_ID_LENGTH, "{}")


def taken_seats(table_ids: list[int]) -> dict[int, list[dict[str, Any]]]:
    """The taken seats of these tables, by table id, in seat order; bots numbered apart."""
    rows = (
        Seat.objects.filter(table_id__in=table_ids)
        .filter(Q(user__isnull=False) | ~Q(bot=""))
        .order_by("table_id", "index")
        .values("table_id", "index", "bot", "user__username", "user__display_name")
    )
    by_table: dict[int, list[dict[str, Any]]] = defaultdict(list)
    for row in rows:
        by_table[row["table_id"]].append(row)
    return {table_id: seat_entries(rows) for table_id, rows in by_table.items()}


def seat_entries(rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """One table's taken seats as listed; ``number`` tells bots of one kind apart."""
    people = [row["user__display_name"] or row["user__username"] or "" for row in rows]
    numbers = bot_numbers((row["bot"], name) for row, name in zip(rows, people, strict=True))
    return [
        {
            "seat": row["index"],
            "name": bot_label(row["bot"], number) if row["bot"] else name,
            "bot": row["bot"] or None,
            "number": number,
        }
        for row, name, number in zip(rows, people, numbers, strict=True)
    ]


def playing_seats(table_ids: list[int]) -> dict[int, list[dict[str, Any]]]:
    """The seats of these running tables' matches, by table id: a bot that took over from
    a player who left keeps the name the match gave it; a stand-in for an absent player
    goes by that player's name, marked ``away``. A player is named as they are named now
    (a guest who chose a username since, say), not as they were when the game began."""
    # Read through the table's reverse relation: the matches app points at the lobby's
    # tables, never the other way round.
    rows = (
        Table.objects.filter(pk__in=table_ids, match__seats__isnull=False)
        .order_by("pk", "match__seats__index")
        .values(
            "pk",
            index=F("match__seats__index"),
            bot=F("match__seats__bot"),
            name=F("match__seats__name"),
            away=F("match__seats__away"),
            username=F("match__seats__user__username"),
            display_name=F("match__seats__user__display_name"),
        )
    )
    seats: dict[int, list[dict[str, Any]]] = defaultdict(list)
    for row in rows:
        named = row["bot"] and not row["away"]
        number = number_in(row["bot"], row["name"]) if named else None
        person = row["display_name"] or row["username"] or row["name"]
        seats[row["pk"]].append(
            {
                "seat": row["index"],
                "name": bot_label(row["bot"], number) if named else person,
                "bot": row["bot"] or None,
                "number": number,
                "away": row["away"],
            }
        )
    return seats


def entries(status: str, limit: int) -> list[dict[str, Any]]:
    """Public tables in ``status``, newest first, as the lobby lists them."""
    running = status == Table.Status.RUNNING
    fields = TABLE_FIELDS
    rows = list(
        Table.objects.filter(status=status, private=False)
        .order_by("-created_at")
        .values(*fields)[:limit]
    )
    seats = (playing_seats if running else taken_seats)([row["id"] for row in rows])
    url = table_url_pattern()
    games = {
        game: {"game_name": game_name(game), **game_mark(game)}
        for game in {r["game"] for r in rows}
    }
    paces = {pace: public_pace(pace) for pace in {r["pace"] for r in rows}}
    listed = []
    for row in rows:
        entry: dict[str, Any] = {
            "id": row["public_id"],
            "game": row["game"],
            **games[row["game"]],
            "host": row["host__username"],
            "seats": row["seat_count"],
            "pace": paces[row["pace"]],
            "rated": row["rated"],
            "taken": seats.get(row["id"], []),
            "url": url.format(row["public_id"]),
        }
        if running:
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
