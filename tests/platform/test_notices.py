"""Each user's "your turn" settings: the account form, what the table page reads, and the
mail settings taken from the environment."""

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
    data = {"email": "", **fields}
    return client.post(reverse("account-notices"), data, HTTP_ACCEPT_LANGUAGE=language)


def test_new_accounts_start_with_browser_notices_and_mail_but_no_sound(ada: User) -> None:
    assert (ada.notice_sound, ada.notice_browser, ada.notice_email) == (False, True, True)


def test_the_account_page_saves_the_settings_and_their_language(client, ada) -> None:
    page = client.get(reverse("account"))
    assert b'id="notice-settings"' in page.content and b"js/account.js" in page.content
    response = save(client, "de", email=" ada@example.com ", notice_sound="on", notice_email="on")
    assert response.status_code == 302 and response["Location"] == reverse("account")
    ada.refresh_from_db()
    assert ada.email == "ada@example.com" and ada.language == "de"
    assert (ada.notice_sound, ada.notice_browser, ada.notice_email) == (True, False, True)


def test_a_bad_address_is_refused_and_nothing_changes(client, ada) -> None:
    response = save(client, email="not an address", notice_sound="on")
    assert response.status_code == 400
    assert b"Enter a valid email address" in response.content
    ada.refresh_from_db()
    assert (ada.email, ada.notice_sound) == ("", False)


def test_settings_need_a_login_and_a_post(client) -> None:
    assert client.post(reverse("account-notices"), {"email": ""}).status_code == 302
    user = User.objects.create_user("bob")
    client.force_login(user)
    assert client.get(reverse("account-notices")).status_code == 405


def test_the_table_page_reads_the_players_settings(client, ada) -> None:
    ada.notice_sound, ada.notice_browser = True, False
    ada.save()
    match = create_match([ada, "greedy"])
    page = client.get(reverse("table", args=[match.table.public_id]))
    assert page.context["match_config"]["notices"] == {"sound": True, "browser": False}
    assert b'id="match-config"' in page.content
    spectator = Client()
    page = spectator.get(reverse("table", args=[match.table.public_id]))
    assert page.context["match_config"]["notices"] == {"sound": False, "browser": False}


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
