"""The benchmarks' own bookkeeping: a latency is counted once, from the acked send to the
moment the last socket whose view the action changed holds its audience's new view
version, whichever arrives first; which audiences an action changed comes from the
stored log's view versions. A turn is a change of the seats to move, and every frame
counts, ``clock`` frames too. A profile's samples are summed per thread."""

from __future__ import annotations

import asyncio
import math
from types import SimpleNamespace

import jsonpatch
import orjson
import pytest

from bench import patching
from bench.load import (
    A_GAME,
    RESERVE_RATE,
    Client,
    MatchTracker,
    Stats,
    parser,
    percentile,
    reserve_size,
    turn_figures,
)
from bench.setup import Seating
from games import registry

SPECTATORS = 2  # the audience of the spectators in a two-seat match


def two_seats_and_a_spectator(stats: Stats) -> tuple[MatchTracker, list[int]]:
    tracker = MatchTracker(stats)
    return tracker, [tracker.join(0), tracker.join(1), tracker.join(SPECTATORS)]


def test_a_latency_needs_the_ack_and_every_socket_the_action_changed():
    stats = Stats()
    tracker, sockets = two_seats_and_a_spectator(stats)
    tracker.acked(0, 1, sent_at=0.0)
    for socket in sockets[:2]:
        tracker.reached(socket, 1)
    tracker.settle([[1, 1, 1]])  # the spectators' view changed too, not yet held there
    assert stats.latencies == []


def test_sockets_whose_view_did_not_change_are_not_waited_for():
    """Each audience counts its own versions: seat 1's draft, then seat 0's."""
    stats = Stats()
    tracker, sockets = two_seats_and_a_spectator(stats)
    tracker.acked(0, 1, sent_at=0.0)
    tracker.reached(sockets[0], 1)
    tracker.acked(0, 1, sent_at=5.0)  # never counted twice
    tracker.settle([[0, 1, 0], [1, 1, 0]])  # seat 1's act was never acked here
    assert len(stats.latencies) == 1 and stats.latencies[0] > 0


def test_a_sync_that_jumps_ahead_holds_every_version_between():
    stats = Stats()
    tracker, sockets = two_seats_and_a_spectator(stats)
    log = [[v, v, 0] for v in (1, 2, 3)]  # seat 0's acts change both seats' views
    for version in (1, 2, 3):
        tracker.acked(0, version, sent_at=0.0)
        tracker.reached(sockets[0], version)  # the first seat follows patch by patch
    tracker.settle(log)
    assert stats.latencies == []
    for version in (1, 2, 3):
        tracker.acked(0, version, sent_at=0.0)
    tracker.reached(sockets[1], 3)  # the second catches up by one sync
    tracker.settle(log)
    assert len(stats.latencies) == 3


def test_a_match_that_ends_starts_the_next_one_once():
    stats, started = Stats(), []
    tracker = MatchTracker(stats, lambda: started.append("next"))
    tracker.start()
    assert tracker.playing and not tracker.over.is_set()
    tracker.end()
    tracker.end()  # every socket of the match sees the result
    assert started == ["next"] and stats.finished_matches == 1 and tracker.over.is_set()


def test_the_reserve_holds_matches_for_the_whole_run_at_the_rate_it_assumes():
    args = parser().parse_args(["--matches", "20", "--seconds", "20", "--warmup", "5"])
    assert reserve_size(args) == math.ceil(25 * RESERVE_RATE / A_GAME) - 20
    assert reserve_size(parser().parse_args(["--matches", "20", "--reserve", "3"])) == 3


def test_percentiles_are_nearest_rank():
    values = [float(v) for v in range(1, 101)]
    assert percentile(values, 50) == 51.0
    assert percentile(values, 99) == 99.0
    assert percentile(values, 100) == 100.0
    assert math.isnan(percentile([], 50))


def test_hot_spots_sum_samples_per_thread_and_name_app_and_library_frames(tmp_path):
    from bench.hotspots import summarise

    profile = tmp_path / "p.txt"
    profile.write_text(
        "main;run (daphne/server.py:1);select (selectors.py:468) 5\n"
        "worker;act (spacemission/live/consumers.py:37);wait (psycopg/connection.py:495) 3\n"
        "worker;act (spacemission/live/consumers.py:37);wait (psycopg/connection.py:495) 2\n"
        "worker;_worker (concurrent/futures/thread.py:81) 4\n"
    )
    threads = summarise(profile)
    samples, idle, where = threads["worker"]
    assert (samples, idle) == (9, 4)
    key = "act (spacemission/live/consumers.py:37) > wait (psycopg/connection.py:495)"
    assert where[key] == 5
    assert threads["main"][:2] == (5, 5)


def test_hot_spots_sort_samples_into_the_parts_of_an_act(tmp_path):
    from bench.hotspots import parts

    profile = tmp_path / "gil.txt"
    profile.write_text(
        "worker;run (asgiref/sync.py:1);apply_action (spacemission/matches/services.py:1) 6\n"
        "main;run (daphne/server.py:1);_publish_together (spacemission/live/fanout.py:1) 3\n"
        "main;run (daphne/server.py:1);doWrite (twisted/internet/tcp.py:1) 2\n"
        "main;send (spacemission/live/hub.py:1);publish (spacemission/live/relay.py:1) 4\n"
        "main;_listen (spacemission/live/relay.py:1);read (redis/asyncio/connection.py:1) 5\n"
        "main;_listen (spacemission/live/relay.py:1);deliver (spacemission/live/hub.py:1) 7\n"
        "main;run (daphne/server.py:1);select (selectors.py:468) 9\n"
        "main;helper (somewhere.py:1) 1\n"
    )
    shares = parts(profile)
    assert shares["the act: rules, views, patches, SQL (on the loop, or in a worker thread)"] == 6
    assert shares["Redis: publishing an act's patches"] == 3 + 4
    assert shares["Redis: receiving the published frames"] == 5
    assert shares["fan-out: writing frames to the local sockets"] == 7
    assert shares["Twisted's reactor: socket reads, writes and polling"] == 2
    assert shares["other"] == 1
    assert sum(shares.values()) == 12 + 4 + 5 + 7  # the idle samples are left out


def test_the_generators_patches_follow_rfc_6902_pointers():
    doc = {"a/b": {"m~n": [1, 2]}, "list": [0, 1, 2]}
    ops = [
        {"op": "add", "path": "/a~1b/m~0n/-", "value": 3},
        {"op": "add", "path": "/list/0", "value": -1},
        {"op": "remove", "path": "/list/3"},
        {"op": "replace", "path": "/list/1", "value": 9},
        {"op": "add", "path": "/new", "value": {"x": 1}},
    ]
    expected = jsonpatch.apply_patch(doc, ops)
    assert patching.apply(doc, ops) == expected
    assert doc == expected  # in place


@pytest.mark.parametrize(
    "op",
    [
        {"op": "move", "from": "/a", "path": "/b"},
        {"op": "replace", "path": "/missing", "value": 1},
        {"op": "remove", "path": "/list/3"},
        {"op": "add", "path": "/list/4", "value": 1},
        {"op": "replace", "path": "/list/-1", "value": 1},
    ],
)
def test_the_generators_patches_refuse_what_the_server_never_sends(op):
    with pytest.raises((ValueError, KeyError, IndexError)):
        patching.apply({"a": 1, "list": [0, 1, 2]}, [op])


def test_a_turn_is_a_change_of_the_seats_to_move_counted_in_the_window():
    stats = Stats()
    tracker = MatchTracker(stats)
    tracker.to_move([0], counting=False)  # the first sight: no change yet
    tracker.to_move([0], counting=True)  # another act of the same seat
    tracker.to_move([1], counting=False)  # before the window
    assert stats.turns == 0
    for active in ([1], [2, 3], [3], [3], []):  # simultaneous seats, one done, the end
        tracker.to_move(active, counting=True)
    assert stats.turns == 3


def test_turn_figures_count_every_frame_clock_frames_included():
    stats = Stats(actions=13, turns=4, frames=52)
    stats.kinds.update({"patch": 49, "clock": 2, "match": 1})
    figures = turn_figures(stats)
    assert (figures["actions_per_turn"], figures["frames_per_action"]) == (3.25, 4.0)
    assert (figures["frames_per_turn"], figures["clock_frames_per_turn"]) == (13.0, 0.5)
    assert figures["frames_by_type"] == {"patch": 49, "clock": 2, "match": 1}
    empty = turn_figures(Stats())
    assert math.isnan(empty["frames_per_turn"]) and math.isnan(empty["actions_per_turn"])


def frame_reader(seat: int | None, end_turn: bool = False) -> Client:
    """A generator's socket of a two-seat match, reading frames without a server."""
    server = SimpleNamespace(ws_url="ws://127.0.0.1:1", origin="http://127.0.0.1:1")
    seating = Seating(match_id=1, game="space-mission", sessions=["a", "b"])
    stats = Stats()
    return Client(server, seating, seat, MatchTracker(stats), stats, end_turn=end_turn)


async def read(client: Client, go: asyncio.Event, *frames: dict) -> None:
    for frame in frames:
        await client.handle(None, orjson.dumps(frame).decode(), go)


async def test_the_first_seat_counts_turns_from_its_views_and_every_frame_by_type():
    first, second = frame_reader(0), frame_reader(1)
    go = asyncio.Event()
    sync = {"t": "sync", "v": 4, "view": {"active": [0], "result": None}}
    await read(first, go, sync)
    await read(second, go, sync)
    go.set()
    passed = [{"op": "replace", "path": "/active", "value": [1]}]
    clock = {"now": 9, "clock": {"left": [1, 2], "until": [None, 9]}}
    frames = (
        {"t": "patch", "v": 5, "ops": [{"op": "add", "path": "/x", "value": 1}]},
        {"t": "patch", "v": 6, "ops": passed, **clock},  # the turn passes, its clock inside
        {"t": "clock", **clock},  # a clock alone (a timeout's)
    )
    await read(first, go, *frames)
    await read(second, go, *frames)
    assert first.view == {"active": [1], "result": None, "x": 1}
    assert first.stats.turns == 1 and second.stats.turns == 0  # the second seat only reads
    assert first.stats.frames == 3 and first.stats.kinds == {"patch": 2, "clock": 1}


@pytest.mark.parametrize("end_turn", [False, True])
async def test_with_end_turn_every_act_sent_carries_the_flag(end_turn):
    """``--end-turn``: the players' setting (O2, ``games.turnend``) on every act."""
    game = registry.get("space-mission")
    state = game.setup(2, {}, 1)
    seat = state["active"][0]
    client = frame_reader(seat, end_turn)
    sent: list[dict] = []

    async def send(text: str) -> None:
        sent.append(orjson.loads(text))

    client.ws = SimpleNamespace(send=send)
    client.view, client.version = game.view(state, seat), 0
    client.tracker.playing = True
    client.go.set()
    await client.maybe_act()
    (frame,) = sent
    assert frame["t"] == "act" and frame["v"] == 0
    assert ("end_turn" in frame["action"]) is end_turn
    assert frame["action"].get("end_turn", True) is True
    assert parser().parse_args(["--end-turn"]).end_turn and not parser().parse_args([]).end_turn
