// The rules page's pictures: the board's symbols, a card and the tiles, as the table draws
// them (legend.js, pieces.js).
import { h } from "../../js/match/dom.js";
import { loadCatalog } from "../../js/match/i18n.js";
import { legend } from "./legend.js";
import { card, tile } from "./pieces.js";

const TILES = [
  ["ore", "red"], ["ore", "purple"], ["ore", "green"], ["ore", "blue"], ["alien", "brown"], ["alien", "blue"],
  ["matter", "green"], ["matter", "blue"], ["water", null], ["medal", null], ["space", null],
];

await loadCatalog();
for (const root of document.querySelectorAll("[data-pieces=planet-card-tiles]")) {
  const board = legend(0);
  board.open = true;
  const sample = { id: "sample", coords: [{ colour: "jump", value: 2 }, { colour: "landing", value: "?" }] };
  root.replaceChildren(
    board,
    h("div", { class: "rules-card" }, card(sample, {})),
    h("ul", { class: "tiles" }, TILES.map(([kind, colour], i) => h("li", {}, tile({ id: `t${i}`, kind, colour })))),
  );
}
