"""A stored match as a game record, replayed through the rules for the replay page.

Everything here is rebuilt from the stored seed and action log with the game's own
``setup``, ``apply`` and ``view``; nothing comes from what clients were sent.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from games import fairdeal, registry
from games.core import View
from games.record import Record, check, states
from spacemission.matches import places
from spacemission.matches import states as stored
from spacemission.matches.models import Match


def record_of(match: Match) -> Record:
    """The finished match's record (docs/fair-deals.md): its seed, salt and whole log,
    and each seat's place (``matches.places``)."""
    rows = list(match.seats.select_related("user").order_by("index"))
    place = places.places(match.result or {}, places.given_up(rows))
    seats = [
        {
            "seat": s.index,
            "name": s.name,
            "bot": s.bot or None,
            "user": s.user.username if s.user_id else None,
            "resigned": s.resigned,
            "place": place.get(s.index),
        }
        for s in rows
    ]
    actions = list(match.actions.order_by("version").values_list("seat", "action"))
    return Record(
        game=match.game,
        options=match.options,
        seats=seats,
        seed=match.seed,
        salt=match.salt,
        commitment=match.commitment,
        actions=[(seat, action) for seat, action in actions],
        result=match.result,
    )


@dataclass(frozen=True)
class Verdict:
    """What the replay page confirms."""

    committed: bool  # the match started with a commitment (older matches did not)
    commitment_ok: bool  # SHA-256(salt ‖ seed) is what every player was shown
    replay_ok: bool  # the log replayed from the seed gives the stored final state and result

    @property
    def ok(self) -> bool:
        return self.committed and self.commitment_ok and self.replay_ok


def verdict(match: Match, record: Record) -> Verdict:
    outcome = check(record)
    return Verdict(
        committed=bool(match.commitment),
        commitment_ok=bool(match.salt)
        and fairdeal.verifies(match.seed, match.salt, match.commitment),
        replay_ok=outcome.result_ok and outcome.final == stored.current(match),
    )


def rounds(record: Record) -> list[dict[str, int]]:
    """The step each round starts at, from the public view: ``[{"round": 1, "step": 0}, …]``."""
    game = registry.get(record.game)
    out: list[dict[str, int]] = []
    for step, state in enumerate(states(game, record)):
        number = game.view(state, None).get("round")
        if isinstance(number, int) and (not out or out[-1]["round"] != number):
            out.append({"round": number, "step": step})
    return out


def views_at(record: Record, step: int, seats: list[int]) -> list[View]:
    """The views of ``seats`` after the first ``step`` actions, as the rules give them."""
    game = registry.get(record.game)
    for index, state in enumerate(states(game, record)):
        if index == step:
            return [game.view(state, seat) for seat in seats]
    raise ValueError(f"there is no step {step}")


def public_seats(record: Record) -> list[dict[str, Any]]:
    return [{"seat": s["seat"], "name": s["name"], "bot": s["bot"]} for s in record.seats]
