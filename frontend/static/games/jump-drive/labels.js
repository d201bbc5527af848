// Every word the Jump Drive table shows, translated (card names and powers: cardtexts.js).
import { gettext, interpolate } from "../../js/match/i18n.js";
import { cardName } from "./cardtexts.js";

export const ICONS = ["explore", "military", "chromosome"];

export function iconName(icon) {
  return { explore: gettext("explore"), military: gettext("military"), chromosome: gettext("chromosome") }[icon] ?? icon;
}

/** The goods a world's colour stands for. */
export function colourName(colour) {
  return {
    blue: gettext("Novelty"),
    brown: gettext("Rare Elements"),
    green: gettext("Genes"),
    yellow: gettext("Alien Technology"),
    grey: gettext("no goods"),
  }[colour] ?? colour;
}

/** "Development", "Novelty world", "Military world (Genes, REBEL)". */
export function kindLabel(card) {
  if (card.kind === "development") return gettext("Development");
  const colour = colourName(card.colour);
  const parts = card.rebel ? interpolate(gettext("%s, REBEL"), [colour]) : colour;
  return card.military
    ? interpolate(gettext("Military world (%s)"), [parts])
    : interpolate(gettext("World (%s)"), [parts]);
}

export function optionName(shape) {
  return {
    develop: gettext("Develop"),
    settle: gettext("Settle"),
    both: gettext("Develop and settle"),
    explore: gettext("Explore"),
  }[shape] ?? shape;
}

/** The step of the round the table is in. */
export function stepName(phase) {
  return {
    keep: gettext("Keep 5 of 7"),
    choose: gettext("Choose"),
    pay: gettext("Pay"),
    explore: gettext("Explore"),
    after: gettext("Explore and second worlds"),
    pay2: gettext("Pay for second worlds"),
    limit: gettext("Hand limit"),
    over: gettext("Game over"),
  }[phase] ?? phase;
}

function modeText(mode, name) {
  if (mode === "conquer") return interpolate(gettext("conquers %s"), [name]);
  if (mode === "contact") return interpolate(gettext("pays for %s (Contact Specialist)"), [name]);
  return interpolate(gettext("settles %s"), [name]);
}

/** A revealed placement in words: "places X and settles Y", "explores". */
export function placingText(placing) {
  if (placing.explore) return gettext("explores");
  const parts = [];
  if (placing.development) parts.push(interpolate(gettext("develops %s"), [cardName(placing.development)]));
  if (placing.world) parts.push(modeText(placing.mode, cardName(placing.world)));
  if (placing.second) parts.push(interpolate(gettext("%s as a second world"), [modeText(placing.second_mode, cardName(placing.second))]));
  return parts.join(gettext(", "));
}
