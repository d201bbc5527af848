"""Presence across processes: rows per connection, and what a dead process leaves behind."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from spacemission.live import presence
from spacemission.live.models import Connection
from tests.platform.live.conftest import create_match

pytestmark = pytest.mark.django_db(transaction=True)


def make_stale(*channel_names: str) -> None:
    old = timezone.now() - presence.STALE - timedelta(seconds=1)
    Connection.objects.filter(channel_name__in=channel_names).update(seen_at=old)


def test_connections_of_any_process_count_until_their_heartbeat_is_stale(users):
    ada, bob, cy = users[:3]
    match = create_match([ada, bob, "greedy"])
    mine = {"proc-a!1": presence.seen(match.pk, 0, ada)}
    presence.join("proc-a!1", mine["proc-a!1"])
    assert presence.snapshot(match.pk) == {"t": "presence", "connected": [0], "spectators": 0}
    # Another process's connections, one of them from a process that died long ago.
    presence.join("proc-b!1", presence.seen(match.pk, None, cy))
    presence.join("proc-b!2", presence.seen(match.pk, 1, bob))
    make_stale("proc-b!2")
    assert presence.snapshot(match.pk) == {"t": "presence", "connected": [0], "spectators": 1}
    # The next heartbeat of any process drops the dead row and names the match.
    assert presence.beat(mine) == [match.pk]
    assert not Connection.objects.filter(channel_name="proc-b!2").exists()
    assert presence.beat(mine) == []  # nothing changed


def test_one_heartbeat_refreshes_every_connection_of_a_process(users):
    ada, bob = users[:2]
    first, second = create_match([ada, bob]), create_match([bob, ada])
    mine = {
        "p!1": presence.seen(first.pk, 0, ada),
        "p!2": presence.seen(first.pk, None, None),
        "p!3": presence.seen(second.pk, 1, ada),
    }
    for name, who in mine.items():
        presence.join(name, who)
    make_stale(*mine)
    assert presence.beat(mine) == []
    assert presence.snapshot(first.pk) == {"t": "presence", "connected": [0], "spectators": 1}
    assert presence.snapshot(second.pk)["connected"] == [1]


def test_a_heartbeat_restores_rows_another_process_deleted(users):
    ada, bob = users[:2]
    match = create_match([ada, bob])
    mine = {"p!1": presence.seen(match.pk, 1, bob)}
    presence.join("p!1", mine["p!1"])
    Connection.objects.all().delete()  # taken for stale while this process stalled
    assert presence.beat(mine) == [match.pk]
    assert presence.snapshot(match.pk)["connected"] == [1]


def test_leaving_and_moving_seats_and_a_player_who_resigned_is_no_spectator(users):
    ada, bob = users[:2]
    match = create_match([ada, bob])
    presence.join("c1", presence.seen(match.pk, 0, ada))
    presence.join("c2", presence.seen(match.pk, 0, ada))
    presence.leave("c1")
    assert presence.snapshot(match.pk)["connected"] == [0]
    presence.join("c2", presence.seen(match.pk, None, ada))  # she resigned: she watches
    assert presence.snapshot(match.pk) == {"t": "presence", "connected": [], "spectators": 0}
    presence.join("c3", presence.seen(match.pk, None, users[2]))
    assert presence.snapshot(match.pk) == {"t": "presence", "connected": [], "spectators": 1}
    presence.leave("c3")
    assert presence.snapshot(match.pk) == {"t": "presence", "connected": [], "spectators": 0}


def test_a_starting_process_forgets_every_stale_connection(users):
    ada, bob = users[:2]
    first, second = create_match([ada, bob]), create_match([bob, ada])
    presence.join("live", presence.seen(first.pk, 0, ada))
    presence.join("dead-1", presence.seen(first.pk, 1, bob))
    presence.join("dead-2", presence.seen(second.pk, None, None))
    make_stale("dead-1", "dead-2")
    assert presence.forget_stale() == 2
    assert list(Connection.objects.values_list("channel_name", flat=True)) == ["live"]
