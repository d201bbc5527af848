// What the table asks before a step that cannot be taken back, as the player's settings
// say (the settings page: "Ask before ending my turn", "Ask before resigning or leaving").
import { gettext } from "./i18n.js";
import { ActRefused } from "./socket.js";

/**
 * settings: {confirm_turn_end, end_turn_with_last, confirm_leave}; turnEnds(action): the
 * game's own test. With end_turn_with_last every action goes out flagged `end_turn`: the
 * rules end the turn with its last action (games.turnend), so there is no Confirm to ask
 * about then; "Ask before ending my turn" still asks when the player presses Confirm.
 */
export function createAsks(settings, turnEnds = () => false) {
  const ask = (question) => window.confirm(question);
  return {
    /** Resigning or leaving a running game: true to go ahead. */
    leave(question) {
      return settings?.confirm_leave === false || ask(question);
    },
    /** Send `action` through `act`, asking first if it ends the turn and the player wants that. */
    act(action, act) {
      if (settings?.confirm_turn_end && turnEnds(action) && !ask(gettext("End your turn now?"))) {
        return Promise.reject(new ActRefused("not_sent", gettext("Your turn goes on: nothing was sent.")));
      }
      return act(settings?.end_turn_with_last ? { ...action, end_turn: true } : action);
    },
  };
}
