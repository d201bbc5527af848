"""The ``sync`` frame: a seat's full view at its own view version, the match's public facts
and the latest chat lines. Also who a visitor is at a match (seat, spectator, or refused).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from django.contrib.auth.base_user import AbstractBaseUser
from django.contrib.auth.models import AnonymousUser
from django.urls import reverse

from games import registry
from spacemission.live import frames
from spacemission.lobby.access import can_watch
from spacemission.matches import audiences, clocks, places, rematch, states
from spacemission.matches.models import ChatLine, Match, MatchSeat
from spacemission.ratings.services import public_changes

CHAT_LINES = 50
User = AbstractBaseUser | AnonymousUser


class Refused(Exception):
    """The visitor may not open this match; ``code`` is the websocket close code."""

    def __init__(self, code: int) -> None:
        super().__init__(code)
        self.code = code


NO_MATCH = 4004


def admit(match_id: int, user: User, session: Any) -> int | None:
    """The seat ``user`` plays at this match, or None for a spectator; raises Refused."""
    match = Match.objects.select_related("table").defer("snapshot").filter(pk=match_id).first()
    if match is None:
        raise Refused(NO_MATCH)
    seat = seat_of(match_id, user)
    if seat is None and not can_watch(user, session, match.table):
        raise Refused(NO_MATCH)  # exactly as if it did not exist: nothing to learn
    return seat


def seat_of(match_id: int, user: User) -> int | None:
    if not user.is_authenticated:
        return None
    # A user who resigned (or left) watches the rest as a spectator.
    rows = MatchSeat.objects.filter(match_id=match_id, user_id=user.pk, resigned=False)
    return rows.values_list("index", flat=True).first()


def sync_frame(match_id: int, seat: int | None) -> frames.Frame:
    """The full view, at this seat's (or the spectators') own view version: actions that
    left it as it was are not told of, not even counted."""
    match = Match.objects.select_related("table").defer("snapshot").get(pk=match_id)
    game = registry.get(match.game)
    versions = audiences.current(match.view_versions, match.seat_count)
    return {
        "t": "sync",
        "v": versions[audiences.slot(seat, match.seat_count)],
        "seat": seat,
        "now": clocks.now(),
        "view": audiences.view_of(game, states.current(match), match.seat_count, seat),
        "match": match_facts(match),
        "chat": recent_chat(match_id),
        "rematch": rematch.current(match_id),
    }


def match_facts(match: Match) -> dict[str, Any]:
    """What everyone at the match may know about it: the same for every seat and
    spectator. The deal's commitment from the start; once the game is over its seed and
    salt, the rating changes and where to replay it."""
    seats = match.seats.select_related("user").order_by("index")
    facts = {
        "id": match.pk,
        "table": match.table.public_id,
        "game": match.game,
        "status": match.status,
        "private": match.table.private,
        "clock": clocks.public(match),
        "events": list(match.events),
        "rated": match.table.rated,
        "commitment": match.commitment or None,
        "seats": [
            {
                "seat": s.index,
                "name": s.name,
                "bot": s.bot or None,
                "user": s.user.username if s.user_id else None,
                "away": s.away,
                "resigned": s.resigned,
                "timeouts": s.timeouts,
                "gone_since": s.gone_since,
                "votes": list(s.votes),
            }
            for s in seats
        ],
    }
    if match.status == Match.Status.FINISHED:
        facts["end"] = end_facts(match, seats)
    return facts


def end_facts(match: Match, seats: Iterable[MatchSeat]) -> dict[str, Any]:
    """Revealed once the game is over (docs/fair-deals.md); the seed as a decimal string,
    as it may be larger than a JavaScript number holds exactly. The places and winners
    are the platform's (``matches.places``): a seat given up places last, whatever its
    bot scored, so the end screen names the winner every other page names."""
    return {
        **places.standing(match.result or {}, seats, match.seat_count),
        "seed": str(match.seed),
        "salt": match.salt or None,
        "ratings": public_changes(match),
        "replay": reverse("table-replay", args=[match.table.public_id]),
        "record": reverse("table-record", args=[match.table.public_id]),
    }


def chat_frame(line: ChatLine) -> frames.Frame:
    return {
        "t": "chat",
        "seat": line.seat,
        "name": line.name,
        "text": line.text,
        "at": line.created_at.isoformat().replace("+00:00", "Z"),
    }


def recent_chat(match_id: int) -> list[frames.Frame]:
    lines = ChatLine.objects.filter(match_id=match_id).order_by("-created_at", "-id")
    return [chat_frame(line) for line in reversed(lines[:CHAT_LINES])]
