"""The "My games" page: the user's running games, those waiting for them first."""

from __future__ import annotations

import time

import pytest
from django.test import Client
from django.urls import reverse

from games import registry
from spacemission.accounts.models import User
from spacemission.live.bots import cancel_all
from spacemission.lobby import services
from spacemission.matches import turnmail
from spacemission.matches.models import Match
from spacemission.matches.services import apply_action
from spacemission.matches.states import current
from tests.platform.live.conftest import create_match

pytestmark = pytest.mark.django_db(transaction=True)
TOY = registry.get("toy")


@pytest.fixture(autouse=True)
def bots_wait(settings):
    settings.BOT_DELAY = 3600
    yield
    cancel_all()


def play(match: Match, seat: int, user: User) -> None:
    match.refresh_from_db()
    action = TOY.legal_actions(current(match), seat)[0]
    apply_action(match.pk, seat, action, match.view_versions[seat], "", user)


def due_in(match: Match, seat: int, minutes: int) -> None:
    """The seat's clock runs out in ``minutes`` (as the clock would store it)."""
    until = [None] * match.seat_count
    until[seat] = int(time.time() * 1000) + minutes * 60_000
    clock = {"left": [0] * match.seat_count, "until": until}
    Match.objects.filter(pk=match.pk).update(clock=clock, deadline=until[seat])


def test_games_waiting_for_the_user_come_first_each_by_deadline(client: Client):
    ada, bob, cy = (User.objects.create_user(n) for n in ("ada", "bob", "cy"))
    waits_late = create_match([ada, bob], pace="day")  # ada to move
    turnmail.wait_idle()  # its "your move" mail looked up before the test changes it
    due_in(waits_late, 0, 20 * 60)
    waits_soon = create_match([cy, ada], pace="normal")
    play(waits_soon, 0, cy)  # now ada's turn
    due_in(waits_soon, 1, 3)
    waits_unclocked = create_match([ada, cy], pace="none", private=True)
    others_turn = create_match([bob, ada, "greedy"], pace="normal")  # bob to move
    due_in(others_turn, 0, 4)
    others_unclocked = create_match([cy, ada], pace="none", private=True)
    finished = create_match([ada, cy])
    Match.objects.filter(pk=finished.pk).update(status=Match.Status.FINISHED)
    resigned = create_match([ada, bob])
    resigned.seats.filter(index=0).update(resigned=True, bot="greedy")
    create_match([bob, cy])  # not ada's

    client.force_login(ada)
    page = client.get(reverse("my-games"))
    games = page.context["games"]
    assert [g.table for g in games] == [
        waits_soon.table.public_id,
        waits_late.table.public_id,
        waits_unclocked.table.public_id,
        others_turn.table.public_id,
        others_unclocked.table.public_id,
    ]
    assert [g.yours for g in games] == [True, True, True, False, False]
    assert games[3].opponents == ["bob", "Greedy bot"] and games[3].to_move == ["bob"]
    assert [g.pace for g in games] == [
        "real-time",
        "turn-based",
        "no clock",
        "real-time",
        "no clock",
    ]
    assert games[2].deadline is None and games[0].deadline < games[1].deadline
    html = page.content.decode()
    assert html.index(f'data-table="{waits_soon.table.public_id}"') < html.index(
        f'data-table="{others_turn.table.public_id}"'
    )
    assert f'href="/t/{waits_late.table.public_id}/"' in html and "left</time>" in html
    assert 'href="/games/"' in html  # in the site's navigation


def test_my_games_needs_a_login_and_may_be_empty(client: Client):
    assert client.get(reverse("my-games")).status_code == 302
    client.force_login(User.objects.create_user("dee"))
    page = client.get(reverse("my-games"))
    assert page.status_code == 200 and page.context["games"] == []
    assert b"You have no running games." in page.content


def test_my_games_lists_waiting_tables_and_recent_finished_games(client: Client):
    ada, bob = User.objects.create_user("ada"), User.objects.create_user("bob")
    hosting = services.create_table(ada, "space-mission", 3)
    joined = services.create_table(bob, "jump-drive", 2)
    services.join(ada, joined.pk)
    services.create_table(bob, "blabla", 2)  # not ada's
    over = create_match([ada, bob])
    Match.objects.filter(pk=over.pk).update(
        status=Match.Status.FINISHED, result={"scores": [], "winners": [0]}
    )
    client.force_login(ada)
    page = client.get(reverse("my-games"))
    waiting = page.context["waiting"]
    assert [(w.table, w.hosting) for w in waiting] == [
        (joined.public_id, False),
        (hosting.public_id, True),
    ]
    assert waiting[0].seated == ["bob", "ada"]
    assert [g.table_id for g in page.context["finished"]] == [over.table.public_id]
    html = page.content.decode()
    assert f"Table {hosting.public_id}</a>" in html and f"Table {over.table.public_id}</a>" in html
    assert f'href="/t/{over.table.public_id}/replay/"' in html
