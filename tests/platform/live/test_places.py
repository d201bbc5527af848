"""One answer to "who won": the end screen, the profile, the history, the record and the
ratings name the same places, and a seat whose player gave it up (resigned, left, or let a
bot finish it) places below every seat played to the end, whatever its bot then scored.

A property over every game and seat count: a random game played to its end by the rules,
its seats held by people who played on, resigned, left or were kept by a stand-in, and by
bots the table was given.
"""

from __future__ import annotations

import itertools
import json
import re
import uuid

import pytest
from django.test import Client
from django.urls import reverse
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games import registry
from games.clock import PACES
from spacemission.live.snapshot import match_facts
from spacemission.matches import absence
from spacemission.matches.models import Match, MatchSeat
from spacemission.matches.places import places, winners
from spacemission.matches.records import record_of
from spacemission.matches.services import apply_action
from spacemission.matches.states import current
from spacemission.pages.history import finished_games, finished_seats, totals
from spacemission.ratings.models import Rating, RatingChange
from spacemission.ratings.services import rate_match
from tests.games.playout import playout
from tests.platform.live.conftest import create_match, create_user

pytestmark = pytest.mark.django_db
GAMES = ["space-mission", "jump-drive", "blabla"]
SEATINGS = [
    (game, players)
    for game in GAMES
    for players in range(
        registry.get(game).info.min_players, registry.get(game).info.max_players + 1
    )
]
# How a seat ended: its person played to the end, resigned, left the table (a bot took
# it for good), or a stand-in kept it after timeouts; or a bot the table was given.
PLAYED, RESIGNED, LEFT, KEPT, TABLE_BOT = "played", "resigned", "left", "kept", "table bot"
GAVE_UP = {RESIGNED, LEFT, KEPT}
REPLAY_CONFIG = re.compile(
    r'<script id="replay-config" type="application/json">(.*?)</script>', re.S
)


def final_result(game_id: str, players: int, seed: int) -> dict:
    game = registry.get(game_id)
    state = game.setup(players, game.info.default_options(), seed)
    for step in playout(game, players, seed):
        state = step.new
    result = game.result(state)
    assert result is not None, "the playout reached the end"
    return result


def finished_match(game_id: str, ends: list[str], result: dict) -> Match:
    """A rated match at its end: seats as ``ends`` says, the result the rules gave."""
    tag = uuid.uuid4().hex[:8]
    players = [
        "greedy" if end == TABLE_BOT else create_user(f"p{seat}-{tag}")
        for seat, end in enumerate(ends)
    ]
    match = create_match(players, game=game_id, rated=True)
    for seat, end in enumerate(ends):
        bot = "" if end == PLAYED else "greedy"
        MatchSeat.objects.filter(match=match, index=seat).update(
            bot=bot, resigned=end in {RESIGNED, LEFT}, away=end == KEPT
        )
    match.status, match.result = Match.Status.FINISHED, result
    match.save(update_fields=["status", "result"])
    rate_match(match)
    return Match.objects.get(pk=match.pk)


def every_source(match: Match) -> dict[str, tuple[dict[int, int], set[int]]]:
    """Seat -> place and the winning seats, as each page, record and rating says."""
    seats = list(match.seats.select_related("user").order_by("index"))
    end = match_facts(match)["end"]
    out = {"end screen": (dict(enumerate(end["places"])), set(end["winners"]))}
    replay = Client().get(reverse("table-replay", args=[match.table.public_id]))
    shown = json.loads(re.search(REPLAY_CONFIG, replay.content.decode()).group(1))["end"]
    out["replay page"] = (dict(enumerate(shown["places"])), set(shown["winners"]))
    record = record_of(match)
    out["record"] = ({s["seat"]: s["place"] for s in record.seats}, None)
    changes = {c.seat: c for c in RatingChange.objects.filter(match=match)}
    rating_wins = {s.index for s in seats if s.user_id and Rating.objects.get(user=s.user_id).wins}
    out["rating"] = ({seat: c.rank for seat, c in changes.items()}, rating_wins)
    profile_places, profile_won, totals_won = {}, set(), set()
    for seat in seats:
        if seat.user_id is None:
            continue
        (game,) = finished_games(list(finished_seats(seat.user, include_private=True)))
        profile_places[seat.index] = game.placement
        profile_places |= {
            other.index: opponent.placement
            for other, opponent in zip(
                [s for s in seats if s.index != seat.index], game.opponents, strict=True
            )
        }
        if game.won:
            profile_won.add(seat.index)
        if any(t.wins for t in totals(seat.user, include_private=True)):
            totals_won.add(seat.index)
    out["profile"] = (profile_places, profile_won)
    out["profile totals"] = ({}, totals_won)
    return out


@pytest.mark.parametrize(("game_id", "players"), SEATINGS)
@settings(
    max_examples=10,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(data=st.data())
def test_every_page_record_and_rating_agree_and_no_given_up_seat_outranks_a_finisher(
    game_id: str, players: int, data: st.DataObject
) -> None:
    seed = data.draw(st.integers(0, 2**31), label="seed")
    ends = data.draw(
        st.lists(
            st.sampled_from([PLAYED, RESIGNED, LEFT, KEPT, TABLE_BOT]),
            min_size=players,
            max_size=players,
        ).filter(lambda ends: any(end != TABLE_BOT for end in ends)),
        label="ends",
    )
    result = final_result(game_id, players, seed)
    match = finished_match(game_id, ends, result)
    gave_up = {seat for seat, end in enumerate(ends) if end in GAVE_UP}
    place = places(result, gave_up)
    first = set(winners(result, gave_up))

    people = {seat for seat, end in enumerate(ends) if end != TABLE_BOT}
    for source, (shown, won) in every_source(match).items():
        assert shown == {seat: place[seat] for seat in shown}, source
        assert source == "profile totals" or set(shown) == set(range(players)), source
        if won is not None:  # the end screens name every winner, the others the people's
            everyone = source in {"end screen", "replay page"}
            assert won == (first if everyone else first & people), source

    for quitter, finisher in itertools.product(gave_up, set(range(players)) - gave_up):
        assert place[quitter] > place[finisher]
    assert not first & gave_up
    if set(range(players)) - gave_up:
        finishers = {s: p for s, p in result_places(result).items() if s not in gave_up}
        assert first == {s for s, p in finishers.items() if p == min(finishers.values())}
    else:
        assert first == set()


def result_places(result: dict) -> dict[int, int]:
    """The game's own order (lower is better), from its winners and totals."""
    winning = set(result["winners"])
    return {s["seat"]: (0 if s["seat"] in winning else 1, -s["total"]) for s in result["scores"]}


def test_a_resigned_seat_that_scored_most_is_not_named_the_winner() -> None:
    """The reported case: three seats, two people and a bot; the first to resign had the
    best score when the bot finished their seat."""
    result = {
        "scores": [{"seat": 0, "total": 90}, {"seat": 1, "total": 40}, {"seat": 2, "total": 60}],
        "winners": [0],
    }
    match = finished_match("space-mission", [RESIGNED, RESIGNED, TABLE_BOT], result)
    sources = every_source(match)
    assert sources["end screen"] == ({0: 2, 1: 2, 2: 1}, {2})
    assert sources["record"][0] == {0: 2, 1: 2, 2: 1}
    assert sources["profile"] == ({0: 2, 1: 2, 2: 1}, set())
    assert sources["rating"] == ({0: 2, 1: 2, 2: 1}, set())


@pytest.mark.parametrize(("timeouts", "given_up"), [(1, False), (2, True)])
def test_a_match_a_stand_in_ends_is_rated_as_its_pages_place_it(
    timeouts: int, given_up: bool, clock
) -> None:
    """Ada's time runs out on her last turn and her stand-in ends the match: after her
    first timeout the seat stays hers (she played to the end), after a second in a row
    the stand-in keeps it (she did not). The ratings, taken as the match ends, and the
    pages, read after, agree either way."""
    bob, ada = create_user("bob"), create_user("ada")
    match = create_match([bob, ada], rated=True, options={"cards_per_seat": 4})
    toy = registry.get("toy")
    for _ in range(8 - 2 * timeouts + 1):  # to ada's first late turn
        stored = Match.objects.get(pk=match.pk)
        seat = toy.active_seats(current(stored))[0]
        action = toy.legal_actions(current(stored), seat)[0]
        apply_action(match.pk, seat, action, stored.view_versions[seat], "", [bob, ada][seat])
    for turn in range(timeouts):
        clock.advance(PACES["normal"].cap)  # more than any bank
        assert absence.time_out(match.pk, clock.at) is not None
        if turn < timeouts - 1:
            stored = Match.objects.get(pk=match.pk)
            action = toy.legal_actions(current(stored), 0)[0]
            apply_action(match.pk, 0, action, stored.view_versions[0], "", bob)
    match = Match.objects.get(pk=match.pk)
    assert match.status == Match.Status.FINISHED
    gave_up = {1} if given_up else set()
    place = places(match.result, gave_up)
    for source, (shown, _won) in every_source(match).items():
        assert shown == {seat: place[seat] for seat in shown}, source
    if given_up:
        assert place == {0: 1, 1: 2}
