// The game log: `view.log` entries ({seat, text, private}), appended as the log grows.
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

export function createLog(root) {
  const list = h("ol", { class: "log-lines" });
  root.replaceChildren(h("h2", { class: "panel-title" }, gettext("Game log")), list);
  let shown = [];

  function line(entry, names) {
    const seated = entry.seat !== null && entry.seat !== undefined;
    return h(
      "li",
      { class: ["log-line", entry.private && "private"] },
      seated ? h("span", { class: `log-name seat-text-${entry.seat}` }, seatMark(entry.seat, 12), names[entry.seat] ?? "") : null,
      seated ? " " : null,
      h("span", { class: "log-text" }, ...withNames(entry.text, names)),
      entry.private ? h("span", { class: "log-private" }, ` (${gettext("only you")})`) : null,
    );
  }

  return {
    /** Draw `entries`; only new lines are added when the old ones are unchanged. */
    update(entries, names) {
      const log = Array.isArray(entries) ? entries : [];
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
