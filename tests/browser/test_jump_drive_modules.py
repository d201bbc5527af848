"""The Jump Drive page's own modules, run in Chromium on views of games the bots play:
every legal choice can be made step by step, and every view offers exactly its legal actions."""

from __future__ import annotations

import pytest

from games.jump_drive import GAME, data
from tests.browser.jump_drive_clicks import shape_of

pytestmark = pytest.mark.browser


CHOICES = """async (legal) => {
    const c = await import("/static/games/jump-drive/choices.js");
    const reach = (action) => {
        let picks = { ...c.emptyPicks(), shape: c.shapeOf(action) };
        for (const role of ["development", "world"]) {
            if (!action[role]) continue;
            if (!c.cardChoices(legal, picks)[role].has(action[role])) return `${role} not offered`;
            picks = c.pickCard(picks, role, action[role]);
        }
        const modes = c.contactChoices(legal, picks);
        return c.completed(legal, picks, modes.length > 1 ? action.contact : null);
    };
    const offered = {};
    for (const { shape, enabled } of c.shapes(legal)) {
        const open = c.cardChoices(legal, { ...c.emptyPicks(), shape });
        const ids = (set) => [...set].sort();
        offered[shape] = { enabled, development: ids(open.development), world: ids(open.world) };
    }
    return { reached: legal.map(reach), offered };
}"""


def choosing_views(seats: int, seed: int) -> list[dict]:
    """Every seat's view whenever it chooses its placement, along a game of greedy bots."""
    state, views, n = GAME.setup(seats, {}, seed), [], 0
    while state["active"]:
        for seat in state["active"]:
            view = GAME.view(state, seat)
            if view["me"]["task"] == {"kind": "choose", "draft": None}:
                views.append(view)
        seat = state["active"][0]
        state, _ = GAME.apply(state, seat, GAME.bot_action("greedy", GAME.view(state, seat), n))
        n += 1
    return views


def expected_offers(legal: list[dict]) -> dict:
    offers = {}
    for shape in ("develop", "settle", "both", "explore"):
        mine = (
            [a for a in legal if a["type"] == "explore"]
            if shape == "explore"
            else [a for a in legal if a["type"] == "choose" and shape_of(a) == shape]
        )
        roles = {r: sorted({a[r] for a in mine if a.get(r)}) for r in ("development", "world")}
        offers[shape] = {"enabled": bool(mine), **roles}
    return offers


def test_J14_every_legal_choice_is_reached_step_by_step_and_only_legal_cards_are_offered(
    new_page,
):
    page = new_page()
    page.goto("/healthz")  # any page of the site: modules load from its origin
    views = choosing_views(seats=3, seed=4)
    assert len(views) > 10
    for view in views:
        legal = [a for a in view["legal"] if a["type"] != "commit"]
        got = page.evaluate(CHOICES, legal)
        assert got["reached"] == legal
        assert got["offered"] == expected_offers(legal)


RENDER = """async (views) => {
    const { createTable } = await import("/static/games/jump-drive/table.js");
    const root = document.body.appendChild(document.createElement("div"));
    const api = { lobbyUrl: "/", act: () => new Promise(() => {}), announce: () => {} };
    const names = (selector, name) =>
        [...root.querySelectorAll(selector)].map((el) => el.getAttribute(name)).sort();
    return views.map((view) => {
        createTable(root, { ...api, seat: view.seat }).render(
            { view, version: 1, match: null, presence: { connected: [], spectators: 0 } });
        const commit = root.querySelector("[data-action=commit]");
        const uncommit = root.querySelector("[data-action=uncommit]");
        return {
            cards: names(".jd-hand button[data-card]", "data-card"),
            options: names("[data-option]:not([disabled], [aria-disabled=true])", "data-option"),
            seconds: names("[data-second]", "data-second"),
            commit: commit ? !commit.matches("[disabled], [aria-disabled=true]") : null,
            uncommit: uncommit ? !uncommit.matches("[disabled], [aria-disabled=true]") : null,
            end: root.querySelector(".end-screen") !== null,
            statuses: [...root.querySelectorAll(".jd-empire")].map(
                (el) => el.querySelector(".jd-status")?.dataset.status ?? null),
            reduced: Object.fromEntries([...root.querySelectorAll(".jd-hand [data-card]")]
                .filter((el) => el.querySelector(".jd-reduced"))
                .map((el) => [el.dataset.card, [el.querySelector(".jd-printed").textContent,
                    el.querySelector(".jd-now").textContent]])),
        };
    });
}"""


def offered(view: dict) -> dict:
    """What the page must offer `view`'s seat: exactly its legal actions. A seat that has
    committed sees "Change my choice", open while it may take the choice back (J15)."""
    legal, task = view["legal"], (view["me"] or {}).get("task")
    kinds = {a["type"] for a in legal}
    asked = bool(task) and view["phase"] != "over"
    deciding = view["seat"] in view["active"]
    return {
        "cards": sorted(a["card"] for a in legal if a["type"] in ("select", "unselect")),
        "options": sorted(
            shape
            for shape in ("develop", "settle", "both", "explore")
            if any(shape_of_legal(a) == shape for a in legal)
        ),
        "seconds": sorted(a["world"] or "none" for a in legal if a["type"] == "second"),
        "commit": ("commit" in kinds) if asked and deciding else None,
        "uncommit": ("uncommit" in kinds) if asked and not deciding else None,
        "end": view["phase"] == "over",
        "statuses": [
            p["status"] if view["active"] and view["phase"] != "over" else None
            for p in view["players"]
        ],
        "reduced": reduced_costs(view),
    }


def reduced_costs(view: dict) -> dict:
    """Hand cards whose cost the seat's empire lowers: {id: [printed, now]} (J20)."""
    me = view["me"]
    if me is None or view["phase"] == "over":
        return {}
    out = {}
    for card, costs in zip(me["hand"], me["costs"]["hand"], strict=True):
        now = costs.get("with_world", costs.get("pay"))
        if now is not None and now < card["cost"]:
            out[card["id"]] = [str(card["cost"]), str(now)]
    return out


def shape_of_legal(action: dict) -> str | None:
    if action["type"] == "explore":
        return "explore"
    return shape_of(action) if action["type"] == "choose" else None


def test_J15_every_view_of_a_game_offers_exactly_its_legal_actions(new_page):
    """Four greedy bots play a game with second worlds (J26); every seat's view and the
    spectator's along it are drawn, and the page offers exactly what `legal` allows, shows
    each player's status in the step (J15) and the seat's own lowered costs (J20)."""
    page = new_page()
    page.goto("/healthz")
    state, views, n = GAME.setup(4, {}, 37), [], 0
    while True:
        views += [GAME.view(state, seat) for seat in [None, *range(4)]]
        if not state["active"]:
            break
        seat = state["active"][0]
        state, _ = GAME.apply(state, seat, GAME.bot_action("greedy", GAME.view(state, seat), n))
        n += 1
    assert any(a["type"] == "second" for v in views for a in v["legal"])
    drawn = page.evaluate(RENDER, views)
    for view, got in zip(views, drawn, strict=True):
        assert got == offered(view), (view["phase"], view["seat"])
    # The game shows both things the view adds: steps that ask only some seats, and
    # costs lowered by an empire (J20).
    assert any("not asked" in got["statuses"] for got in drawn)
    assert any(got["reduced"] for got in drawn)
    assert {True, False} <= {got["uncommit"] for got in drawn}  # J15: open, and closed


TEXTS = """async () => {
    const t = await import("/static/games/jump-drive/cardtexts.js");
    const words = (type) => [type, [t.cardName(type), t.cardPower(type)]];
    return Object.fromEntries(t.CARD_TYPES.map(words));
}"""


def test_the_page_words_every_card_as_the_data_prints_it(new_page):
    """cardtexts.js lists each card type's name and power exactly as jump-drive.json has
    them (the msgids the catalogues translate)."""
    page = new_page()
    page.goto("/healthz")
    printed = {card.id: [card.name, card.summary] for card in data.CARDS.values()}
    assert page.evaluate(TEXTS) == printed


NAMES_FIT = """async (cards) => {
    for (const href of ["/static/css/site.css", "/static/css/match.css",
                        "/static/games/jump-drive/table.css"]) {
        const link = Object.assign(document.createElement("link"), { rel: "stylesheet", href });
        document.head.append(link);
        await new Promise((done) => { link.onload = done; });
    }
    const { card } = await import("/static/games/jump-drive/cards.js");
    const box = Object.assign(document.createElement("div"), { className: "jd-hand-cards" });
    box.style.width = "10.5rem";  // the narrowest a hand card gets (table.css)
    document.body.append(box);
    const out = [];
    for (const data of cards) {
        box.replaceChildren(card(data));
        const shown = box.firstElementChild;  // a word too long for it would stick out
        const name = shown.querySelector(".jd-name").getBoundingClientRect();
        const right = shown.getBoundingClientRect().right;
        if (shown.scrollWidth > shown.clientWidth + 1 || name.right > right) {
            out.push(shown.querySelector(".jd-name").textContent);
        }
    }
    return out;
}"""


@pytest.mark.parametrize("lang", ["en", "de", "hu"])
def test_card_titles_fit_the_narrowest_card_without_breaking_a_word(new_page, daphne_server, lang):
    page = new_page()
    page.context.add_cookies([{"name": "django_language", "value": lang, "url": daphne_server.url}])
    page.goto("/healthz")
    page.add_script_tag(url="/jsi18n/")
    cards = [
        data.card_json(i) for i in sorted({data.INSTANCES[k]: k for k in data.INSTANCES}.values())
    ]
    too_long = {**cards[0], "card": "none", "name": "Überlichtgeschwindigkeitstriebwerk"}
    assert page.evaluate(NAMES_FIT, [too_long]) == [too_long["name"]]  # the check can fail
    assert page.evaluate(NAMES_FIT, cards) == []
