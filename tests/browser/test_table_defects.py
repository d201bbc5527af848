"""Table defects, each checked on the page's own modules in Chromium: a piece given its
caller's classes as a list keeps them as classes; a bot's seat, which shows no clock, is
never flagged as short of time (the flag painted its name unreadable, sky blue on red);
Jump Drive's deal line does not say the players kept cards before anyone has chosen (J10);
on a phone every seat's name shows whole in the clock strip."""

from __future__ import annotations

import pytest

from games.jump_drive import GAME as JUMP_DRIVE
from tests.browser.conftest import PHONE

pytestmark = pytest.mark.browser


@pytest.fixture
def page(new_page):
    page = new_page()
    page.goto("/healthz")  # any page of the site: modules load from its origin
    page.add_script_tag(url="/jsi18n/")
    return page


CHIP = """async () => {
    const { flightChip } = await import("/static/games/blabla/labels.js");
    const card = { id: "gen-5-1", value: 5, special: null, owner: null };
    const classes = ["bb-chosen", false, "bb-unusable"];
    return flightChip(card, { tag: "button", class: classes }).className;
}"""


def test_a_hand_card_keeps_its_chosen_and_unusable_classes(page):
    assert page.evaluate(CHIP).split() == ["bb-card", "bb-general", "bb-chosen", "bb-unusable"]


CLOCKS = """async () => {
    const { createSeatsBar } = await import("/static/js/match/clocks.js");
    const root = document.createElement("section");
    document.body.append(root);
    const bar = createSeatsBar(root, { seat: 0, send: () => {}, announce: () => {} });
    const now = Date.now();
    bar.serverTime(now);
    bar.update({ match: {
        status: "running",
        seats: [
            { seat: 0, name: "Ada", user: 1, bot: null },
            { seat: 1, name: "Greedy bot", user: null, bot: "greedy" },
        ],
        clock: { kind: "realtime", left: [240000, 240000], until: [now + 240000, now + 240000] },
    } });
    return [...root.querySelectorAll(".seat-clock")].map((li) => [li.dataset.seat, li.className]);
}"""


def test_a_bots_seat_is_never_flagged_short_of_time(page):
    rows = dict(page.evaluate(CLOCKS))
    assert "low" not in rows["1"].split(), rows
    assert "running" in rows["1"].split(), rows  # the bot is deciding: its seat runs


DEAL_LINE = """async (event) => {
    const { describe } = await import("/static/games/jump-drive/log.js");
    const { createLog } = await import("/static/js/match/log.js");
    const root = document.createElement("section");
    document.body.append(root);
    createLog(root, { describe, seat: 1 }).update([event], ["Ada", "Bob"]);
    return root.querySelector(".log-line").textContent;
}"""


def test_jump_drives_deal_line_does_not_say_the_cards_were_kept(page):
    """J10: each player keeps 5 of the 7 dealt, later, by choosing; the line at the deal
    must not say it has happened."""
    state = JUMP_DRIVE.setup(2, {}, 3)
    (event,) = [e for e in JUMP_DRIVE.view(state, 1)["log"] if e["kind"] == "start"]
    text = page.evaluate(DEAL_LINE, event)
    assert "kept" not in text, text
    assert "keeps 5" in text, text


FIVE_SEATS = """async () => {
    const { createSeatsBar } = await import("/static/js/match/clocks.js");
    const sheet = document.createElement("link");
    sheet.rel = "stylesheet";
    sheet.href = "/static/css/match.css";
    const loaded = new Promise((done) => { sheet.onload = done; });
    document.head.append(sheet);
    await loaded;
    const root = document.createElement("section");
    root.className = "seats-panel";
    document.body.append(root);
    const bar = createSeatsBar(root, { seat: 0, send: () => {}, announce: () => {} });
    const now = Date.now();
    bar.serverTime(now);
    const bots = [1, 2, 3, 4].map((n) => ({
        seat: n, name: n === 1 ? "Normal bot" : `Normal bot ${n}`, user: null, bot: "normal",
    }));
    bar.update({ match: {
        status: "running",
        seats: [{ seat: 0, name: "Guest-4821", user: 1, bot: null }, ...bots],
        clock: {
            kind: "realtime",
            left: Array(5).fill(390000),
            until: [now + 390000, null, null, null, null],
        },
    } });
    return [...root.querySelectorAll(".seat-clock")].map((li) => {
        const box = li.getBoundingClientRect();
        return { text: li.textContent, right: box.right, hidden: li.scrollWidth > li.clientWidth };
    });
}"""


def test_every_seats_name_shows_whole_in_a_phones_clock_strip(new_page):
    """Two bots of one level differ only by their number: a chip past the screen's edge
    showed "Normal bot" twice."""
    page = new_page(PHONE)
    page.goto("/healthz")
    page.add_script_tag(url="/jsi18n/")
    chips = page.evaluate(FIVE_SEATS)
    assert [c["text"].split("bot")[-1].strip()[:1] for c in chips[2:]] == ["2", "3", "4"], chips
    for chip in chips:
        assert chip["right"] <= PHONE["width"] and not chip["hidden"], chip
