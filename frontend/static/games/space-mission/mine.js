// The seat's own secrets: reservations, collection and its running score, stack memory.
import { h } from "../../js/match/dom.js";
import { gettext, interpolate, ngettext } from "../../js/match/i18n.js";
import { categoryName } from "./labels.js";
import { tileGroups } from "./pieces.js";

function score(me) {
  const categories = Object.keys(me.score.by_category);
  return h("table", { class: "score-table" },
    h("caption", {}, gettext("Collection score so far")),
    h("tbody", {}, categories.map((category) =>
      h("tr", {}, h("th", { scope: "row" }, categoryName(category)), h("td", {}, String(me.score.by_category[category]))))),
    h("tfoot", {}, h("tr", {}, h("th", { scope: "row" }, gettext("Total")), h("td", {}, String(me.score.total)))));
}

function byPlanet(entries, planets, describe) {
  const rows = Object.entries(entries).filter(([, value]) => value);
  if (!rows.length) return null;
  return h("ul", { class: "by-planet" }, rows.map(([planet, value]) =>
    h("li", {}, h("span", { class: "planet-label" }, planets[planet] ?? planet), describe(value))));
}

function memoryLine(memory) {
  const seen = memory.tiles.length ? tileGroups(memory.tiles) : h("span", { class: "muted" }, gettext("no point tiles"));
  const taken = memory.taken_since
    ? h("span", { class: "taken-since" }, interpolate(ngettext("%s taken since", "%s taken since", memory.taken_since), [memory.taken_since]))
    : null;
  return [seen, taken];
}

export function mine(view) {
  const me = view.me;
  const planets = Object.fromEntries(view.ring.map((p) => [p.id, p.name]));
  const reservations = byPlanet(me.reservations, planets, (tiles) => tileGroups(tiles));
  const memory = byPlanet(me.memory, planets, memoryLine);
  return h("div", { class: "mine" },
    h("section", { class: "mine-part" },
      h("h3", {}, interpolate(gettext("Your collection (%s)"), [me.collection.length])),
      me.collection.length ? tileGroups(me.collection) : h("p", { class: "muted" }, gettext("No tiles yet.")),
      score(me)),
    h("section", { class: "mine-part" },
      h("h3", {}, gettext("Your reservations")),
      reservations ?? h("p", { class: "muted" }, gettext("None."))),
    h("section", { class: "mine-part" },
      h("h3", {}, gettext("Stack memory")),
      memory ?? h("p", { class: "muted" }, gettext("You have not looked at any stack yet."))));
}
