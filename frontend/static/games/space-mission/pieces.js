// Cards, coordinates and tiles as HTML pieces.
import { h } from "../../js/match/dom.js";
import { gettext, interpolate } from "../../js/match/i18n.js";
import { coordinateLabel, tileName } from "./labels.js";

export const HAND_LIMIT = 5;

/** A coordinate badge: colour and shape by kind (blue circle, green square, orange diamond). */
export function coordinate(coord, extra = {}) {
  return h(
    "span",
    { class: ["coord", `coord-${coord.colour}`, extra.class], title: coordinateLabel(coord) },
    h("span", { class: "coord-value" }, coord.value === "?" ? "?" : String(coord.value)),
  );
}

function cardLabel(card) {
  return card.coords.map(coordinateLabel).join(gettext(" or "));
}

/**
 * A hand card. `use` is the coordinate colour the chosen action plays (highlighted),
 * `state` one of "idle", "choosable", "chosen", "discard", "blocked"; a blocked card may
 * carry `why` (js/match/whynot.js `closed`), the rules' reason it cannot be used.
 */
export function card(cardData, { use = null, state = "idle", onChoose = null, why = null }) {
  const coords = cardData.coords.map((coord) =>
    coordinate(coord, { class: use && (coord.colour === use ? "in-use" : "unused") }));
  const label = state === "discard"
    ? interpolate(gettext("%s, marked to discard"), [cardLabel(cardData)])
    : cardLabel(cardData);
  const attrs = {
    class: ["card", `card-${state}`],
    "data-card": cardData.id,
    "data-key": `card-${cardData.id}`,
    "aria-label": label,
  };
  if (why?.attrs["data-why-not"] !== undefined) return h("div", { ...attrs, ...why.attrs, role: "img" }, why.wrap(coords));
  if (!onChoose) return h("div", { ...attrs, role: "img" }, coords);
  return h(
    "button",
    {
      ...attrs,
      type: "button",
      "aria-pressed": state === "chosen" || state === "discard" ? "true" : "false",
      onclick: () => onChoose(cardData.id),
    },
    coords,
    state === "discard" ? h("span", { class: "card-mark" }, gettext("discard")) : null,
  );
}

/** The hand in HAND_LIMIT slots; empty slots show how many more cards fit. */
export function hand(cards, cardOptions, { emptySlots = true } = {}) {
  const slots = cards.map((c) => h("li", { class: "slot" }, card(c, cardOptions(c))));
  for (let i = cards.length; emptySlots && i < HAND_LIMIT; i += 1) {
    slots.push(h("li", { class: "slot empty", "aria-label": gettext("empty slot") },
      h("span", { class: "slot-number" }, `${i + 1}/${HAND_LIMIT}`)));
  }
  return h("ol", { class: "hand", "aria-label": gettext("Your hand") }, slots);
}

/** One tile chip. */
export function tile(tileData, extra = {}) {
  const attrs = {
    class: ["tile", `tile-${tileData.kind}`, tileData.colour && `tile-colour-${tileData.colour}`, extra.class],
    "data-tile": tileData.id,
  };
  const body = [h("span", { class: "tile-swatch", "aria-hidden": "true" }), h("span", { class: "tile-name" }, tileName(tileData))];
  if (!extra.onChoose) return h("span", attrs, body);
  const why = extra.why?.attrs["data-why-not"] === undefined ? null : extra.why;
  return h("button", {
    ...attrs,
    type: "button",
    "data-key": `tile-${tileData.id}`,
    disabled: extra.disabled && !why,
    ...why?.attrs,
    onclick: () => extra.onChoose(tileData.id),
  }, why ? why.wrap(body) : body);
}

/** Tiles grouped by kind and colour with counts ("red ore ×3"), for long collections. */
export function tileGroups(tiles) {
  const groups = new Map();
  for (const t of tiles) {
    const key = `${t.kind}/${t.colour ?? ""}`;
    if (!groups.has(key)) groups.set(key, { tile: t, count: 0 });
    groups.get(key).count += 1;
  }
  const order = ["ore", "alien", "matter", "water", "medal", "space"];
  const sorted = [...groups.values()].sort((a, b) =>
    order.indexOf(a.tile.kind) - order.indexOf(b.tile.kind) || String(a.tile.colour).localeCompare(String(b.tile.colour)));
  return h("ul", { class: "tiles" }, sorted.map(({ tile: t, count }) =>
    h("li", {}, tile(t), count > 1 ? h("span", { class: "count" }, `×${count}`) : null)));
}
