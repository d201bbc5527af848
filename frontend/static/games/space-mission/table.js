// Space Mission at the table: draws the per-seat view and turns clicks into legal actions.
// Entry point for the match shell: createTable(root, api) → { render(snapshot) }.
import { h, redraw, redrawIfChanged } from "../../js/match/dom.js";
import { drawEnd } from "../../js/match/final.js";
import { seatNames } from "../../js/match/seats.js";
import { gettext } from "../../js/match/i18n.js";
import { closed, guardClosed } from "../../js/match/whynot.js";
import { board } from "./board.js";
import { cardChoices, cardsNeeded, completed, has, planetChoices, stillOpen } from "./choices.js";
import { controls, picker, turnBanner } from "./controls.js";
import { legend } from "./legend.js";
import { mine } from "./mine.js";
import { hand } from "./pieces.js";
import { players } from "./players.js";
import { endScreen } from "./result.js";
import { whyNot } from "./whynot.js";

const USES = { jump: "jump", scan: "scan", colonise: "landing" };
const PRESS_TWICE = new Set(["restock", "discover"]);

/** Ids of planets that look different in `after` (what a move just touched). */
function changedPlanets(before, after) {
  if (!before) return new Set();
  const old = new Map(before.map((p) => [p.id, JSON.stringify(p)]));
  return new Set(after.filter((p) => old.get(p.id) !== JSON.stringify(p)).map((p) => p.id));
}

function freshChoice() {
  return { type: null, cards: [], discard: [] };
}

export function createTable(root, api) {
  const parts = {
    end: h("div", { class: "sm-end" }),
    board: h("div", { class: "sm-board" }),
    turn: h("div", { class: "sm-turn", "aria-live": "polite" }),
    controls: h("div", { class: "sm-controls" }),
    picker: h("div", { class: "sm-picker" }),
    hand: h("div", { class: "sm-hand" }),
    players: h("section", { class: "sm-players panel", "aria-label": gettext("Players") }),
    mine: h("section", { class: "sm-mine panel", "aria-label": gettext("Your tiles") }),
  };
  root.replaceChildren(h("div", { class: "sm-table" },
    parts.end,
    h("div", { class: "sm-board-area" }, parts.board, legend(api.seat)),
    h("div", { class: "sm-panel" }, parts.turn, parts.controls, parts.picker, parts.hand, parts.players, parts.mine)));
  root.removeAttribute("aria-busy");
  guardClosed(root);

  // Keyboard users are taken to the next step's first control (card, then planet);
  // pointer users keep their focus where it is.
  let byKeyboard = false;
  let stepped = false;
  root.addEventListener("keydown", (event) => {
    if (event.key === "Enter" || event.key === " ") byKeyboard = true;
  });
  root.addEventListener("pointerdown", () => {
    byKeyboard = false;
  });

  let snapshot = null;
  let choice = freshChoice();
  let heldVersion = null;
  let busy = false;
  let refusal = null;
  let touched = new Set();

  const view = () => snapshot.view;
  const legal = () => (busy ? [] : view().legal ?? []);
  // A replay shows a seat's view but offers none of its actions.
  const actor = () => (api.readOnly ? null : api.seat);
  const myTurn = () => actor() !== null && view().active.includes(actor());

  function send(action) {
    busy = true;
    refusal = null;
    draw();
    api.act(action).then(
      () => {
        busy = false;
        choice = freshChoice();
        draw();
      },
      (error) => {
        busy = false;
        refusal = error.message || error.code || gettext("The action was refused.");
        api.announce(refusal);
        draw();
      },
    );
  }

  function chooseAction(type) {
    refusal = null;
    stepped = true;
    // Restock and Discover take no card or planet; the second press commits (O3), so one
    // stray click never draws or looks, which no undo can take back.
    if (PRESS_TWICE.has(type)) {
      if (choice.type === type) {
        send(type === "restock" ? { type, discard: choice.discard } : { type });
        return;
      }
      choice = { ...freshChoice(), type };
      draw();
      return;
    }
    choice = choice.type === type ? freshChoice() : { ...freshChoice(), type };
    tryComplete();
  }

  function chooseCard(id) {
    refusal = null;
    stepped = choice.type !== "restock";
    if (choice.type === "restock") {
      const marked = choice.discard.includes(id);
      choice = { ...choice, discard: marked ? choice.discard.filter((c) => c !== id) : [...choice.discard, id] };
      draw();
      return;
    }
    if (choice.cards.includes(id)) choice = { ...choice, cards: choice.cards.filter((c) => c !== id) };
    else choice = { ...choice, cards: [...choice.cards, id] };
    tryComplete();
  }

  function choosePlanet(id) {
    const action = completed(legal(), choice.type, choice.cards, id);
    if (action) send(action);
  }

  /** Send as soon as the choices name exactly one legal action that needs no planet. */
  function tryComplete() {
    if (choice.type && choice.type !== "restock") {
      const action = completed(legal(), choice.type, choice.cards, null);
      if (action) {
        send(action);
        return;
      }
    }
    draw();
  }

  function cardOptions(card) {
    if (!myTurn() || busy || view().me?.looking) return {};
    if (choice.type === "restock") {
      return { state: choice.discard.includes(card.id) ? "discard" : "idle", onChoose: chooseCard };
    }
    if (!choice.type || !cardsNeeded(choice.type)) return {};
    const use = USES[choice.type];
    if (choice.cards.includes(card.id)) return { use, state: "chosen", onChoose: chooseCard };
    const open = cardChoices(legal(), choice.type, choice.cards);
    if (open.has(card.id)) return { use, state: "choosable", onChoose: chooseCard };
    return { use, state: "blocked", why: closed(blockedText(card.id), `card-${card.id}`) };
  }

  /** The rules' reason a card cannot serve the chosen action, or why it does not go with
   * the card already chosen (then the rules have no reason: the pair is the player's). */
  function blockedText(id) {
    const key = `${choice.type}:${view().me.hand.findIndex((c) => c.id === id)}`;  // by place, never by id
    if (view().why_not?.[key] || !choice.cards.length) return whyNot(view(), key, seatNames(snapshot.match));
    if (choice.cards.length >= cardsNeeded(choice.type)) return gettext("This action has its cards: choose a chosen card again to take it back.");
    return gettext("This card does not go with the card you chose.");
  }

  function turnContext() {
    return {
      view: view(),
      names: seatNames(snapshot.match),
      mySeat: api.seat,
      legal: legal(),
      myTurn: myTurn(),
      busy,
      refusal,
      choice,
      endsWithLast: Boolean(api.endTurnWithLast),
      on: { action: chooseAction, planet: choosePlanet, cancel, send },
    };
  }

  function cancel() {
    choice = freshChoice();
    refusal = null;
    draw();
  }

  function focusNextStep() {
    const next = choice.type === "restock"
      ? root.querySelector(".hand button.card")
      : root.querySelector(".hand .card-choosable") ?? root.querySelector("[data-planet-choice]");
    next?.focus();
  }

  function draw() {
    const v = view();
    const names = seatNames(snapshot.match);
    const me = v.me;
    const over = v.phase === "over" && v.result;
    drawEnd(parts.end, over ? v.result : null, snapshot.match, names,
      () => endScreen(v, names, api.lobbyUrl, snapshot.match, api.endPanel));
    const mySeat = api.seat;
    const here = mySeat !== null ? v.players.find((p) => p.seat === mySeat)?.ship : null;
    const choosable = myTurn() && !busy ? planetChoices(legal(), choice.type, choice.cards) : new Set();
    redraw(parts.board, board(v, {
      names, memory: me?.memory ?? null, here, looking: v.turn.looking?.planet ?? null, choosable, touched, onPlanet: choosePlanet,
    }));
    const turn = turnContext();
    redrawIfChanged(parts.turn, turnBanner(v, names, actor()));
    redraw(parts.controls, api.readOnly ? "" : controls(turn));
    parts.controls.hidden = Boolean(api.readOnly);
    const wasHidden = parts.picker.hidden;
    redraw(parts.picker, picker(turn));
    parts.picker.hidden = !me?.looking;
    // On a phone the picker may be below the board: bring it into sight when it opens.
    if (wasHidden && !parts.picker.hidden) parts.picker.scrollIntoView({ block: "nearest", behavior: "smooth" });
    redraw(parts.hand, me ? [h("h2", { class: "panel-title" }, gettext("Your hand")), hand(me.hand, cardOptions)] : "");
    parts.hand.hidden = !me;
    redraw(parts.players, h("h2", { class: "panel-title" }, gettext("Players")),
      players(v, { names, match: snapshot.match, presence: snapshot.presence, mySeat }));
    redraw(parts.mine, me ? mine(v) : "");
    parts.mine.hidden = !me || Boolean(over);
    if (stepped && byKeyboard && choice.type) focusNextStep();
    stepped = false;
  }

  return {
    render(next) {
      const changedVersion = next.version !== heldVersion;
      // Planets a move just changed glow once; a redraw for presence leaves them be.
      touched = changedVersion ? changedPlanets(snapshot?.view.ring, next.view.ring) : new Set();
      snapshot = next;
      if (changedVersion) {
        heldVersion = next.version;
        // A new view keeps the choice begun before it where it can still go on (a view
        // may land between two clicks) and drops it where it cannot (the turn passed).
        if (!myTurn() || (!busy && !stillOpen(legal(), choice, view().me?.hand ?? []))) choice = freshChoice();
      }
      if (choice.type && choice.type !== "restock" && !has(legal(), choice.type)) choice = freshChoice();
      draw();
    },
  };
}
