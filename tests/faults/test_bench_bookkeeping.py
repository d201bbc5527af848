"""The benchmarks' own bookkeeping: a latency is counted once, from the acked send to the
moment the last socket whose view the action changed holds that version, whichever
arrives first; a profile's samples are summed per thread."""

from __future__ import annotations

import math

from bench.load import MatchTracker, Stats, percentile

SPECTATORS = 2  # the audience of the spectators in a two-seat match


def two_seats_and_a_spectator(stats: Stats) -> tuple[MatchTracker, list[int]]:
    tracker = MatchTracker(stats)
    return tracker, [tracker.join(0), tracker.join(1), tracker.join(SPECTATORS)]


def test_a_latency_needs_the_ack_and_every_socket_the_action_changed():
    stats = Stats()
    tracker, sockets = two_seats_and_a_spectator(stats)
    tracker.acked(1, sent_at=0.0)
    for socket, audience in zip(sockets[:2], (0, 1), strict=True):
        tracker.patched(audience, 1)
        tracker.reached(socket, 1)
    tracker.patched(SPECTATORS, 1)  # announced to the spectators, not yet held there
    tracker.settle()
    assert stats.latencies == []


def test_sockets_whose_view_did_not_change_are_not_waited_for():
    stats = Stats()
    tracker, sockets = two_seats_and_a_spectator(stats)
    tracker.acked(5, sent_at=0.0)
    tracker.patched(0, 5)  # a draft: only the actor's view changed
    tracker.reached(sockets[0], 5)
    tracker.acked(5, sent_at=0.0)  # never counted twice
    tracker.settle()
    assert len(stats.latencies) == 1 and stats.latencies[0] > 0


def test_a_sync_that_jumps_ahead_holds_every_version_between():
    stats = Stats()
    tracker, sockets = two_seats_and_a_spectator(stats)
    for version in (1, 2, 3):
        tracker.acked(version, sent_at=0.0)
        tracker.patched(0, version)
        tracker.patched(1, version)
        tracker.reached(sockets[0], version)  # the first seat follows patch by patch
    tracker.settle()
    assert stats.latencies == []
    for version in (1, 2, 3):
        tracker.acked(version, sent_at=0.0)
    tracker.reached(sockets[1], 3)  # the second catches up by one sync
    tracker.settle()
    assert len(stats.latencies) == 3


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
