// The match page shell: one connection, chat, log and status, plus the game's own module,
// loaded by game id, which draws the board and offers the actions.
import { createAsks } from "./asks.js";
import { createChat } from "./chat.js";
import { createSeatsBar } from "./clocks.js";
import { h } from "./dom.js";
import { createDrawer } from "./drawer.js";
import { renderFinal } from "./final.js";
import { loadGame } from "./games.js";
import { gettext, loadCatalog } from "./i18n.js";
import { createLog, sentences } from "./log.js";
import { createMoves } from "./moves.js";
import { createTurnNotices } from "./notices.js";
import { createRematch } from "./rematch.js";
import { refusalText } from "./refusals.js";
import { MatchConnection } from "./socket.js";
import { seatNames } from "./seats.js";
import { createStatus } from "./status.js";
import { createGuide } from "./tutorial.js";

const ERROR_SHOWN_MS = 8000;

function readConfig() {
  return JSON.parse(document.getElementById("match-config").textContent);
}

/** Leaving a running game hands the seat to a bot: ask first (unless the player said not to). */
function guardLeave(asks) {
  const form = document.querySelector(".leave-form");
  form?.addEventListener("submit", (event) => {
    if (!asks.leave(form.dataset.confirm)) event.preventDefault();
  });
}

async function start() {
  const config = readConfig();
  let asks = createAsks(config.settings);
  guardLeave({ leave: (question) => asks.leave(question) });
  await loadCatalog();
  const root = document.getElementById("match");
  createDrawer(root);
  const gameRoot = document.getElementById("game-root");
  const errors = document.getElementById("match-errors");
  const finalPanel = document.getElementById("match-final");

  const snapshot = { view: null, version: null, match: null, presence: { connected: [], spectators: 0 } };
  let game = null;
  // The seat this page plays: its own, until its player resigns (or leaves) and a bot
  // plays it to the end. The seat stays theirs (its log lines, its rematch answer).
  const resigned = () => config.seat !== null && Boolean(snapshot.match?.seats?.find((s) => s.seat === config.seat)?.resigned);
  const acting = () => (resigned() ? null : config.seat);
  let moves = null;
  const draw = () => {
    if (game && snapshot.view) game.render(snapshot);
  };

  const status = createStatus(document.getElementById("match-status"), {
    seat: config.seat,
    onRetry: () => connection.retryNow(),
  });
  let log = createLog(document.getElementById("match-log"), { seat: config.seat });
  const seatsBar = createSeatsBar(document.getElementById("match-seats"), {
    seat: config.seat,
    ask: (question) => asks.leave(question),
    send: (frame) => connection.seatFrame(frame),
    announce: (text) => status.notice(text),
    resignSlot: document.getElementById("resign-slot"),
  });
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
  const notices = createTurnNotices({
    settings: config.settings,
    seat: config.seat,
    permissionButton: document.getElementById("notice-ask"),
  });
  const rematch = createRematch(document.getElementById("match-rematch"), {
    seat: config.seat,
    send: (type) => connection.rematch(type),
    go: (url) => window.location.assign(url),
  });
  const tableName = document.getElementById("match-title").textContent.replace(/\s+/g, " ").trim();
  const guide = createGuide({ seat: config.seat, root: gameRoot, table: config.table });

  const show = ({ view, version, match }) => {
    Object.assign(snapshot, { view, version, match });
    log.update(view.log, seatNames(match), match?.events ?? []);
    seatsBar.update({ view, match });
    renderFinal(finalPanel, match, seatNames(match));
    root.dataset.phase = view.phase ?? "";
    status.finished(match?.status === "finished" || view.phase === "over");
    status.resigned(resigned());
    root.dataset.version = String(version);
    // A background tab still tells its player when the table waits for them.
    const over = match?.status === "finished" || Boolean(view.result);
    notices.update(!over && acting() !== null && (view.active ?? []).includes(acting()), tableName);
    rematch.update(over, seatNames(match));
    draw();
    guide.update(snapshot);
    asks.settle(snapshot, (sent) => connection.act(sent));
  };

  const connection = new MatchConnection(config.ws, {
    status: (state, detail) => status.connection(state, detail),
    // Other players' acts are shown one after another, marked (moves.js).
    view: (view, version, match, change) => {
      if (moves) moves.show({ view, version, match }, change, show);
      else show({ view, version, match });
    },
    presence: (frame) => {
      snapshot.presence = { connected: frame.connected ?? [], spectators: frame.spectators ?? 0 };
      status.spectators(snapshot.presence.spectators);
      seatsBar.update({ presence: snapshot.presence });
      draw();
    },
    clock: (clock, now) => {
      seatsBar.serverTime(now);
      if (snapshot.match && clock) snapshot.match = { ...snapshot.match, clock };
      if (snapshot.match) seatsBar.update({ match: snapshot.match });
    },
    chat: (frame) => chat.add(frame),
    chatHistory: (lines) => chat.replace(lines),
    error: (frame) => showError(refusalText(frame.code)),
    rematch: (offer, how) => rematch.offer(offer, how),
  });

  try {
    const { table, words, moves: marks } = await loadGame(config.game);
    log = createLog(document.getElementById("match-log"), { describe: words.describe, seat: config.seat });
    // The player's setting: every act goes out flagged end_turn (asks.js), except in a
    // guided game, whose script shows the turn's confirm.
    const endTurnWithLast = Boolean(config.settings?.end_turn_with_last) && !guide.guided;
    asks = createAsks({ ...config.settings, end_turn_with_last: endTurnWithLast }, marks.turnEnds);
    moves = createMoves(gameRoot, {
      region: root,
      hooks: marks,
      seat: config.seat,
      motion: config.settings?.motion,
      words: (entries) => sentences(entries, { describe: words.describe, seat: config.seat, names: seatNames(snapshot.match) }),
    });
    game = table.createTable(gameRoot, {
      get seat() {
        return acting();
      },
      lobbyUrl: config.lobby_url,
      endPanel: document.getElementById("match-end-extra"),
      endTurnWithLast, // the turn panel says so
      act: guide.guard((action) => asks.act(action, (sent) => connection.act(sent))),
      announce: (text) => status.notice(text),
    });
  } catch (error) {
    showError(gettext("This game cannot be shown in your browser."));
    throw error;
  }
  connection.start();
}

start();
