"""Error pages are the site's own: styled, translated, and pointing back to the lobby."""

from __future__ import annotations

import pytest
from django.core.exceptions import PermissionDenied
from django.test import Client, RequestFactory
from django.utils import translation
from django.utils.html import escape
from django.utils.translation import gettext
from django.views import defaults

pytestmark = pytest.mark.django_db


def test_unknown_page_is_the_sites_not_found_page(client: Client) -> None:
    response = client.get("/no-such-page/")
    html = response.content.decode()
    assert response.status_code == 404
    assert "Not found" in html and 'href="/"' in html and "site.css" in html


def test_expired_form_is_explained_and_changes_nothing(client: Client) -> None:
    strict = Client(enforce_csrf_checks=True)
    response = strict.post("/guest/", {"next": "/"})
    html = response.content.decode()
    assert response.status_code == 403
    assert "The form expired" in html and "Back to the lobby" in html
    assert "_auth_user_id" not in strict.session  # no guest was logged in


def test_forbidden_and_bad_request_pages() -> None:
    request = RequestFactory().get("/somewhere/")
    forbidden = defaults.permission_denied(request, PermissionDenied())
    bad = defaults.bad_request(request, ValueError())
    assert forbidden.status_code == 403 and "Not allowed" in forbidden.content.decode()
    assert bad.status_code == 400 and "Bad request" in bad.content.decode()


def test_server_error_page_needs_no_request_context() -> None:
    response = defaults.server_error(RequestFactory().get("/"))
    html = response.content.decode()
    assert response.status_code == 500
    assert "Server error" in html and "Your games are stored" in html


NOT_FOUND_WORDS = (
    "Not found",
    "There is no such page, table or player here. The table may have been closed, or the "
    "link mistyped.",
    "Back to the lobby",
)


@pytest.mark.parametrize("language", ["de", "hu"])
def test_not_found_page_in_the_readers_language(client: Client, language: str) -> None:
    response = client.get("/no-such-page/", headers={"accept-language": language})
    html = response.content.decode()
    assert response.status_code == 404 and f'lang="{language}"' in html
    for english in NOT_FOUND_WORDS:
        with translation.override(language):
            translated = gettext(english)
        assert translated != english and escape(translated) in html and english not in html
