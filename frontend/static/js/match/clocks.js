// The seats bar every game shares: each seat's clock ticking from the server's time
// (corrected for this device's clock skew), who is away or resigned, and the player's
// own controls: "I'm back", resign (confirmed), the vote on a long-gone player's seat.
import { h, redrawIfChanged } from "./dom.js";
import { gettext, interpolate } from "./i18n.js";
import { seatMark, seatNames } from "./seats.js";

const TICK_MS = 250;
const LOW_MS = 30000; // a real-time clock under this warns its player
const GONE_FOR_VOTE_MS = 5 * 60 * 1000; // spacemission/matches/absence.py GONE_FOR_VOTE

/** "4:59", "0:07", "23:59:59", "2 d 23 h". */
export function formatClock(ms) {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const days = Math.floor(total / 86400);
  if (days >= 1) return interpolate(gettext("%(days)s d %(hours)s h"), { days, hours: Math.floor((total % 86400) / 3600) }, true);
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = String(total % 60).padStart(2, "0");
  return hours ? `${hours}:${String(minutes).padStart(2, "0")}:${seconds}` : `${minutes}:${seconds}`;
}

/** Time left at server time `now` for `seat`, or null without a clock. */
export function remaining(clock, seat, now) {
  if (!clock || !clock.left) return null;
  const until = clock.until[seat];
  return until === null || until === undefined ? clock.left[seat] : Math.max(0, until - now);
}

/** The seats bar in `root`; the player's Resign goes to `resignSlot` (the table's menu),
 * and `ask` confirms it (the player's settings say whether to ask). */
export function createSeatsBar(root, { seat: mySeat, send, announce, resignSlot = null, ask = (question) => window.confirm(question) }) {
  // On a phone the row scrolls sideways: a keyboard can scroll it too.
  const list = h("ol", { class: "seat-clocks", tabindex: "0", "aria-label": gettext("Players and clocks") });
  const controls = h("div", { class: "seat-controls" });
  root.replaceChildren(h("h2", { class: "panel-title" }, gettext("Players and clocks")), list, controls);
  let state = { match: null, view: null, presence: { connected: [] } };
  let offset = 0; // server time minus this device's time
  let warned = false;
  const serverNow = () => Date.now() + offset;

  function seatRow(info, now) {
    const clock = state.match?.clock;
    // A bot by its name in the reader's language, as every other part of the page names it.
    const name = seatNames(state.match)[info.seat] ?? info.name;
    // A seat a bot was given at the table has no clock worth showing: it never runs.
    const left = info.user ? remaining(clock, info.seat, now) : null;
    const running = clock?.until?.[info.seat] !== null && clock?.until?.[info.seat] !== undefined;
    // A seat without a clock shown (a bot's) is never short of time.
    const low = running && clock.kind === "realtime" && left !== null && left < LOW_MS;
    const tags = [];
    if (info.resigned) tags.push(h("span", { class: "tag resigned" }, gettext("resigned")));
    else if (info.away) tags.push(h("span", { class: "tag away-tag" }, info.bot ? gettext("away · a bot plays") : gettext("away")));
    return h(
      "li",
      { class: ["seat-clock", running && "running", low && "low", info.seat === mySeat && "own-seat"], "data-seat": info.seat },
      seatMark(info.seat, 14),
      h("span", { class: `seat-name seat-text-${info.seat}` }, name),
      ...tags,
      left === null ? null : h("span", {
        class: "clock-time",
        role: "timer",
        "aria-label": interpolate(gettext("%(name)s: %(time)s left"), { name, time: formatClock(left) }, true),
      }, formatClock(left)),
    );
  }

  function votable(info, now) {
    const match = state.match;
    return mySeat !== null && match?.clock?.kind === "none" && match.status === "running"
      && info.seat !== mySeat && info.user && !info.bot && !info.resigned
      && (state.view?.active ?? []).includes(info.seat)
      && !state.presence.connected.includes(info.seat)
      && info.gone_since !== null && now - info.gone_since >= GONE_FOR_VOTE_MS;
  }

  function controlsFor(now) {
    const match = state.match;
    const mine = match?.seats?.find((x) => x.seat === mySeat);
    // One who resigned cannot act: no resign, no vote, no "I'm back" (the status says why).
    if (!mine || mine.resigned || match.status !== "running") return [];
    const out = [];
    if (mine.away) {
      out.push(h("p", { class: "away-note" }, mine.bot
        ? gettext("You were away: a bot plays for you.")
        : gettext("Your time ran out: a bot played your turn.")));
      out.push(h("button", { type: "button", class: "button back-button", "data-key": "back", onclick: () => send({ t: "back", seat: mySeat }) }, gettext("I'm back")));
    }
    for (const info of match.seats) {
      if (!votable(info, now)) continue;
      const votes = (info.votes ?? []).length;
      const voted = (info.votes ?? []).includes(mySeat);
      out.push(h("button", {
        type: "button",
        class: "button secondary vote-button",
        "data-key": `vote-${info.seat}`,
        "data-seat": info.seat,
        disabled: voted,
        onclick: () => send({ t: "vote", seat: info.seat }),
      }, interpolate(gettext("Hand %(name)s's seat to a bot (%(votes)s votes)"), { name: info.name, votes }, true)));
    }
    return out;
  }

  function resignFor() {
    const match = state.match;
    const mine = match?.seats?.find((x) => x.seat === mySeat);
    // One who resigned has nothing left to resign.
    if (!mine || mine.resigned || match.status !== "running") return [];
    return [h("button", {
      type: "button",
      class: "button small ghost resign-button",
      "data-key": "resign",
      onclick: () => {
        if (ask(gettext("Resign this game? A bot plays your seat to the end and you rank last."))) send({ t: "resign" });
      },
    }, gettext("Resign"))];
  }

  function warn(now) {
    const clock = state.match?.clock;
    const left = mySeat === null ? null : remaining(clock, mySeat, now);
    const running = mySeat !== null && clock?.until?.[mySeat] != null;
    const low = running && clock.kind === "realtime" && left < LOW_MS;
    if (low && !warned) announce(interpolate(gettext("Hurry: %(time)s left on your clock."), { time: formatClock(left) }, true));
    warned = low;
  }

  function draw() {
    if (!state.match) return;
    const now = serverNow();
    redrawIfChanged(list, state.match.seats.map((info) => seatRow(info, now)));
    redrawIfChanged(controls, controlsFor(now));
    if (resignSlot) redrawIfChanged(resignSlot, resignFor());
    warn(now);
  }

  setInterval(draw, TICK_MS);

  return {
    /** The server's time `now` (epoch ms) as of this moment: the skew to correct. */
    serverTime(now) {
      if (typeof now === "number") offset = now - Date.now();
    },
    update(partial) {
      state = { ...state, ...partial };
      draw();
    },
  };
}
