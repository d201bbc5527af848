// The replay page: every step of a finished game, drawn by the game's own table module
// from views the server rebuilt with the rules (never from frames the players were sent).
// Step with the buttons, the slider or the arrow keys; Page Up/Down jump by a round.
import { h, redraw } from "../match/dom.js";
import { loadGame } from "../match/games.js";
import { gettext, interpolate, loadCatalog } from "../match/i18n.js";
import { createLog } from "../match/log.js";
import { checkInBrowser } from "../match/deal.js";
import { seatNames } from "../match/seats.js";

const ALL = "all";
const config = JSON.parse(document.getElementById("replay-config").textContent);
const match = { seats: config.seats.map((seat) => ({ ...seat, user: null })), status: "finished", end: config.end };
const names = seatNames(match);
const presence = { connected: [], spectators: 0 };
const cache = new Map();

const el = {
  tables: document.getElementById("replay-tables"),
  step: document.getElementById("replay-step"),
  position: document.getElementById("replay-position"),
  round: document.getElementById("replay-round"),
  seat: document.getElementById("replay-seat"),
  controls: document.getElementById("replay-controls"),
};

let module = null;
let words = null;
let shown = { step: config.step, seat: config.seat };
let drawn = { seat: null, tables: [] };
let asked = 0;
let log = null;

function parseSeat(value) {
  return value === ALL ? ALL : Number(value);
}

function roundAt(step) {
  let current = null;
  for (const entry of config.rounds) if (entry.step <= step) current = entry;
  return current;
}

async function views(step, seat) {
  const key = `${step}|${seat}`;
  if (!cache.has(key)) {
    const url = `${config.views_url}?step=${step}&seat=${seat}`;
    cache.set(key, fetch(url, { headers: { Accept: "application/json" } }).then((response) => {
      if (!response.ok) throw new Error(gettext("This step cannot be shown."));
      return response.json();
    }));
  }
  try {
    return await cache.get(key);
  } catch (error) {
    cache.delete(key);
    throw error;
  }
}

const refuse = () => Promise.reject(new Error(gettext("This is a replay: nothing can be played here.")));

/** One table module per seat shown, made afresh when the point of view changes. */
function tablesFor(seat) {
  if (drawn.seat === seat) return drawn.tables;
  const seats = seat === ALL ? config.seats.map((s) => s.seat) : [seat];
  const roots = seats.map(() => h("div", { class: "game-root" }));
  el.tables.replaceChildren(...seats.map((index, i) => h("section", { class: "replay-table", "data-seat": String(index) },
    seat === ALL ? h("h2", { class: "replay-seat-title" }, interpolate(gettext("Seen by %s"), [names[index] ?? "?"])) : null,
    roots[i])));
  const tables = seats.map((index, i) =>
    module.createTable(roots[i], { seat: index, lobbyUrl: null, act: refuse, announce: () => {}, readOnly: true }));
  drawn = { seat, tables };
  // The log as that seat read it (its own secret lines too), or everyone's at once.
  log = createLog(document.getElementById("replay-log"), { describe: words.describe, seat: seat === ALL ? null : seat });
  return tables;
}

function describe(step) {
  const parts = [interpolate(gettext("Step %(step)s of %(steps)s"), { step, steps: config.steps }, true)];
  const round = roundAt(step);
  if (round) parts.push(interpolate(gettext("Round %s"), [round.round]));
  if (step > 0) parts.push(interpolate(gettext("last move by %s"), [names[config.actors[step - 1]] ?? "?"]));
  else parts.push(gettext("the deal"));
  return parts.join(" · ");
}

function updateControls(step, seat) {
  el.step.value = String(step);
  el.position.textContent = describe(step);
  el.seat.value = String(seat);
  const round = roundAt(step);
  if (round) el.round.value = String(round.step);
  for (const button of el.controls.querySelectorAll("[data-go]")) {
    const back = button.dataset.go === "first" || button.dataset.go === "back";
    button.disabled = back ? step === 0 : step === config.steps;
  }
}

async function show(step, seat) {
  const target = Math.max(0, Math.min(config.steps, step));
  shown = { step: target, seat };
  updateControls(target, seat);
  history.replaceState(null, "", `?step=${target}&seat=${seat}`);
  const ticket = ++asked;
  let data;
  try {
    data = await views(target, seat);
  } catch (error) {
    if (ticket === asked) redraw(el.tables, h("p", { class: "flash error", role: "alert" }, error.message));
    drawn = { seat: null, tables: [] };
    return;
  }
  if (ticket !== asked) return; // a later step was asked for meanwhile
  const tables = tablesFor(seat);
  data.views.forEach((entry, i) => {
    tables[i].render({ view: { ...entry.view, legal: [] }, version: target, match, presence });
  });
  el.tables.removeAttribute("aria-busy");
  log.update(data.views[0].view.log, names);
}

function go(where) {
  const { step, seat } = shown;
  const current = roundAt(step);
  const previous = current && current.step < step ? current : roundAt(step - 1);
  const next = config.rounds.find((entry) => entry.step > step);
  const targets = {
    first: 0,
    back: step - 1,
    forward: step + 1,
    last: config.steps,
    nextRound: next ? next.step : config.steps,
    previousRound: previous ? previous.step : 0,
  };
  show(targets[where], seat);
}

const KEYS = { ArrowLeft: "back", ArrowRight: "forward", Home: "first", End: "last", PageUp: "previousRound", PageDown: "nextRound" };

function listen() {
  for (const button of el.controls.querySelectorAll("[data-go]")) {
    button.addEventListener("click", () => go(button.dataset.go));
  }
  el.step.addEventListener("input", () => show(Number(el.step.value), shown.seat));
  el.round.addEventListener("change", () => show(Number(el.round.value), shown.seat));
  el.seat.addEventListener("change", () => show(shown.step, parseSeat(el.seat.value)));
  el.controls.addEventListener("submit", (event) => event.preventDefault());
  document.addEventListener("keydown", (event) => {
    const where = KEYS[event.key];
    if (!where || event.altKey || event.ctrlKey || event.metaKey) return;
    const tag = event.target?.tagName;
    if (tag === "SELECT" || tag === "TEXTAREA" || (tag === "INPUT" && event.target !== el.step)) return;
    if (event.target === el.step && !where.endsWith("Round")) return; // the slider steps by itself
    event.preventDefault();
    go(where);
  });
}

async function start() {
  await loadCatalog();
  el.round.replaceChildren(...config.rounds.map((entry) =>
    h("option", { value: String(entry.step) }, interpolate(gettext("Round %s"), [entry.round]))));
  el.round.disabled = config.rounds.length === 0;
  checkInBrowser(document.getElementById("browser-check"), config);
  try {
    ({ table: module, words } = await loadGame(config.game));
  } catch (error) {
    redraw(el.tables, h("p", { class: "flash error" }, gettext("This game cannot be shown in your browser.")));
    throw error;
  }
  listen();
  show(config.step, config.seat);
}

start();
