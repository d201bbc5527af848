"""Rating a finished match: openskill's Plackett-Luce model, every seat at once.

Called by ``matches`` inside the transaction that finishes a match's table
(``matches.finisher``), so a match's ratings
change exactly once: with the finish, or (called again) not at all. Only rated tables
count. Each seat is rated as its user (also when a bot finished the seat for them) or, at
a bot's own seat, as that bot kind. Each seat ranks by its place (``matches.places``, the
same the pages show): a seat given up ranks last, tied with any other such seat.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from typing import Any

from openskill.models import PlackettLuce

from spacemission.matches import places
from spacemission.matches.models import Match, MatchSeat
from spacemission.ratings.models import Rating, RatingChange

MODEL = PlackettLuce()
Key = tuple[int | None, str]  # (user id, "") or (None, bot kind)


@dataclass(frozen=True)
class RatedSeat:
    seat: int
    key: Key


def rated_seats(seats: list[MatchSeat]) -> list[RatedSeat]:
    """The seats with someone to rate (a seat whose user was deleted has none)."""
    out = []
    for seat in seats:
        if seat.user_id is not None:
            key: Key = (seat.user_id, "")
        elif seat.bot:
            key = (None, seat.bot)
        else:
            continue
        out.append(RatedSeat(seat.index, key))
    return out


def locked_ratings(game: str, keys: list[Key]) -> dict[Key, Rating]:
    """Each key's rating (new players start at openskill's defaults), locked, in a fixed
    order so two matches finishing at once cannot deadlock."""
    start = MODEL.rating()
    out = {}
    for user_id, bot in sorted(set(keys), key=lambda k: (k[0] or 0, k[1])):
        rating, _ = Rating.objects.select_for_update().get_or_create(
            game=game, user_id=user_id, bot=bot, defaults={"mu": start.mu, "sigma": start.sigma}
        )
        out[(user_id, bot)] = rating
    return out


def on_match_finished(sender: object, *, match: Match, **kwargs: object) -> None:
    """Rate a match as it finishes (``matches.signals.match_finished``)."""
    rate_match(match)


def rate_match(match: Match) -> list[RatingChange]:
    """Update the ratings of a finished match's seats once; its changes, by seat.

    Call inside the transaction that finishes the match. A casual table, an unfinished
    match, or fewer than two rated seats change nothing.
    """
    done = list(match.rating_changes.order_by("seat"))
    if done or not match.table.rated or not match.result:
        return done
    everyone = list(match.seats.order_by("index"))
    seats = rated_seats(everyone)
    if len(seats) < 2:
        return []
    last = places.given_up(everyone)
    rank = places.places(match.result, last)
    first = set(places.winners(match.result, last))
    ratings = locked_ratings(match.game, [s.key for s in seats])
    teams = [[MODEL.rating(mu=ratings[s.key].mu, sigma=ratings[s.key].sigma)] for s in seats]
    new = MODEL.rate(teams, ranks=[rank[s.seat] for s in seats])
    after = _combined(seats, ratings, [team[0] for team in new])
    winners = {s.key for s in seats if s.seat in first}
    changes = []
    for key, rating in ratings.items():
        before = rating.mu
        rating.mu, rating.sigma = after[key]
        rating.games += 1
        rating.wins += key in winners
        rating.save(update_fields=["mu", "sigma", "games", "wins", "updated_at"])
        changes += [
            RatingChange(
                match=match,
                seat=s.seat,
                rating=rating,
                rank=rank[s.seat],
                mu_before=before,
                mu_after=rating.mu,
                sigma_after=rating.sigma,
                games_after=rating.games,
            )
            for s in seats
            if s.key == key
        ]
    return RatingChange.objects.bulk_create(sorted(changes, key=lambda c: c.seat))


def _combined(
    seats: list[RatedSeat], ratings: dict[Key, Rating], new: list[Any]
) -> dict[Key, tuple[float, float]]:
    """Each rating's new (mu, sigma). A bot kind at several seats of one match moves by
    the sum of its seats' changes and keeps the surest of their sigmas."""
    moves: dict[Key, list[Any]] = defaultdict(list)
    for seat, rating in zip(seats, new, strict=True):
        moves[seat.key].append(rating)
    return {
        key: (
            ratings[key].mu + sum(r.mu - ratings[key].mu for r in rs),
            min(r.sigma for r in rs),
        )
        for key, rs in moves.items()
    }


def public_changes(match: Match) -> list[dict[str, Any]]:
    """What everyone at the match may see: each rated seat's player (the user also when
    a bot finished the seat; no name for a bot's own seat, which each page names in its
    reader's language, as it names the seat), the shown rating before and after, and
    whether it is still provisional."""
    return [
        {
            "seat": c.seat,
            "name": c.rating.user.shown_name if c.rating.user_id else None,
            "before": c.before,
            "after": c.after,
            "delta": c.delta,
            "provisional": c.provisional,
        }
        for c in match.rating_changes.select_related("rating__user").order_by("seat")
    ]
