// The VP track: every player's running VP on one scale, with the line that ends the game.
import { h } from "../../js/match/dom.js";
import { gettext, interpolate } from "../../js/match/i18n.js";
import { seatMark } from "../../js/match/seats.js";

const HEADROOM = 1.2; // the scale reaches a little past the end line

function percent(value, scale) {
  return `${Math.min(100, (100 * value) / scale).toFixed(1)}%`;
}

/** Positions go in through the CSSOM (never a style attribute a policy might refuse). */
function styled(el, properties) {
  for (const [name, value] of Object.entries(properties)) el.style.setProperty(name, value);
  return el;
}

export function vpTrack(view, names) {
  const end = view.end_vp;
  const scale = Math.max(end * HEADROOM, ...view.players.map((p) => p.vp));
  const over = view.phase === "over";
  const rows = view.players.map((p) => {
    const label = interpolate(gettext("%(name)s: %(vp)s VP, %(rate)s VP a round"),
      { name: names[p.seat] ?? "?", vp: p.vp, rate: p.empire_yield.vp }, true);
    return h("li", { class: ["jd-track-row", `seat-${p.seat}`], "data-seat": p.seat },
      h("span", { class: "jd-track-name" }, seatMark(p.seat, 14), names[p.seat] ?? "?"),
      h("span", { class: "jd-track-bar", role: "img", "aria-label": label },
        styled(h("span", { class: "jd-track-fill" }), { width: percent(p.vp, scale) }),
        over ? null : styled(h("span", { class: "jd-track-next" }), {
          left: percent(p.vp, scale),
          width: percent(Math.min(p.empire_yield.vp, scale - p.vp), scale),
        })),
      h("span", { class: "jd-track-vp", "aria-hidden": "true" }, String(p.vp)));
  });
  return h("section", { class: "jd-track panel", "aria-label": gettext("Victory points") },
    h("h2", { class: "panel-title" }, interpolate(gettext("Victory points (the game ends at %s)"), [end])),
    styled(h("ol", { class: "jd-track-rows" }, rows), { "--end": percent(end, scale) }),
    over ? null : h("p", { class: "jd-track-legend muted" },
      h("span", { class: "jd-track-key", "aria-hidden": "true" }), gettext("lighter: what each empire scores next round")));
}
