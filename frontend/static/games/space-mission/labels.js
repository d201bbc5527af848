// Every word the Space Mission table shows, translated.
import { gettext, interpolate } from "../../js/match/i18n.js";

export const CATEGORIES = ["gate", "stations", "ore", "alien", "matter", "water", "medal"];

export function categoryName(category) {
  return {
    gate: gettext("Jump Gate"),
    stations: gettext("Stations"),
    ore: gettext("Ore"),
    alien: gettext("Aliens"),
    matter: gettext("Matter"),
    water: gettext("Water"),
    medal: gettext("Medals"),
  }[category] ?? category;
}

export function actionName(type) {
  return {
    restock: gettext("Restock"),
    jump: gettext("Jump"),
    fly: gettext("Fly"),
    scan: gettext("Scan"),
    colonise: gettext("Colonise"),
    discover: gettext("Discover"),
    pick: gettext("Pick a tile"),
    undo: gettext("Undo"),
    confirm: gettext("Confirm turn"),
  }[type] ?? type;
}

export function coordinateName(colour) {
  return { jump: gettext("jump"), scan: gettext("scan"), landing: gettext("landing") }[colour] ?? colour;
}

function kindName(kind) {
  return {
    ore: gettext("ore"),
    alien: gettext("alien"),
    matter: gettext("matter"),
    water: gettext("water"),
    medal: gettext("medal"),
    space: gettext("space"),
  }[kind] ?? kind;
}

function colourName(colour) {
  return {
    red: gettext("red"),
    purple: gettext("purple"),
    green: gettext("green"),
    blue: gettext("blue"),
    brown: gettext("brown"),
  }[colour] ?? colour;
}

/** "red ore", "water", "space". */
export function tileName(tile) {
  if (!tile.colour) return kindName(tile.kind);
  return interpolate(gettext("%(colour)s %(kind)s"), { colour: colourName(tile.colour), kind: kindName(tile.kind) }, true);
}

/** "jump 2", "scan any". */
export function coordinateLabel(coord) {
  const value = coord.value === "?" ? gettext("any") : String(coord.value);
  return `${coordinateName(coord.colour)} ${value}`;
}
