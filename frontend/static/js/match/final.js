// Shown to every seat and spectator once the game is over: each player's rating change
// ("1512 → 1527, +15"), the replay and the record, and the revealed deal, checked here.
import { h, redraw } from "./dom.js";
import { checkInBrowser } from "./deal.js";
import { gettext } from "./i18n.js";
import { seatMark } from "./seats.js";

function signed(delta) {
  return delta > 0 ? `+${delta}` : delta < 0 ? `−${-delta}` : "±0";
}

/** "1512 → 1527, +15" (a provisional rating is marked "?"). */
export function ratingChange(change) {
  const mark = change.provisional ? "?" : "";
  return `${change.before} → ${change.after}${mark}, ${signed(change.delta)}`;
}

function changes(ratings, names) {
  return h("ul", { class: "rating-changes" }, ratings.map((change) =>
    h("li", { "data-seat": String(change.seat) },
      h("span", { class: `who seat-text-${change.seat}` }, seatMark(change.seat, 14), change.name ?? names[change.seat] ?? "?"),
      ": ",
      h("span", { class: change.delta > 0 ? "rating-up" : change.delta < 0 ? "rating-down" : "" }, ratingChange(change)))));
}

function deal(match) {
  const check = h("p", {
    class: "muted",
    hidden: true,
    "data-ok": gettext("Your browser hashed the salt and seed again: it matches."),
    "data-bad": gettext("Your browser hashed the salt and seed again: it does NOT match."),
  });
  checkInBrowser(check, { seed: match.end.seed, salt: match.end.salt, commitment: match.commitment });
  return h("div", { class: "fair-deal" },
    h("h3", { class: "panel-title" }, gettext("Fair deal")),
    h("dl", {},
      h("dt", {}, gettext("Commitment (SHA-256)")), h("dd", {}, h("code", {}, match.commitment ?? "–")),
      h("dt", {}, gettext("Salt")), h("dd", {}, h("code", {}, match.end.salt ?? "–")),
      h("dt", {}, gettext("Seed")), h("dd", {}, h("code", {}, match.end.seed))),
    check);
}

export function renderFinal(container, match, names) {
  const end = match?.end;
  container.hidden = !end;
  if (!end) return;
  const key = JSON.stringify([end, names]);
  if (container.dataset.shown === key) return; // drawn already: later patches change nothing here
  container.dataset.shown = key;
  const ratings = end.ratings ?? [];
  redraw(container,
    h("h2", { class: "panel-title", id: "match-final-title" }, ratings.length ? gettext("Rating changes") : gettext("The game is over")),
    ratings.length ? changes(ratings, names) : h("p", { class: "muted" }, match.rated ? gettext("No ratings changed.") : gettext("A casual game: no ratings change.")),
    h("p", {},
      h("a", { class: "button small", href: end.replay }, gettext("Watch the replay")),
      h("a", { class: "button small secondary", href: end.record, download: "" }, gettext("Download the game record"))),
    match.commitment && end.salt ? deal(match) : null);
}
