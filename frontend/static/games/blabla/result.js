// The end (B54, B55, B64): winners, scores by kind, the tie-break used, and everything
// revealed: hands, BlaBla cards held, the stacks and the cards left in the box.
import { h } from "../../js/match/dom.js";
import { gettext, interpolate } from "../../js/match/i18n.js";
import { winnerSeats, winnersLine } from "../../js/match/winners.js";
import { blablaChip, endReason, flightChip, setName, stackName, tiebreakText } from "./labels.js";
import { who } from "./panels.js";
import { placeRow, ranked } from "../../js/match/final.js";

const KINDS = ["A", "B", "C", "D"];

function scoreTable(result, names, match) {
  const scores = ranked(result, match);
  const winners = new Set(winnerSeats(match) ?? []);
  const caption = gettext("Secured BlaBla cards by kind");
  // A narrow screen scrolls the table sideways: a keyboard can scroll it too.
  return h("div", { class: "table-scroll", tabindex: "0", role: "region", "aria-label": caption }, h("table", { class: "result-table" },
    h("caption", {}, caption),
    h("thead", {}, h("tr", {}, h("th", { scope: "col" }, gettext("Kind")),
      scores.map((x) => h("th", { scope: "col", class: winners.has(x.seat) && "winner" }, who(x.seat, names)))), placeRow(scores)),
    h("tbody", {}, KINDS.map((k) => h("tr", {}, h("th", { scope: "row" }, k),
      scores.map((x) => h("td", {}, String(x.by_category[k] || "–")))))),
    h("tfoot", {}, h("tr", {}, h("th", { scope: "row" }, gettext("Total")),
      scores.map((x) => h("td", { class: winners.has(x.seat) && "winner" }, String(x.total)))),
    h("tr", {}, h("th", { scope: "row" }, gettext("All four kinds")),
      scores.map((x) => h("td", {}, x.four_kinds ? "✓" : "–"))))));
}

function revealed(entry, names) {
  return h("section", { class: "revealed", "data-seat": entry.seat },
    h("h3", {}, who(entry.seat, names), " · ", setName(entry.set)),
    h("h4", {}, gettext("Secured")),
    entry.secured.length ? h("p", {}, entry.secured.map((c) => blablaChip(c))) : h("p", { class: "muted" }, gettext("none")),
    h("h4", {}, gettext("BlaBla cards in hand (they score nothing)")),
    entry.blabla.length ? h("p", {}, entry.blabla.map((c) => blablaChip(c))) : h("p", { class: "muted" }, gettext("none")),
    h("h4", {}, gettext("Flight cards")),
    h("p", {}, entry.hand.map((id) => flightChip(flightCard(id)))));
}

/** A flight card from its id (gen-5-3, own-A-PM, own-D-1-2). */
function flightCard(id) {
  const parts = id.split("-");
  if (parts[0] === "gen") return { id, value: Number(parts[1]), special: null, owner: null };
  const faceText = parts[2];
  const special = faceText === "X" || faceText === "PM" ? faceText : null;
  return { id, value: special ? null : Number(faceText), special, owner: parts[1] };
}

/** The end screen; `extra` (the shell's ratings, replay and deal) follows the scores. */
export function endScreen(view, names, lobbyUrl, match, extra = null) {
  const { result } = view;
  return h("section", { class: "end-screen", "aria-labelledby": "end-title" },
    h("h2", { id: "end-title" }, gettext("Game over")),
    h("p", { class: "winners" }, winnersLine(match, names)),
    h("p", {}, interpolate(gettext("The game ended because %s."), [endReason(result.end)]), " ", tiebreakText(result.tiebreak)),
    scoreTable(result, names, match),
    extra,
    lobbyUrl ? h("p", {}, h("a", { class: "button", href: lobbyUrl }, gettext("Back to the lobby"))) : null,
    h("div", { class: "revealed-all" }, result.scores.map((entry) => revealed(entry, names))),
    h("section", { class: "revealed" }, h("h3", {}, gettext("The stacks")),
      Object.entries(result.stacks).map(([key, cards]) => h("p", {}, h("strong", {}, stackName(key)), ": ",
        cards.length ? cards.map((c) => blablaChip(c)) : gettext("empty"))),
      result.box.length ? h("p", {}, h("strong", {}, gettext("Left in the box")), ": ", result.box.map((c) => blablaChip(c))) : null));
}
