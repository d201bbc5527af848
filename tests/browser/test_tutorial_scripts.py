"""Each game's tutorial script (games/<game>/tutorial.js), run in Chromium against the
rules: its steps are well formed, point at elements the game's pages draw, name actions
the game has, and along the guided deal every step that asks for an action accepts a
legal one, with its text worded from the view (no hole, no "undefined")."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from games import registry
from spacemission.tutorials.services import SEED, seat_count

pytestmark = pytest.mark.browser

GAMES = registry.shipped_games()
FRONTEND = Path(__file__).resolve().parents[2] / "frontend"
STATIC = FRONTEND / "static"
THINGS = {
    "button",
    "card",
    "planet",
    "square",
    "tile",
}  # the guide's messages (js/match/tutorial.js)
SEAT = 0

# Each step as data, and for one view: the steps whose condition holds, their words, and
# for each the legal actions (by place) its `expect` accepts.
READ = """async ([game, view, match]) => {
  const { script } = await import(`/static/games/${game}/tutorial.js`);
  const ctx = {
    view, match, seat: 0, me: view.me ?? null,
    myTurn: (view.active ?? []).includes(0),
    find: () => null,
  };
  const target = (step) =>
    (typeof step.target === "function" ? step.target(ctx) : step.target) ?? null;
  const steps = script.steps.map((step) => ({
    id: step.id, thing: step.thing ?? null, next: step.next ?? null,
    when: typeof step.when, text: typeof step.text, expect: typeof step.expect,
    target: target(step),
  }));
  // A malformed selector throws here.
  for (const step of steps) if (step.target) document.querySelectorAll(step.target);
  const active = script.steps.filter((step) => step.when(ctx)).map((step) => ({
    id: step.id,
    text: step.text(ctx),
    accepts: step.expect
      ? (view.legal ?? []).flatMap((a, i) => (step.expect(a, ctx) ? [i] : []))
      : null,
  }));
  return { steps, active };
}"""


@pytest.fixture
def page(new_page):
    page = new_page()
    page.goto("/healthz")  # any page of the site: modules load from its origin
    page.add_script_tag(url="/jsi18n/")
    return page


def guided_match(game: str) -> dict:
    seats = seat_count(registry.get(game).info)
    names = ["Guest-1000", "Greedy bot", "Greedy bot 2"][:seats]
    return {
        "seats": [
            {"seat": i, "name": name, "bot": "greedy" if i else "", "user": None if i else name}
            for i, name in enumerate(names)
        ]
    }


def sources(game: str) -> str:
    """The game's modules, the match page's shell and its template: what the page draws."""
    files = [
        *(STATIC / "games" / game).glob("*.js"),
        *(STATIC / "js" / "match").glob("*.js"),
        FRONTEND / "templates" / "match" / "table.html",
    ]
    return "\n".join(path.read_text() for path in files if path.name != "tutorial.js")


def action_kinds(game: str) -> set[str]:
    """Every action type (and, for Jump Drive, every option of a choice) the game has."""
    rules, kinds = registry.get(game), set()
    state = rules.setup(3, rules.info.default_options(), SEED)
    for n in range(400):
        active = rules.active_seats(state)
        if not active:
            break
        for seat in active:
            kinds |= {action["type"] for action in rules.legal_actions(state, seat)}
        seat = active[0]
        state, _ = rules.apply(state, seat, rules.bot_action("greedy", rules.view(state, seat), n))
    return kinds | {"develop", "settle", "both"} if game == "jump-drive" else kinds


@pytest.mark.parametrize("game", GAMES)
def test_the_steps_are_well_formed_and_point_at_what_the_game_draws(page, game):
    rules = registry.get(game)
    state = rules.setup(seat_count(rules.info), rules.info.default_options(), SEED)
    read = page.evaluate(READ, [game, rules.view(state, SEAT), guided_match(game)])
    steps = read["steps"]
    assert len({step["id"] for step in steps}) == len(steps)
    assert all(step["when"] == step["text"] == "function" for step in steps)
    for step in steps:
        assert step["thing"] is None or step["thing"] in THINGS
        assert not (step["thing"] and step["next"]), step["id"]  # a tap or "Got it", not both
        assert not step["thing"] or step["target"], step["id"]
    assert steps[-1]["next"] == "finish"
    code, kinds = sources(game), action_kinds(game)
    for step in steps:
        target = step["target"] or ""
        for attribute in re.findall(r"\[(data-[a-z-]+)", target):
            assert re.search(rf'["\s]{attribute}["=]', code), (step["id"], attribute)
        for value in re.findall(r'\[data-(?:action|option)="([a-z-]+)"\]', target):
            assert value in kinds, (step["id"], value)


@pytest.mark.parametrize("game", GAMES)
def test_along_the_guided_deal_every_asked_action_is_a_legal_one(page, game):
    """Seat 0 does what the deepest step that accepts a legal action asks (as a player
    following the guide does), the bots play greedy, until the guide's last step shows."""
    rules = registry.get(game)
    state = rules.setup(seat_count(rules.info), rules.info.default_options(), SEED)
    match, accepted, shown = guided_match(game), set(), set()
    for n in range(200):
        active = rules.active_seats(state)
        view = rules.view(state, SEAT)
        read = page.evaluate(READ, [game, view, match])
        steps = read["steps"]
        for step in read["active"]:
            shown.add(step["id"])
            assert step["text"] and not re.search(r"undefined|NaN|null|%\(", step["text"]), step
            if step["accepts"]:
                accepted.add(step["id"])
        if steps[-1]["id"] in shown:
            break
        if SEAT in active:
            asking = [step for step in read["active"] if step["accepts"]]
            assert asking, f"no step asks for a legal action in {view.get('phase')}"
            action = view["legal"][asking[-1]["accepts"][0]]
            state, _ = rules.apply(state, SEAT, action)
        else:
            seat = active[0]
            state, _ = rules.apply(
                state, seat, rules.bot_action("greedy", rules.view(state, seat), n)
            )
    assert steps[-1]["id"] in shown
    assert {step["id"] for step in steps if step["expect"] == "function"} <= accepted
