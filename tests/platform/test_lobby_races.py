"""Races for seats under real concurrency: the database decides, nobody is double-booked."""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Callable

import pytest
from django.db import connection

from spacemission.accounts.models import User
from spacemission.lobby import services
from spacemission.lobby.models import Table
from spacemission.matches import tables

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]


def race(calls: list[Callable[[], object]]) -> list[object]:
    """Run ``calls`` at once, each on its own connection; results or raised errors."""
    results: list[object] = [None] * len(calls)
    barrier = threading.Barrier(len(calls))

    def run(i: int) -> None:
        barrier.wait()
        try:
            results[i] = calls[i]()
        except Exception as error:
            results[i] = error
        finally:
            connection.close()

    threads = [threading.Thread(target=run, args=(i,)) for i in range(len(calls))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return results


def players(count: int) -> list[User]:
    return [User.objects.create_user(f"p{i}", password="x-orbit-Kepler-1") for i in range(count)]


def test_eight_players_race_for_two_seats() -> None:
    host, *others = players(9)
    table = services.create_table(host, "space-mission", 3)
    results = race([lambda u=u: services.join(u, table.pk) for u in others])
    seated = [r for r in results if not isinstance(r, Exception)]
    refused = [r for r in results if isinstance(r, services.LobbyError)]
    assert (len(seated), len(refused)) == (2, 6)
    assert table.seats.filter(user__isnull=False).count() == 3


def test_quick_match_racers_meet_instead_of_opening_tables_each() -> None:
    racers = players(10)
    race([lambda u=u: services.quick_match(u, "space-mission", 2) for u in racers])
    tables = Table.objects.all()
    assert len(tables) == 5
    for table in tables:
        assert table.seats.filter(user__isnull=False).count() == 2


def test_join_racing_start_never_seats_anyone_at_a_running_table() -> None:
    host, guest, latecomer = players(3)
    table = services.create_table(host, "space-mission", 3)
    services.join(guest, table.pk)
    race([lambda: tables.start(host, table.pk), lambda: services.join(latecomer, table.pk)])
    table.refresh_from_db()
    assert table.status == "running"
    seated = table.seats.filter(user__isnull=False).count()
    assert seated == table.seat_count == table.match.seat_count


class ContendedLock:
    """A lock that tells when someone comes for it while it is held."""

    def __init__(self, lock: threading.Lock) -> None:
        self.lock, self.contended = lock, threading.Event()

    def __enter__(self) -> bool:
        if self.lock.locked():
            self.contended.set()
        return self.lock.__enter__()

    def __exit__(self, *exc: object) -> None:
        self.lock.__exit__(*exc)


@pytest.mark.redis
@pytest.mark.usefixtures("redis_channel_layer")
def test_a_slow_broadcast_never_lands_after_a_newer_one(monkeypatch) -> None:
    from asgiref.sync import async_to_sync
    from channels.layers import get_channel_layer

    from spacemission.lobby import broadcast

    host, first, second = players(3)
    table = services.create_table(host, "space-mission", 3)
    layer = get_channel_layer()
    channel = async_to_sync(layer.new_channel)()
    async_to_sync(layer.group_add)(broadcast.GROUP, channel)

    built, newer = threading.Event(), ContendedLock(broadcast._in_process)
    waited: list[bool] = []
    real = broadcast.shared_tables_frame

    def slow_first_frame() -> dict:
        frame = real()
        if not built.is_set():
            built.set()
            # This thread is descheduled between building and sending, until the newer
            # change's broadcast has begun.
            waited.append(newer.contended.wait(10))
        return frame

    monkeypatch.setattr(broadcast, "_in_process", newer)
    monkeypatch.setattr(broadcast, "shared_tables_frame", slow_first_frame)
    slow = threading.Thread(target=lambda: (services.join(first, table.pk), connection.close()))
    slow.start()
    assert built.wait(10)
    services.join(second, table.pk)  # its frame is built after the slow one's
    slow.join()
    assert waited == [True]  # the newer broadcast came while the slow one was held

    frames = []
    while True:
        try:
            message = async_to_sync(asyncio.wait_for)(layer.receive(channel), 1)
        except TimeoutError:
            break
        frames.append(message["frame"])
    assert [len(f["open"][0]["taken"]) for f in frames] == [2, 3]
