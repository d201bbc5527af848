"""The search bots of every game: deals sampled from one seat's view, no cheating, levels.

Each game's ``sample_state`` deals a full state from a seat's view alone; the properties:
the deal's view for that seat is the view it came from, every hidden card can land in
every hidden place the rules allow, and a bot's choice does not change when everything
its seat cannot see is dealt again (R-, J- and B-rules on privacy: the tables at the end
of each rulebook, J15 and B46 for the secret choices).
"""

from __future__ import annotations

import dataclasses
import json
from collections import defaultdict

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from games import bots, registry, search
from games.blabla import privacy as blabla_privacy
from games.core import State
from games.jump_drive import privacy as jump_drive_privacy
from games.space_mission import privacy as space_mission_privacy
from tests.games.playout import playout

GAMES = registry.shipped_games()
HIDDEN = {
    "space-mission": space_mission_privacy.hidden_ids,
    "jump-drive": jump_drive_privacy.hidden_ids,
    "blabla": blabla_privacy.hidden_ids,
}
SETTINGS = settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def plain(value):
    """A value as it travels (tuples become lists)."""
    return json.loads(json.dumps(value))


def position(game_id: str, players: int, seed: int, steps: int) -> State:
    """The state after ``steps`` actions of a bot game (or its end, if sooner: then the
    last state where some seat still had to act)."""
    game = registry.get(game_id)
    state = game.setup(players, game.info.default_options(), seed)
    for n, step in enumerate(playout(game, players, seed, wander=0.2)):
        state = step.state
        if n >= steps:
            break
    return state


positions = st.tuples(
    st.sampled_from(GAMES), st.integers(2, 4), st.integers(0, 10_000), st.integers(0, 300)
)


@SETTINGS
@given(where=positions, deal=st.integers(0, 2**32))
# A remembered stack that lost tiles since (R22): only its point tiles can have gone (O4, O5).
@example(where=("space-mission", 4, 1407, 211), deal=0)
def test_a_sampled_state_shows_the_seat_the_view_it_was_dealt_from(where, deal):
    game_id, players, seed, steps = where
    game = registry.get(game_id)
    state = position(game_id, players, seed, steps)
    for seat in range(players):
        view = game.view(state, seat)
        sampled = game.search.sample(plain(view), seat, deal)
        assert plain(game.view(plain(sampled), seat)) == plain(view)


@SETTINGS
@given(where=positions, deal=st.integers(0, 2**32))
def test_the_search_plays_on_from_every_sampled_state(where, deal):
    """Every action the search considers in a deal is one the rules accept."""
    game_id, players, seed, steps = where
    game = registry.get(game_id)
    state = position(game_id, players, seed, steps)
    seat = game.active_seats(state)[0]
    sampled = game.search.sample(game.view(state, seat), seat, deal)
    for action in game.search.moves(sampled, seat):
        game.apply(sampled, seat, action)
    assert game.search.moves(sampled, seat)


def _places(state: State, game_id: str) -> dict[str, str]:
    """Where each card or tile lies: a place name per id (seat-numbered places apart)."""
    where: dict[str, str] = {}

    def put(ids, place):
        for i in ids:
            where[i] = place

    if game_id == "space-mission":
        for s, hand in enumerate(state["hands"]):
            put(hand, f"hand {s}")
        put(state["draw"], "draw")
        for planet, stack in state["stacks"].items():
            put(stack, f"stack {planet}")
    elif game_id == "jump-drive":
        for s, hand in enumerate(state["hands"]):
            put(hand, f"hand {s}")
        put(state["draw"], "draw")
    else:
        for s, hand in enumerate(state["blabla"]):
            put(hand, f"hand {s}")
        for key, stack in state["stacks"].items():
            put(stack, f"stack {key}")
        put(state["box"], "box")
        put(state["boost"][1:], "boost under")
    return where


def _sort(game_id: str, i: str) -> str:
    """Cards and tiles (Space Mission: ``c..`` and ``t..``; BlaBla: ``bb-..`` and tiles)."""
    if game_id == "space-mission":
        return i[0]
    return "bb" if i.startswith("bb-") else "other"


@pytest.mark.parametrize("game_id", GAMES)
def test_every_hidden_card_is_dealt_to_every_hidden_place_it_may_be_in(game_id):
    """At the start every hidden id may lie in any hidden place of its sort (a card in
    any other hand or the pile, a tile in any stack): over many deals each does."""
    game = registry.get(game_id)
    state = game.setup(3, game.info.default_options(), 7)
    seat = 0
    view = game.view(state, seat)
    hidden = HIDDEN[game_id](state, seat)
    true_places = _places(state, game_id)
    # The places of each sort in the true deal (a place holds ids of one sort only).
    sort_of = {i: _sort(game_id, i) for i in hidden}
    places_of_sort = defaultdict(set)
    for i in hidden:
        if i in true_places:
            places_of_sort[sort_of[i]].add(true_places[i])
    seen = defaultdict(set)
    for deal in range(400):
        for i, place in _places(game.search.sample(view, seat, deal), game_id).items():
            seen[i].add(place)
    for i in hidden:
        if i in true_places:
            assert places_of_sort[sort_of[i]] <= seen[i], i
    # What the seat holds or sees stays where it is in every deal.
    for i, place in true_places.items():
        if i not in hidden:
            assert seen[i] == {place}, i


def _redealt(game_id: str, state: State, seat: int, deal: int) -> State:
    """The same position with everything ``seat`` cannot see dealt anew."""
    game = registry.get(game_id)
    return game.search.sample(game.view(state, seat), seat, deal)


@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(where=positions, deal=st.integers(0, 2**32), seed=st.integers(0, 2**32))
def test_a_bot_chooses_the_same_when_what_it_cannot_see_is_dealt_anew(where, deal, seed):
    game_id, players, game_seed, steps = where
    game = registry.get(game_id)
    state = position(game_id, players, game_seed, steps)
    seat = game.active_seats(state)[0]
    other = _redealt(game_id, state, seat, deal)
    assert HIDDEN[game_id](state, seat) and other != state
    chosen = bots.choose(game, game.view(state, seat), seat, "normal", seed)
    again = bots.choose(game, game.view(other, seat), seat, "normal", seed)
    assert chosen == again
    assert chosen in game.view(state, seat)["legal"]


RANKING = [g for g in GAMES if registry.get(g).search.ranked is not None]


@pytest.mark.parametrize("game_id", RANKING)
def test_a_decision_of_many_moves_is_searched_over_the_easy_bots_best(game_id):
    """The tree tries the ``width`` moves the easy bot ranks best (B19-B24 for BlaBla's
    ship moves, B26 a draw): its own choice among them, and the same whatever the seat
    cannot see."""
    game = registry.get(game_id)
    hooks = game.search
    wide = 0
    for seed in range(30):
        state = position(game_id, 3, seed, 25 + seed)
        seat = game.active_seats(state)[0]
        moves = hooks.moves(state, seat)
        if len(moves) <= hooks.width:
            continue
        wide += 1
        tried = search.searched(hooks, state, seat)
        assert len(tried) == hooks.width and all(move in moves for move in tried)
        easy = game.bot_action("greedy", game.view(state, seat), seed)
        assert easy in tried
        assert search.searched(hooks, _redealt(game_id, state, seat, seed), seat) == tried
    assert wide >= 3


def test_the_easy_bots_choice_weighs_more_in_a_larger_budget_where_the_game_says_so():
    """A larger budget must not leave the prior on the strength of playouts cut short,
    unless the game's own playouts are worth leaving it for (``prior_share``)."""
    blabla = registry.get("blabla").search
    assert search.prior_visits(blabla, 40) == search.prior_visits(blabla, 80) == 10
    assert search.prior_visits(blabla, 200) == 25
    space_mission = registry.get("space-mission").search
    assert search.prior_visits(space_mission, 220) == search.PRIOR_VISITS == 10


def test_a_larger_table_gets_the_budget_its_game_gives_it():
    """Space Mission's turns leave time for more simulations at three to five players;
    a level's search at a table is the search of that budget."""
    hooks = registry.get("space-mission").search
    assert [hooks.budget("strong", n) for n in (2, 3, 4, 5)] == [220, 330, 370, 440]
    assert hooks.budget("normal", 5) == 2 * hooks.budget("normal", 2)
    jump_drive = registry.get("jump-drive").search
    assert jump_drive.budget("strong", 4) == jump_drive.budget("strong", 2)
    game, differs = registry.get("space-mission"), False
    for seed, steps in ((2, 20), (9, 120), (15, 60)):
        state = position("space-mission", 4, seed, steps)
        seat = game.active_seats(state)[0]
        view = game.view(state, seat)
        greedy = game.bot_action("greedy", view, 3)
        at_table = search.search(game, view, seat, hooks.budget("normal", 4), 3, prior=greedy)
        assert bots.choose(game, view, seat, "normal", 3) == at_table
        two = search.search(game, view, seat, hooks.budget("normal", 2), 3, prior=greedy)
        differs = differs or two != at_table
    assert differs  # the positions tell the two budgets apart


@pytest.mark.parametrize("game_id", GAMES)
def test_a_level_is_reproducible_from_its_seed(game_id):
    game = registry.get(game_id)
    state = position(game_id, 3, 5, 40)
    seat = game.active_seats(state)[0]
    view = game.view(state, seat)
    first = [bots.choose(game, view, seat, level, 11) for level in bots.LEVELS]
    assert first == [bots.choose(game, view, seat, level, 11) for level in bots.LEVELS]


@pytest.mark.parametrize("game_id", GAMES)
def test_a_level_the_game_does_not_offer_or_a_seat_not_asked_is_refused(game_id):
    game = registry.get(game_id)
    state = game.setup(2, game.info.default_options(), 3)
    seat = game.active_seats(state)[0]
    with pytest.raises(ValueError, match="no level"):
        bots.choose(game, game.view(state, seat), seat, "grandmaster", 1)
    with pytest.raises(ValueError, match="not of a seat"):
        bots.choose(game, game.view(state, 1 - seat), seat, "strong", 1)
    assert bots.levels(game) == ("easy", "normal", "strong")


def test_in_a_round_of_secret_choices_no_seat_is_searched_knowing_another_choice():
    """J15: the decoupled search keeps a branch per seat under the round's node, keyed by
    that seat's own actions only: the statistics of a seat's first choice are the same
    whatever the others drafted before it in the same simulation."""
    game = registry.get("jump-drive")
    state = game.setup(3, game.info.default_options(), 4)
    seat = game.active_seats(state)[-1]  # searched after the others act in each simulation
    view = game.view(state, seat)
    stats = search.statistics(game, view, seat, 60, 1)
    own = {search.action_key(a) for a in game.search.moves(game.search.sample(view, seat, 0), seat)}
    assert stats and set(stats) <= own
    assert sum(s["visits"] for s in stats.values()) == 60


@pytest.mark.parametrize("by_policy", [True, False])
def test_where_the_game_says_so_the_other_seats_play_by_the_policy_inside_the_tree(by_policy):
    """``opponents_by_policy`` (player counts): at those the tree holds the searching
    seat's decisions only, so the others' moves are never listed for it to choose among;
    at other counts they are."""
    game = registry.get("space-mission")
    asked: set[int] = set()

    def moves(state, seat):
        asked.add(seat)
        return game.search.moves(state, seat)

    counts = frozenset({4} if by_policy else {2, 3, 5})
    hooks = dataclasses.replace(game.search, moves=moves, opponents_by_policy=counts)
    searching = dataclasses.replace(game, search=hooks)
    state = position("space-mission", 4, 3, 25)
    seat = game.active_seats(state)[0]
    search.search(searching, game.view(state, seat), seat, 120, 2)
    assert (asked == {seat}) is by_policy


def test_each_level_and_table_size_has_its_playout_length():
    """A level is its simulations and how far its playouts look (BlaBla's strong bot looks
    twice as far as its normal one); Jump Drive's playouts run twice as many actions at
    four players as at two, so that they reach as many rounds (a round asks every seat)."""
    jump_drive, blabla = registry.get("jump-drive").search, registry.get("blabla").search
    assert [jump_drive.depth("strong", n) for n in (2, 3, 4)] == [40, 40, 80]
    assert [blabla.depth(level, 4) for level in ("normal", "strong")] == [10, 20]


@pytest.mark.parametrize(
    ("game_id", "level", "factor", "actions"),
    [
        ("jump-drive", "strong", 1.0, 40),
        ("jump-drive", "strong", 2.0, 80),
        ("blabla", "normal", 1.0, 10),
        ("blabla", "strong", 1.0, 20),
    ],
)
def test_a_playout_runs_the_actions_of_its_level_at_its_table(game_id, level, factor, actions):
    """One simulation's playout (not at the game's end) runs ``SearchHooks.depth`` actions."""
    game = registry.get(game_id)
    played = []

    def rollout(state, seat, g):
        played.append(seat)
        return game.search.rollout(state, seat, g)

    hooks = dataclasses.replace(game.search, rollout=rollout, depth_factor={4: factor})
    searching = dataclasses.replace(game, search=hooks)
    state = position(game_id, 4, 3, 10)
    seat = game.active_seats(state)[0]
    search.statistics(searching, game.view(state, seat), seat, 1, 2, level=level)
    assert len(played) == actions


def _wins(game, state: State, seat: int) -> bool | None:
    """Whether ``seat`` can force a win from ``state`` by its own actions alone (None: an
    other seat acts before the end, so the position is not the seat's alone)."""
    result = game.result(state)
    if result is not None:
        return result["winners"] == [seat]
    if game.active_seats(state) != [seat]:
        return None
    outcomes = [
        _wins(game, game.apply(state, seat, a)[0], seat) for a in game.search.moves(state, seat)
    ]
    return None if None in outcomes else any(outcomes)


# Positions of bot games (game, players, seed, actions played) where the seat to act
# wins by some of its actions and loses by others, before any other seat acts again: the
# last turn of a Space Mission game (R26), the last turn of a BlaBla game (B50-B54).
# Jump Drive's is constructed: a second-round position whose scores are set to 48 VP
# each, the other seat's choice already made, so this round's scoring ends the game
# (J38) and the seat's own choice decides who has more (J33-J39): one of its three
# choices wins.
FORCED = [
    ("space-mission", 2, 22, 86, None),
    ("blabla", 2, 20, 91, None),
    ("jump-drive", 2, 4, 15, {"vp": [48, 48]}),
]


@pytest.mark.parametrize(("game_id", "players", "seed", "steps", "edit"), FORCED)
def test_the_search_finds_a_forced_win(game_id, players, seed, steps, edit):
    game = registry.get(game_id)
    state = [s.state for s in playout(game, players, seed, wander=0.0)][steps]
    state = {**state, **(edit or {})}
    seat = game.active_seats(state)[0]
    outcome = {
        search.action_key(a): _wins(game, game.apply(state, seat, a)[0], seat)
        for a in game.search.moves(state, seat)
    }
    assert True in outcome.values() and False in outcome.values()  # the position decides
    for level in ("normal", "strong"):
        for seed_ in range(2):
            chosen = bots.choose(game, game.view(state, seat), seat, level, seed_)
            assert outcome[search.action_key(chosen)] is True
