"""The pages themselves: lobby, waiting room, match page, state, admin, i18n, health."""

from __future__ import annotations

import json
import re

import pytest
from django.test import Client
from django.urls import reverse

from spacemission.accounts.models import User
from spacemission.lobby import services
from spacemission.lobby.models import Table
from spacemission.matches import tables

pytestmark = pytest.mark.django_db


def test_lobby_lists_public_tables_only(client: Client, ada: User, bob: User) -> None:
    public = services.create_table(ada, "space-mission", 3)
    hidden = services.create_table(bob, "space-mission", 3, private=True)
    running = services.create_table(bob, "space-mission", 2, bots=1, bot_kind="easy")
    tables.start(bob, running.pk)
    response = client.get(reverse("lobby"))
    assert response.status_code == 200
    assert [t["id"] for t in response.context["open_tables"]] == [public.public_id]
    assert [t["id"] for t in response.context["running_tables"]] == [running.public_id]
    html = response.content.decode()
    assert f"/t/{public.public_id}/join/" in html and f"/t/{hidden.public_id}/" not in html
    assert "Play as guest" in html and 'type="module"' in html


def test_lobby_rows_offer_what_fits(as_bob: Client, ada: User, bob: User) -> None:
    joinable = services.create_table(ada, "space-mission", 3)
    full = services.create_table(ada, "space-mission", 2, bots=1, bot_kind="easy")
    mine = services.create_table(bob, "space-mission", 3)
    html = as_bob.get(reverse("lobby")).content.decode()

    def row(table: Table) -> str:
        start = html.index(f'data-table="{table.public_id}"')
        return html[start : html.index("</li>", start)]

    assert "Join" in row(joinable)
    assert "Full" in row(full) and "Join" not in row(full)
    assert "Your table" in row(mine) and "Join" not in row(mine)


def test_lobby_shows_my_tables_including_private(as_bob: Client, bob: User) -> None:
    hidden = services.create_table(bob, "space-mission", 3, private=True)
    response = as_bob.get(reverse("lobby"))
    assert [t.pk for t in response.context["my_tables"]] == [hidden.pk]


def test_waiting_room_for_host_and_visitor(table: Table, as_ada: Client, as_bob: Client) -> None:
    host_page = as_ada.get(reverse("table", args=[table.public_id])).content.decode()
    assert reverse("table-start", args=[table.public_id]) in host_page
    assert reverse("table-bot-add", args=[table.public_id]) in host_page
    visitor_page = as_bob.get(reverse("table", args=[table.public_id])).content.decode()
    assert reverse("table-start", args=[table.public_id]) not in visitor_page
    assert "Sit here" in visitor_page


def test_running_table_renders_the_match_page(table: Table, ada: User, bob: User) -> None:
    services.join(bob, table.pk)
    match = tables.start(ada, table.pk)
    client = Client()
    client.force_login(bob)
    response = client.get(reverse("table", args=[table.public_id]))
    assert response.templates[0].name == "match/table.html"
    html = response.content.decode()
    start = html.index('id="match-config"')
    config = json.loads(html[html.index(">", start) + 1 : html.index("</script>", start)])
    assert config == {
        "table": table.public_id,
        "match": match.pk,
        "game": "space-mission",
        "game_name": "Space Mission",
        "ws": f"/ws/match/{match.pk}/",
        "seat": 1,
        "user": "bob",
        "is_host": False,
        "private": False,
        "lobby_url": "/",
        "leave_url": f"/t/{table.public_id}/leave/",
        "settings": {
            "sound": False,
            "browser": True,
            "motion": "animated",
            "confirm_turn_end": False,
            "end_turn_with_last": False,
            "confirm_leave": True,
        },
    }


def test_spectator_config_has_no_seat(table: Table, ada: User, bob: User) -> None:
    services.join(bob, table.pk)
    tables.start(ada, table.pk)
    response = Client().get(reverse("table", args=[table.public_id]))
    config = response.context["match_config"]
    assert (config["seat"], config["user"], config["is_host"]) == (None, None, False)


@pytest.mark.parametrize(
    ("level", "plays"), [(None, "normal"), ("easy", "easy"), ("no-such-level", "normal")]
)
def test_leaving_a_running_match_hands_the_seat_to_a_bot(
    table: Table, ada, bob, settings, level: str | None, plays: str
) -> None:
    """The stand-in plays at the server's STAND_IN_LEVEL where the game offers it, else at
    the game's default level (normal unless set)."""
    if level is not None:
        settings.STAND_IN_LEVEL = level
    services.join(bob, table.pk)
    tables.start(ada, table.pk)
    client = Client()
    client.force_login(bob)
    response = client.post(reverse("table-leave", args=[table.public_id]))
    assert response["Location"] == reverse("lobby")
    seat = table.seats.get(index=1)
    assert (seat.user, seat.bot) == (None, plays)
    played = table.match.seats.get(index=1)  # the match's seat stays bob's, resigned
    assert (played.user, played.bot, played.resigned) == (bob, plays, True)


def test_table_state_changes_with_the_table(table: Table, bob: User, client: Client) -> None:
    url = reverse("table-state", args=[table.public_id])
    before = client.get(url).json()
    assert before["status"] == "open"
    services.join(bob, table.pk)
    after = client.get(url).json()
    assert after["updated"] != before["updated"]


def test_unknown_table_is_not_found(client: Client) -> None:
    assert client.get(reverse("table", args=["nosuch00"])).status_code == 404


def js_catalog(client: Client, language: str) -> dict[str, str | list[str]]:
    """The translations the JavaScript catalog hands a page read in ``language``."""
    response = client.get("/jsi18n/", headers={"accept-language": language})
    assert response.status_code == 200 and response["content-type"].startswith("text/javascript")
    found = re.search(r"const newcatalog = (\{.*?\});$", response.content.decode(), re.S | re.M)
    return json.loads(found.group(1)) if found else {}


def test_javascript_catalog_and_health(client: Client) -> None:
    assert js_catalog(client, "en") == {}  # the page's own words are English
    for language in ("de", "hu"):
        catalog = js_catalog(client, language)
        reconnecting = catalog["Connection lost; reconnecting…"]  # lobby.js
        assert reconnecting and reconnecting != "Connection lost; reconnecting…"
    assert client.get("/healthz").content == b"ok"


def test_german_pages(client: Client) -> None:
    html = client.get(reverse("lobby"), headers={"accept-language": "de"}).content.decode()
    assert 'lang="de"' in html
    assert "Als Gast spielen" in html
    catalog = client.get("/jsi18n/", headers={"accept-language": "de"}).content.decode()
    assert "Zuschauen" in catalog


def test_language_can_be_chosen(client: Client) -> None:
    client.post("/i18n/setlang/", {"language": "de", "next": "/"})
    assert "Offene Tische" in client.get(reverse("lobby")).content.decode()


def test_admin_lists_users_and_tables_with_seats(table: Table, make_user) -> None:
    admin = make_user("root", is_staff=True, is_superuser=True)
    client = Client()
    client.force_login(admin)
    users = client.get("/admin/accounts/user/").content.decode()
    assert f'<a href="/admin/accounts/user/{table.host.pk}/change/">ada</a>' in users
    page = client.get(f"/admin/lobby/table/{table.pk}/change/").content.decode()
    assert 'name="seats-TOTAL_FORMS" value="3"' in page  # one row per seat
    assert f'name="seats-0-user" value="{table.host.pk}"' in page  # Ada in seat 0
