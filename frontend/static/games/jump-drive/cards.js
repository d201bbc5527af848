// Cards as HTML: the full card (hand, Survey Team) and the compact empire line, with the
// printed icons as small shapes that differ without colour.
import { h, s } from "../../js/match/dom.js";
import { gettext, interpolate } from "../../js/match/i18n.js";
import { ICONS, iconName, kindLabel } from "./labels.js";
import { cardName, cardPower } from "./cardtexts.js";

const ICON_SHAPES = {
  // A lens for explore, a shield for military, a double helix cross for chromosome.
  explore: () => [s("circle", { cx: -2, cy: -2, r: 5.5 }), s("line", { x1: 2, y1: 2, x2: 7.5, y2: 7.5 })],
  military: () => [s("path", { d: "M0 -8 L7 -5 L6 3 L0 8 L-6 3 L-7 -5 Z" })],
  chromosome: () => [s("path", { d: "M-6 -8 Q0 0 6 8 M6 -8 Q0 0 -6 8" })],
};

/** One printed icon, drawn. */
export function icon(kind, size = 16) {
  return s("svg", {
    class: ["jd-icon", `jd-icon-${kind}`], width: size, height: size, viewBox: "-10 -10 20 20", "aria-hidden": "true",
  }, ICON_SHAPES[kind]());
}

/** The icons a card or empire shows, as repeated symbols or "symbol ×n" when many. */
export function iconRow(counts, { compact = false } = {}) {
  const items = ICONS.filter((kind) => counts[kind] > 0);
  if (!items.length) return null;
  const words = items.map((kind) => `${counts[kind]} ${iconName(kind)}`).join(", ");
  return h("span", { class: "jd-icons", title: words },
    h("span", { class: "visually-hidden" }, words),
    items.map((kind) => (compact || counts[kind] > 3
      ? h("span", { class: "jd-icon-count", "aria-hidden": "true" }, icon(kind), `×${counts[kind]}`)
      : Array.from({ length: counts[kind] }, () => icon(kind)))));
}

function costBadge(card, costs) {
  const military = card.military;
  const printed = military ? card.defense : card.cost;
  const now = military ? null : (costs?.with_world ?? costs?.pay ?? null);
  if (now !== null && now < printed) {
    const label = interpolate(gettext("cost %(now)s, printed %(printed)s"), { now, printed }, true);
    return h("span", { class: "jd-cost jd-reduced", title: label },
      h("s", { class: "jd-printed", "aria-hidden": "true" }, String(printed)),
      h("span", { class: "jd-now", "aria-hidden": "true" }, String(now)),
      h("span", { class: "visually-hidden" }, label));
  }
  const label = military ? interpolate(gettext("defense %s"), [printed]) : interpolate(gettext("cost %s"), [printed]);
  return h("span", { class: ["jd-cost", military && "jd-defense"], title: label },
    h("span", { "aria-hidden": "true" }, String(printed)), h("span", { class: "visually-hidden" }, label));
}

/** What "alone: N" on a development means (J19); the hand says it under its cards too. */
export function aloneExplained() {
  return gettext("alone: what this development costs when you place no world this round (1 less, J19).");
}

/**
 * What else the seat's own costs say: a second world by Colony Convoy (J27), a
 * development alone (J19), Contact Specialist (J23).
 */
function costNote(costs) {
  if (costs?.second !== undefined) {
    return h("span", { class: "jd-cost-note" }, interpolate(gettext("second world: pay %s"), [costs.second]));
  }
  if (costs?.alone !== undefined && costs.alone !== costs.with_world) {
    return h("span", { class: "jd-cost-note", title: aloneExplained() }, interpolate(gettext("alone: %s"), [costs.alone]));
  }
  if (costs?.contact !== undefined) {
    return h("span", { class: "jd-cost-note" }, interpolate(gettext("Contact Specialist: pay %s"), [costs.contact]));
  }
  return null;
}

/** "2 VP · income 1", the figures printed on a card. */
export function yieldText(vp, income) {
  return interpolate(gettext("%(vp)s VP · income %(income)s"), { vp, income }, true);
}

function cardClasses(card, state) {
  return ["jd-card", `jd-${card.kind}`, card.colour && `jd-colour-${card.colour}`, card.military && "jd-military", state && `card-${state}`];
}

const STATE_WORDS = {
  chosen: () => gettext("chosen"),
  selected: () => gettext("to discard"),
  planned: () => gettext("planned"),
};

/**
 * A full card. `state` is one of idle, choosable, chosen, selected, planned, blocked;
 * with `onChoose` it is a button (a keyboard can reach it), else a plain element. A
 * blocked card may carry `why` (js/match/whynot.js `closed`): the rules' reason.
 * `costs` (the seat's own `me.costs` entry) shows the cost after its reductions.
 */
export function card(data, { state = "idle", onChoose = null, key = data.id, costs = null, why = null } = {}) {
  const mark = STATE_WORDS[state] ? h("span", { class: "jd-card-mark" }, STATE_WORDS[state]()) : null;
  const body = [
    h("span", { class: "jd-card-head" }, costBadge(data, costs), h("span", { class: "jd-name" }, cardName(data))),
    h("span", { class: "jd-kind" }, kindLabel(data), costNote(costs)),
    h("span", { class: "jd-card-row" }, iconRow(data.icons), h("span", { class: "jd-yield" }, yieldText(data.vp, data.income))),
    cardPower(data) ? h("span", { class: "jd-power" }, cardPower(data)) : null,
    mark,
  ];
  const attrs = { class: cardClasses(data, state), "data-card": key, "data-key": `card-${key}` };
  if (why?.attrs["data-why-not"] !== undefined) return h("div", { ...attrs, ...why.attrs }, why.wrap(body));
  if (!onChoose) return h("div", attrs, body);
  return h("button", {
    ...attrs,
    type: "button",
    "aria-pressed": ["chosen", "selected"].includes(state) ? "true" : "false",
    onclick: () => onChoose(data),
  }, body);
}

/** A card in an empire or a list: one line with its name, icons and figures; power below. */
export function chip(data, { fresh = false } = {}) {
  return h("li", { class: ["jd-chip", data.colour && `jd-colour-${data.colour}`, `jd-${data.kind}`, fresh && "fresh"], "data-card": data.id },
    h("span", { class: "jd-chip-line" },
      h("span", { class: "jd-name" }, cardName(data)),
      iconRow(data.icons, { compact: true }),
      h("span", { class: "jd-yield" }, yieldText(data.vp, data.income))),
    h("span", { class: "jd-chip-kind" }, kindLabel(data), cardPower(data) ? ` — ${cardPower(data)}` : ""));
}
