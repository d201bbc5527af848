// A table's pace in the reader's language, worded from its numbers as the server words
// it (spacemission/lobby/paces.py), so a new preset needs no new strings.

// Django's interpolate fills only %(name)s, so every placeholder here is one.
const gettext = (text) => (window.gettext ? window.gettext(text) : text);
const interpolate = (text, values) =>
  window.interpolate ? window.interpolate(text, values, true) : text.replace(/%\((\w+)\)s/g, (_, k) => values[k]);

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

/** "5 min", "30 s", "24 h", "3 days". */
export function duration(ms) {
  if (ms >= 48 * HOUR && ms % (24 * HOUR) === 0) return interpolate(gettext("%(count)s days"), { count: ms / (24 * HOUR) });
  if (ms >= HOUR && ms % HOUR === 0) return interpolate(gettext("%(count)s h"), { count: ms / HOUR });
  if (ms >= MINUTE && ms % MINUTE === 0) return interpolate(gettext("%(count)s min"), { count: ms / MINUTE });
  return interpolate(gettext("%(count)s s"), { count: Math.floor(ms / SECOND) });
}

/** `pace`: {id, kind, bank, increment} as the lobby list and the match page carry it. */
export function paceLabel(pace) {
  if (!pace || pace.kind === "none") return gettext("No clock");
  if (pace.kind === "realtime") {
    const words = interpolate(gettext("%(bank)s + %(increment)s per turn"), {
      bank: duration(pace.bank),
      increment: duration(pace.increment),
    });
    return `${gettext("Real time")}: ${words}`;
  }
  return `${gettext("Turn-based")}: ${interpolate(gettext("%(time)s per move"), { time: duration(pace.bank) })}`;
}
