"""Every refusal a match page can receive reaches its player in words of their language:
each error code the match socket's server side can send has its words in the page's
refusals module (which ``gettext`` marks for the catalogues), so no raw English
``message`` is ever shown."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
REFUSALS = ROOT / "frontend/static/js/match/refusals.js"
# Where the match socket's refusals come from: the consumer, its frames and services.
SOURCES = ["spacemission/live", "spacemission/matches"]
RAISED = re.compile(r'(?:IllegalAction|ClientError|frames\.error)\(\s*"([a-z_]+)"')


def server_codes() -> set[str]:
    return {
        code
        for folder in SOURCES
        for path in (ROOT / folder).glob("*.py")
        for code in RAISED.findall(path.read_text())
    }


def worded_codes() -> set[str]:
    text = REFUSALS.read_text()
    table = text[text.index("const WORDS = {") : text.index("};")]
    return set(re.findall(r"^\s+([a-z_]+):", table, re.M))


def test_every_refusal_of_the_match_socket_has_words_in_the_players_language() -> None:
    codes = server_codes()
    assert {"stale_version", "spectator", "resigned", "server_error"} <= codes  # found them
    assert codes - worded_codes() == set()


def test_the_protocol_documents_the_codes_the_page_words() -> None:
    protocol = (ROOT / "docs/protocol.md").read_text()
    for code in worded_codes():
        assert f"`{code}`" in protocol, code
