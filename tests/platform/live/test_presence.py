"""Presence across processes: rows per connection, and what a dead process leaves behind."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from spacemission.live import presence
from spacemission.live.models import Connection
from tests.platform.live.conftest import create_match

pytestmark = pytest.mark.django_db(transaction=True)


def test_connections_of_any_process_count_until_their_heartbeat_is_stale(users):
    ada, bob, cy = users[:3]
    match = create_match([ada, bob, "greedy"])
    assert presence.join("proc-a!1", match.pk, 0, ada) == {
        "t": "presence",
        "connected": [0],
        "spectators": 0,
    }
    # Another process's connections, one of them from a process that died long ago.
    presence.join("proc-b!1", match.pk, None, cy)
    presence.join("proc-b!2", match.pk, 1, bob)
    old = timezone.now() - presence.STALE - timedelta(seconds=1)
    Connection.objects.filter(channel_name="proc-b!2").update(seen_at=old)
    assert presence.snapshot(match.pk) == {"t": "presence", "connected": [0], "spectators": 1}
    # The next heartbeat at the match drops the dead row and tells everyone.
    assert presence.beat("proc-a!1", match.pk, 0, ada) == {
        "t": "presence",
        "connected": [0],
        "spectators": 1,
    }
    assert not Connection.objects.filter(channel_name="proc-b!2").exists()
    assert presence.beat("proc-a!1", match.pk, 0, ada) is None  # nothing changed


def test_leaving_and_moving_seats(users):
    ada, bob = users[:2]
    match = create_match([ada, bob])
    presence.join("c1", match.pk, 0, ada)
    presence.join("c2", match.pk, 0, ada)
    assert presence.leave("c1", match.pk)["connected"] == [0]
    assert presence.join("c2", match.pk, None, ada) == {
        "t": "presence",
        "connected": [],
        "spectators": 1,
    }
    assert presence.leave("c2", match.pk) == {"t": "presence", "connected": [], "spectators": 0}


def test_a_starting_process_forgets_every_stale_connection(users):
    ada, bob = users[:2]
    first, second = create_match([ada, bob]), create_match([bob, ada])
    presence.join("live", first.pk, 0, ada)
    presence.join("dead-1", first.pk, 1, bob)
    presence.join("dead-2", second.pk, None, None)
    old = timezone.now() - presence.STALE - timedelta(seconds=1)
    Connection.objects.filter(channel_name__startswith="dead").update(seen_at=old)
    assert presence.forget_stale() == 2
    assert list(Connection.objects.values_list("channel_name", flat=True)) == ["live"]
