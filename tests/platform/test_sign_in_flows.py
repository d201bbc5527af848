"""Every way through login, sign-up or "Play as guest" returns the player to what they
asked for: the table they filled in, the seat they chose, the invite they followed."""

from __future__ import annotations

from urllib.parse import parse_qs, urlparse

import pytest
from django.contrib.auth import get_user
from django.test import Client
from django.urls import reverse

from spacemission.accounts.models import User
from spacemission.lobby import services
from spacemission.lobby.models import Table
from tests.platform.conftest import PASSWORD

pytestmark = pytest.mark.django_db
CHOSEN = {"game": "blabla", "seats": "3", "bots": "1", "bot_kind": "easy"}


def next_of(response) -> str:
    return parse_qs(urlparse(response["Location"]).query)["next"][0]


def header_guest_next(page: str) -> str:
    """The ``next`` of the site header's "Play as guest" form."""
    header = page.split('<header class="site-header">')[1].split("</header>")[0]
    return header.split('name="next" value="')[1].split('"')[0].replace("&amp;", "&")


def test_new_table_then_play_as_guest_on_the_login_page_opens_the_table(client: Client):
    asked = client.post(reverse("table-create"), CHOSEN)
    login_url = asked["Location"]
    assert next_of(asked) == reverse("resume") and not Table.objects.exists()
    page = client.get(login_url).content.decode()
    # Both "Play as guest" buttons of the login page go on to the table asked for.
    main_next = page.split('action="/guest/"')[-1].split('name="next" value="')[1].split('"')[0]
    assert main_next == reverse("resume") and header_guest_next(page) == reverse("resume")
    response = client.post(reverse("guest"), {"next": header_guest_next(page)}, follow=True)
    table = Table.objects.get()
    assert response.redirect_chain[-1][0] == table.get_absolute_url()
    assert table.host == get_user(client) and get_user(client).is_guest
    assert (table.game, table.seat_count) == ("blabla", 3)


def test_the_header_guest_button_of_a_login_page_without_next_does_not_loop(client: Client):
    page = client.get(reverse("login")).content.decode()
    response = client.post(reverse("guest"), {"next": header_guest_next(page)}, follow=True)
    assert response.redirect_chain[-1][0] == reverse("lobby")


def test_a_signed_in_visitor_of_the_login_page_goes_on(client: Client, ada: User):
    client.force_login(ada)
    assert client.get(f"{reverse('login')}?next=/games/")["Location"] == "/games/"
    # A ``next`` naming the login page itself is no loop (and no error page).
    looped = client.get(f"{reverse('login')}?next={reverse('login')}%3Fnext%3D%2F")
    assert looped.status_code == 302 and looped["Location"] == reverse("lobby")


def test_log_in_after_choosing_a_seat_sits_you_there(client: Client, ada: User, bob: User):
    table = services.create_table(ada, "space-mission", 3)
    asked = client.post(reverse("table-join", args=[table.public_id]), {"seat": 2})
    response = client.post(
        asked["Location"],
        {"username": "bob", "password": PASSWORD, "next": next_of(asked)},
        follow=True,
    )
    assert response.redirect_chain[-1][0] == table.get_absolute_url()
    assert table.seats.get(index=2).user_id == bob.pk


def test_sign_up_after_a_quick_match_finds_the_table(client: Client):
    asked = client.post(reverse("quick-match"), {"game": "jump-drive", "seats": "2"})
    fields = {"username": "nova", "password1": "orbit-Sling-42", "password2": "orbit-Sling-42"}
    response = client.post(
        f"{reverse('signup')}?next={next_of(asked)}", {**fields, "next": next_of(asked)}
    )
    assert response["Location"] == reverse("resume")
    table_url = client.get(reverse("resume"))["Location"]
    table = Table.objects.get()
    assert table_url == table.get_absolute_url() and table.host.username == "nova"


def test_a_followed_invite_leads_through_play_as_guest_to_a_seat(client: Client, ada: User):
    table = services.create_table(ada, "space-mission", 3, private=True)
    client.get(reverse("invite", args=[table.invite_token]))
    asked = client.post(reverse("table-join", args=[table.public_id]))
    response = client.post(reverse("guest"), {"next": next_of(asked)}, follow=True)
    assert response.redirect_chain[-1][0] == table.get_absolute_url()
    guest = get_user(client)
    assert table.seats.filter(user=guest).exists()


def test_resume_without_anything_asked_goes_to_the_lobby(as_ada: Client):
    assert as_ada.get(reverse("resume"))["Location"] == reverse("lobby")
    session = as_ada.session
    session["pending_action"] = {"path": "/t/xxxxxxxx/start/", "data": {}}
    session.save()
    assert as_ada.get(reverse("resume"))["Location"] == reverse("lobby")  # not resumable
    session["pending_action"] = "junk"
    session.save()
    assert as_ada.get(reverse("resume"))["Location"] == reverse("lobby")


def test_a_refused_table_asked_for_while_logged_out_shows_the_form_again(client: Client):
    client.post(reverse("table-create"), {**CHOSEN, "rated": "on"})
    client.post(reverse("guest"))
    response = client.get(reverse("resume"))
    assert response.status_code == 400 and not Table.objects.exists()
    assert "Sign up to play rated" in response.content.decode()
    assert response.context["create_form"]["game"].value() == "blabla"
