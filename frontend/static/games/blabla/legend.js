// "How to read the board": every square, mark and piece of the board with its meaning,
// drawn as the board draws them (board.js). A disclosure: a tap opens it on a phone.
import { h, s } from "../../js/match/dom.js";
import { gettext } from "../../js/match/i18n.js";
import { seatShape } from "../../js/match/seats.js";

const CELL = 40;

function icon(...shapes) {
  return s("svg", { class: "legend-icon bb-legend-icon", viewBox: `0 0 ${CELL} ${CELL}`, width: 32, height: 32, "aria-hidden": "true" }, shapes);
}

function square(kind, mark, extra = {}) {
  return icon(s("g", { class: ["bb-square", `bb-sq-${kind}`, extra.class] },
    s("rect", { x: 1, y: 1, width: CELL - 2, height: CELL - 2, rx: 4 }),
    mark ? s("text", { x: CELL / 2, y: CELL / 2 + (extra.drift ? 6 : 5), class: extra.drift ? "bb-drift" : "bb-mark", "text-anchor": "middle" }, mark) : null));
}

function entry(symbol, text) {
  return h("li", {}, symbol, h("span", {}, text));
}

/** The legend; `set` is the seat's set letter (its ship's colour), when known. */
export function legend(seat, set = "A") {
  const ship = icon(s("g", { class: ["bb-ship", `bb-set-${set}`] },
    seatShape(seat ?? 0, CELL / 2, CELL / 2, CELL * 0.32),
    s("circle", { class: "bb-jump-ring", cx: CELL / 2, cy: CELL / 2, r: CELL * 0.32 + 3 })));
  const stack = icon(s("g", { class: "bb-stack" },
    s("rect", { x: 2, y: 3, width: CELL - 4, height: CELL - 6, rx: 5 }),
    s("text", { x: CELL / 2, y: CELL * 0.62, "text-anchor": "middle" }, "4")));
  return h("details", { class: "legend bb-legend" },
    h("summary", {}, gettext("How to read the board")),
    h("ul", {},
      entry(square("home_port", "H"), gettext("H: the home port, where every ship starts. Bring BlaBla cards back here to secure them; your hand is refilled.")),
      entry(square("time_hole", "T"), gettext("T: the time hole. End a move exactly on it with your jump ready: an odd top card sends you to the West land, an even one to the East.")),
      entry(square("landing_point", "W"), gettext("W / E: the landing points of the West and East BlaBla lands; only a jump lands there.")),
      entry(stack, gettext("A stack of BlaBla cards beside a land, with how many it holds: on landing you look into one and keep a card.")),
      entry(square("turnaround", "U"), gettext("U: the turnaround. Fly over it or stop on it to make your jump ready again.")),
      entry(square("boost", "B"), gettext("B: a boost field. Stop on it: the next boost tile turns up and you take a bonus turn.")),
      entry(square("orbit", "←", { drift: true }), gettext("Arrow: a drift square. With the drift option a ship that stops there drifts on that way; faint when the option is off.")),
      entry(square("orbit", "", { class: "bb-reach" }), gettext("A highlighted square: your chosen cards can reach it; tap it to move.")),
      entry(ship, gettext("A ship in its player's colour and shape; the dashed ring means its jump is ready."))));
}
