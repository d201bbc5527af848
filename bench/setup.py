"""Matches, players and sessions made directly in a benchmark's database."""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

from tests.support.servers import Database


@dataclass(frozen=True)
class Seating:
    """A started match and the session key of the user in each seat."""

    match_id: int
    game: str
    sessions: list[str]


_CREATE = """
import json
from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY, get_user_model
from django.contrib.sessions.backends.db import SessionStore
from django.db import transaction
from spacemission.lobby.models import Seat, Table
from spacemission.matches.services import start_match

User = get_user_model()


def session_of(user):
    session = SessionStore()
    session[SESSION_KEY] = str(user.pk)
    session[BACKEND_SESSION_KEY] = "django.contrib.auth.backends.ModelBackend"
    session[HASH_SESSION_KEY] = user.get_session_auth_hash()
    session.create()
    return session.session_key


out = []
for m in range(MATCHES):
    users = [User.objects.create(username=f"load-{PREFIX}-{m}-{s}") for s in range(PLAYERS)]
    with transaction.atomic():
        table = Table.objects.create(game=GAME, host=users[0], seat_count=PLAYERS)
        Seat.objects.bulk_create(Seat(table=table, index=s, user=u) for s, u in enumerate(users))
        match = start_match(table)
    out.append({"match_id": match.pk, "game": GAME, "sessions": [session_of(u) for u in users]})
print(json.dumps(out))
"""


def create_matches(
    db: Database, game: str, matches: int, players: int, prefix: str = "m"
) -> list[Seating]:
    """Start ``matches`` matches of ``game`` with ``players`` logged-in users each."""
    code = (
        _CREATE.replace("MATCHES", str(matches))
        .replace("PLAYERS", str(players))
        .replace("GAME", repr(game))
        .replace("PREFIX", prefix)
    )
    rows = json.loads(db.django(code).strip().splitlines()[-1])
    return [Seating(**row) for row in rows]


def rss_bytes(pid: int) -> int:
    """Resident memory of a process (0 once it has gone)."""
    try:
        status = Path(f"/proc/{pid}/status").read_text()
    except OSError:
        return 0
    for line in status.splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) * 1024
    return 0
