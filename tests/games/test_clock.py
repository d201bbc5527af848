"""The pure clock: banks, increments, caps, turn-based time, simultaneous seats."""

import json

from hypothesis import given
from hypothesis import strategies as st

from games import clock
from games.clock import MINUTE, PACES, SECOND, Pace

NORMAL = PACES["normal"]
DAY = PACES["day"]
T0 = 1_764_500_000_000


def test_every_pace_has_a_known_kind_and_realtime_banks_fit_their_cap():
    assert {"fast", "normal", "day", "3days", "none"} <= set(PACES)
    for pace in PACES.values():
        assert pace.kind in {"realtime", "turn", "none"}
        if pace.kind == "realtime":
            assert 0 < pace.bank <= pace.cap and pace.increment > 0


def test_no_clock_for_a_pace_without_one():
    c = clock.new(PACES["none"], 3)
    assert c is None
    assert clock.run(PACES["none"], c, [0], T0) is None
    assert clock.deadline(c) is None and clock.expired(c, T0) == []
    assert clock.remaining(c, 0, T0) is None


def test_a_running_seat_spends_its_bank_and_gains_the_increment_when_its_turn_ends():
    c = clock.run(NORMAL, clock.new(NORMAL, 2), [0], T0)
    assert clock.running(c) == [0]
    assert clock.deadline(c) == T0 + NORMAL.bank
    assert clock.remaining(c, 0, T0 + 40 * SECOND) == NORMAL.bank - 40 * SECOND
    assert clock.remaining(c, 1, T0 + 40 * SECOND) == NORMAL.bank  # seat 1 stands
    c = clock.run(NORMAL, c, [1], T0 + 40 * SECOND, acted=0)
    assert c["left"][0] == NORMAL.bank - 40 * SECOND + NORMAL.increment
    assert clock.running(c) == [1]
    assert clock.deadline(c) == T0 + 40 * SECOND + NORMAL.bank


def test_the_increment_never_takes_a_bank_above_the_cap():
    c = clock.run(NORMAL, clock.new(NORMAL, 2), [0], T0)
    for turn in range(1, 40):  # instant moves, turn after turn
        c = clock.run(NORMAL, c, [turn % 2], T0, acted=(turn - 1) % 2)
    assert max(c["left"]) <= NORMAL.cap
    assert clock.remaining(c, 0, T0) == NORMAL.cap


def test_an_act_that_keeps_the_same_seats_running_changes_nothing():
    """A secret draft must not show on the clock (Jump Drive, J-rules: choices are secret)."""
    c = clock.run(NORMAL, clock.new(NORMAL, 3), [0, 1, 2], T0)
    assert clock.run(NORMAL, c, [0, 1, 2], T0 + 5 * SECOND, acted=1) == c


def test_simultaneous_seats_all_run_and_each_stops_on_its_own():
    c = clock.run(NORMAL, clock.new(NORMAL, 3), [0, 1, 2], T0)
    assert clock.running(c) == [0, 1, 2]
    c = clock.run(NORMAL, c, [0, 2], T0 + 10 * SECOND, acted=1)  # seat 1 committed
    assert clock.running(c) == [0, 2]
    assert c["left"][1] == NORMAL.bank - 10 * SECOND + NORMAL.increment
    assert clock.remaining(c, 2, T0 + 20 * SECOND) == NORMAL.bank - 20 * SECOND


def test_the_last_seat_of_a_round_ends_its_turn_when_the_next_round_starts_at_once():
    c = clock.run(NORMAL, clock.new(NORMAL, 2), [0, 1], T0)
    c = clock.run(NORMAL, c, [1], T0 + 10 * SECOND, acted=0)
    c = clock.run(NORMAL, c, [0, 1], T0 + 30 * SECOND, acted=1)  # last commit, new round
    assert clock.remaining(c, 1, T0 + 30 * SECOND) == NORMAL.bank - 30 * SECOND + NORMAL.increment
    assert clock.remaining(c, 0, T0 + 30 * SECOND) == NORMAL.bank - 10 * SECOND + NORMAL.increment


def test_J15_a_seat_that_takes_its_commitment_back_resumes_without_the_increment():
    """Committing gives the increment; taking the commitment back (it runs again by its
    own act) takes it back, so committing over and over earns no time."""
    c = clock.run(NORMAL, clock.new(NORMAL, 2), [0, 1], T0)
    c = clock.run(NORMAL, c, [1], T0 + 10 * SECOND, acted=0)  # seat 0 committed
    assert c["left"][0] == NORMAL.bank - 10 * SECOND + NORMAL.increment
    c = clock.run(NORMAL, c, [0, 1], T0 + 20 * SECOND, acted=0)  # and took it back
    assert clock.remaining(c, 0, T0 + 20 * SECOND) == NORMAL.bank - 10 * SECOND
    for _ in range(10):  # commit and take back, again and again
        c = clock.run(NORMAL, c, [1], T0 + 20 * SECOND, acted=0)
        c = clock.run(NORMAL, c, [0, 1], T0 + 20 * SECOND, acted=0)
    assert clock.remaining(c, 0, T0 + 20 * SECOND) == NORMAL.bank - 10 * SECOND
    assert clock.remaining(c, 1, T0 + 20 * SECOND) == NORMAL.bank - 20 * SECOND


def test_expired_seats_and_a_timed_out_bank_restarts_from_the_increment():
    c = clock.run(NORMAL, clock.new(NORMAL, 2), [0, 1], T0)
    late = T0 + NORMAL.bank
    assert clock.expired(c, late - 1) == []
    assert clock.expired(c, late) == [0, 1]
    c = clock.run(NORMAL, c, [1], late + 3 * SECOND)  # seat 0's turn was played for it
    assert c["left"][0] == NORMAL.increment  # never negative
    assert clock.remaining(c, 1, late + 3 * SECOND) == 0


def test_turn_based_gives_every_turn_the_same_time_afresh():
    c = clock.run(DAY, clock.new(DAY, 2), [0], T0)
    assert clock.deadline(c) == T0 + 24 * 60 * MINUTE
    c = clock.run(DAY, c, [1], T0 + 23 * 60 * MINUTE, acted=0)
    c = clock.run(DAY, c, [0], T0 + 24 * 60 * MINUTE, acted=1)
    assert clock.deadline(c) == T0 + 48 * 60 * MINUTE
    assert c["left"] == [DAY.bank, DAY.bank]


def test_stop_stands_every_clock():
    c = clock.run(NORMAL, clock.new(NORMAL, 2), [0, 1], T0)
    c = clock.stop(NORMAL, c, T0 + SECOND)
    assert clock.running(c) == [] and clock.deadline(c) is None


@given(
    st.lists(st.tuples(st.frozensets(st.integers(0, 3)), st.integers(0, 10 * MINUTE)), max_size=30)
)
def test_banks_stay_within_zero_and_the_cap_and_the_state_is_plain_json(steps):
    pace = Pace("t", "realtime", bank=2 * MINUTE, increment=20 * SECOND, cap=3 * MINUTE)
    c, now = clock.new(pace, 4), T0
    for seats, wait in steps:
        now += wait
        c = clock.run(pace, c, seats, now, acted=min(seats, default=None))
        assert clock.running(c) == sorted(seats)
        for seat in range(4):
            assert 0 <= clock.remaining(c, seat, now) <= pace.cap
        assert json.loads(json.dumps(c)) == c


def test_a_player_back_after_timeouts_has_time_for_a_turn_not_just_the_increment():
    fast = PACES["fast"]
    spent = {"left": [fast.increment, fast.bank], "until": [None, T0 + fast.bank]}
    back = clock.returned(fast, spent, 0, T0)
    assert back["left"][0] == clock.comeback_time(fast) > 2 * fast.increment
    assert back["until"] == spent["until"]  # the others' clocks are as they were
    running = {"left": [0, fast.bank], "until": [T0 + fast.increment, None]}
    assert clock.returned(fast, running, 0, T0)["until"][0] == T0 + clock.comeback_time(fast)


def test_coming_back_never_takes_time_away_nor_beyond_the_cap_and_a_turn_based_turn_is_full():
    for pace in (p for p in PACES.values() if p.kind == "realtime"):
        assert clock.comeback_time(pace) <= min(pace.cap, pace.bank)
        rich = {"left": [pace.cap], "until": [None]}
        assert clock.returned(pace, rich, 0, T0) == rich
    turn = {"left": [DAY.bank], "until": [T0 + 5 * SECOND]}
    assert clock.returned(DAY, turn, 0, T0) == turn
    assert clock.returned(PACES["none"], None, 0, T0) is None
