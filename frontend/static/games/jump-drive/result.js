// The end screen (J38, J39): winners, VP round by round, the tiebreak figures, the last
// scoring card by card, and every hand revealed.
import { h } from "../../js/match/dom.js";
import { gettext, interpolate } from "../../js/match/i18n.js";
import { winnerSeats, winnersLine } from "../../js/match/winners.js";
import { placeRow, ranked, tiedAtTop } from "../../js/match/final.js";
import { seatMark } from "../../js/match/seats.js";
import { chip, yieldText } from "./cards.js";
import { cardName } from "./cardtexts.js";

function who(seat, names) {
  return h("span", { class: `who seat-text-${seat}` }, seatMark(seat, 16), names[seat] ?? "?");
}

/** "round 3" from the result becomes "Round 3" in the reader's language. */
function roundLabel(key) {
  const match = /^round (\d+)$/.exec(key);
  return match ? interpolate(gettext("Round %s"), [match[1]]) : key;
}

function row(label, scores, value, cls) {
  return h("tr", { class: cls }, h("th", { scope: "row" }, label), scores.map((x) => h("td", {}, String(value(x)))));
}

function tiebreak(result) {
  if (!tiedAtTop(result)) return gettext("Decided by the score.");
  return result.winners.length > 1
    ? gettext("Tied on VP and on cards in hand plus income: the win is shared.")
    : gettext("Tied on VP: won with the most cards in hand plus income.");
}

function scoreTable(result, names, match) {
  const scores = ranked(result, match);
  const winners = new Set(winnerSeats(match) ?? []);
  const rounds = Object.keys(scores[0]?.by_category ?? {});
  return h("div", { class: "table-scroll", tabindex: "0", role: "region", "aria-label": gettext("VP by round") }, h("table", { class: "result-table" },
    h("caption", {}, gettext("VP by round")),
    h("thead", {}, h("tr", {}, h("th", { scope: "col" }, gettext("Round")),
      scores.map((x) => h("th", { scope: "col", class: winners.has(x.seat) && "winner" }, who(x.seat, names)))), placeRow(scores)),
    h("tbody", {}, rounds.map((key) => row(roundLabel(key), scores, (x) => x.by_category[key] ?? 0))),
    h("tfoot", {},
      h("tr", { class: "jd-total" }, h("th", { scope: "row" }, gettext("Total")),
        scores.map((x) => h("td", { class: winners.has(x.seat) && "winner" }, String(x.total)))),
      row(gettext("Income of the last round"), scores, (x) => x.income, "jd-tiebreak"),
      row(gettext("Cards in hand"), scores, (x) => x.hand_count, "jd-tiebreak"),
      row(gettext("Tiebreak (hand + income)"), scores, (x) => x.tiebreak, "jd-tiebreak"))));
}

function lastRound(entry) {
  return h("ul", { class: "jd-last-round" }, entry.last_round.map((line) =>
    h("li", {}, h("span", { class: "jd-name" }, cardName(line.card)), h("span", { class: "jd-yield" }, yieldText(line.vp, line.income)))));
}

function revealed(entry, names) {
  return h("section", { class: "revealed", "data-seat": entry.seat },
    h("h3", {}, who(entry.seat, names)),
    h("h4", {}, gettext("The last scoring, card by card")),
    entry.last_round.length ? lastRound(entry) : h("p", { class: "muted" }, gettext("No cards.")),
    h("h4", {}, gettext("Hand")),
    entry.hand.length ? h("ul", { class: "jd-hand-revealed" }, entry.hand.map((c) => chip(c))) : h("p", { class: "muted" }, gettext("No cards.")));
}

/** The end screen; `extra` (the shell's ratings, replay and deal) follows the scores. */
export function endScreen(view, names, lobbyUrl, match, extra = null) {
  const { result } = view;
  return h("section", { class: "end-screen", "aria-labelledby": "end-title" },
    h("h2", { id: "end-title" }, gettext("Game over")),
    h("p", { class: "winners" }, winnersLine(match, names)),
    h("p", { class: "tiebreak" }, tiebreak(result)),
    scoreTable(result, names, match),
    extra,
    lobbyUrl ? h("p", {}, h("a", { class: "button", href: lobbyUrl }, gettext("Back to the lobby"))) : null,
    h("div", { class: "revealed-all" }, result.scores.map((entry) => revealed(entry, names))));
}
