"""The BlaBla page's own modules, run in Chromium on views of real positions: every view
offers exactly the kinds of action its seat may take (spectators none), and the meeting,
the swap offer, the accept-or-fight prompt and the bids show exactly the legal choices."""

from __future__ import annotations

import pytest

from games.blabla import GAME
from tests.games.blabla.builder import build, gen, move, play

pytestmark = pytest.mark.browser

RENDER = """async (views) => {
    const { createTable } = await import("/static/games/blabla/table.js");
    const root = document.body.appendChild(document.createElement("div"));
    const api = { lobbyUrl: "/", act: () => new Promise(() => {}), announce: () => {} };
    const all = (selector, name) =>
        [...root.querySelectorAll(selector)].map((el) => el.getAttribute(name)).sort();
    const has = (selector) => root.querySelector(selector) !== null;
    return views.map((view) => {
        createTable(root, { ...api, seat: view.seat }).render(
            { view, version: 1, match: null, presence: { connected: [], spectators: 0 } });
        const kinds = [];
        const add = (kind, present) => { if (present) kinds.push(kind); };
        add("move", has(".bb-controls button[data-card]:not(.bb-unusable)"));
        add("draw", has("[data-key=draw]:not([disabled])"));
        add("emergency", has("[data-key=emergency]"));
        add("stack", has(".bb-board [data-stack].bb-reach"));
        add("keep", has("[data-keep]"));
        add("secure", has("[data-key=secure]"));
        add("meet", has("[data-key^=meet-]"));
        add("no_meeting", has("[data-key=no-meeting]"));
        add("propose", has("[data-take]"));
        add("no_swap", has("[data-key=no-swap]"));
        add("accept", has("[data-key=accept]"));
        add("refuse", has("[data-key=refuse]"));
        add("bid", has("[data-key^=bid-]"));
        add("commit", has("[data-key=commit]:not([disabled])"));
        add("confirm", has("[data-key=confirm]"));
        add("undo", has("[data-key=undo]"));
        return {
            kinds: kinds.sort(),
            keeps: all("[data-keep]", "data-keep"),
            stacks: all(".bb-board [data-stack].bb-reach", "data-stack"),
            takes: all("[data-take]", "data-take"),
            gives: all("[data-give]", "data-give"),
            bids: all("[data-key^=bid-]", "data-key"),
            meets: all("[data-key^=meet-]", "data-key"),
            end: has(".end-screen"),
            players: root.querySelectorAll(".bb-player").length,
        };
    });
}"""


def expected_kinds(view: dict) -> list[str]:
    kinds = {a["type"] for a in view["legal"]} - {"tokens"}
    return sorted(kinds)


def drawn(new_page, views: list[dict]) -> list[dict]:
    page = new_page()
    page.goto("/healthz")  # any page of the site: modules load from its origin
    return page.evaluate(RENDER, views)


def test_B57_every_view_of_a_game_offers_exactly_its_kinds_of_action(new_page):
    state, views, n = GAME.setup(3, {}, 19), [], 0
    while True:
        views += [GAME.view(state, seat) for seat in [None, 0, 1, 2]]
        if not state["active"] or n > 150:
            break
        seat = state["active"][0]
        state, _ = GAME.apply(state, seat, GAME.bot_action("greedy", GAME.view(state, seat), n))
        n += 1
    for view, got in zip(views, drawn(new_page, views), strict=True):
        assert got["kinds"] == expected_kinds(view), (view["seat"], view["step"])
        assert got["players"] == 3


def test_B38_B39_B46_meeting_swap_answer_and_bids_offer_the_legal_choices(new_page):
    state = build(
        3,
        hands={0: [gen(5), gen(7), "own-A-X"]},
        at={1: "g6", 2: "a11"},
        blabla={0: ["bb-A1", "bb-B3"], 1: ["bb-C5", "bb-D2"]},
    )
    offered = play(state, (0, move(gen(5), "N", "f10")))
    met = play(offered, (0, {"type": "meet", "seat": 1}))
    asked = play(met, (0, {"type": "propose", "take": "bb-C5", "give": "bb-A1"}))
    fight = play(asked, (1, {"type": "refuse"}))
    views = [
        GAME.view(offered, 0),
        GAME.view(met, 0),
        GAME.view(asked, 1),
        GAME.view(asked, 2),
        GAME.view(fight, 0),
        GAME.view(fight, 1),
        GAME.view(fight, None),
    ]
    meet, propose, answer, other, mover_bids, met_bids, spectator = drawn(new_page, views)
    assert meet["meets"] == ["meet-1"] and "no_meeting" in meet["kinds"]
    assert propose["takes"] == ["bb-C5", "bb-D2"] and propose["gives"] == ["bb-A1", "bb-B3"]
    assert answer["kinds"] == ["accept", "refuse"] and other["kinds"] == []
    assert mover_bids["bids"] == sorted(f"bid-{n}" for n in range(4))
    assert met_bids["kinds"] == ["bid"] and spectator["kinds"] == []


def test_B34_B30_the_stack_the_card_to_keep_and_what_to_secure_are_offered(new_page):
    stacks = {"west-1": ["bb-A1", "bb-B2"], "west-2": ["bb-C3"]}
    state = build(hands={0: [gen(5), gen(7)]}, stacks=stacks)
    landed = play(state, (0, move(gen(7), "N", "f10")))
    looking = play(landed, (0, {"type": "stack", "stack": "west-1"}))
    home = build(hands={0: [gen(5)]}, blabla={0: ["bb-A3", "bb-A4", "bb-B2"]}, at={0: "f5"})
    arrived = play(home, (0, move(gen(5), "S", "f5")))
    stack, keep, secure = drawn(new_page, [GAME.view(s, 0) for s in (landed, looking, arrived)])
    assert stack["stacks"] == ["west-1", "west-2"] and stack["kinds"] == ["stack", "undo"]
    assert keep["keeps"] == ["bb-A1", "bb-B2"] and keep["kinds"] == ["keep"]
    assert secure["kinds"] == ["secure", "undo"]
