// The rules' reasons (view.why_not, games/space_mission/whynot.py) in the viewer's
// language: "Scan: your ship is on Hazard, which has a space station."
import { gettext, interpolate } from "../../js/match/i18n.js";
import { reasonFor } from "../../js/match/whynot.js";
import { actionName } from "./labels.js";

const NO_COORDINATE = {
  jump: () => gettext("this card has no blue jump coordinate."),
  scan: () => gettext("this card has no green scan coordinate."),
  landing: () => gettext("this card has no orange landing coordinate."),
};
const NO_CHIP = {
  probe: () => gettext("you have no chip left for the probe on the Jump Gate."),
  reservation: () => gettext("you have no chip left to mark a reservation."),
  station: () => gettext("you have no chip left for the space station."),
};

function words(reason, ctx) {
  const a = reason.args ?? {};
  const planet = ctx.planets[a.planet] ?? a.planet;
  const [x, y] = Array.isArray(a.value) ? a.value : [a.value, a.value];
  const say = (fmt, values = {}) => interpolate(fmt, { planet, value: a.value, x, y, ...values }, true);
  switch (reason.code) {
    case "game_over": return gettext("the game is over.");
    case "not_your_turn": return say(gettext("it is %(name)s's turn."), { name: ctx.names[a.seat] ?? "?" });
    case "must_pick": return say(gettext("first choose a tile from the stack of %(planet)s."));
    case "not_looking": return gettext("you are not looking at a stack.");
    case "nothing_to_undo": return gettext("you have taken no action this turn.");
    case "undo_barrier": return gettext("a card was drawn or a stack seen: no undo past that.");
    case "turn_done": return gettext("both actions are taken: confirm your turn.");
    case "turn_not_done": return say(gettext("take both actions first (%(done)s of %(needed)s taken)."), { done: a.done, needed: a.needed });
    case "no_chip": return (NO_CHIP[a.use] ?? NO_CHIP.probe)();
    case "no_coordinate": return (NO_COORDINATE[a.colour] ?? NO_COORDINATE.jump)();
    case "no_target": return say(gettext("no other planet in the ring has blue %(value)s."));
    case "no_card":
      if (a.colour === "scan") return say(gettext("%(planet)s needs a green %(value)s (or green ?), and no card in your hand has it."));
      return gettext("no card in your hand has a blue jump coordinate of another planet.");
    case "on_gate": return gettext("your ship is on the Jump Gate, not on a planet.");
    case "planet_colonised": return say(gettext("your ship is on %(planet)s, which has a space station."));
    case "not_colonised": return say(gettext("%(planet)s has no space station yet."));
    case "no_point_tile": return say(gettext("the stack of %(planet)s holds no point tile."));
    case "not_scanned": return say(gettext("you must scan %(planet)s before colonising it."));
    case "coordinate_mismatch":
      if (a.colour === "landing") return say(gettext("%(planet)s needs orange %(x)s and orange %(y)s (or orange ?)."));
      return say(gettext("%(planet)s needs a green %(value)s (or green ?)."));
    case "no_partner": return say(gettext("no other card in your hand completes the landing (orange %(x)s and orange %(y)s)."));
    case "no_card_pair": return say(gettext("%(planet)s needs orange %(x)s and orange %(y)s: no two cards in your hand show them."));
    case "space_tile": return gettext("space tiles cannot be taken.");
    default: return reason.code;
  }
}

/** Why `key` ("scan", "jump:c05") is closed, in words, or null when it is open. */
export function whyNot(view, key, names = []) {
  const reason = reasonFor(view, key);
  if (!reason) return null;
  const planets = Object.fromEntries((view.ring ?? []).map((p) => [p.id, p.name]));
  const text = words(reason, { planets, names });
  return interpolate(gettext("%(action)s: %(reason)s"), { action: actionName(key.split(":")[0]), reason: text }, true);
}
