// The board drawn from the view's data (B1): the grid with its home port, orbit, time
// hole, turnaround, boost fields and drift arrows, the two BlaBla lands with their
// landing points and stacks beside the board, and the ships. Squares a chosen move can
// reach are highlighted and can be clicked.
import { asButton, s } from "../../js/match/dom.js";
import { gettext, interpolate } from "../../js/match/i18n.js";
import { seatShape } from "../../js/match/seats.js";
import { landName, squareKindName, stackName } from "./labels.js";

const CELL = 40;
const MARGIN = 1.4; // cells beside the grid for the stacks
const ARROWS = { N: "↑", E: "→", S: "↓", W: "←" };
const MARKS = { home_port: "H", time_hole: "T", turnaround: "U", boost: "B" };

function squareLabel(square, view) {
  let text = `${square.id}: ${squareKindName(square.kind)}`;
  if (square.land) text += ` (${landName(square.land)})`;
  if (square.drift) {
    text += ` · ${interpolate(gettext("drift %(dir)s %(n)s"), { dir: ARROWS[square.drift.dir], n: square.drift.distance }, true)}`;
    if (!view.options.drift_fields) text += ` ${gettext("(option off)")}`;
  }
  return text;
}

function squareShape(square, view, reach, onSquare) {
  const x = (square.x + MARGIN) * CELL;
  const y = square.y * CELL;
  const reachable = reach.has(square.id);
  const group = s("g", { class: ["bb-square", `bb-sq-${square.kind}`, reachable && "bb-reach"], "data-square": square.id },
    s("rect", { x: x + 1, y: y + 1, width: CELL - 2, height: CELL - 2, rx: 4 }),
    s("title", {}, squareLabel(square, view)));
  const mark = square.kind === "landing_point" ? (square.land === "west" ? "W" : "E") : MARKS[square.kind];
  if (mark) group.append(s("text", { x: x + CELL / 2, y: y + CELL / 2 + 5, class: "bb-mark", "text-anchor": "middle" }, mark));
  if (square.drift) {
    group.append(s("text", {
      x: x + CELL / 2, y: y + CELL / 2 + 6, "text-anchor": "middle",
      class: ["bb-drift", !view.options.drift_fields && "bb-drift-off"],
    }, ARROWS[square.drift.dir]));
  }
  if (reachable) asButton(group, interpolate(gettext("Move to %s"), [square.id]), () => onSquare(square.id));
  return group;
}

function stackShapes(view, chooseStack) {
  const out = [];
  const byId = Object.fromEntries(view.board.squares.map((sq) => [sq.id, sq]));
  const choosable = new Set(view.legal.filter((a) => a.type === "stack").map((a) => a.stack));
  for (const land of view.board.lands) {
    const point = byId[land.landing_point];
    const x = land.id === "west" ? 0.1 * CELL : (view.board.width + MARGIN + 0.1) * CELL;
    land.stacks.forEach((key, i) => {
      const y = (point.y - 1 + i * 1.1) * CELL + 6;
      const count = view.stacks[key];
      const open = choosable.has(key);
      const label = interpolate(gettext("%(stack)s: %(count)s cards"), { stack: stackName(key), count }, true);
      const group = s("g", { class: ["bb-stack", open && "bb-reach", !count && "bb-stack-empty"], "data-stack": key },
        s("rect", { x, y, width: CELL * 1.1, height: CELL * 0.95, rx: 5 }),
        s("text", { x: x + CELL * 0.55, y: y + CELL * 0.62, "text-anchor": "middle" }, String(count)),
        s("title", {}, label));
      if (open) asButton(group, label, () => chooseStack(key));
      out.push(group);
    });
  }
  return out;
}

function ships(view, names) {
  const at = {};
  for (const p of view.players) (at[p.ship.at] ??= []).push(p);
  const byId = Object.fromEntries(view.board.squares.map((sq) => [sq.id, sq]));
  const out = [];
  for (const [square, here] of Object.entries(at)) {
    const sq = byId[square];
    here.forEach((p, i) => {
      const dx = here.length > 1 ? (i % 2 ? 0.25 : -0.25) * CELL : 0;
      const dy = here.length > 2 ? (i < 2 ? -0.22 : 0.22) * CELL : 0;
      const cx = (sq.x + MARGIN + 0.5) * CELL + dx;
      const cy = (sq.y + 0.5) * CELL + dy;
      const r = here.length > 1 ? CELL * 0.22 : CELL * 0.32;
      const ready = p.ship.jump ? gettext("jump ready") : gettext("jump used");
      out.push(s("g", { class: ["bb-ship", `bb-set-${p.set}`, p.ship.jump ? "bb-jump-ready" : "bb-jump-used"], "data-ship": p.seat },
        seatShape(p.seat, cx, cy, r),
        p.ship.jump ? s("circle", { class: "bb-jump-ring", cx, cy, r: r + 3 }) : null,
        s("title", {}, `${names[p.seat] ?? "?"}: ${square}, ${ready}`)));
    });
  }
  return out;
}

/** The board as SVG; `reach` is the set of squares the chosen cards can reach. */
export function boardSvg(view, { names = [], reach = new Set(), onSquare = () => {}, chooseStack = () => {} } = {}) {
  const width = (view.board.width + 2 * MARGIN) * CELL;
  const height = view.board.height * CELL;
  const svg = s("svg", {
    class: "bb-board", viewBox: `0 0 ${width} ${height}`, role: "group",
    "aria-label": gettext("The board"),
  },
  view.board.squares.map((sq) => squareShape(sq, view, reach, onSquare)),
  stackShapes(view, chooseStack),
  ships(view, names));
  // Its width in squares: a phone draws each square 44 px wide and pans the board.
  svg.style.setProperty("--bb-cols", String(width / CELL));
  return svg;
}
