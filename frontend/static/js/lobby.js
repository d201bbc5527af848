// The lobby's live lists, and a waiting room that follows its table.
// Both listen to /ws/lobby/ (docs/protocol.md, Lobby) and reconnect with back-off;
// without this script the pages still work, they just need a reload.

import { botName } from "./botnames.js";
import { paceLabel } from "./pace.js";

// Django's catalog (/jsi18n/) defines these; without it the English text stands.
const gettext = window.gettext ?? ((text) => text);
const interpolate =
  window.interpolate ?? ((text, values) => text.replace(/%\((\w+)\)s/g, (_, k) => values[k]));

const RETRY_MIN_MS = 500;
const RETRY_MAX_MS = 30000;
const FALLBACK_POLL_MS = 20000;

// Open a websocket that reconnects after a drop, waiting longer after each failure.
// onOpen(socket) runs on every (re)connection; the result tells whether it is open now.
function liveSocket(path, onFrame, statusEl, onOpen = () => {}) {
  let failures = 0;
  let current = null;
  const setStatus = (text) => {
    if (statusEl) statusEl.textContent = text;
  };
  const open = () => {
    const scheme = location.protocol === "https:" ? "wss:" : "ws:";
    const socket = new WebSocket(`${scheme}//${location.host}${path}`);
    current = socket;
    socket.addEventListener("open", () => {
      failures = 0;
      setStatus("");
      onOpen(socket);
    });
    socket.addEventListener("message", (event) => {
      let frame;
      try {
        frame = JSON.parse(event.data);
      } catch {
        return;
      }
      onFrame(frame);
    });
    socket.addEventListener("close", () => {
      failures += 1;
      const ceiling = Math.min(RETRY_MAX_MS, RETRY_MIN_MS * 2 ** failures);
      const delay = ceiling / 2 + Math.random() * (ceiling / 2);
      setStatus(gettext("Connection lost; reconnecting…"));
      setTimeout(open, delay);
    });
  };
  open();
  return { isOpen: () => current?.readyState === WebSocket.OPEN };
}

function element(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) node.setAttribute(name, value);
  node.append(...children);
  return node;
}


function seatName(seat) {
  if (seat.away) return `${seat.name} (${gettext("away")})`;
  if (!seat.bot) return seat.name;
  return botName(seat.bot, seat.number ?? 1);
}

// The game's badge, as lobby/_table_row.html renders it.
function gameMark(entry) {
  // Its colour comes from /games.css, by game: no inline style (Content-Security-Policy).
  return element(
    "span",
    { class: "game-mark", "data-game": entry.game, "aria-hidden": "true" },
    entry.mark,
  );
}

// One row, as lobby/_table_row.html renders it; mine: the ids of my tables.
function tableRow(entry, csrfToken, mine) {
  const row = element("li", {
    class: "table-row",
    "data-table": String(entry.id),
    "data-game": entry.game,
  });
  row.append(
    element("a", { href: entry.url }, gameMark(entry), " ", element("strong", {}, entry.game_name)),
    " ",
    element("span", { class: "tag" }, entry.rated ? gettext("rated") : gettext("casual")),
    " ",
    element(
      "span",
      { class: "muted" },
      interpolate(gettext("%(taken)s/%(seats)s seated"), {
        taken: entry.taken.length,
        seats: entry.seats,
      }, true),
    ),
    " ",
    element("span", { class: "pace muted", "data-pace": entry.pace?.id ?? "" }, paceLabel(entry.pace)),
    " ",
    element("span", { class: "names" }, entry.taken.map(seatName).join(", ")),
    " ",
  );
  if (mine.has(entry.id)) {
    row.append(element("a", { class: "button secondary", href: entry.url }, gettext("Your table")));
  } else if (entry.watch) {
    row.append(element("a", { class: "button secondary", href: entry.watch }, gettext("Watch")));
  } else if (entry.taken.length >= entry.seats) {
    row.append(element("span", { class: "muted" }, gettext("Full")));
  } else {
    const form = element("form", {
      class: "inline-form",
      method: "post",
      action: `/t/${entry.id}/join/`,
    });
    form.append(
      element("input", { type: "hidden", name: "csrfmiddlewaretoken", value: csrfToken }),
      element("button", { type: "submit" }, gettext("Join")),
    );
    row.append(form);
  }
  return row;
}

function fillList(list, empty, entries, csrfToken, mine) {
  list.replaceChildren(...entries.map((entry) => tableRow(entry, csrfToken, mine)));
  list.dataset.live = "";  // drawn here from a frame, no longer the server's first draw
  empty.hidden = entries.length > 0;
}

// Who waits for a quick match (open tables at its pace with a free seat), as
// lobby/lobby.html renders it.
function showQuickWaiting(open) {
  const box = document.querySelector(".quick-waiting[data-pace]");
  if (!box) return;
  const waiting = open.filter((e) => e.pace?.id === box.dataset.pace && e.taken.length < e.seats);
  document.getElementById("quick-waiting").replaceChildren(
    ...waiting.map((entry) => {
      const seated = interpolate(gettext("%(taken)s/%(seats)s seated"), {
        taken: entry.taken.length,
        seats: entry.seats,
      }, true);
      const names = entry.taken.map(seatName).join(", ");
      return element("li", { "data-waiting": entry.id }, gameMark(entry), ` ${entry.game_name}, ${seated}: ${names}`);
    }),
  );
  document.getElementById("quick-waiting-empty").hidden = waiting.length > 0;
}

function lobbyPage(root) {
  const csrfToken = document.querySelector("[name=csrfmiddlewaretoken]")?.value ?? "";
  const mine = new Set(JSON.parse(document.getElementById("my-table-ids").textContent));
  const openList = document.getElementById("open-tables");
  const runningList = document.getElementById("running-tables");
  const openEmpty = document.getElementById("open-empty");
  const runningEmpty = document.getElementById("running-empty");
  liveSocket(
    root.dataset.ws,
    (frame) => {
      if (frame.t !== "tables") return;
      fillList(openList, openEmpty, frame.open, csrfToken, mine);
      fillList(runningList, runningEmpty, frame.running, csrfToken, mine);
      showQuickWaiting(frame.open);
    },
    document.getElementById("lobby-status"),
  );
}

// The waiting room follows its table over the lobby socket (a "follow" frame; private
// tables only for those let in): when someone sits down or leaves, the room is redrawn
// from the server's page in place; once the match begins, the page turns into it.
// While the socket is down, a slow poll of the table's state stands in.
function waitingRoom(root) {
  const tableId = root.dataset.table;
  let following = false;
  let busy = false;
  let pending = null;
  const follow = async (state) => {
    if (state.status === "gone") {
      location.assign("/");
    } else if (state.status !== "open") {
      location.reload();
    } else if (state.updated !== root.dataset.updated) {
      await redraw(root);
    }
  };
  // One check at a time; a frame that arrives meanwhile is handled right after.
  const once = async (task) => {
    if (busy) {
      pending = task;
      return;
    }
    busy = true;
    try {
      await task();
    } catch {
      // Offline for a moment: the next frame or poll tries again.
    } finally {
      busy = false;
    }
    if (pending) {
      const next = pending;
      pending = null;
      once(next);
    }
  };
  const poll = async () => {
    const response = await fetch(root.dataset.stateUrl, { credentials: "same-origin" });
    if (response.status === 404) await follow({ status: "gone" });
    else if (response.ok) await follow(await response.json());
  };
  const socket = liveSocket(
    root.dataset.ws,
    (frame) => {
      if (frame.t === "table" && frame.id === tableId) {
        following = true;
        once(() => follow(frame));
      } else if (frame.t === "error" && frame.code === "not_found") {
        following = false;
      }
    },
    document.getElementById("lobby-status"),
    (ws) => {
      following = false;
      ws.send(JSON.stringify({ t: "follow", table: tableId }));
    },
  );
  setInterval(() => {
    if (!(socket.isOpen() && following)) once(poll);
  }, FALLBACK_POLL_MS);
}

async function redraw(root) {
  const response = await fetch(location.href, { credentials: "same-origin" });
  if (!response.ok) return;
  const page = new DOMParser().parseFromString(await response.text(), "text/html");
  const fresh = page.getElementById("waiting-room");
  if (!fresh) {
    location.reload();
    return;
  }
  root.replaceChildren(...fresh.childNodes);
  root.dataset.updated = fresh.dataset.updated;
  bindCopyButton();
  showFillOffer();
}

// A copy button for the invite link (the field stays selectable without it).
function copyButton(button, field) {
  if (!navigator.clipboard) return;
  button.hidden = false;
  button.addEventListener("click", async () => {
    await navigator.clipboard.writeText(field.value);
    button.textContent = button.dataset.done;
  });
}

// A host waiting for people sees a countdown; when it ends, the button that fills the
// empty seats with bots appears (without this script it is there at once). It is drawn
// each second, and at once after the waiting room redraws.
function showFillOffer() {
  const offer = document.querySelector(".fill-offer[data-fill-at]");
  if (!offer) return;
  const left = Math.ceil((Number(offer.dataset.fillAt) - Date.now()) / 1000);
  offer.querySelector(".fill-wait").hidden = left <= 0;
  offer.querySelector(".fill-form").hidden = left > 0;
  if (left > 0) {
    const clock = `${Math.floor(left / 60)}:${String(left % 60).padStart(2, "0")}`;
    offer.querySelector(".fill-countdown").textContent = interpolate(
      gettext("Bots can fill the empty seats in %(time)s."),
      { time: clock },
      true,
    );
  }
}

function bindCopyButton() {
  const button = document.getElementById("copy-invite");
  if (button) copyButton(button, document.getElementById("invite-url"));
}

// A table form offers only what the chosen game allows: its player counts, its bots and
// its options. The server renders every game's limits on the game select (data-games)
// and refuses anything else; without this script the form offers them all.
function narrowToGame(form) {
  const gameSelect = form.querySelector("select[name=game][data-games]");
  if (!gameSelect) return;
  const limits = JSON.parse(gameSelect.dataset.games);
  const seats = form.querySelector("select[name=seats]");
  const allSeats = seats ? [...seats.options] : [];
  const bots = form.querySelector("input[name=bots]");
  const botKind = form.querySelector("select[name=bot_kind]");
  // On a change of game the seats start from the new game's usual count.
  const apply = (changed = false) => {
    const game = limits[gameSelect.value];
    if (!game) return;
    if (seats) {
      const wanted = changed ? game.usual : Number(seats.value);
      const allowed = allSeats.filter((option) => game.seats.includes(Number(option.value)));
      seats.replaceChildren(...allowed);
      const fits = Math.min(Math.max(wanted, game.seats[0]), game.seats.at(-1));
      seats.value = String(fits);
    }
    if (bots) bots.max = String(game.seats.at(-1) - 1);
    if (botKind) {
      for (const option of botKind.options) {
        option.hidden = option.disabled = !game.bots.includes(option.value);
      }
      if (!game.bots.includes(botKind.value)) botKind.value = game.bots[0] ?? "";
    }
    for (const field of form.querySelectorAll("[data-game]")) {
      const mine = field.dataset.game === gameSelect.value;
      field.disabled = !mine;
      const row = field.closest(".form-row");
      if (row) row.hidden = !mine;
    }
  };
  gameSelect.addEventListener("change", () => apply(true));
  apply();
}

const lobbyRoot = document.getElementById("lobby");
// A form that would start a game short of players asks first (its data-confirm says
// how); delegated, so it holds after the waiting room redraws.
document.addEventListener("submit", (event) => {
  const question = event.target.dataset?.confirm;
  if (question && !window.confirm(question)) event.preventDefault();
});

// A "Play against bots" press says the table is on its way and takes no second press
// (the server would land it on the same table anyway); coming back restores the button.
document.addEventListener("submit", (event) => {
  const form = event.target;
  if (event.defaultPrevented || !form.classList?.contains("play-form")) return;
  const button = form.querySelector("button[type=submit]");
  setTimeout(() => {
    button.dataset.label ??= button.textContent;
    button.disabled = true;
    button.textContent = gettext("Opening the table…");
  });
});
window.addEventListener("pageshow", () => {
  for (const button of document.querySelectorAll(".play-form button[data-label]")) {
    button.disabled = false;
    button.textContent = button.dataset.label;
  }
});

const roomRoot = document.getElementById("waiting-room");
if (lobbyRoot) lobbyPage(lobbyRoot);
for (const form of document.querySelectorAll("form")) narrowToGame(form);
if (roomRoot) {
  waitingRoom(roomRoot);
  showFillOffer();
  setInterval(showFillOffer, 1000);
}
bindCopyButton();
