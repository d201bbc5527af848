"""The log's words: every kind of event both games write is worded by the page, in each
language, with every placeholder filled and every seat named (contract 3: events, not
sentences)."""

from __future__ import annotations

import pytest

from games import gamelog, registry
from tests.games.playout import playout

pytestmark = pytest.mark.browser

GAMES = {"space-mission": 3, "jump-drive": 3}
# Kinds the sample must hold: the ends of a game, and a choice taken back (J15).
MUST = {"space-mission": {"round", "over"}, "jump-drive": {"round", "over", "uncommit"}}


def sample_events(game_id: str, players: int) -> list[dict]:
    """One event of each kind and shape (argument names, private or not), from bot games."""
    game = registry.get(game_id)
    seen: dict[tuple, dict] = {}
    for seed in range(4):
        last = None
        for step in playout(game, players, seed, wander=0.3):
            last = step.new
        for event in gamelog.lines(last["log"]):
            if event["private"] and event["seat"] != 0:
                continue  # the reader below is seat 0
            shape = (
                event["kind"],
                event["private"],
                tuple(sorted(event["args"])),
                event["seat"] == 0,
            )
            seen.setdefault(shape, event)
    return list(seen.values())


WORDED = """async ([gameId, events]) => {
    const { createLog } = await import("/static/js/match/log.js");
    const { describe } = await import(`/static/games/${gameId}/log.js`);
    const root = document.createElement("section");
    document.body.append(root);
    const log = createLog(root, { describe, seat: 0 });
    log.update(events, ["Ada", "Bob", "Cy"]);
    const lines = [...root.querySelectorAll(".log-line")];
    const known = events.map((e) => describe(e, e.seat === 0) !== null);
    root.remove();
    return { known, texts: lines.map((li) => li.textContent) };
}"""


@pytest.mark.parametrize("lang", ["en", "de", "hu"])
def test_every_event_kind_is_worded_in_each_language(new_page, daphne_server, lang):
    page = new_page()
    page.context.add_cookies([{"name": "django_language", "value": lang, "url": daphne_server.url}])
    page.goto("/healthz")
    page.add_script_tag(url="/jsi18n/")
    for game_id, players in GAMES.items():
        events = sample_events(game_id, players)
        assert MUST[game_id] <= {e["kind"] for e in events}
        result = page.evaluate(WORDED, [game_id, events])
        unknown = [e["kind"] for e, ok in zip(events, result["known"], strict=True) if not ok]
        assert not unknown, f"{game_id}: no wording for {unknown}"
        for event, text in zip(events, result["texts"], strict=True):
            assert "%(" not in text and "undefined" not in text, (event, text)
            assert text[:1].isupper() or text[:1].isdigit(), (event, text)
            if event["seat"] not in (None, 0) and event["kind"] != "round":
                assert ("Bob" in text) or ("Cy" in text), (event, text)  # the actor is named
