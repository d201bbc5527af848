// The profile's rating-over-time charts: one small SVG per game, drawn from the
// history the page carries as JSON (no chart service, no inline script).
import { s } from "./match/dom.js";
import { gettext, interpolate, loadCatalog } from "./match/i18n.js";

const WIDTH = 320;
const HEIGHT = 120;
const PAD = { left: 38, right: 8, top: 8, bottom: 16 };

/** The chart of `points` ([{rating, at}], oldest first) as an SVG element. */
export function chart(points) {
  const ratings = points.map((p) => p.rating);
  let low = Math.min(...ratings);
  let high = Math.max(...ratings);
  if (high - low < 40) {
    const middle = (high + low) / 2;
    low = Math.floor(middle - 20);
    high = Math.ceil(middle + 20);
  }
  const x = (i) => PAD.left + (points.length === 1 ? 0 : (i * (WIDTH - PAD.left - PAD.right)) / (points.length - 1));
  const y = (r) => PAD.top + ((high - r) * (HEIGHT - PAD.top - PAD.bottom)) / (high - low);
  const line = points.map((p, i) => `${x(i).toFixed(1)},${y(p.rating).toFixed(1)}`).join(" ");
  const last = points.at(-1);
  const label = interpolate(gettext("Rating over %(games)s rated games, from %(first)s to %(last)s"), {
    games: points.length - 1, first: points[0].rating, last: last.rating,
  }, true);
  return s("svg", { viewBox: `0 0 ${WIDTH} ${HEIGHT}`, role: "img", "aria-label": label, class: "chart" },
    s("title", {}, label),
    s("line", { x1: PAD.left, x2: WIDTH - PAD.right, y1: y(high), y2: y(high), class: "chart-grid" }),
    s("line", { x1: PAD.left, x2: WIDTH - PAD.right, y1: y(low), y2: y(low), class: "chart-grid" }),
    s("text", { x: PAD.left - 4, y: y(high) + 4, class: "chart-label", "text-anchor": "end" }, String(high)),
    s("text", { x: PAD.left - 4, y: y(low) + 4, class: "chart-label", "text-anchor": "end" }, String(low)),
    s("polyline", { points: line, class: "chart-line" }),
    s("circle", { cx: x(points.length - 1), cy: y(last.rating), r: 3, class: "chart-dot" }));
}

async function start() {
  await loadCatalog();
  const series = JSON.parse(document.getElementById("rating-history")?.textContent ?? "[]");
  for (const { game, points } of series) {
    const figure = document.querySelector(`.rating-chart[data-game="${CSS.escape(game)}"]`);
    if (!figure || points.length < 2) continue;
    figure.prepend(chart(points));
    figure.hidden = false;
  }
}

start();
