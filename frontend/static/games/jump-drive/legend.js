// "How to read the cards": every mark of a Jump Drive card, and the colours and track,
// drawn as the table draws them (cards.js). A disclosure: a tap opens it on a phone.
import { h } from "../../js/match/dom.js";
import { gettext, interpolate } from "../../js/match/i18n.js";
import { icon } from "./cards.js";
import { colourName } from "./labels.js";

const COLOURS = ["blue", "brown", "green", "yellow", "grey"];

function entry(symbol, text) {
  return h("li", {}, symbol, h("span", {}, text));
}

function badge(cls, text) {
  return h("span", { class: ["jd-cost", cls], "aria-hidden": "true" }, text);
}

function swatch(colour) {
  return h("span", { class: ["jd-legend-swatch", `jd-colour-${colour}`], "aria-hidden": "true" });
}

export function legend() {
  return h("details", { class: "legend jd-legend" },
    h("summary", {}, gettext("How to read the cards")),
    h("ul", {},
      entry(badge(null, "2"), gettext("Cost (white circle): discard this many other cards from your hand to place the card.")),
      entry(h("span", { class: "jd-cost jd-reduced", "aria-hidden": "true" }, h("s", { class: "jd-printed" }, "3"), "2"),
        gettext("A green cost: what you pay after your empire's reductions; the printed cost is struck through.")),
      entry(badge("jd-defense", "4"), gettext("Defense (red shield): a military world. Conquer it with at least this much military in your empire; you pay no cards.")),
      entry(icon("explore", 22), gettext("Explore icon: each one lets you draw and sift one card more when you explore.")),
      entry(icon("military", 22), gettext("Military icon: adds 1 to your military, for conquering military worlds.")),
      entry(icon("chromosome", 22), gettext("Chromosome icon: some cards score or pay out for these.")),
      entry(h("span", { class: "jd-yield" }, "2 · 1"), gettext("“2 VP · income 1”: after every round the card scores 2 VP and brings in 1 card.")),
      entry(h("span", { class: "jd-legend-swatches" }, COLOURS.map(swatch)),
        interpolate(gettext("The coloured top edge shows a world's goods: %(colours)s. A double edge marks a development."),
          { colours: COLOURS.map(colourName).join(gettext(", ")) }, true)),
      entry(h("span", { class: "jd-track-key", "aria-hidden": "true" }),
        gettext("On the victory point track, the lighter part shows what each empire scores next round."))));
}
