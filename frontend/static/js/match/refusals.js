// The server's refusals (docs/protocol.md, "Error codes") in the reader's language. An
// error frame's `message` is English for developers; a player reads these words instead,
// and a code the page does not know reads as a plain refusal, never as English text.
import { gettext } from "./i18n.js";

const unreadable = () => gettext("Your browser sent something the server could not read. Reload the page if this goes on.");

const WORDS = {
  bad_json: unreadable,
  bad_frame: unreadable,
  unknown_type: unreadable,
  frame_too_large: unreadable,
  bad_action: unreadable,
  rate_limited: () => gettext("Too much at once: please slow down a little."),
  spectator: () => gettext("Only the players at this table may do that."),
  resigned: () => gettext("You resigned: a bot plays your seat to the end."),
  not_your_seat: () => gettext("This is not your seat now, or a bot plays it."),
  clock_decides: () => gettext("At a table with a clock, time decides: there is no vote."),
  no_such_seat: () => gettext("There is no such seat."),
  own_seat: () => gettext("You cannot vote on your own seat."),
  not_absent: () => gettext("That player is here, has not been gone long enough, or is not to move."),
  stale_version: () => gettext("The table changed meanwhile: please try again."),
  match_over: () => gettext("The game is over."),
  no_match: () => gettext("This match does not exist."),
  chat_too_long: () => gettext("A chat line holds at most 500 characters."),
  chat_empty: () => gettext("Type something to say first."),
  chat_rate_limited: () => gettext("At most 5 chat lines in 10 seconds: please wait a moment."),
  login_required: () => gettext("Log in to chat"),
  match_running: () => gettext("A rematch can be offered once the game is over."),
  no_rematch: () => gettext("No rematch offer is waiting for an answer."),
  not_asked: () => gettext("This rematch offer does not ask you."),
  rematch_started: () => gettext("The rematch has already started."),
  server_error: () => gettext("The server failed: please try again."),
};

/** The words for a refusal's code, or null for a code of the game's rules. */
export function refusalWords(code) {
  return WORDS[code]?.() ?? null;
}

/** The words for any refusal: a code the page does not know reads as a refusal. */
export function refusalText(code) {
  return refusalWords(code) ?? gettext("The server refused that.");
}
