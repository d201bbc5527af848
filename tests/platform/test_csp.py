"""Content-Security-Policy: every page kind sends it, and no page needs what it forbids
(inline scripts, style attributes, event handlers)."""

from __future__ import annotations

import re

import pytest
from django.test import Client
from django.urls import reverse

from spacemission.accounts.models import User
from spacemission.lobby import services
from spacemission.matches import tables

pytestmark = pytest.mark.django_db

INLINE_SCRIPT = re.compile(r"<script(?![^>]*\bsrc=)(?![^>]*application/json)[^>]*>")
STYLE_ATTRIBUTE = re.compile(r"<[^>]+\sstyle=", re.I)
HANDLER = re.compile(r"<[^>]+\son[a-z]+=", re.I)


def directives(response) -> dict[str, str]:
    header = response["Content-Security-Policy"]
    return dict(part.strip().split(" ", 1) for part in header.split(";") if part.strip())


@pytest.fixture
def pages(ada: User, bob: User, as_ada: Client) -> dict[str, tuple[Client, str]]:
    waiting = services.create_table(ada, "space-mission", 3)
    playing = services.create_table(ada, "space-mission", 2, bots=1, bot_kind="easy")
    tables.start(ada, playing.pk)
    drive = services.create_table(ada, "jump-drive", 2, bots=1, bot_kind="easy")
    tables.start(ada, drive.pk)
    anonymous = Client()
    return {
        "lobby": (as_ada, reverse("lobby")),
        "lobby (anonymous)": (anonymous, reverse("lobby")),
        "waiting room": (as_ada, waiting.get_absolute_url()),
        "space mission table": (as_ada, playing.get_absolute_url()),
        "jump drive table": (anonymous, drive.get_absolute_url()),
        "log in": (anonymous, reverse("login")),
        "sign up": (anonymous, reverse("signup")),
        "account": (as_ada, reverse("account")),
        "password": (as_ada, reverse("password-change")),
        "profile": (anonymous, reverse("profile", args=["ada"])),
        "not found": (anonymous, "/t/nosuch00/"),
        "admin login": (anonymous, "/admin/login/"),
    }


def test_every_page_kind_sends_the_policy_and_needs_nothing_it_forbids(pages) -> None:
    for kind, (client, url) in pages.items():
        response = client.get(url)
        assert response.status_code in {200, 404}, kind
        policy = directives(response)
        for name in ("default-src", "script-src", "style-src", "connect-src"):
            assert policy[name] == "'self'", (kind, name)
        assert policy["object-src"] == "'none'" and policy["frame-ancestors"] == "'none'"
        html = response.content.decode()
        if kind == "admin login":
            continue  # Django's own pages: checked for the header only
        assert not INLINE_SCRIPT.findall(html), kind
        assert not STYLE_ATTRIBUTE.findall(html), kind
        assert not HANDLER.findall(html), kind


def test_game_badges_are_coloured_by_a_stylesheet(client: Client) -> None:
    response = client.get(reverse("game-styles"))
    assert response["Content-Type"].startswith("text/css")
    css = response.content.decode()
    assert '.game-mark[data-game="space-mission"] { background: hsl(210 45% 38%); }' in css
    assert '.game-mark[data-game="jump-drive"]' in css
