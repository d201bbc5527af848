// The game log: `view.log` entries ({seat, text, private}), appended as the log grows,
// with the match's seat events (a bot stood in, a player came back…) in their places.
import { h, stickToBottom } from "./dom.js";
import { gettext } from "./i18n.js";
import { seatMark } from "./seats.js";

// A game names another seat in a line as {seat:N}: shown as that player's mark and name.
const SEAT_REF = /\{seat:(\d+)\}/;

/** The line's text as nodes, each {seat:N} replaced by seat N's mark and name. */
export function withNames(text, names) {
  return String(text ?? "").split(SEAT_REF).map((part, i) => {
    if (i % 2 === 0) return part;
    const seat = Number(part);
    return h("span", { class: `log-name seat-text-${seat}` }, seatMark(seat, 12), names[seat] ?? "");
  });
}

/** A seat event ({kind, seat, by, log}) as a log entry in the reader's language. */
export function eventEntry(event) {
  const texts = {
    timeout: gettext("{seat:S} ran out of time: a bot played for them."),
    kept: gettext("{seat:S} ran out of time twice in a row: a bot plays for them until they are back."),
    back: gettext("{seat:S} is back."),
    resigned: gettext("{seat:S} resigned: a bot plays their seat to the end."),
    left: gettext("{seat:S} left the table: a bot plays their seat to the end."),
    vote: gettext("{seat:B} votes to hand the seat of {seat:S} to a bot."),
    handed: gettext("The players handed the seat of {seat:S} to a bot."),
  };
  const text = (texts[event.kind] ?? "").replace("{seat:S}", `{seat:${event.seat}}`).replace("{seat:B}", `{seat:${event.by}}`);
  return { seat: null, text, private: false, event: true };
}

/** The game's lines with each event after the public line it followed. */
export function merged(entries, events) {
  const out = [];
  let pending = [...events];
  let publicLines = 0;
  const flush = () => {
    while (pending.length && pending[0].log <= publicLines) out.push(eventEntry(pending.shift()));
  };
  flush();
  for (const entry of entries) {
    out.push(entry);
    if (!entry.private) publicLines += 1;
    flush();
  }
  pending.forEach((event) => out.push(eventEntry(event)));
  pending = [];
  return out;
}

export function createLog(root) {
  const list = h("ol", { class: "log-lines" });
  root.replaceChildren(h("h2", { class: "panel-title" }, gettext("Game log")), list);
  let shown = [];

  function line(entry, names) {
    const seated = entry.seat !== null && entry.seat !== undefined;
    return h(
      "li",
      { class: ["log-line", entry.private && "private", entry.event && "seat-event"] },
      seated ? h("span", { class: `log-name seat-text-${entry.seat}` }, seatMark(entry.seat, 12), names[entry.seat] ?? "") : null,
      seated ? " " : null,
      h("span", { class: "log-text" }, ...withNames(entry.text, names)),
      entry.private ? h("span", { class: "log-private" }, ` (${gettext("only you")})`) : null,
    );
  }

  return {
    /** Draw `entries`; only new lines are added when the old ones are unchanged. */
    update(entries, names, events = []) {
      const log = merged(Array.isArray(entries) ? entries : [], events);
      // The log only grows; a shorter or different log means a different match state.
      const last = shown.length - 1;
      const grows = shown.length <= log.length
        && (last < 0 || JSON.stringify(shown[last]) === JSON.stringify(log[last]));
      stickToBottom(list, () => {
        if (grows) list.append(...log.slice(shown.length).map((entry) => line(entry, names)));
        else list.replaceChildren(...log.map((entry) => line(entry, names)));
      });
      if (!grows) list.scrollTop = list.scrollHeight;
      shown = log.slice();
    },
  };
}
