"""Every move seen: another player's acts show on the player's table as change marks, one
act after another in the order they happened; the last move stays marked until the
player acts; animations follow the device's reduced-motion wish and the user's setting.

Two people at a table (two browser contexts): the opponent plays a whole turn by clicking
what the greedy bot would choose, while the player's page records, for each view version
it draws, the elements it marks and the animations running on them."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from games import registry
from tests.browser import screenshots, ui
from tests.browser.blabla_clicks import click as blabla_click
from tests.browser.conftest import PHONE
from tests.browser.jump_drive_clicks import Table
from tests.browser.jump_drive_clicks import click as jump_drive_click

pytestmark = pytest.mark.browser

# For each view version the page draws: the marked elements (by their data attributes)
# and how many animations run in the game's part of the page.
RECORD = """() => {
  window.moveSteps = [];
  const match = document.getElementById("match");
  const root = document.getElementById("game-root");
  const name = (el) => Object.entries(el.dataset).map(([k, v]) => `${k}=${v}`).join(",")
    || el.className.baseVal || el.className;
  new MutationObserver(() => {
    const version = Number(match.dataset.version);
    if (window.moveSteps.at(-1)?.version === version) return;
    const marked = [...root.querySelectorAll(".move-last")];
    const running = root.getAnimations({ subtree: true }).filter((a) => a.playState === "running");
    window.moveSteps.push({ version, marks: marked.map(name), animations: running.length });
  }).observe(match, { attributes: true, attributeFilter: ["data-version"] });
}"""


CLICKS = {
    "space-mission": ui.click_space_mission,
    "jump-drive": jump_drive_click,
    "blabla": blabla_click,
}

# What an opponent's turn must mark on the table itself (the board, the pile, the
# empires), whatever else it marks.
ON_THE_TABLE = {
    "space-mission": ("planet=", "ship="),
    "jump-drive": ("seat=",),
    "blabla": ("square=", "ship=", "stack=", "bb-pile-panel", "bb-boost-panel"),
}


def two_players(new_page, server, game: str, names: tuple[str, str], motion: str | None = None):
    """The player's and the opponent's pages at a started two-seat table of `game`; the
    player first sets how moves are shown, on the settings page, if `motion` is given."""
    player, opponent = new_page(motion=True), new_page(motion=True)
    ui.sign_up(player, names[0])
    ui.sign_up(opponent, names[1])
    if motion:
        player.goto("/settings/")
        player.locator(f"input[name=move_motion][value={motion}]").check()
        player.locator("#settings button[type=submit]").click()
        expect(player.locator(".messages")).to_contain_text("settings are saved")
    table_id = ui.open_table(player, seats=2, game=game)
    ui.sit_down(opponent, table_id)
    ui.start(player, table_id)
    ui.wait_for_table(opponent)
    seats = {ui.config(player)["seat"]: player, ui.config(opponent)["seat"]: opponent}
    table = Table(
        server, ui.config(player)["match"], seats, game=registry.get(game), clicker=CLICKS[game]
    )
    return table, ui.config(player)["seat"], ui.config(opponent)["seat"]


def play_until(table: Table, seat: int, done) -> None:
    """`seat` clicks what the greedy bot would, while it is to move and `done()` is false."""
    for _ in range(40):
        state, _ = table.state()
        if done(state) or seat not in state["active"] or state["phase"] == "over":
            return
        table.act_like_a_bot(seat)
    raise AssertionError(f"seat {seat} kept the turn")


def opponents_turn(table: Table, me: int, other: int) -> tuple[int, int]:
    """I finish my part; the opponent plays until I am to move. Returns my page's view
    versions before and after the opponent's acts."""
    page = table.pages[me]
    play_until(table, me, lambda state: other in state["active"] and me not in state["active"])
    table.settle(page, me)
    page.evaluate(RECORD)
    start = ui.version(page)
    play_until(table, other, lambda state: me in state["active"])
    table.settle(page, me)
    return start, ui.version(page)


def steps(page: Page) -> list[dict]:
    return page.evaluate("window.moveSteps")


def check_marked_in_order(page: Page, game: str, start: int, end: int) -> list[dict]:
    """Each of the opponent's acts was drawn on its own, in order, with a mark on it."""
    shown = steps(page)
    assert end > start, "the opponent's acts did not reach the player"
    assert [step["version"] for step in shown] == list(range(start + 1, end + 1))
    for step in shown:
        assert step["marks"], f"version {step['version']} changed the table with no mark"
    board = [m for step in shown for m in step["marks"] if m.startswith(ON_THE_TABLE[game])]
    assert board, f"the opponent's turn marked nothing on the table: {shown}"
    return shown


def check_marks_stay_until_i_act(table: Table, me: int) -> None:
    page = table.pages[me]
    expect(page.locator("#game-root .move-last").first).to_be_visible()
    state, _ = table.state()
    assert me in state["active"]
    table.act_like_a_bot(me)
    expect(page.locator("#game-root .move-last, #game-root .move-mark")).to_have_count(0)


@pytest.mark.parametrize(
    ("game", "names"),
    [
        ("space-mission", ("mora", "mirko")),
        ("jump-drive", ("jora", "jirko")),
        ("blabla", ("bora", "birko")),
    ],
)
def test_an_opponents_turn_is_marked_act_by_act_until_the_player_acts(
    new_page, daphne_server, game, names
):
    table, me, other = two_players(new_page, daphne_server, game, names)
    page = table.pages[me]
    watcher = new_page(PHONE, motion=True)
    watcher.goto(table.pages[other].url)
    ui.wait_for_table(watcher)
    table.watchers.append(watcher)
    start, end = opponents_turn(table, me, other)
    shown = check_marked_in_order(page, game, start, end)
    # A spectator sees the marks too (a phone, here).
    expect(watcher.locator("#game-root .move-last").first).to_be_attached()
    # Animated by default: what an act changed flashes (or glides) as it arrives.
    assert any(step["animations"] for step in shown), shown
    news = page.locator(".move-news")
    expect(news).to_have_attribute("aria-live", "polite")
    expect(news).not_to_be_empty()
    screenshots.take(page, f"moves-{game}")
    check_marks_stay_until_i_act(table, me)


def test_reduced_motion_on_the_device_keeps_the_marks_but_moves_nothing(new_page, daphne_server):
    table, me, other = two_players(new_page, daphne_server, "space-mission", ("rena", "remo"))
    page = table.pages[me]
    page.emulate_media(reduced_motion="reduce")
    start, end = opponents_turn(table, me, other)
    shown = check_marked_in_order(page, "space-mission", start, end)
    assert not any(step["animations"] for step in shown), shown
    check_marks_stay_until_i_act(table, me)


@pytest.mark.parametrize("motion", ["still", "at-once"])
def test_the_users_setting_without_motion_keeps_the_marks_but_moves_nothing(
    new_page, daphne_server, motion
):
    names = ("stilla", "stilo") if motion == "still" else ("ona", "ono")
    table, me, other = two_players(new_page, daphne_server, "blabla", names, motion=motion)
    page = table.pages[me]
    assert ui.config(page)["settings"]["motion"] == motion
    start, end = opponents_turn(table, me, other)
    shown = check_marked_in_order(page, "blabla", start, end)
    assert not any(step["animations"] for step in shown), shown
    check_marks_stay_until_i_act(table, me)


# Resolves once the element's glide has played `share` of its course.
GLIDED = """(el, share) => new Promise((done) => {
  const check = () => {
    const glide = el.getAnimations().find((a) => a.effect?.getTiming().duration > 0);
    const timing = glide?.effect.getComputedTiming();
    if (!glide || timing.progress >= share) done();
    else requestAnimationFrame(check);
  };
  check();
})"""
# The element's glide is running.
GLIDING = "el => el.getAnimations().some((a) => a.playState === 'running')"
# No animation runs on the board any more.
STILL = """() => document.querySelector("svg.board").getAnimations({ subtree: true })
  .every((a) => a.playState !== "running")"""


def shoot(page: Page, path) -> None:
    """The board as it is now (an element's own screenshot would wait for it to stand still)."""
    page.screenshot(path=path, clip=page.locator("svg.board").bounding_box(), animations="allow")


def ship_centre(page: Page, seat: int) -> dict:
    return page.locator(f"svg.board .ship[data-ship='{seat}']").evaluate(
        "el => { const b = el.getBoundingClientRect();"
        " return { x: b.left + b.width / 2, y: b.top + b.height / 2 }; }"
    )


def distance(state: dict, seat: int, planet: str) -> int:
    """Steps around the ring from the seat's ship to `planet` (from the gate: all alike)."""
    view = registry.get("space-mission").view(state, seat)
    ring = [p["id"] for p in view["ring"]]
    ship = view["players"][seat]["ship"]
    if ship not in ring:
        return 0
    steps = abs(ring.index(ship) - ring.index(planet))
    return min(steps, len(ring) - steps)


def a_flight(table: Table, seat: int) -> dict:
    """Both play what the greedy bot would until `seat` may take its ship elsewhere."""
    game = registry.get("space-mission")
    for _ in range(40):
        state, _ = table.state()
        mover = state["active"][0]
        flights = [a for a in game.legal_actions(state, mover) if a["type"] in ("jump", "fly")]
        if mover == seat and flights:
            return max(flights, key=lambda flight: distance(state, seat, flight["planet"]))
        table.act_like_a_bot(mover)
    raise AssertionError(f"seat {seat} never could fly")


def test_a_ship_glides_to_its_new_planet_which_stays_marked(new_page, daphne_server):
    """The pictures of docs/moves.md: the opponent's ship on its way, photographed on a
    phone with the page's animations slowed down tenfold."""
    table, me, other = two_players(new_page, daphne_server, "space-mission", ("glida", "glido"))
    page, opponent = table.pages[me], table.pages[other]
    flight = a_flight(table, other)
    table.settle(page, me)
    page.set_viewport_size(PHONE)
    page.locator("svg.board").evaluate("el => el.scrollIntoView({ block: 'start' })")
    frames = screenshots.directory() / "moves"
    frames.mkdir(exist_ok=True)
    shoot(page, frames / "1-before.png")
    start = ship_centre(page, other)
    cdp = page.context.new_cdp_session(page)
    cdp.send("Animation.enable")
    cdp.send("Animation.setPlaybackRate", {"playbackRate": 0.1})

    ui.perform(opponent, flight, ui.version(opponent))
    ship = page.locator(f"svg.board .ship[data-ship='{other}']")
    planet = page.locator(f"svg.board .planet[data-planet='{flight['planet']}']")
    expect(planet).to_have_class(re.compile(r"\bmove-last\b"))
    ship.evaluate(GLIDED, 0.2)
    shoot(page, frames / "2-leaving.png")
    on_the_way = ship_centre(page, other)
    # The opponent's connection flickers: the player's table is redrawn mid-glide, and
    # the ship glides on from where it was instead of jumping to its planet. The page's
    # time stands still meanwhile, so the glide cannot end before a slow reload does.
    ship.evaluate("el => { window.shipBefore = el; }")
    cdp.send("Animation.setPlaybackRate", {"playbackRate": 0})
    opponent.reload()
    page.wait_for_function("() => !window.shipBefore.isConnected")
    assert ship.evaluate(GLIDING), "the redraw stopped the glide"
    cdp.send("Animation.setPlaybackRate", {"playbackRate": 0.1})
    ship.evaluate(GLIDED, 0.5)
    shoot(page, frames / "3-on-the-way.png")
    midway = ship_centre(page, other)
    expect(ship).not_to_have_class(re.compile(r"\bmove-gliding\b"), timeout=30_000)
    shoot(page, frames / "4-arrived.png")
    end = ship_centre(page, other)
    assert on_the_way not in (start, end), "the ship jumped without gliding"
    assert midway not in (start, end, on_the_way), "the redraw made the ship jump"
    cdp.send("Animation.setPlaybackRate", {"playbackRate": 1})
    page.wait_for_function(STILL)
    shoot(page, frames / "5-marked.png")
    # The flash is over; the mark stays until the player acts.
    expect(planet).to_have_class(re.compile(r"\bmove-last\b"))
    expect(ship).to_have_class(re.compile(r"\bmove-last\b"))
