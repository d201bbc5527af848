"""Redis as a primary and a replica under Sentinel: the primary is killed mid-game, the
Sentinel promotes the replica, and every match goes on with nothing lost or duplicated
(docs/reliability.md). A Sentinel setting that names no Sentinel that answers stops a
process at start with a clear message."""

from __future__ import annotations

import time

import pytest
from django.core.cache import caches
from redis.exceptions import RedisError

from spacemission import sentinels
from tests.faults.conftest import prefix
from tests.faults.drill import Table, check_converged, final_views
from tests.faults.figures import Figures, catch_up_times, count_outcome, stalled, versions_now
from tests.faults.test_redis_outage import CATCH_UP_WITHIN, TIMEOUT, split_tables
from tests.support.servers import ServerError, free_port

MATCHES = 8


@pytest.mark.slow
@pytest.mark.postgres
@pytest.mark.redis
async def test_every_match_goes_on_after_the_primary_fails_over(database, servers, sentinel):
    env = {
        "CHANNELS_PREFIX": prefix(),
        "REDIS_SENTINELS": sentinel.setting,
        "REDIS_SENTINEL_MASTER": sentinel.MASTER,
    }
    a, b = (servers(database, **env) for _ in range(2))
    players = split_tables(database, a, b, MATCHES)
    figures = Figures("redis-failover", MATCHES, len(players))
    table = Table(players)
    await table.reach(2, TIMEOUT)

    sentinel.primary.kill()
    sentinel.wait_for_failover()  # the fault ends: the replica is the primary
    fault_end = versions_now(database, {p.match_id for p in players})
    figures.catch_up = await catch_up_times(database, players, CATCH_UP_WITHIN)
    await table.reach(max(p.v for p in players) + 4, TIMEOUT)  # and play goes on
    figures.stalled = stalled(database, fault_end)
    await table.stop()
    await final_views(players)
    count_outcome(database, players, figures)
    print(figures.line())

    assert all(s.process.poll() is None for s in (a, b))
    # Both processes relay through the new primary: each subscribed there again.
    assert all("subscribing again" in s.log() for s in (a, b))
    assert (figures.lost, figures.duplicated, figures.stalled, figures.clock_errors) == (0,) * 4
    check_converged(database, players)


@pytest.mark.postgres
def test_a_sentinel_setting_naming_no_sentinel_that_answers_stops_the_process(database, servers):
    nobody = f"127.0.0.1:{free_port()}"
    with pytest.raises(ServerError) as stopped:
        servers(database, REDIS_SENTINELS=nobody, REDIS_SENTINEL_MASTER="main")
    assert "daphne exited with 1" in str(stopped.value)
    assert f"cannot start: no Sentinel of REDIS_SENTINELS ({nobody}) names a primary" in str(
        stopped.value
    )


@pytest.mark.redis
def test_the_cache_follows_the_primary_through_a_failover(sentinel, settings):
    settings.CACHES = {"default": sentinels.cache([("127.0.0.1", sentinel.port)], "drill")}
    cache = caches["default"]
    cache.set("drill-key", "before")
    assert cache.get("drill-key") == "before"
    sentinel.primary.kill()
    sentinel.wait_for_failover()
    # Until the Sentinel's view of the promoted replica settles, a command may find no
    # primary (as one made during the failover does); then each reaches the new one.
    deadline = time.monotonic() + 10
    while True:
        try:
            cache.set("drill-key", "after")
            break
        except RedisError:
            assert time.monotonic() < deadline, "the cache found no primary for 10 s"
            time.sleep(0.1)
    assert cache.get("drill-key") == "after"
    assert sentinel.primary_port() == sentinel.replica.port
