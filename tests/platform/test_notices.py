"""Each user's settings: the settings page (turn notices, how moves are shown, what is
asked first), what the table page reads, and the mail settings taken from the
environment."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from django.test import Client
from django.urls import reverse

from spacemission.accounts.models import User
from tests.platform.live.conftest import create_match

pytestmark = pytest.mark.django_db
ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def ada(client: Client) -> User:
    user = User.objects.create_user("ada")
    client.force_login(user)
    return user


def save(client: Client, language: str = "en", **fields):
    data = {"email": "", "move_motion": "animated", **fields}
    return client.post(reverse("settings"), data, HTTP_ACCEPT_LANGUAGE=language)


def test_new_accounts_start_with_browser_notices_and_mail_but_no_sound(ada: User) -> None:
    assert (ada.notice_sound, ada.notice_browser, ada.notice_email) == (False, True, True)


def test_the_settings_page_saves_the_settings_and_their_language(client, ada) -> None:
    assert reverse("settings").encode() in client.get(reverse("account")).content
    page = client.get(reverse("settings"))
    assert b'id="notice-settings"' in page.content and b"js/account.js" in page.content
    assert b'id="table-settings"' in page.content
    response = save(client, "de", email=" ada@example.com ", notice_sound="on", notice_email="on")
    assert response.status_code == 302 and response["Location"] == reverse("settings")
    ada.refresh_from_db()
    assert ada.email == "ada@example.com" and ada.language == "de"
    assert (ada.notice_sound, ada.notice_browser, ada.notice_email) == (True, False, True)


def test_a_bad_address_is_refused_and_nothing_changes(client, ada) -> None:
    response = save(client, email="not an address", notice_sound="on")
    assert response.status_code == 400
    assert b"Enter a valid email address" in response.content
    ada.refresh_from_db()
    assert (ada.email, ada.notice_sound) == ("", False)


def test_settings_need_a_login(client) -> None:
    response = client.post(reverse("settings"), {"email": ""})
    assert response.status_code == 302 and response["Location"].startswith(reverse("login"))
    assert client.get(reverse("settings")).status_code == 302


def test_guests_have_settings_too(client) -> None:
    client.post(reverse("guest"))
    guest = User.objects.get(is_guest=True)
    assert client.get(reverse("settings")).status_code == 200
    saved = save(client, move_motion="still", confirm_turn_end="on", end_turn_with_last="on")
    assert saved.status_code == 302
    guest.refresh_from_db()
    assert (
        guest.move_motion,
        guest.confirm_turn_end,
        guest.end_turn_with_last,
        guest.confirm_leave,
    ) == ("still", True, True, False)


def test_an_unknown_motion_is_refused_and_nothing_changes(client, ada) -> None:
    response = save(client, move_motion="spin", notice_sound="on")
    assert response.status_code == 400
    ada.refresh_from_db()
    assert (ada.move_motion, ada.notice_sound) == ("animated", False)


def test_saving_from_a_table_goes_back_to_it_and_only_to_this_site(client, ada) -> None:
    page = client.get(reverse("settings"), {"next": "/t/Xk3f9aB2/"})
    assert b'name="next" value="/t/Xk3f9aB2/"' in page.content
    assert save(client, next="/t/Xk3f9aB2/")["Location"] == "/t/Xk3f9aB2/"
    assert save(client, next="https://evil.example.com/")["Location"] == reverse("lobby")


def test_the_table_page_reads_the_players_settings(client, ada) -> None:
    ada.notice_sound, ada.notice_browser, ada.move_motion = True, False, "at-once"
    ada.confirm_turn_end, ada.confirm_leave, ada.end_turn_with_last = True, False, True
    ada.save()
    match = create_match([ada, "greedy"])
    page = client.get(reverse("table", args=[match.table.public_id]))
    assert page.context["match_config"]["settings"] == {
        "sound": True,
        "browser": False,
        "motion": "at-once",
        "confirm_turn_end": True,
        "end_turn_with_last": True,
        "confirm_leave": False,
    }
    assert b'id="match-config"' in page.content
    assert f"{reverse('settings')}?next=".encode() in page.content  # the table's gear
    spectator = Client()
    page = spectator.get(reverse("table", args=[match.table.public_id]))
    assert page.context["match_config"]["settings"] == {
        "sound": False,
        "browser": False,
        "motion": "animated",
        "confirm_turn_end": False,
        "end_turn_with_last": False,
        "confirm_leave": True,
    }


def settings_under(**env: str) -> dict:
    """Mail settings as a fresh process reads them from ``env`` (raises if it fails)."""
    code = (
        "import django, json; django.setup(); from django.conf import settings as s;"
        "print(json.dumps({k: getattr(s, k) for k in ('EMAIL_BACKEND', 'EMAIL_HOST',"
        " 'EMAIL_PORT', 'EMAIL_HOST_USER', 'EMAIL_USE_TLS', 'DEFAULT_FROM_EMAIL', 'SITE_URL')}))"
    )
    clean = {k: v for k, v in os.environ.items() if k not in {"EMAIL_URL", "SITE_URL"}}
    done = subprocess.run(
        [sys.executable, "-c", code],
        cwd=ROOT,
        env={**clean, "DJANGO_SETTINGS_MODULE": "spacemission.settings", **env},
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
    )
    return json.loads(done.stdout)


def test_mail_settings_come_from_the_environment() -> None:
    default = settings_under()
    assert default["EMAIL_BACKEND"] == "django.core.mail.backends.console.EmailBackend"
    smtp = settings_under(
        EMAIL_URL="smtp://mailer:secret@smtp.example.com:587/?tls=True",
        DEFAULT_FROM_EMAIL="Space Mission <play@example.com>",
        SITE_URL="https://play.example.com/",
    )
    assert smtp == {
        "EMAIL_BACKEND": "django.core.mail.backends.smtp.EmailBackend",
        "EMAIL_HOST": "smtp.example.com",
        "EMAIL_PORT": 587,
        "EMAIL_HOST_USER": "mailer",
        "EMAIL_USE_TLS": True,
        "DEFAULT_FROM_EMAIL": "Space Mission <play@example.com>",
        "SITE_URL": "https://play.example.com",
    }


def test_an_unknown_mail_scheme_is_refused_at_start() -> None:
    with pytest.raises(subprocess.CalledProcessError) as failed:
        settings_under(EMAIL_URL="pigeon://coop")
    assert "EMAIL_URL" in failed.value.stderr


@pytest.mark.parametrize(
    ("language", "label"),
    [
        ("en", "End my turn with its last action (no undo after it)"),
        ("de", "Meinen Zug mit seiner letzten Aktion beenden (danach kein Rückgängig)"),
        ("hu", "A köröm az utolsó akciómmal érjen véget (utána nincs visszavonás)"),
    ],
)
def test_the_settings_page_offers_to_end_the_turn_with_its_last_action(
    client, ada, language, label
) -> None:
    """O2, B59 waived by the player: the setting sits with the table's other settings."""
    page = client.get(reverse("settings"), HTTP_ACCEPT_LANGUAGE=language)
    section = page.content.decode().split('id="table-settings"')[1]
    assert 'name="end_turn_with_last"' in section and label in section
    assert not User.objects.get(pk=ada.pk).end_turn_with_last  # off until chosen
