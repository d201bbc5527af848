"""Fixtures for the platform tests: players, signed-in clients, tables."""

from __future__ import annotations

from collections.abc import Callable, Iterator

import pytest
from django.test import Client
from pytest_django.fixtures import Settings

from games import registry
from spacemission.accounts.models import User
from spacemission.lobby import services
from spacemission.lobby.models import Table

PASSWORD = "orbit-Kepler-451"
GAME = "space-mission"


@pytest.fixture
def make_user(db: None) -> Callable[..., User]:
    def make(username: str, **fields: object) -> User:
        return User.objects.create_user(username=username, password=PASSWORD, **fields)

    return make


@pytest.fixture
def option_game() -> Iterator[str]:
    """A small registered game with options of every kind (``tests/platform/optiongame.py``)."""
    registry.register("option-game", "optiongame")
    yield "option-game"
    registry.unregister("option-game")


@pytest.fixture
def ada(make_user: Callable[..., User]) -> User:
    return make_user("ada", display_name="Ada")


@pytest.fixture
def bob(make_user: Callable[..., User]) -> User:
    return make_user("bob")


@pytest.fixture
def cy(make_user: Callable[..., User]) -> User:
    return make_user("cy")


def client_for(user: User) -> Client:
    client = Client()
    client.force_login(user)
    return client


@pytest.fixture
def as_ada(ada: User) -> Client:
    return client_for(ada)


@pytest.fixture
def as_bob(bob: User) -> Client:
    return client_for(bob)


@pytest.fixture
def table(ada: User) -> Table:
    """An open public 3-seat table hosted by Ada, sitting in seat 0."""
    return services.create_table(ada, GAME, 3)


@pytest.fixture
def holders() -> Callable[[Table], list[str]]:
    """Who sits where: usernames, ``bot:<kind>``, or ``""`` for an empty seat."""

    def holders(table: Table) -> list[str]:
        return [
            seat.user.username if seat.user else (f"bot:{seat.bot}" if seat.bot else "")
            for seat in table.seats.select_related("user").order_by("index")
        ]

    return holders


IDLE_DELAY = 3600


@pytest.fixture(autouse=True)
def idle_bots(settings: Settings, monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Bots in these tests only hold seats: they never move, and stop with the test. With
    the idle delay no bot driver starts at all: a driver asks its bot's question at once
    (it thinks during the delay), and that read would race the test's own writes."""
    from spacemission.live import bots

    settings.BOT_DELAY = IDLE_DELAY
    schedule = bots.schedule

    def unless_idle(match_id: int) -> None:
        if settings.BOT_DELAY < IDLE_DELAY:  # tests of live play set a short delay
            schedule(match_id)

    monkeypatch.setattr(bots, "schedule", unless_idle)
    yield
    bots.cancel_all()
