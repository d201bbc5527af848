// The note a turn panel shows while the player ends turns with their last action (their
// setting; games.turnend): the same words in every game that has a turn to confirm.
import { h } from "./dom.js";
import { gettext } from "./i18n.js";

/** The note, in a paragraph of `className` beside the game's own prompts. */
export function turnEndsNote(className) {
  return h("p", { class: `${className} turn-ends-note`, "data-key": "turn-ends" },
    gettext("Your turn ends with its last action: nothing to confirm, no undo after it."));
}
