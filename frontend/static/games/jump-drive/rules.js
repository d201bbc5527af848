// The rules page's pictures: cards as the table draws them (cards.js).
import { loadCatalog } from "../../js/match/i18n.js";
import { card } from "./cards.js";

// Three cards of the game as the view describes them: a development, a world, a military world.
const SAMPLES = [
  { id: "sample-1", card: "investment-credits", name: "Investment Credits", kind: "development", military: false, cost: 1, colour: null, rebel: false, icons: { explore: 0, military: 0, chromosome: 0 }, vp: 1, income: 0, power: "Developments cost you 1 less." },
  { id: "sample-2", card: "comet-zone", name: "Comet Zone", kind: "world", military: false, cost: 3, colour: "brown", rebel: false, icons: { explore: 0, military: 0, chromosome: 0 }, vp: 0, income: 3, power: "" },
  { id: "sample-3", card: "rebel-base", name: "Rebel Base", kind: "world", military: true, defense: 6, colour: "grey", rebel: true, icons: { explore: 1, military: 0, chromosome: 0 }, vp: 6, income: 0, power: "" },
];

await loadCatalog();
for (const root of document.querySelectorAll("[data-pieces=cards]")) {
  root.classList.add("jd-hand-cards");
  root.replaceChildren(...SAMPLES.map((data) => card(data)));
}
