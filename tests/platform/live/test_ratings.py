"""Ratings change once when a rated match finishes, exactly as openskill's Plackett-Luce
model rates the places (resigned and bot-finished seats last)."""

from __future__ import annotations

import pytest
from openskill.models import PlackettLuce

from spacemission.matches import audiences
from spacemission.matches.models import Match, MatchSeat
from spacemission.matches.places import places
from spacemission.matches.services import apply_action, replace_with_bot
from spacemission.matches.states import current
from spacemission.ratings import scale
from spacemission.ratings.models import Rating, RatingChange
from spacemission.ratings.services import public_changes, rate_match
from tests.platform.live.conftest import create_match, create_user

pytestmark = pytest.mark.django_db
MODEL = PlackettLuce()


def play_out(match: Match, players: list) -> Match:
    """Every seat plays its first legal card until the toy game ends."""
    while True:
        match.refresh_from_db()
        turn = current(match)["turn"]
        if turn is None:
            return match
        player = players[turn]
        seen = audiences.current(match.view_versions, match.seat_count)[turn]
        card = current(match)["hands"][turn][0]
        user = None if isinstance(player, str) else player
        apply_action(match.pk, turn, {"type": "play", "card": card}, seen, user=user)


def finished_with(match: Match, totals: list[int], winners: list[int]) -> Match:
    match.status = Match.Status.FINISHED
    match.result = {
        "scores": [{"seat": s, "total": t} for s, t in enumerate(totals)],
        "winners": winners,
    }
    match.save()
    return match


def expected(seats: int, rank_list: list[int]) -> list[float]:
    """mu, sigma of each seat in turn, as openskill rates newcomers ranked so."""
    fresh = [[MODEL.rating()] for _ in range(seats)]
    return [x for team in MODEL.rate(fresh, ranks=rank_list) for x in (team[0].mu, team[0].sigma)]


def test_a_rated_match_is_rated_in_the_transaction_that_finishes_it() -> None:
    ada, bob = create_user("ada"), create_user("bob")
    players = [ada, bob, "greedy"]
    match = play_out(create_match(players, rated=True, options={"cards_per_seat": 4}), players)
    assert match.status == Match.Status.FINISHED
    changes = list(RatingChange.objects.filter(match=match).order_by("seat"))
    rank = places(match.result, set())
    assert [c.rank for c in changes] == [rank[s] for s in range(3)]
    assert [x for c in changes for x in (c.mu_after, c.sigma_after)] == pytest.approx(
        expected(3, [rank[s] for s in range(3)])
    )
    bot = Rating.objects.get(game="toy", bot="greedy")
    assert bot.games == 1 and bot.user is None
    assert Rating.objects.get(game="toy", user=ada).wins == (rank[0] == 1)
    # Asking again changes nothing: a match is rated once.
    assert rate_match(match) == changes
    assert RatingChange.objects.filter(match=match).count() == 3
    assert Rating.objects.get(game="toy", user=bob).games == 1
    shown = public_changes(match)
    assert shown[0]["before"] == scale.CENTRE and shown[0]["provisional"] is True
    # A bot's own seat is named by each page in its reader's language, not here.
    assert [c["name"] for c in shown] == [ada.shown_name, bob.shown_name, None]
    assert shown[0]["delta"] == shown[0]["after"] - shown[0]["before"]


def test_a_casual_match_changes_no_rating() -> None:
    players = [create_user("ada"), "random"]
    play_out(create_match(players, options={"cards_per_seat": 4}), players)
    assert not Rating.objects.exists() and not RatingChange.objects.exists()


@pytest.mark.parametrize(
    ("totals", "winners", "quitters", "expected_ranks"),
    [
        ([10, 20], [1], set(), [2, 1]),
        ([10, 10], [0, 1], set(), [1, 1]),  # a shared victory is a tie
        ([30, 20, 20], [0], set(), [1, 2, 2]),
        ([30, 20, 10, 5], [0], {0}, [4, 1, 2, 3]),  # the winner's seat was finished by a bot
        ([9, 8, 7, 7, 1], [0], {1, 4}, [1, 4, 2, 2, 4]),  # two seats a bot finished tie last
    ],
    ids=["2-players", "2-tied", "3-tied-second", "4-winner-quit", "5-two-quit"],
)
def test_places_and_quitters_rate_as_openskill_says(
    totals: list[int], winners: list[int], quitters: set[int], expected_ranks: list[int]
) -> None:
    people = [create_user(f"p{i}") for i in range(len(totals))]
    match = create_match(people, rated=True)
    # Contract 1: a seat a bot played at the end keeps its user and ranks last.
    MatchSeat.objects.filter(match=match, index__in=quitters).update(bot="greedy")
    changes = rate_match(finished_with(match, totals, winners))
    assert [c.rank for c in changes] == expected_ranks
    assert [x for c in changes for x in (c.mu_after, c.sigma_after)] == pytest.approx(
        expected(len(totals), expected_ranks)
    )
    for person, change in zip(people, changes, strict=True):
        rating = Rating.objects.get(game="toy", user=person)
        assert rating.mu == pytest.approx(change.mu_after) and rating.games == 1
        assert rating.wins == (change.rank == 1)


def test_a_resigned_seat_ranks_last_though_it_scored_most() -> None:
    people = [create_user(f"p{i}") for i in range(3)]
    match = create_match(people, rated=True)
    MatchSeat.objects.filter(match=match, index=0).update(resigned=True)
    changes = rate_match(finished_with(match, [50, 20, 30], [0]))
    assert [c.rank for c in changes] == [3, 2, 1]
    assert [x for c in changes for x in (c.mu_after, c.sigma_after)] == pytest.approx(
        expected(3, [3, 2, 1])
    )


def test_leaving_resigns_and_the_bot_that_finishes_the_seat_rates_the_user() -> None:
    ada, bob = create_user("ada"), create_user("bob")
    players = [ada, bob]
    match = create_match(players, rated=True, options={"cards_per_seat": 4})
    replace_with_bot(match, 1)
    match = play_out(match, [ada, "greedy"])
    change = RatingChange.objects.get(match=match, seat=1)
    assert change.rating.user == bob and change.rank == 2
    assert not Rating.objects.filter(bot="greedy").exists()


def test_established_ratings_go_into_the_model() -> None:
    ada, bob = create_user("ada"), create_user("bob")
    Rating.objects.create(game="toy", user=ada, mu=30.0, sigma=2.0, games=40)
    match = create_match([ada, bob], rated=True)
    changes = rate_match(finished_with(match, [5, 9], [1]))
    new = MODEL.rate([[MODEL.rating(mu=30.0, sigma=2.0)], [MODEL.rating()]], ranks=[2, 1])
    assert changes[0].mu_after == pytest.approx(new[0][0].mu)
    assert changes[0].mu_before == 30.0 and changes[0].before == scale.shown(30.0)
    assert changes[0].provisional is False and changes[1].provisional is True


def test_one_bot_kind_at_two_seats_moves_once_by_both_changes() -> None:
    match = create_match([create_user("ada"), "greedy", "greedy"], rated=True)
    changes = rate_match(finished_with(match, [5, 9, 1], [1]))
    new = MODEL.rate([[MODEL.rating()] for _ in range(3)], ranks=[2, 1, 3])
    bot = Rating.objects.get(game="toy", bot="greedy")
    assert bot.games == 1 and bot.wins == 1
    assert bot.mu == pytest.approx(25 + (new[1][0].mu - 25) + (new[2][0].mu - 25))
    assert changes[1].mu_after == changes[2].mu_after == bot.mu
