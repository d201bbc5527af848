// The game log: `view.log` events ({seat, kind, args, private}), worded here in the
// reader's language by the game's own catalogue (games/<id>/log.js), appended as the log
// grows, with the match's seat events (a bot stood in, a player came back…) in their
// places. A filter shows every line, the reader's own, or this round's.
import { h, stickToBottom } from "./dom.js";
import { gettext } from "./i18n.js";
import { seatMark } from "./seats.js";

const PLACEHOLDER = /%\((\w+)\)s/;

/** An argument that names a seat: shown as that player's mark and name. */
export function seatRef(seat) {
  return { seat };
}

/** "a", "a and b", "a, b and c" in the page's language. */
export function listOf(words) {
  const lang = document.documentElement.lang || "en";
  return new Intl.ListFormat(lang, { style: "long", type: "conjunction" }).format(words.map(String));
}

function nameNode(seat, names) {
  return h("span", { class: `log-name seat-text-${seat}` }, seatMark(seat, 12), names[seat] ?? "?");
}

const isSeat = (value) => value !== null && typeof value === "object" && "seat" in value;

/** Several seats as one phrase of names ("Ada and Bob"). */
function nameList(seats, names) {
  const lang = document.documentElement.lang || "en";
  const parts = new Intl.ListFormat(lang, { style: "long", type: "conjunction" })
    .formatToParts(seats.map((ref) => String(ref.seat)));
  return parts.map((part) => (part.type === "element" ? nameNode(Number(part.value), names) : part.value));
}

/** A format with %(name)s placeholders as nodes: seat references become names. */
export function worded(format, args, names) {
  return String(format).split(PLACEHOLDER).map((part, i) => {
    if (i % 2 === 0) return part;
    const value = args[part];
    if (isSeat(value)) return nameNode(value.seat, names);
    if (Array.isArray(value) && value.every(isSeat)) return nameList(value, names);
    return value === undefined || value === null ? "" : String(value);
  });
}

/**
 * A game's catalogue: `words[kind](args, you)` gives a format string, or
 * {text, args, marker} (extra arguments, worded; `marker`: the line opens a round).
 * Private events are always the reader's own.
 */
export function catalogue(words) {
  return (event, you) => {
    const word = words[event.kind];
    if (!word) return null;
    const args = event.args ?? {};
    const said = word(args, you || event.private);
    const { text, args: extra = {}, marker = false } = typeof said === "string" ? { text: said } : said;
    return { text, args: { ...args, ...extra }, marker };
  };
}

/** The platform's seat events ({kind, seat, by, log}), worded like a game's events. */
const seatEvents = catalogue({
  timeout: () => gettext("%(who)s ran out of time: a bot played for them."),
  kept: () => gettext("%(who)s ran out of time twice in a row: a bot plays for them until they are back."),
  back: () => gettext("%(who)s is back."),
  resigned: () => gettext("%(who)s resigned: a bot plays their seat to the end."),
  left: () => gettext("%(who)s left the table: a bot plays their seat to the end."),
  vote: () => gettext("%(by)s votes to hand the seat of %(who)s to a bot."),
  handed: () => gettext("The players handed the seat of %(who)s to a bot."),
});

function seatEvent(event) {
  const args = event.by === null || event.by === undefined ? {} : { by: seatRef(event.by) };
  return { seat: event.seat, kind: event.kind, args, private: false, platform: true };
}

/** The game's events with each seat event after the public line it followed. */
export function merged(entries, events) {
  const out = [];
  const pending = [...events];
  let publicLines = 0;
  const flush = () => {
    while (pending.length && pending[0].log <= publicLines) out.push(seatEvent(pending.shift()));
  };
  flush();
  for (const entry of entries) {
    out.push(entry);
    if (!entry.private) publicLines += 1;
    flush();
  }
  pending.forEach((event) => out.push(seatEvent(event)));
  return out;
}

/** What a catalogue returns for an event it does not know: its kind, so nothing is lost. */
function unknown(event) {
  return { text: "%(who)s: %(kind)s", args: { kind: event.kind } };
}

/**
 * Log events as one plain sentence each, joined, in the reader's language: what a screen
 * reader hears when another player's act arrives (js/match/moves.js).
 */
export function sentences(events, { describe = unknown, seat = null, names = [] } = {}) {
  return events.map((event) => {
    const { said, args } = phrase(event, describe, seat);
    return h("span", {}, ...worded(said.text, args, names)).textContent.trim();
  }).filter(Boolean).join(" ");
}

/** An event's wording: the catalogue's text and arguments, and whether it is the reader's. */
function phrase(event, describe, seat) {
  const you = event.seat !== null && event.seat !== undefined && event.seat === seat;
  const said = (event.platform ? seatEvents : describe)(event, you) ?? unknown(event);
  const args = { who: event.seat === null || event.seat === undefined ? "" : seatRef(event.seat), ...said.args };
  return { said, args, you };
}

const FILTERS = [
  ["all", () => gettext("All")],
  ["mine", () => gettext("Mine")],
  ["round", () => gettext("This round")],
];

/**
 * `describe(event, you)` (the game's catalogue) gives {text, args, marker?}: `text` with
 * %(name)s placeholders, `%(who)s` standing for the acting seat; `you` is true when the
 * reader is that seat. `seat` is the reader's seat (null for a spectator).
 */
export function createLog(root, { describe = unknown, seat = null } = {}) {
  const list = h("ol", { class: "log-lines", tabindex: "0", "aria-label": gettext("Game log") });
  let filter = "all";
  const buttons = FILTERS.filter(([key]) => key !== "mine" || seat !== null).map(([key, label]) =>
    h("button", {
      type: "button",
      class: "log-filter",
      "data-filter": key,
      "aria-pressed": String(key === filter),
      onclick: () => setFilter(key),
    }, label()),
  );
  root.replaceChildren(
    h("div", { class: "log-head" },
      h("h2", { class: "panel-title" }, gettext("Game log")),
      h("div", { class: "log-filters", role: "group", "aria-label": gettext("Show") }, buttons)),
    list,
  );
  let shown = [];
  let names = [];
  let round = 0;

  function line(event) {
    const { said, args, you } = phrase(event, describe, seat);
    if (said.marker) round += 1;
    return h(
      "li",
      {
        class: ["log-line", event.private && "private", said.marker && "log-round", event.platform && "seat-event"],
        "data-round": String(round),
        "data-mine": String(you),
      },
      h("span", { class: "log-text" }, ...worded(said.text, args, names)),
      event.private ? h("span", { class: "log-private" }, ` (${gettext("only you")})`) : null,
    );
  }

  function applyFilter() {
    for (const button of buttons) button.setAttribute("aria-pressed", String(button.dataset.filter === filter));
    for (const item of list.children) {
      item.hidden = (filter === "mine" && item.dataset.mine !== "true")
        || (filter === "round" && item.dataset.round !== String(round));
    }
  }

  function setFilter(key) {
    filter = key;
    applyFilter();
    list.scrollTop = list.scrollHeight;
  }

  return {
    /** Draw the game's `events` with the match's `seatEvents`; only new lines are added
     * when the old ones are unchanged. */
    update(events, seatNames, seatEventList = []) {
      const log = merged(Array.isArray(events) ? events : [], seatEventList);
      const renamed = JSON.stringify(seatNames) !== JSON.stringify(names);
      names = seatNames;
      // The log only grows; a shorter or different log means a different match state.
      const last = shown.length - 1;
      const grows = !renamed && shown.length <= log.length
        && (last < 0 || JSON.stringify(shown[last]) === JSON.stringify(log[last]));
      stickToBottom(list, () => {
        if (grows) list.append(...log.slice(shown.length).map(line));
        else {
          round = 0;
          list.replaceChildren(...log.map(line));
        }
        applyFilter();
      });
      if (!grows) list.scrollTop = list.scrollHeight;
      shown = log.slice();
    },
  };
}
