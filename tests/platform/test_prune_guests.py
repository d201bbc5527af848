"""Idle guests without games are deleted; players and hosts of started tables stay."""

from __future__ import annotations

import datetime as dt
from io import StringIO

import pytest
from django.core.management import call_command
from django.utils import timezone

from spacemission.accounts.guests import create_guest
from spacemission.accounts.models import User
from spacemission.lobby import services
from spacemission.lobby.models import Table
from spacemission.matches import tables

pytestmark = pytest.mark.django_db


def idle_guest(days: int) -> User:
    guest = create_guest()
    User.objects.filter(pk=guest.pk).update(last_login=timezone.now() - dt.timedelta(days=days))
    return guest


def prune(*args: str) -> str:
    out = StringIO()
    call_command("prune_guests", *args, stdout=out)
    return out.getvalue()


def test_prunes_idle_guests_only(ada: User) -> None:
    old, recent = idle_guest(40), idle_guest(3)
    User.objects.filter(pk=ada.pk).update(last_login=timezone.now() - dt.timedelta(days=400))
    waiting = idle_guest(40)
    stale = services.create_table(waiting, "space-mission", 2)
    assert prune("--dry-run") == "would delete 2 idle guest(s)\n"
    assert User.objects.count() == 4
    assert prune() == "deleted 2 idle guest(s)\n"
    assert set(User.objects.all()) == {recent, ada}
    assert not Table.objects.filter(pk=stale.pk).exists()  # its host is gone
    assert old.pk not in User.objects.values_list("pk", flat=True)


def test_guests_who_played_or_host_a_started_table_stay(bob: User) -> None:
    player, host = idle_guest(40), idle_guest(40)
    table = services.create_table(host, "space-mission", 3)
    services.join(player, table.pk)
    services.join(bob, table.pk)
    tables.start(host, table.pk)
    Table.objects.filter(pk=table.pk).update(status="finished")
    table.seats.filter(user=host).update(user=None, bot="greedy")  # the host left mid-game
    assert prune("--days", "30") == "deleted 0 idle guest(s)\n"
    assert User.objects.filter(pk__in=[player.pk, host.pk]).count() == 2
