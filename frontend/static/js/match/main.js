// The match page shell: one connection, chat, log and status, plus the game's own module,
// loaded by game id, which draws the board and offers the actions.
import { createChat } from "./chat.js";
import { h } from "./dom.js";
import { createDrawer } from "./drawer.js";
import { gettext, loadCatalog } from "./i18n.js";
import { createLog } from "./log.js";
import { MatchConnection } from "./socket.js";
import { seatNames } from "./seats.js";
import { createStatus } from "./status.js";

const GAME_ID = /^[a-z0-9-]+$/;
const ERROR_SHOWN_MS = 8000;

function readConfig() {
  return JSON.parse(document.getElementById("match-config").textContent);
}

/** The game's table module, log catalogue and stylesheet, beside each other under games/<id>/. */
async function loadGame(gameId) {
  if (!GAME_ID.test(gameId)) throw new Error(`bad game id ${gameId}`);
  const base = new URL(`../../games/${gameId}/`, import.meta.url);
  const style = document.createElement("link");
  style.rel = "stylesheet";
  style.href = new URL("table.css", base).href;
  document.head.append(style);
  const [table, words] = await Promise.all([
    import(new URL("table.js", base).href),
    import(new URL("log.js", base).href),
  ]);
  return { table, words };
}

/** Leaving a running game hands the seat to a bot: ask first. */
function guardLeave() {
  const form = document.querySelector(".leave-form");
  form?.addEventListener("submit", (event) => {
    if (!window.confirm(form.dataset.confirm)) event.preventDefault();
  });
}

async function start() {
  const config = readConfig();
  guardLeave();
  await loadCatalog();
  const root = document.getElementById("match");
  createDrawer(root);
  const gameRoot = document.getElementById("game-root");
  const errors = document.getElementById("match-errors");

  const snapshot = { view: null, version: null, match: null, presence: { connected: [], spectators: 0 } };
  let game = null;
  const draw = () => {
    if (game && snapshot.view) game.render(snapshot);
  };

  const status = createStatus(document.getElementById("match-status"), {
    seat: config.seat,
    onRetry: () => connection.retryNow(),
  });
  let log = createLog(document.getElementById("match-log"), { seat: config.seat });
  const chat = createChat(document.getElementById("match-chat"), {
    canChat: Boolean(config.user),
    send: (text) => connection.chat(text),
  });

  let errorTimer = null;
  const showError = (message) => {
    clearTimeout(errorTimer);
    errors.replaceChildren(h("p", { class: "flash error" }, message));
    errors.hidden = false;
    errorTimer = setTimeout(() => {
      errors.hidden = true;
    }, ERROR_SHOWN_MS);
  };
  const baseTitle = document.title;

  const connection = new MatchConnection(config.ws, {
    status: (state, detail) => status.connection(state, detail),
    view: (view, version, match) => {
      Object.assign(snapshot, { view, version, match });
      log.update(view.log, seatNames(match));
      root.dataset.phase = view.phase ?? "";
      status.finished(match?.status === "finished" || view.phase === "over");
      root.dataset.version = String(version);
      // A background tab still tells its player when the table waits for them.
      const waiting = config.seat !== null && (view.active ?? []).includes(config.seat);
      document.title = waiting ? `▶ ${gettext("Your turn")} · ${baseTitle}` : baseTitle;
      draw();
    },
    presence: (frame) => {
      snapshot.presence = { connected: frame.connected ?? [], spectators: frame.spectators ?? 0 };
      status.spectators(snapshot.presence.spectators);
      draw();
    },
    chat: (frame) => chat.add(frame),
    chatHistory: (lines) => chat.replace(lines),
    error: (frame) => showError(frame.message || frame.code),
  });

  try {
    const { table, words } = await loadGame(config.game);
    log = createLog(document.getElementById("match-log"), { describe: words.describe, seat: config.seat });
    game = table.createTable(gameRoot, {
      seat: config.seat,
      lobbyUrl: config.lobby_url,
      act: (action) => connection.act(action),
      announce: (text) => status.notice(text),
    });
  } catch (error) {
    showError(gettext("This game cannot be shown in your browser."));
    throw error;
  }
  connection.start();
}

start();
