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
  let owed = false; // a flagged act left the turn waiting on another seat
  let tried = -1; // the view version the turn's end was last sent at
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
      if (!settings?.end_turn_with_last) return act(action);
      owed = !turnEnds(action);
      return act({ ...action, end_turn: true });
    },
    /**
     * After each view, with end_turn_with_last: a turn whose last action waited on another
     * seat (a swap's answer, a fight's bids) ends once nothing but its end is left, as the
     * rules end it at once otherwise. A view with other choices clears what was owed.
     */
    settle({ view, version }, act) {
      if (!settings?.end_turn_with_last) return;
      const legal = view?.legal ?? [];
      const ender = legal.find(turnEnds);
      if (!ender || !legal.every((a) => a === ender || a.type === "undo")) {
        if (legal.length) owed = false;
        return;
      }
      if (!owed || version <= tried) return;
      tried = version;
      act({ ...ender, end_turn: true }).catch(() => {}); // refused: the End turn button stays
    },
  };
}
