// Seat identity: an Okabe–Ito colour (in site.css as --seat-N) and a shape, so players
// remain distinguishable without colour vision. Shared by the shell and every game.
import { s } from "./dom.js";
import { botName } from "../botnames.js";
import { gettext } from "./i18n.js";

const SHAPES = ["circle", "square", "triangle", "diamond", "hexagon"];

export function seatShapeName(seat) {
  return SHAPES[seat % SHAPES.length];
}

/** Translated shape names, in seat order. */
export function seatShapeLabel(seat) {
  const names = [gettext("circle"), gettext("square"), gettext("triangle"), gettext("diamond"), gettext("hexagon")];
  return names[seat % names.length];
}

/** Translated colour names, in seat order (match site.css). */
export function seatColourName(seat) {
  const names = [
    gettext("vermilion"),
    gettext("sky blue"),
    gettext("yellow"),
    gettext("pink"),
    gettext("green"),
  ];
  return names[seat % names.length];
}

function polygon(cx, cy, r, corners, rotation) {
  const points = [];
  for (let i = 0; i < corners; i += 1) {
    const angle = rotation + (2 * Math.PI * i) / corners;
    points.push(`${(cx + r * Math.cos(angle)).toFixed(1)},${(cy + r * Math.sin(angle)).toFixed(1)}`);
  }
  return points.join(" ");
}

/** The seat's shape as an SVG element centred on (cx, cy) with radius r. */
export function seatShape(seat, cx, cy, r, extra = {}) {
  const attrs = { class: ["seat-shape", `seat-${seat}`, extra.class], "data-seat": seat };
  switch (seatShapeName(seat)) {
    case "square":
      return s("rect", { ...attrs, x: cx - r * 0.85, y: cy - r * 0.85, width: r * 1.7, height: r * 1.7, rx: r * 0.15 });
    case "triangle":
      return s("polygon", { ...attrs, points: polygon(cx, cy + r * 0.15, r * 1.1, 3, -Math.PI / 2) });
    case "diamond":
      return s("polygon", { ...attrs, points: polygon(cx, cy, r * 1.05, 4, -Math.PI / 2) });
    case "hexagon":
      return s("polygon", { ...attrs, points: polygon(cx, cy, r, 6, 0) });
    default:
      return s("circle", { ...attrs, cx, cy, r: r * 0.9 });
  }
}

/** A small inline SVG of the seat's mark, for use in HTML next to a name. */
export function seatMark(seat, size = 16) {
  return s(
    "svg",
    { class: "seat-mark", width: size, height: size, viewBox: "-10 -10 20 20", "aria-hidden": "true" },
    seatShape(seat, 0, 0, 8.5),
  );
}

/** A bot's name in the reader's language, as the lobby names it ("Greedy bot 2"). */
export { botName };

/** Each seat's shown name, by seat number: a bot's in the reader's language (a match
 * stores "Strong bot 2"), a person's as they chose it (also while a bot stands in). */
export function seatNames(match) {
  const names = [];
  for (const seat of match?.seats ?? []) {
    const number = Number(/ (\d+)$/.exec(seat.name ?? "")?.[1] ?? 1);
    names[seat.seat] = seat.bot && !seat.user ? botName(seat.bot, number) : seat.name;
  }
  return names;
}
