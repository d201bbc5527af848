// A game's table module, log catalogue, change marks (moves.js) and stylesheet, beside
// each other under games/<id>/: the match page and the replay page draw a view with the
// same modules.
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
  const [table, words, moves] = await Promise.all([
    import(new URL("table.js", base).href),
    import(new URL("log.js", base).href),
    import(new URL("moves.js", base).href),
  ]);
  return { table, words, moves };
}
