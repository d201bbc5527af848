"""Live work started by a committed change (bot drivers, fan-out) ends when it is stopped:
nothing of a finished test or a stopped process still writes to the database."""

from __future__ import annotations

import threading
import time

import pytest

from spacemission.live import bots
from tests.platform.live.conftest import create_match

pytestmark = pytest.mark.django_db(transaction=True)


def test_cancel_all_returns_only_once_a_bot_move_in_flight_has_ended(users, monkeypatch):
    started, ended = threading.Event(), threading.Event()

    def slow_ask(match_id: int):
        started.set()
        time.sleep(0.5)  # a database call in flight when the drivers are stopped
        ended.set()
        return None

    monkeypatch.setattr(bots, "ask_bot", slow_ask)
    create_match([users[0], "greedy"])  # its driver starts on commit, on a background loop
    assert started.wait(10)
    bots.cancel_all()
    assert ended.is_set()
