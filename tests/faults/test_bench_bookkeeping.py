"""The benchmarks' own bookkeeping: a latency is counted once, from the acked send to the
moment the last socket of the match holds that version, whichever arrives first; a
profile's samples are summed per thread."""

from __future__ import annotations

import math

from bench.load import MatchTracker, Stats, percentile


def test_a_latency_needs_the_ack_and_every_socket():
    stats = Stats()
    tracker = MatchTracker(3, stats)
    tracker.reached(0, 1)
    tracker.reached(0, 1)
    tracker.acked(1, sent_at=0.0)
    assert stats.latencies == []  # one socket still behind
    tracker.reached(0, 1)
    assert len(stats.latencies) == 1 and stats.latencies[0] > 0


def test_the_ack_may_come_after_every_socket_holds_the_version():
    stats = Stats()
    tracker = MatchTracker(2, stats)
    tracker.reached(4, 5)
    tracker.reached(4, 5)
    assert stats.latencies == []
    tracker.acked(5, sent_at=0.0)
    assert len(stats.latencies) == 1
    tracker.acked(5, sent_at=0.0)  # never counted twice
    assert len(stats.latencies) == 1


def test_a_sync_that_jumps_ahead_holds_every_version_between():
    stats = Stats()
    tracker = MatchTracker(2, stats)
    for version in (1, 2, 3):
        tracker.acked(version, sent_at=0.0)
        tracker.reached(version - 1, version)  # the first socket follows patch by patch
    assert stats.latencies == []
    tracker.reached(0, 3)  # the second catches up by one sync
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
