"""A table's pace: chosen in the lobby form, validated, kept by the match, shown."""

from __future__ import annotations

import dataclasses

import pytest
from django.test import Client
from django.urls import reverse

from games import registry
from games.clock import PACES
from spacemission.accounts.models import User
from spacemission.lobby import services
from spacemission.lobby.listing import tables_frame
from spacemission.lobby.models import Table
from spacemission.lobby.services import LobbyError
from spacemission.matches import tables

pytestmark = pytest.mark.django_db
FORM = {"game": "space-mission", "seats": 2, "bots": 1, "bot_kind": "easy"}


def test_the_host_chooses_a_pace_the_match_keeps(as_ada: Client, ada: User) -> None:
    response = as_ada.post(reverse("table-create"), {**FORM, "pace": "day"})
    table = Table.objects.get()
    assert response.status_code == 302 and table.pace == "day"
    page = as_ada.get(reverse("table", args=[table.public_id])).content.decode()
    assert "Turn-based: 24 h per move" in page  # the waiting room says it
    match = tables.start(ada, table.pk)
    assert match.pace == "day" and match.clock == {
        "left": [PACES["day"].bank] * 2,
        "until": match.clock["until"],
    }
    page = as_ada.get(reverse("table", args=[table.public_id]), HTTP_ACCEPT_LANGUAGE="de")
    assert "Rundenbasiert: 24 Std. pro Zug" in page.content.decode()


def test_the_form_offers_every_pace_and_defaults_to_normal(as_ada: Client) -> None:
    form = as_ada.get(reverse("lobby")).context["create_form"]
    choices = dict(form.fields["pace"].choices)
    assert list(choices) == ["fast", "normal", "day", "3days", "none"]
    assert choices["normal"] == "Real time: 5 min + 30 s per turn"
    assert form.fields["pace"].initial == "normal"
    as_ada.post(reverse("table-create"), FORM)  # no pace given: the default
    assert Table.objects.get().pace == "normal"


@pytest.mark.parametrize(
    ("pace", "private", "message"),
    [
        ("none", False, "Only a private table may play without a clock."),
        ("warp", False, "Select a valid choice."),
        ("warp", True, "Select a valid choice."),
    ],
)
def test_a_pace_not_offered_is_a_form_error_and_changes_nothing(
    as_ada: Client, pace: str, private: bool, message: str
) -> None:
    data = {**FORM, "pace": pace, **({"private": "on"} if private else {})}
    response = as_ada.post(reverse("table-create"), data)
    assert response.status_code == 400
    assert message in str(response.context["create_form"].errors["pace"])
    assert not Table.objects.exists()


def test_a_private_table_may_play_without_a_clock(ada: User) -> None:
    table = services.create_table(
        ada, "jump-drive", 2, bots=1, bot_kind="easy", private=True, pace="none"
    )
    match = tables.start(ada, table.pk)
    assert (match.pace, match.clock, match.deadline) == ("none", None, None)


def test_a_game_that_does_not_offer_a_pace_refuses_it() -> None:
    info = dataclasses.replace(registry.get("space-mission").info, paces=("day", "3days"))
    with pytest.raises(LobbyError, match="Space Mission is not played at that pace"):
        services.check_pace(info, "fast", private=False)
    services.check_pace(info, "day", private=False)


def test_quick_match_plays_real_time_normal_and_skips_other_paces(ada: User, bob: User) -> None:
    slow = services.create_table(ada, "space-mission", 2, pace="3days")
    table = services.quick_match(bob, "space-mission", 2)
    assert table.pk != slow.pk and table.pace == "normal"


def test_the_lobby_list_carries_the_pace(ada: User, as_ada: Client) -> None:
    services.create_table(ada, "space-mission", 3, pace="fast")
    (entry,) = tables_frame()["open"]
    assert entry["pace"] == {"id": "fast", "kind": "realtime", "bank": 120000, "increment": 15000}
    html = as_ada.get(reverse("lobby")).content.decode()
    assert "Real time: 2 min + 15 s per turn" in html
