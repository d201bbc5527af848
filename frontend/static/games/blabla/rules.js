// The rules page's pictures: the board with the ships in the home port, each set's
// starting hand, the BlaBla cards and the boost tiles, as the table draws them (board.js,
// labels.js), from a spectator's view of a new game (the page's "rules-sample" block).
import { h } from "../../js/match/dom.js";
import { loadCatalog } from "../../js/match/i18n.js";
import { boardSvg } from "./board.js";
import { blablaChip, flightChip, setName, tileName, tileText } from "./labels.js";

const BLABLA = ["bb-A2", "bb-B5", "bb-C1", "bb-D4"];
const TILES = ["calm", "cargo-bay", "tailwind", "headwind", "time-warp", "salvage", "free-flight", "deep-scan"];

const PIECES = {
  board: (view) => boardSvg(view, { names: view.players.map((p) => setName(p.set)) }),
  cards: (view) => [
    h("ul", { class: "bb-sets" }, view.players.map((p) => h("li", {},
      `${setName(p.set)}: `, h("span", { class: "bb-cards" }, p.hand.map((c) => flightChip(c)))))),
    h("p", { class: "bb-cards" }, BLABLA.map((id) => blablaChip(id))),
  ],
  boosts: () => h("dl", { class: "bb-boosts" }, TILES.flatMap((t) => [h("dt", {}, tileName(t)), h("dd", {}, tileText(t))])),
};

await loadCatalog();
const view = JSON.parse(document.getElementById("rules-sample").textContent);
for (const root of document.querySelectorAll("[data-pieces]")) {
  root.classList.add("bb-pieces");
  const drawn = PIECES[root.dataset.pieces](view);
  root.replaceChildren(...[drawn].flat());
}
