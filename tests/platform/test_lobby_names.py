"""The lobby names players as they are named now: a guest who keeps their games under a
username of their own is listed by it at once, waiting or playing."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user
from django.test import Client
from django.urls import reverse

from spacemission.accounts.models import User
from spacemission.lobby import services
from spacemission.lobby.listing import tables_frame
from spacemission.matches import tables

pytestmark = pytest.mark.django_db
PASSWORD = "orbit-Sling-42"


def listed(status: str) -> list[list[str]]:
    return [[seat["name"] for seat in entry["taken"]] for entry in tables_frame()[status]]


def test_a_claimed_guest_is_listed_by_their_new_name(
    client: Client, ada: User, monkeypatch, django_capture_on_commit_callbacks
) -> None:
    client.post(reverse("guest"))
    guest = get_user(client)
    waiting = services.create_table(ada, "space-mission", 3)
    services.join(guest, waiting.pk)
    playing = services.create_table(guest, "jump-drive", 2, bots=1, bot_kind="easy")
    tables.start(guest, playing.pk)
    assert listed("running") == [[guest.username, "Easy bot"]]

    pushed = []
    monkeypatch.setattr("spacemission.accounts.views.tables_changed", lambda: pushed.append(1))
    form = {"username": "astra", "password1": PASSWORD, "password2": PASSWORD}
    with django_capture_on_commit_callbacks(execute=True):
        client.post(reverse("claim"), form)
    assert listed("open") == [["Ada", "astra"]]
    assert listed("running") == [["astra", "Easy bot"]]
    assert pushed == [1]  # every lobby hears of it, not only the next visitor


def test_a_new_display_name_is_pushed_to_the_lobby(
    as_ada: Client, ada: User, monkeypatch, django_capture_on_commit_callbacks
) -> None:
    services.create_table(ada, "blabla", 2)
    pushed = []
    monkeypatch.setattr("spacemission.accounts.views.tables_changed", lambda: pushed.append(1))
    with django_capture_on_commit_callbacks(execute=True):
        as_ada.post(reverse("account"), {"display_name": "Countess"})
    assert listed("open") == [["Countess"]] and pushed == [1]
