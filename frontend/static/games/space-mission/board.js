// The board as SVG: the Jump Gate in the centre, the ring of eight planets around it.
import { asButton, s } from "../../js/match/dom.js";
import { gettext, interpolate, ngettext } from "../../js/match/i18n.js";
import { seatShape } from "../../js/match/seats.js";
import { tileName } from "./labels.js";

const SIZE = 1100;
const CENTRE = SIZE / 2;
const RING = 402;
const PLANET = 122;
const GATE = 128;

function place(index, count) {
  const angle = -Math.PI / 2 + (2 * Math.PI * index) / count;
  return { x: CENTRE + RING * Math.cos(angle), y: CENTRE + RING * Math.sin(angle), dx: Math.cos(angle), dy: Math.sin(angle) };
}

/** Points spread along the tangent of the ring at distance `out` from a planet's centre. */
function along(spot, out, count, gap) {
  const tx = -spot.dy;
  const ty = spot.dx;
  return Array.from({ length: count }, (_, i) => {
    const shift = (i - (count - 1) / 2) * gap;
    return { x: spot.x + spot.dx * out + tx * shift, y: spot.y + spot.dy * out + ty * shift };
  });
}

function text(x, y, content, cls, extra = {}) {
  return s("text", { x, y, class: cls, "text-anchor": "middle", "dominant-baseline": "central", ...extra }, content);
}

function coordBadge(colour, value, x, y) {
  const r = 24;
  let shape;
  if (colour === "jump") shape = s("circle", { cx: x, cy: y, r });
  else if (colour === "scan") shape = s("rect", { x: x - r, y: y - r, width: 2 * r, height: 2 * r, rx: 5 });
  else shape = s("polygon", { points: `${x},${y - r - 3} ${x + r + 3},${y} ${x},${y + r + 3} ${x - r - 3},${y}` });
  return s("g", { class: `coord-badge coord-${colour}` }, shape, text(x, y + 1, String(value), "coord-number"));
}

export function stackIcon(x, y) {
  return s("g", { class: "stack-icon" },
    [8, 0, -8].map((dy) => s("rect", { x: x - 13, y: y + dy - 6, width: 26, height: 11, rx: 2 })));
}

export function spaceIcon(x, y) {
  const points = [];
  for (let i = 0; i < 8; i += 1) {
    const r = i % 2 === 0 ? 15 : 6;
    const a = -Math.PI / 2 + (Math.PI * i) / 4;
    points.push(`${(x + r * Math.cos(a)).toFixed(1)},${(y + r * Math.sin(a)).toFixed(1)}`);
  }
  return s("polygon", { class: "space-icon", points: points.join(" ") });
}

export function eyeIcon(x, y) {
  return s("g", { class: "eye-icon" },
    s("path", { d: `M${x - 16},${y} Q${x},${y - 13} ${x + 16},${y} Q${x},${y + 13} ${x - 16},${y} Z` }),
    s("circle", { cx: x, cy: y, r: 5 }));
}

export function shipBadge(seat, x, y) {
  return s("g", { class: "ship", "data-ship": seat },
    s("circle", { class: "ship-ring", cx: x, cy: y, r: 24 }),
    seatShape(seat, x, y, 14));
}

/**
 * Where a station's owner mark sits: a lower corner of the planet (clear of the name and
 * the coordinates), the one most across the ring's radius, so clear of chips and ships.
 */
function flagSpot(spot) {
  const corner = PLANET * Math.SQRT1_2;
  const across = [1, -1]
    .map((side) => ({ side, dot: Math.round((side * spot.dx + spot.dy) * 1000) }))
    .sort((a, b) => Math.abs(a.dot) - Math.abs(b.dot) || a.dot - b.dot)[0];
  return { x: spot.x + across.side * corner, y: spot.y + corner };
}

function listNames(seats, names) {
  return seats.map((seat) => names[seat] ?? "?").join(", ");
}

function planetDescription(planet, names, memory) {
  const parts = [
    interpolate(gettext("%(name)s: jump %(jump)s, scan %(scan)s, landing %(a)s and %(b)s"),
      { name: planet.name, jump: planet.jump, scan: planet.scan, a: planet.landing[0], b: planet.landing[1] }, true),
    interpolate(ngettext("%s tile in the stack", "%s tiles in the stack", planet.stack_count), [planet.stack_count]),
  ];
  if (planet.face_up_space.length) {
    parts.push(interpolate(ngettext("%s face-up space tile", "%s face-up space tiles", planet.face_up_space.length), [planet.face_up_space.length]));
  }
  if (planet.station !== null) parts.push(interpolate(gettext("station of %s"), [names[planet.station] ?? "?"]));
  const reserved = planet.reservations.map((n, seat) => (n ? `${names[seat] ?? "?"} ${n}` : null)).filter(Boolean);
  if (reserved.length) parts.push(interpolate(gettext("reservations: %s"), [reserved.join(", ")]));
  if (planet.ships.length) parts.push(interpolate(gettext("ships: %s"), [listNames(planet.ships, names)]));
  if (memory) {
    const seen = memory.tiles.length ? memory.tiles.map(tileName).join(", ") : gettext("no point tiles");
    parts.push(interpolate(gettext("you last saw: %(seen)s; %(taken)s taken since"),
      { seen, taken: memory.taken_since }, true));
  }
  return parts.join("; ");
}

function drawPlanet(planet, spot, ctx) {
  const { x, y } = spot;
  const memory = ctx.memory?.[planet.id] ?? null;
  const choosable = ctx.choosable.has(planet.id);
  const label = planetDescription(planet, ctx.names, memory);
  const group = s("g", {
    class: ["planet", planet.station !== null && "colonised", choosable && "choosable", ctx.here === planet.id && "here",
      ctx.looking === planet.id && "looked-at", ctx.touched?.has(planet.id) && "touched"],
    "data-planet": planet.id,
    "data-key": `planet-${planet.id}`,
  }, s("title", {}, label));

  if (planet.station !== null) {
    group.append(s("circle", { class: `station-ring seat-stroke-${planet.station}`, cx: x, cy: y, r: PLANET + 9 }));
  }
  group.append(s("circle", { class: "planet-body", cx: x, cy: y, r: PLANET }));
  const long = planet.name.length > 10;
  group.append(text(x, y - 60, planet.name, "planet-name", long ? { textLength: 200, lengthAdjust: "spacingAndGlyphs" } : {}));
  group.append(
    coordBadge("jump", planet.jump, x - 87, y - 8),
    coordBadge("scan", planet.scan, x - 33, y - 8),
    coordBadge("landing", planet.landing[0], x + 27, y - 8),
    coordBadge("landing", planet.landing[1], x + 86, y - 8),
  );
  group.append(stackIcon(x - 50, y + 44), text(x - 18, y + 45, String(planet.stack_count), "planet-count stack-count"));
  if (planet.face_up_space.length) {
    group.append(spaceIcon(x + 28, y + 44), text(x + 56, y + 45, String(planet.face_up_space.length), "planet-count space-count"));
  }
  if (memory) {
    const seen = memory.taken_since ? `${memory.tiles.length} −${memory.taken_since}` : String(memory.tiles.length);
    group.append(eyeIcon(x - 40, y + 84), text(x - 16, y + 85, seen, "memory-count", { "text-anchor": "start" }));
  }
  if (planet.station !== null) {
    const flag = flagSpot(spot);
    group.append(s("g", { class: "station-flag", "data-station": planet.station },
      s("circle", { cx: flag.x, cy: flag.y, r: 24, class: "flag-back" }),
      seatShape(planet.station, flag.x, flag.y, 15)));
  }
  const reservers = planet.reservations.map((n, seat) => ({ n, seat })).filter((r) => r.n > 0);
  along(spot, PLANET + 30, reservers.length, 60).forEach((p, i) => {
    const { n, seat } = reservers[i];
    group.append(s("g", { class: "reservation", "data-seat": seat },
      s("circle", { class: "chip-back", cx: p.x, cy: p.y, r: 22 }),
      seatShape(seat, p.x - 6, p.y, 11),
      text(p.x + 12, p.y + 1, String(n), "chip-count")));
  });
  const inward = { ...spot, dx: -spot.dx, dy: -spot.dy };
  along(inward, PLANET + 32, planet.ships.length, 54).forEach((p, i) => group.append(shipBadge(planet.ships[i], p.x, p.y)));

  if (choosable) asButton(group, label, () => ctx.onPlanet(planet.id));
  else {
    group.setAttribute("role", "img");
    group.setAttribute("aria-label", label);
  }
  return group;
}

function drawGate(view, names) {
  const seats = view.gate.probes.map((n, seat) => ({ n, seat }));
  const gap = 56;
  const start = CENTRE - ((seats.length - 1) * gap) / 2;
  const probes = seats.map(({ n, seat }, i) => s("g", { class: "probe", "data-seat": seat },
    seatShape(seat, start + i * gap, CENTRE - 4, 14),
    text(start + i * gap, CENTRE + 28, String(n), "probe-count")));
  const ships = view.gate.ships.map((seat, i) => shipBadge(seat, CENTRE + (i - (view.gate.ships.length - 1) / 2) * 54, CENTRE + 82));
  const desc = [
    gettext("Jump Gate"),
    interpolate(gettext("probes: %s"), [seats.map(({ n, seat }) => `${names[seat] ?? "?"} ${n}`).join(", ")]),
  ];
  if (view.gate.ships.length) desc.push(interpolate(gettext("ships: %s"), [listNames(view.gate.ships, names)]));
  return s("g", { class: "gate", "aria-label": desc.join("; "), role: "img" },
    s("title", {}, desc.join("; ")),
    s("circle", { class: "gate-body", cx: CENTRE, cy: CENTRE, r: GATE }),
    s("circle", { class: "gate-inner", cx: CENTRE, cy: CENTRE, r: GATE - 18 }),
    text(CENTRE, CENTRE - 64, gettext("Jump Gate"), "gate-name"),
    probes,
    ships);
}

/**
 * The whole board. ctx: names (by seat), memory (me.memory or null), here (planet of my
 * ship), looking (planet whose stack is being looked at), touched (Set of planet ids the
 * last move changed), choosable (Set of planet ids offered now), onPlanet(id).
 */
export function board(view, ctx) {
  const spots = view.ring.map((_, i) => place(i, view.ring.length));
  return s("svg", {
    class: "board",
    viewBox: `0 0 ${SIZE} ${SIZE}`,
    role: "group",
    "aria-label": gettext("The board"),
  },
  s("circle", { class: "ring-line", cx: CENTRE, cy: CENTRE, r: RING }),
  drawGate(view, ctx.names),
  view.ring.map((planet, i) => drawPlanet(planet, spots[i], ctx)));
}
