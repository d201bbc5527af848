"""The "My games" page: the user's running games, those waiting for them first."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from games import registry
from spacemission.accounts.models import User
from spacemission.live.bots import cancel_all
from spacemission.matches.models import Match
from spacemission.matches.services import apply_action
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
    action = TOY.legal_actions(match.state, seat)[0]
    apply_action(match.pk, seat, action, match.view_versions[seat], "", user)


def test_games_waiting_for_the_user_come_first_then_the_latest(client: Client):
    ada, bob, cy = (User.objects.create_user(n) for n in ("ada", "bob", "cy"))
    waits_old = create_match([ada, bob], pace="day")  # ada to move
    others_turn = create_match([bob, ada, "greedy"])  # bob to move
    waits_new = create_match([cy, ada])
    play(waits_new, 0, cy)  # now ada's turn, and the latest change
    finished = create_match([ada, cy])
    Match.objects.filter(pk=finished.pk).update(status=Match.Status.FINISHED)
    create_match([bob, cy])  # not ada's

    client.force_login(ada)
    page = client.get(reverse("my-games"))
    games = page.context["games"]
    assert [g.table for g in games] == [
        waits_new.table_id,
        waits_old.table_id,
        others_turn.table_id,
    ]
    assert [g.yours for g in games] == [True, True, False]
    assert games[2].opponents == ["bob", "Greedy bot"] and games[2].to_move == ["bob"]
    assert games[1].pace == "turn-based" and games[2].pace == "real-time"
    html = page.content.decode()
    assert html.index(f'data-table="{waits_new.table_id}"') < html.index(
        f'data-table="{others_turn.table_id}"'
    )
    assert f'href="/t/{waits_old.table_id}/"' in html
    assert 'href="/games/"' in html  # in the site's navigation


def test_my_games_needs_a_login_and_may_be_empty(client: Client):
    assert client.get(reverse("my-games")).status_code == 302
    client.force_login(User.objects.create_user("dee"))
    page = client.get(reverse("my-games"))
    assert page.status_code == 200 and page.context["games"] == []
    assert b"You have no running games." in page.content
