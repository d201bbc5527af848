"""The table page's turn notices and rematch panel, run in Chromium with the browser's
notification and audio interfaces replaced by recorders."""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.browser


@pytest.fixture
def page(new_page):
    page = new_page()
    page.goto("/healthz")  # any page of the site: modules load from its origin
    return page


NOTICES = """async ([settings, steps]) => {
    const calls = { notes: [], tones: 0 };
    let hidden = false;
    Object.defineProperty(document, "hidden", { get: () => hidden });
    window.Notification = class {
        static permission = "granted";
        constructor(title, options) { calls.notes.push([title, options.body]); }
        addEventListener() {}
        close() {}
    };
    window.AudioContext = class {
        state = "running";
        currentTime = 0;
        destination = {};
        resume() {}
        createGain() { return { gain: { setValueAtTime() {}, exponentialRampToValueAtTime() {} },
                                connect: (to) => to }; }
        createOscillator() { return { frequency: {}, connect: (to) => to,
                                      start: () => { calls.tones += 1; }, stop() {} }; }
    };
    const { createTurnNotices } = await import("/static/js/match/notices.js");
    const notices = createTurnNotices({ settings, seat: 0, permissionButton: null });
    document.dispatchEvent(new Event("pointerdown"));  // the player touched the page
    const titles = [];
    for (const [waiting, isHidden] of steps) {
        hidden = isHidden;
        notices.update(waiting, "Jump Drive Table 7");
        titles.push(document.title.startsWith("▶"));
    }
    return { ...calls, titles };
}"""


def test_a_new_turn_notifies_a_hidden_tab_once_and_plays_the_tone(page):
    steps = [
        [True, True],  # the page opens on the player's turn: no new turn, no notice
        [False, True],
        [True, True],  # a new turn while the tab is hidden: a notification
        [True, True],  # the same turn redrawn: nothing more
        [False, False],
        [True, False],  # a new turn in a visible tab: the tone only
    ]
    calls = page.evaluate(NOTICES, [{"sound": True, "browser": True}, steps])
    assert calls["notes"] == [["Your turn", "Jump Drive Table 7 waits for your move."]]
    assert calls["tones"] == 2 * 2  # two turns, two notes each
    assert calls["titles"] == [True, False, True, True, False, True]


def test_notices_the_player_turned_off_stay_silent(page):
    steps = [[False, True], [True, True], [False, True], [True, True]]
    calls = page.evaluate(NOTICES, [{"sound": False, "browser": False}, steps])
    assert calls["notes"] == [] and calls["tones"] == 0
    assert calls["titles"] == [False, True, False, True]  # the title always tells


REMATCH = """async ([seat, offers]) => {
    const { createRematch } = await import("/static/js/match/rematch.js");
    const root = document.createElement("section");
    document.body.append(root);
    const sent = [], went = [], shown = [];
    const panel = createRematch(root, { seat, send: (t) => sent.push(t), go: (u) => went.push(u) });
    panel.update(true, ["Ada", "Bob", "Greedy bot"]);
    shown.push(root.textContent);
    for (const [offer, live] of offers) {
        panel.offer(offer, { live });
        shown.push(root.hidden ? null : root.textContent);
        root.querySelector("button")?.click();
    }
    return { sent, went, shown };
}"""

PENDING = {
    "status": "pending",
    "by": 0,
    "expires": "2099-01-01T00:00:00Z",
    "table": None,
    "url": None,
    "seats": [
        {"seat": 0, "answer": "accept"},
        {"seat": 1, "answer": None},
        {"seat": 2, "answer": "bot"},
    ],
}
STARTED = {**PENDING, "status": "started", "table": 9, "url": "/t/9/"}


def test_the_rematch_panel_offers_asks_and_moves_the_player(page):
    declined = {
        **PENDING,
        "status": "declined",
        "seats": [
            {"seat": 0, "answer": "accept"},
            {"seat": 1, "answer": "decline"},
            {"seat": 2, "answer": "bot"},
        ],
    }
    out = page.evaluate(REMATCH, [1, [[None, False], [PENDING, True], [declined, True]]])
    # Each first button clicked: offer, accept, offer again.
    assert out["sent"] == ["rematch_offer", "rematch_accept", "rematch_offer"]
    assert "Play again with the same players?" in out["shown"][1]
    assert "Ada offers a rematch" in out["shown"][2] and "bot: accepts" in out["shown"][2]
    assert "Bob declined the rematch." in out["shown"][3]
    assert out["went"] == []
    moved = page.evaluate(REMATCH, [1, [[STARTED, False], [STARTED, True]]])
    assert moved["went"] == ["/t/9/"]  # only when it starts live, not on a later sync


def test_spectators_see_the_offer_and_a_link_but_offer_nothing(page):
    out = page.evaluate(REMATCH, [None, [[None, False], [PENDING, True], [STARTED, True]]])
    assert out["shown"][1] is None  # nothing offered: nothing to show
    assert "Waiting for the other players" in out["shown"][2]
    assert "Watch the rematch" in out["shown"][3]
    assert out["sent"] == [] and out["went"] == []
