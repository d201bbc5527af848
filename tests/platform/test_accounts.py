"""Sign-up, log in and out, guests and their upgrade, display names, CSRF."""

from __future__ import annotations

import re

import pytest
from django.contrib.auth import authenticate, get_user
from django.test import Client
from django.urls import reverse

from spacemission.accounts.models import User
from spacemission.lobby import services
from spacemission.lobby.models import Seat
from spacemission.matches import tables

pytestmark = pytest.mark.django_db

GOOD_PASSWORD = "orbit-Kepler-451"


def signup(client: Client, **fields: str):
    data = {"username": "ada", "password1": GOOD_PASSWORD, "password2": GOOD_PASSWORD}
    return client.post(reverse("signup"), {**data, **fields})


def test_signup_creates_and_logs_in(client: Client) -> None:
    response = signup(client, display_name="  Ada   Lovelace ")
    assert response.status_code == 302 and response["Location"] == reverse("lobby")
    user = User.objects.get(username="ada")
    assert (user.display_name, user.is_guest) == ("Ada Lovelace", False)
    assert user.check_password(GOOD_PASSWORD)
    assert get_user(client).pk == user.pk


def test_signup_follows_a_safe_next_only(client: Client) -> None:
    response = signup(client, next="/t/9/")
    assert response["Location"] == "/t/9/"
    other = Client()
    response = signup(other, username="bob", next="https://evil.example/")
    assert response["Location"] == reverse("lobby")


@pytest.mark.parametrize(
    ("password", "message"),
    [
        ("short1", "too short"),
        ("password123", "too common"),
        ("8412679305", "entirely numeric"),
        ("ada-lovelace", "too similar"),
    ],
)
def test_signup_validates_passwords(client: Client, password: str, message: str) -> None:
    response = signup(client, username="ada-lovelace", password1=password, password2=password)
    assert response.status_code == 200
    assert message in " ".join(response.context["form"].errors["password2"])
    assert not User.objects.exists()


def test_signup_refuses_mismatch_taken_and_guest_names(client: Client, make_user) -> None:
    make_user("Ada")
    response = signup(client, username="ada")
    assert "already exists" in str(response.context["form"].errors["username"])
    response = signup(client, username="Guest-1234")
    assert "kept for guests" in str(response.context["form"].errors["username"])
    response = signup(client, username="bob", password2="something-else-9")
    assert "match" in str(response.context["form"].errors["password2"])
    assert list(User.objects.values_list("username", flat=True)) == ["Ada"]


def test_login_and_logout(client: Client, ada: User) -> None:
    response = client.post(reverse("login"), {"username": "ada", "password": "wrong"})
    assert response.status_code == 200 and not get_user(client).is_authenticated
    response = client.post(reverse("login"), {"username": "ada", "password": GOOD_PASSWORD})
    assert response["Location"] == reverse("lobby")
    assert get_user(client).pk == ada.pk
    assert client.get(reverse("logout")).status_code == 405  # logging out is a POST
    assert get_user(client).is_authenticated
    client.post(reverse("logout"))
    assert not get_user(client).is_authenticated


def test_guest_is_a_real_user_logged_in_at_once(client: Client) -> None:
    response = client.post(reverse("guest"), {"next": "/t/5/"})
    assert response["Location"] == "/t/5/"
    user = get_user(client)
    assert re.fullmatch(r"Guest-\d{4}", user.username)
    assert user.is_guest and not user.has_usable_password()
    assert User.objects.get(pk=user.pk).is_guest


def test_guest_button_needs_post(client: Client) -> None:
    assert client.get(reverse("guest")).status_code == 405
    assert not User.objects.exists()


def test_guest_keeps_its_games_as_a_full_account(client: Client, bob: User) -> None:
    client.post(reverse("guest"))
    guest = get_user(client)
    table = services.create_table(guest, "space-mission", 2)
    services.join(bob, table.pk)
    tables.start(guest, table.pk)

    response = client.post(
        reverse("claim"),
        {"username": "astra", "password1": GOOD_PASSWORD, "password2": GOOD_PASSWORD},
    )
    assert response["Location"] == reverse("profile", args=["astra"])
    user = User.objects.get(pk=guest.pk)
    assert (user.username, user.is_guest) == ("astra", False)
    assert user.check_password(GOOD_PASSWORD)
    assert Seat.objects.get(table=table, index=0).user == user
    assert get_user(client).pk == user.pk  # still signed in after the password change
    fresh = Client()
    assert fresh.login(username="astra", password=GOOD_PASSWORD)


def test_guest_upgrade_validates_password_and_name(client: Client, ada: User) -> None:
    client.post(reverse("guest"))
    response = client.post(
        reverse("claim"), {"username": "ada", "password1": "abc", "password2": "abc"}
    )
    errors = response.context["form"].errors
    assert "already exists" in str(errors["username"])
    assert "too short" in str(errors["password1"])
    assert get_user(client).is_guest


def test_full_accounts_cannot_claim(as_ada: Client) -> None:
    assert as_ada.get(reverse("claim"))["Location"] == reverse("account")


def test_display_name_is_editable(as_ada: Client, ada: User) -> None:
    response = as_ada.post(reverse("account"), {"display_name": "  Countess  of Lovelace "})
    assert response["Location"] == reverse("account")
    ada.refresh_from_db()
    assert ada.display_name == "Countess of Lovelace"
    assert ada.shown_name == "Countess of Lovelace"
    as_ada.post(reverse("account"), {"display_name": "x" * 41})
    ada.refresh_from_db()
    assert ada.display_name == "Countess of Lovelace"


def test_account_pages_need_login(client: Client) -> None:
    for name in ("account", "claim"):
        assert client.get(reverse(name))["Location"].startswith(reverse("login"))


@pytest.mark.parametrize(
    ("name", "data"),
    [
        ("signup", {"username": "ada", "password1": GOOD_PASSWORD, "password2": GOOD_PASSWORD}),
        ("login", {"username": "bob", "password": GOOD_PASSWORD}),
        ("guest", {}),
        ("quick-match", {"game": "space-mission", "seats": 2}),
    ],
)
def test_forms_refuse_posts_without_csrf_token(bob: User, name: str, data: dict) -> None:
    client = Client(enforce_csrf_checks=True)
    response = client.post(reverse(name), data)
    assert response.status_code == 403
    assert not get_user(client).is_authenticated
    assert not User.objects.filter(username="ada").exists()


def test_table_actions_refuse_posts_without_csrf_token(ada: User) -> None:
    table = services.create_table(ada, "space-mission", 3, bots=1, bot_kind="easy")
    client = Client(enforce_csrf_checks=True)
    client.force_login(ada)
    assert client.post(reverse("table-start", args=[table.public_id])).status_code == 403
    assert client.post(reverse("logout")).status_code == 403
    table.refresh_from_db()
    assert table.status == "open"


def test_forms_pass_with_the_csrf_token(ada: User) -> None:
    client = Client(enforce_csrf_checks=True)
    page = client.get(reverse("login"))
    token = page.cookies["csrftoken"].value
    response = client.post(
        reverse("login"),
        {"username": "ada", "password": GOOD_PASSWORD, "csrfmiddlewaretoken": token},
    )
    assert response.status_code == 302
    assert get_user(client).pk == ada.pk


def test_password_change_keeps_the_session(as_ada: Client, ada: User) -> None:
    new = "nebula-Cassini-77"
    response = as_ada.post(
        reverse("password-change"),
        {"old_password": GOOD_PASSWORD, "new_password1": new, "new_password2": new},
    )
    assert response["Location"] == reverse("account")
    ada.refresh_from_db()
    assert ada.check_password(new)
    assert get_user(as_ada).pk == ada.pk


def test_profile_and_account_pages_render(as_ada: Client) -> None:
    assert "Ada" in as_ada.get(reverse("profile", args=["ada"])).content.decode()
    page = as_ada.get(reverse("account")).content.decode()
    assert 'name="display_name"' in page and reverse("password-change") in page


def test_account_creation_is_limited_per_address(settings) -> None:
    settings.CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}
    settings.NEW_ACCOUNTS_PER_HOUR = 3
    for _ in range(3):
        Client(REMOTE_ADDR="10.0.0.7").post(reverse("guest"))
    assert User.objects.count() == 3
    refused = Client(REMOTE_ADDR="10.0.0.7").post(reverse("guest"))
    assert refused.status_code == 429
    assert signup(Client(REMOTE_ADDR="10.0.0.7")).status_code == 429
    assert User.objects.count() == 3
    assert Client(REMOTE_ADDR="10.0.0.8").post(reverse("guest")).status_code == 302


@pytest.mark.parametrize("name", ["ADA", "Countess", "guest-1234"])
def test_display_name_cannot_pass_for_another_player(
    as_bob: Client, bob: User, make_user, name: str
) -> None:
    make_user("countess_l", display_name="Countess")
    make_user("ada")
    response = as_bob.post(reverse("account"), {"display_name": name})
    assert "Another player goes by that name." in str(response.context["form"].errors)
    bob.refresh_from_db()
    assert bob.display_name == ""


def test_display_name_may_be_your_own_username(as_bob: Client, bob: User) -> None:
    as_bob.post(reverse("account"), {"display_name": "BOB"})
    bob.refresh_from_db()
    assert bob.display_name == "BOB"


def test_login_ignores_the_case_of_the_username(client: Client, ada: User) -> None:
    response = client.post(reverse("login"), {"username": "ADA", "password": GOOD_PASSWORD})
    assert response.status_code == 302
    assert get_user(client).pk == ada.pk
    other = Client()
    other.post(reverse("login"), {"username": "ADA", "password": "wrong-password-1"})
    assert not get_user(other).is_authenticated


@pytest.mark.parametrize("length", [151, 60_000])
def test_an_overlong_username_is_refused_before_any_query(
    client: Client, ada: User, length: int
) -> None:
    response = client.post(reverse("login"), {"username": "a" * length, "password": GOOD_PASSWORD})
    assert response.status_code == 200
    assert "_auth_user_id" not in client.session
    assert authenticate(username="a" * length, password=GOOD_PASSWORD) is None


LOOK_ALIKES = [
    "\u0410da",  # a Cyrillic capital A
    "Ada\u200b",  # a zero-width space after it
    "\u202eadA",  # a right-to-left override: shown as "Ada"
    "\uff21\uff44\uff41",  # full-width letters
    "ADA",
]


@pytest.mark.parametrize("name", LOOK_ALIKES)
def test_a_username_like_an_existing_one_is_refused(client: Client, make_user, name) -> None:
    make_user("Ada")
    response = signup(client, username=name)
    assert response.status_code == 200
    assert User.objects.count() == 1


@pytest.mark.parametrize("name", [*LOOK_ALIKES, "Ada Lovelace\u2066"])
def test_a_display_name_like_another_players_is_refused(
    as_bob: Client, bob: User, make_user, name: str
) -> None:
    make_user("ada")
    make_user("countess", display_name="Ada Lovelace")
    response = as_bob.post(reverse("account"), {"display_name": name})
    errors = str(response.context["form"].errors)
    assert "Another player goes by that name." in errors or "invisible" in errors
    bob.refresh_from_db()
    assert bob.display_name == ""


@pytest.mark.parametrize("name", ["Ada\u200d", "A\u2066da\u2069", "Ada\u200e"])
def test_invisible_and_direction_characters_are_refused_even_without_a_clash(
    as_bob: Client, bob: User, name: str
) -> None:
    response = as_bob.post(reverse("account"), {"display_name": name})
    assert "invisible or direction-changing" in str(response.context["form"].errors)


def test_a_name_looking_like_a_guests_is_reserved(client: Client) -> None:
    response = signup(client, username="Gu\u0435st-1234")  # a Cyrillic e
    assert "kept for guests" in response.content.decode()
    assert not User.objects.exists()


def test_guests_and_distinct_names_still_work(client: Client, make_user) -> None:
    make_user("Ada")
    assert Client().post(reverse("guest")).status_code == 302
    assert Client().post(reverse("guest")).status_code == 302
    assert signup(client, username="Adam").status_code == 302
    assert User.objects.filter(is_guest=True).count() == 2
