// A game's table module and its stylesheet, both beside each other under games/<id>/:
// the match page and the replay page draw a view with the same module.
const GAME_ID = /^[a-z0-9-]+$/;

export async function loadGame(gameId) {
  if (!GAME_ID.test(gameId)) throw new Error(`bad game id ${gameId}`);
  const base = new URL(`../../games/${gameId}/`, import.meta.url);
  if (!document.querySelector(`link[data-game="${gameId}"]`)) {
    const style = document.createElement("link");
    style.rel = "stylesheet";
    style.href = new URL("table.css", base).href;
    style.dataset.game = gameId;
    document.head.append(style);
  }
  return import(new URL("table.js", base).href);
}

/** Names by seat index, from the match's public seats. */
export function seatNames(match) {
  const names = [];
  for (const seat of match?.seats ?? []) names[seat.seat] = seat.name;
  return names;
}
