// One panel per player: who they are, whether they have decided, their figures, this
// round's revealed placement and every card of their empire.
import { h } from "../../js/match/dom.js";
import { gettext, interpolate, ngettext } from "../../js/match/i18n.js";
import { connection, stat } from "../../js/match/roster.js";
import { seatColourName, seatMark, seatShapeLabel } from "../../js/match/seats.js";
import { chip, iconRow } from "./cards.js";
import { placingText } from "./labels.js";

/** "deciding", "committed" or "not asked" in this step (J15): never what was chosen. */
function decision(view, player) {
  if (view.phase === "over" || !view.active.length) return null;
  const status = player.status;
  if (status === "deciding") return h("span", { class: "tag jd-status deciding", "data-status": status }, gettext("deciding"));
  if (status === "committed") {
    return h("span", { class: "tag jd-status committed", "data-status": status }, "✓ ", gettext("committed"));
  }
  return h("span", { class: "tag jd-status not-asked", "data-status": status }, gettext("not asked"));
}

function placing(player) {
  if (!player.placing) return null;
  return h("p", { class: "jd-placing" }, h("strong", {}, gettext("This round:")), " ", placingText(player.placing));
}

function placedNow(player) {
  const p = player.placing;
  if (!p) return new Set();
  return new Set([p.development?.id, p.world?.id, p.second?.id].filter(Boolean));
}

function empireList(player) {
  if (!player.empire.length) return h("p", { class: "muted jd-empty" }, gettext("No cards yet."));
  const fresh = placedNow(player);
  return h("ul", { class: "jd-empire-cards" }, player.empire.map((c) => chip(c, { fresh: fresh.has(c.id) })));
}

function figures(player) {
  const icons = { explore: player.explore_icons, military: 0, chromosome: player.chromosome_icons };
  return h("dl", { class: "player-stats jd-stats" },
    stat(gettext("VP"), player.vp, "jd-vp"),
    stat(gettext("VP a round"), player.empire_yield.vp),
    stat(gettext("income"), player.empire_yield.income, "jd-income"),
    stat(gettext("military"), player.military, "jd-military-stat"),
    stat(gettext("hand"), player.hand_count, "jd-hand-count"),
    stat(gettext("explored"), player.markers),
    iconRow(icons) ? h("div", { class: "stat wide" }, h("dt", {}, gettext("icons")), h("dd", {}, iconRow(icons))) : null);
}

export function empires(view, { names, match, presence, mySeat }) {
  const rows = view.players.map((player) => {
    const seat = player.seat;
    const identity = interpolate(gettext("%(colour)s %(shape)s"), { colour: seatColourName(seat), shape: seatShapeLabel(seat) }, true);
    const count = player.empire.length;
    return h("li", { class: ["player", "jd-empire", `seat-${seat}`, player.status === "deciding" && "active", seat === mySeat && "me"], "data-seat": seat },
      h("div", { class: "player-head" },
        seatMark(seat, 20),
        h("span", { class: "player-name" }, names[seat] ?? "?"),
        seat === mySeat ? h("span", { class: "tag" }, gettext("you")) : null,
        seat === view.dealer ? h("span", { class: "tag" }, gettext("dealer")) : null,
        decision(view, player),
        connection(seat, match, presence)),
      h("span", { class: "visually-hidden" }, identity),
      figures(player),
      placing(player),
      h("h3", { class: "jd-empire-title" }, interpolate(ngettext("Empire (%s card)", "Empire (%s cards)", count), [count])),
      empireList(player));
  });
  return h("ol", { class: "players jd-empires" }, rows);
}
