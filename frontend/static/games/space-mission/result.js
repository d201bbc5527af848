// The end screen (O8): winners, score by category, and everyone's tiles revealed.
import { h } from "../../js/match/dom.js";
import { winnerSeats, winnersLine } from "../../js/match/winners.js";
import { gettext } from "../../js/match/i18n.js";
import { placeRow, ranked, tiedAtTop } from "../../js/match/final.js";
import { seatMark } from "../../js/match/seats.js";
import { CATEGORIES, categoryName } from "./labels.js";
import { hand, tileGroups } from "./pieces.js";

function who(seat, names) {
  return h("span", { class: `who seat-text-${seat}` }, seatMark(seat, 16), names[seat] ?? "?");
}

function tiebreak(result) {
  if (!tiedAtTop(result)) return gettext("Decided by the score.");
  return result.winners.length > 1
    ? gettext("Tied on points and stations: the win is shared.")
    : gettext("Tied on points: won with the most stations.");
}

function scoreTable(result, names, match) {
  const scores = ranked(result, match);
  const winners = new Set(winnerSeats(match) ?? []);
  const categories = CATEGORIES.filter((c) => scores.some((x) => c in x.by_category));
  return h("div", { class: "table-scroll", tabindex: "0", role: "region", "aria-label": gettext("Score by category") }, h("table", { class: "result-table" },
    h("caption", {}, gettext("Score by category")),
    h("thead", {}, h("tr", {}, h("th", { scope: "col" }, gettext("Category")),
      scores.map((x) => h("th", { scope: "col", class: winners.has(x.seat) && "winner" }, who(x.seat, names)))), placeRow(scores)),
    h("tbody", {}, categories.map((category) => h("tr", {},
      h("th", { scope: "row" }, categoryName(category)),
      scores.map((x) => h("td", {}, String(x.by_category[category] ?? 0)))))),
    h("tfoot", {}, h("tr", {}, h("th", { scope: "row" }, gettext("Total")),
      scores.map((x) => h("td", { class: winners.has(x.seat) && "winner" }, String(x.total)))))));
}

function revealed(entry, names, planets, colonised) {
  const reservations = Object.entries(entry.reservations ?? {}).filter(([, tiles]) => tiles.length);
  return h("section", { class: "revealed", "data-seat": entry.seat },
    h("h3", {}, who(entry.seat, names)),
    h("h4", {}, gettext("Collection")),
    entry.collection.length ? tileGroups(entry.collection) : h("p", { class: "muted" }, gettext("No tiles.")),
    h("h4", {}, gettext("Reservations")),
    reservations.length
      ? h("ul", { class: "by-planet" }, reservations.map(([planet, tiles]) =>
        h("li", { class: !colonised.has(planet) && "unscored" },
          h("span", { class: "planet-label" }, planets[planet] ?? planet),
          tileGroups(tiles),
          colonised.has(planet) ? null : h("span", { class: "muted" }, gettext("not scored: no station there")))))
      : h("p", { class: "muted" }, gettext("None.")),
    entry.hand ? h("h4", {}, gettext("Hand")) : null,
    entry.hand ? hand(entry.hand, () => ({}), { emptySlots: false }) : null);
}

/** The end screen; `extra` (the shell's ratings, replay and deal) follows the scores. */
export function endScreen(view, names, lobbyUrl, match, extra = null) {
  const result = view.result;
  const planets = Object.fromEntries(view.ring.map((p) => [p.id, p.name]));
  const colonised = new Set(view.ring.filter((p) => p.station !== null).map((p) => p.id));
  return h("section", { class: "end-screen", "aria-labelledby": "end-title" },
    h("h2", { id: "end-title" }, gettext("Game over")),
    h("p", { class: "winners" }, winnersLine(match, names)),
    h("p", { class: "tiebreak" }, tiebreak(result)),
    scoreTable(result, names, match),
    extra,
    lobbyUrl ? h("p", {}, h("a", { class: "button", href: lobbyUrl }, gettext("Back to the lobby"))) : null,
    h("div", { class: "revealed-all" }, (result.revealed ?? []).map((entry) => revealed(entry, names, planets, colonised))));
}
