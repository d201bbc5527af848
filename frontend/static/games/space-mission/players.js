// One row per player: identity, start star, turn, connection and public counts.
import { h } from "../../js/match/dom.js";
import { gettext, interpolate, ngettext } from "../../js/match/i18n.js";
import { connection, stat } from "../../js/match/roster.js";
import { seatColourName, seatMark, seatShapeLabel } from "../../js/match/seats.js";

function shipWhere(player, planets) {
  if (player.ship === "gate") return gettext("Jump Gate");
  return planets[player.ship] ?? player.ship;
}

/** R28 as things stand: "place 2 of the Jump Gate · 6 points" (ties share a place). */
function gateStanding(standing) {
  if (!standing || !standing.probes) return gettext("no probe yet: no points");
  return interpolate(ngettext("place %(rank)s · %(points)s point", "place %(rank)s · %(points)s points", standing.points),
    { rank: standing.rank, points: standing.points }, true);
}

export function players(view, { names, match, presence, mySeat }) {
  const planets = Object.fromEntries(view.ring.map((p) => [p.id, p.name]));
  const active = new Set(view.active);
  const rows = view.players.map((player) => {
    const seat = player.seat;
    const identity = interpolate(gettext("%(colour)s %(shape)s"), { colour: seatColourName(seat), shape: seatShapeLabel(seat) }, true);
    return h("li", {
      class: ["player", `seat-${seat}`, active.has(seat) && "active", seat === mySeat && "me"],
      "data-seat": seat,
      "aria-current": active.has(seat) ? "true" : null,
    },
    h("div", { class: "player-head" },
      seatMark(seat, 20),
      h("span", { class: "player-name" }, names[seat] ?? "?"),
      seat === mySeat ? h("span", { class: "tag" }, gettext("you")) : null,
      seat === view.start_seat ? h("span", { class: "start-star", title: gettext("start player"), "aria-label": gettext("start player") }, "★") : null,
      active.has(seat) ? h("span", { class: "tag turn-tag" }, gettext("to play")) : null,
      connection(seat, match, presence)),
    h("span", { class: "visually-hidden" }, identity),
    h("dl", { class: "player-stats" },
      stat(gettext("hand"), player.hand_count),
      stat(gettext("chips"), player.chips),
      stat(gettext("probes"), player.probes_on_gate),
      stat(gettext("stations"), player.stations.length),
      stat(gettext("tiles"), player.collection_count),
      stat(gettext("reserved"), player.reservation_count),
      stat(gettext("Jump Gate"), gateStanding(view.gate.standing?.[seat]), "wide"),
      stat(gettext("ship"), shipWhere(player, planets), "wide")));
  });
  return h("ol", { class: "players" }, rows);
}
