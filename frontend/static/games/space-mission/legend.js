// "How to read the board": every symbol of the board with its meaning.
import { h, s } from "../../js/match/dom.js";
import { gettext } from "../../js/match/i18n.js";
import { seatShape } from "../../js/match/seats.js";
import { eyeIcon, shipBadge, spaceIcon, stackIcon } from "./board.js";
import { coordinate } from "./pieces.js";

function icon(...shapes) {
  return s("svg", { class: "legend-icon", viewBox: "-30 -30 60 60", width: 28, height: 28, "aria-hidden": "true" }, shapes);
}

function entry(symbol, text) {
  return h("li", {}, symbol, h("span", {}, text));
}

export function legend(mySeat) {
  const seat = mySeat ?? 0;
  return h("details", { class: "legend" },
    h("summary", {}, gettext("How to read the board")),
    h("ul", {},
      entry(coordinate({ colour: "jump", value: 2 }), gettext("Jump coordinate (blue circle): play a card with it to jump here from anywhere.")),
      entry(coordinate({ colour: "scan", value: 3 }), gettext("Scan coordinate (green square): play it here to look at the stack and reserve a tile.")),
      entry(coordinate({ colour: "landing", value: 1 }), gettext("Landing coordinates (orange diamonds): two cards, one for each, build a station.")),
      entry(icon(stackIcon(0, 0)), gettext("Tiles left in the planet's stack.")),
      entry(icon(spaceIcon(0, 0)), gettext("Face-up space tiles; enough of them end the game.")),
      entry(icon(eyeIcon(0, 0)), gettext("Your stack memory: tiles you last saw there, minus those taken since.")),
      entry(icon(s("circle", { class: "chip-back", cx: 0, cy: 0, r: 22 }), seatShape(seat, 0, 0, 12)), gettext("A player's reservations on this planet, with their number.")),
      entry(icon(shipBadge(seat, 0, 0)), gettext("A player's ship.")),
      entry(icon(s("circle", { class: `station-ring seat-stroke-${seat}`, cx: 0, cy: 0, r: 20 })), gettext("A space station, in its owner's colour and shape.")),
      entry(h("span", { class: "start-star legend-star" }, "★"), gettext("The start player."))));
}
