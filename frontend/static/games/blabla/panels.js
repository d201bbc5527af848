// The public table beside the board: players (ship, flight cards, BlaBla count, secured
// cards, tokens), the open pile with its top cards readable, the boost tile in force,
// and what the reader alone knows (stack memory, meeting notes).
import { h } from "../../js/match/dom.js";
import { gettext, interpolate, ngettext } from "../../js/match/i18n.js";
import { seatMark } from "../../js/match/seats.js";
import { blablaChip, flightChip, setName, stackName, tileName, tileText } from "./labels.js";

const PILE_TOP = 8;

export function who(seat, names) {
  return h("span", { class: `who seat-text-${seat}` }, seatMark(seat, 16), names[seat] ?? "?");
}

function playerCard(view, p, { names, mySeat, presence, match }) {
  const mine = p.seat === mySeat;
  const bot = (match?.seats ?? []).some((s) => s.seat === p.seat && s.bot);
  const connected = bot || (presence?.connected ?? []).includes(p.seat);
  const blablaCards = mine && view.me ? view.me.blabla.map((c) => blablaChip(c)) : [];
  return h("li", { class: ["bb-player", `bb-set-${p.set}`, view.turn === p.seat && "bb-current"], "data-seat": p.seat },
    h("div", { class: "bb-player-head" }, who(p.seat, names),
      h("span", { class: "bb-set-tag" }, setName(p.set)),
      connected ? null : h("span", { class: "muted" }, gettext("(offline)"))),
    h("p", { class: "bb-figures" },
      interpolate(gettext("Score %(score)s · tokens %(tokens)s · ship on %(at)s, %(jump)s"), {
        score: p.score, tokens: p.tokens, at: p.ship.at,
        jump: p.ship.jump ? gettext("jump ready") : gettext("jump used"),
      }, true),
      p.turns_left !== null ? ` · ${interpolate(ngettext("%s turn left", "%s turns left", p.turns_left), [p.turns_left])}` : ""),
    h("div", { class: "bb-row" }, h("span", { class: "bb-row-label" }, gettext("Flight cards")),
      h("span", { class: "bb-cards" }, p.hand.map((c) => flightChip(c)))),
    h("div", { class: "bb-row" }, h("span", { class: "bb-row-label" }, gettext("BlaBla cards in hand")),
      mine ? h("span", { class: "bb-cards" }, blablaCards.length ? blablaCards : gettext("none"))
        : h("span", { class: "bb-count" }, String(p.blabla_count))),
    h("div", { class: "bb-row" }, h("span", { class: "bb-row-label" }, gettext("Secured")),
      h("span", { class: "bb-cards" }, p.secured.length ? p.secured.map((c) => blablaChip(c)) : gettext("none"))));
}

export function playersPanel(view, ctx) {
  return [h("h2", { class: "panel-title" }, gettext("Players")),
    h("ul", { class: "bb-players" }, view.players.map((p) => playerCard(view, p, ctx)))];
}

export function pilePanel(view) {
  const top = view.pile.slice(-PILE_TOP).reverse();
  return [
    h("h2", { class: "panel-title" }, interpolate(gettext("Open pile (%s)"), [view.pile.length])),
    view.pile.length
      ? h("ol", { class: "bb-pile", "aria-label": gettext("Top cards first") },
        top.map((c, i) => h("li", { class: i === 0 && "bb-top" }, flightChip(c))),
        view.pile.length > PILE_TOP ? h("li", { class: "muted" }, interpolate(gettext("and %s more"), [view.pile.length - PILE_TOP])) : null)
      : h("p", { class: "muted" }, gettext("The pile is empty.")),
  ];
}

export function boostPanel(view) {
  const { boost } = view;
  return [
    h("h2", { class: "panel-title" }, gettext("Boost")),
    h("p", { class: "bb-boost" }, h("strong", {}, tileName(boost.top)), " — ", tileText(boost.top)),
    h("p", { class: "muted" }, interpolate(gettext("%(count)s tiles in the stack; turned so far: %(turned)s · supply: %(supply)s tokens"),
      { count: boost.count, turned: boost.turned, supply: view.supply }, true)),
    h("p", { class: "muted" }, interpolate(gettext("Stacks: %s"), [Object.entries(view.stacks).map(([k, n]) => `${stackName(k)} ${n}`).join(", ")])),
  ];
}

export function knowledgePanel(view, names) {
  const me = view.me;
  if (!me) return [];
  const memory = Object.entries(me.memory);
  const notes = me.notes.filter((n) => n.kind === "meeting");
  if (!memory.length && !notes.length) return [];
  return [
    h("h2", { class: "panel-title" }, gettext("What you know")),
    memory.length ? h("ul", { class: "bb-memory" }, memory.map(([key, m]) => h("li", {},
      h("strong", {}, stackName(key)), ": ",
      m.cards.length ? m.cards.map((c) => blablaChip(c)) : gettext("empty"),
      m.taken ? ` · ${interpolate(ngettext("%s card taken since", "%s cards taken since", m.taken), [m.taken])}` : ""))) : null,
    notes.length ? h("ul", { class: "bb-notes" }, notes.map((n) => h("li", {},
      interpolate(gettext("Round %s: "), [n.round]), who(n.seat, names), " — ",
      n.cards.length ? n.cards.map((c) => blablaChip(c)) : gettext("no BlaBla cards")))) : null,
  ];
}
