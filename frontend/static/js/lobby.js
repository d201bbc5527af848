// The lobby's live lists, and a waiting room that follows its table.
// Both listen to /ws/lobby/ (docs/protocol.md, Lobby) and reconnect with back-off;
// without this script the pages still work, they just need a reload.

// Django's catalog (/jsi18n/) defines these; without it the English text stands.
const gettext = window.gettext ?? ((text) => text);
const interpolate =
  window.interpolate ?? ((text, values) => text.replace(/%\((\w+)\)s/g, (_, k) => values[k]));

const RETRY_MIN_MS = 500;
const RETRY_MAX_MS = 30000;
const PRIVATE_POLL_MS = 4000;

// Open a websocket that reconnects after a drop, waiting longer after each failure.
function liveSocket(path, onFrame, statusEl) {
  let failures = 0;
  const setStatus = (text) => {
    if (statusEl) statusEl.textContent = text;
  };
  const open = () => {
    const scheme = location.protocol === "https:" ? "wss:" : "ws:";
    const socket = new WebSocket(`${scheme}//${location.host}${path}`);
    socket.addEventListener("open", () => {
      failures = 0;
      setStatus("");
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
}

function element(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) node.setAttribute(name, value);
  node.append(...children);
  return node;
}

// A bot's name in the reader's language (the frame is the same for everyone).
function seatName(seat) {
  if (!seat.bot) return seat.name;
  const kind = seat.bot.charAt(0).toUpperCase() + seat.bot.slice(1);
  return interpolate(gettext("%(kind)s bot"), { kind }, true);
}

// One row, as lobby/_table_row.html renders it; mine: the ids of my tables.
function tableRow(entry, csrfToken, mine) {
  const row = element("li", { class: "table-row", "data-table": String(entry.id) });
  row.append(
    element("a", { href: entry.url }, element("strong", {}, entry.game_name)),
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
  empty.hidden = entries.length > 0;
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
    },
    document.getElementById("lobby-status"),
  );
}

// The waiting room follows its table: when someone sits down or leaves, the room is
// redrawn from the server's page in place; once the match begins, the page turns into it.
function waitingRoom(root) {
  let checking = false;
  const check = async () => {
    if (checking) return;
    checking = true;
    try {
      const response = await fetch(root.dataset.stateUrl, { credentials: "same-origin" });
      if (response.status === 404) {
        location.assign("/");
        return;
      }
      if (!response.ok) return;
      const state = await response.json();
      if (state.status !== "open") location.reload();
      else if (state.updated !== root.dataset.updated) await redraw(root);
    } catch {
      // Offline for a moment: the next frame or poll tries again.
    } finally {
      checking = false;
    }
  };
  liveSocket(
    root.dataset.ws,
    (frame) => frame.t === "tables" && check(),
    document.getElementById("lobby-status"),
  );
  // Private tables are never in the lobby list, so their room asks on its own.
  if (root.dataset.private === "1") setInterval(check, PRIVATE_POLL_MS);
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

function bindCopyButton() {
  const button = document.getElementById("copy-invite");
  if (button) copyButton(button, document.getElementById("invite-url"));
}

const lobbyRoot = document.getElementById("lobby");
const roomRoot = document.getElementById("waiting-room");
if (lobbyRoot) lobbyPage(lobbyRoot);
if (roomRoot) waitingRoom(roomRoot);
bindCopyButton();
