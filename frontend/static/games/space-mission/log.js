// The Space Mission log in the reader's language: one wording per kind of event the rules
// write (games/space_mission), for the reader's own seat ("You …") and for the others.
import { gettext, interpolate, ngettext } from "../../js/match/i18n.js";
import { catalogue, listOf } from "../../js/match/log.js";
import { tileName } from "./labels.js";

/** A coordinate as the card shows it: "blue 2", "green ?". */
export function coordinateShown(coord) {
  const format = {
    jump: gettext("blue %(value)s"),
    scan: gettext("green %(value)s"),
    landing: gettext("orange %(value)s"),
  }[coord.colour] ?? "%(value)s";
  return interpolate(format, { value: coord.value }, true);
}

/** A card by what it shows: "blue 2 / green 1". */
function cardShown(coords) {
  return coords.map(coordinateShown).join(" / ");
}

/** A tile in a sentence: "purple ore", "water tile". */
function tileShown(tile) {
  if (tile.colour) return tileName(tile);
  return interpolate(gettext("%(kind)s tile"), { kind: tileName(tile) }, true);
}

const WORDS = {
  round: () => ({ text: gettext("Round %(round)s"), marker: true }),
  start: (a, you) => (you ? gettext("You received the star and began the game.") : gettext("%(who)s received the star and began the game.")),
  restock: (a, you) => ({
    text: you
      ? gettext("You restocked: discarded %(discarded)s, drew %(drew)s.")
      : gettext("%(who)s restocked: discarded %(discarded)s, drew %(drew)s."),
  }),
  restock_cards: (a) => {
    const args = { discarded: listOf(a.discarded.map(cardShown)), drew: listOf(a.drew.map(cardShown)) };
    if (!a.discarded.length) return { text: gettext("You drew %(drew)s."), args };
    if (!a.drew.length) return { text: gettext("You discarded %(discarded)s."), args };
    return { text: gettext("You discarded %(discarded)s and drew %(drew)s."), args };
  },
  reshuffle: () => gettext("The discard pile was shuffled into a new draw pile."),
  jump: (a, you) => ({
    text: you
      ? gettext("You jumped to %(planet)s with %(coordinate)s and placed a probe on the Jump Gate.")
      : gettext("%(who)s jumped to %(planet)s with %(coordinate)s and placed a probe on the Jump Gate."),
    args: { coordinate: coordinateShown(a.coordinate) },
  }),
  fly: (a, you) => (you ? gettext("You flew to %(planet)s.") : gettext("%(who)s flew to %(planet)s.")),
  scan: (a, you) => ({
    text: you ? gettext("You scanned %(planet)s with %(coordinate)s.") : gettext("%(who)s scanned %(planet)s with %(coordinate)s."),
    args: { coordinate: coordinateShown(a.coordinate) },
  }),
  colonise: (a, you) => ({
    text: you
      ? gettext("You colonised %(planet)s with %(coordinates)s.")
      : gettext("%(who)s colonised %(planet)s with %(coordinates)s."),
    args: { coordinates: listOf(a.coordinates.map(coordinateShown)) },
  }),
  payout: (a, you) => (you
    ? ngettext("You received %(count)s reserved tile from %(planet)s.", "You received %(count)s reserved tiles from %(planet)s.", a.count)
    : ngettext("%(who)s received %(count)s reserved tile from %(planet)s.", "%(who)s received %(count)s reserved tiles from %(planet)s.", a.count)),
  payout_tiles: (a) => ({
    text: gettext("Your reservation on %(planet)s paid out: %(tiles)s."),
    args: { tiles: listOf(a.tiles.map(tileShown)) },
  }),
  discover: (a, you) => (you ? gettext("You chose Discover on %(planet)s.") : gettext("%(who)s chose Discover on %(planet)s.")),
  no_point_tile: () => gettext("The stack of %(planet)s held no point tile."),
  reserve: (a, you) => (you ? gettext("You reserved a tile on %(planet)s.") : gettext("%(who)s reserved a tile on %(planet)s.")),
  reserve_tile: (a) => ({ text: gettext("You reserved a %(tile)s on %(planet)s."), args: { tile: tileShown(a.tile) } }),
  take: (a, you) => (you ? gettext("You took a tile on %(planet)s.") : gettext("%(who)s took a tile on %(planet)s.")),
  take_tile: (a) => ({ text: gettext("You took a %(tile)s on %(planet)s."), args: { tile: tileShown(a.tile) } }),
  reveal: (a) => ngettext(
    "The space tile of %(planet)s turned face up.",
    "The %(count)s space tiles of %(planet)s turned face up.",
    a.count,
  ),
  ending: () => gettext("%(face_up)s space tiles were face up: this round became the last."),
  dead_end: () => gettext("No chip is left and no colonised planet holds a point tile: this round is the last."),
  undo: (a, you) => (you ? gettext("You took back an action.") : gettext("%(who)s took back an action.")),
  confirm: (a, you) => (you ? gettext("You ended your turn.") : gettext("%(who)s ended the turn.")),
  over: () => gettext("The game ended."),
};

/** The event in words, for the shared log (js/match/log.js). */
export const describe = catalogue(WORDS);
