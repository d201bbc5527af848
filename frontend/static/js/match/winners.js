// Who won, as the server's places say (match.end, spacemission/matches/places.py): a seat
// whose player resigned, or that a bot finished for them, never wins, whatever its score.
// Every game's end screen names the winners from here, so it agrees with the profile,
// the record and the ratings.
import { gettext, interpolate } from "./i18n.js";

/** The winning seats, or null until the match's end facts have arrived. */
export function winnerSeats(match) {
  return match?.end?.winners ?? null;
}

/** "Ada wins!", "Shared victory: Ada, Bob", or that no one played to the end. */
export function winnersLine(match, names) {
  const seats = winnerSeats(match);
  if (seats === null) return "";
  const winners = seats.map((seat) => names[seat] ?? "?");
  if (winners.length === 0) return gettext("Nobody played to the end: no one wins.");
  if (winners.length === 1) return interpolate(gettext("%s wins!"), [winners[0]]);
  return interpolate(gettext("Shared victory: %s"), [winners.join(gettext(", "))]);
}
