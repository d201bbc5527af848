"""The server the browser talks to: a real Daphne process on a fresh, migrated database
(``tests.support.servers``), plus reading the stored match back for the tests."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from games import registry
from tests.support.servers import Database, Server, fresh_database, start_server

BOT_DELAY = "0.05"  # bots answer at once, yet each of their moves is its own frame
# Players who leave or resign are played out by the bot that never searches: tests wait for
# such games to end, and searches would only spend the CPU the browsers need.
STAND_IN_LEVEL = "easy"


def _json(value: Any) -> Any:
    # PostgreSQL hands JSON columns back decoded, SQLite as text.
    return json.loads(value) if isinstance(value, str) else value


@dataclass
class LiveServer:
    database: Database
    server: Server

    @property
    def url(self) -> str:
        return self.server.url

    def match_state(self, match_id: int) -> tuple[dict, int]:
        """The stored state and version (tests decide what to click from it): the
        snapshot with the actions since applied."""
        ((game, snapshot, since, version),) = self.database.query(
            "SELECT game, snapshot, snapshot_version, version FROM matches_match WHERE id = %s",
            [match_id],
        )
        rows = self.database.query(
            "SELECT seat, action FROM matches_action WHERE match_id = %s AND version > %s"
            " ORDER BY version",
            [match_id, since],
        )
        state, rules = _json(snapshot), registry.get(game)
        for seat, action in rows:
            state, _events = rules.apply(state, seat, _json(action))
        return state, version

    def match_actions(self, match_id: int) -> tuple[dict, list[tuple[int, dict]]]:
        """How the match was set up, and its action log in order."""
        ((game, seat_count, options, seed, salt),) = self.database.query(
            "SELECT game, seat_count, options, seed, salt FROM matches_match WHERE id = %s",
            [match_id],
        )
        rows = self.database.query(
            "SELECT seat, action FROM matches_action WHERE match_id = %s ORDER BY version",
            [match_id],
        )
        setup = {
            "game": game,
            "seats": seat_count,
            "options": _json(options),
            "seed": seed,
            "salt": salt,
        }
        return setup, [(seat, _json(action)) for seat, action in rows]

    def stop(self) -> None:
        self.server.stop()
        self.database.drop()


def start() -> LiveServer:
    database = fresh_database()
    return LiveServer(
        database,
        start_server(database, env={"BOT_DELAY": BOT_DELAY, "STAND_IN_LEVEL": STAND_IN_LEVEL}),
    )
