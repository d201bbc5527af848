// Space Mission at the table: draws the per-seat view and turns clicks into legal actions.
// Entry point for the match shell: createTable(root, api) → { render(snapshot) }.
import { h, redraw } from "../../js/match/dom.js";
import { gettext, interpolate } from "../../js/match/i18n.js";
import { seatMark } from "../../js/match/seats.js";
import { board } from "./board.js";
import { cardChoices, cardsNeeded, completed, has, menu, pickable, planetChoices } from "./choices.js";
import { actionName } from "./labels.js";
import { mine } from "./mine.js";
import { hand, tile } from "./pieces.js";
import { players } from "./players.js";
import { endScreen } from "./result.js";

const USES = { jump: "jump", scan: "scan", colonise: "landing" };

function seatNames(match) {
  const names = [];
  for (const seat of match?.seats ?? []) names[seat.seat] = seat.name;
  return names;
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
    parts.board,
    h("div", { class: "sm-panel" }, parts.turn, parts.controls, parts.picker, parts.hand, parts.players, parts.mine)));
  root.removeAttribute("aria-busy");

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

  const view = () => snapshot.view;
  const legal = () => (busy ? [] : view().legal ?? []);
  const myTurn = () => api.seat !== null && view().active.includes(api.seat);

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
    if (type === "restock") {
      if (choice.type === "restock") {
        send({ type: "restock", discard: choice.discard });
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
    return open.has(card.id) ? { use, state: "choosable", onChoose: chooseCard } : { use, state: "blocked" };
  }

  function prompt() {
    const v = view();
    const names = seatNames(snapshot.match);
    if (v.phase === "over") return gettext("The game is over.");
    if (!myTurn()) {
      const seat = v.turn.seat;
      if (v.turn.looking) {
        const planet = v.ring.find((p) => p.id === v.turn.looking.planet);
        return interpolate(gettext("%(name)s is choosing a tile on %(planet)s."), { name: names[seat] ?? "?", planet: planet?.name ?? "" }, true);
      }
      return interpolate(gettext("Waiting for %s."), [names[seat] ?? "?"]);
    }
    if (busy) return gettext("Sending…");
    if (v.me?.looking) return null;
    switch (choice.type) {
      case "restock":
        return choice.discard.length
          ? interpolate(gettext("%s cards marked. Press Restock again to discard them and draw up to 5."), [choice.discard.length])
          : gettext("Mark the cards to discard (or none), then press Restock again to draw up to 5.");
      case "jump":
        return choice.cards.length ? gettext("Choose the planet to jump to.") : gettext("Choose a card to play its blue jump coordinate.");
      case "fly":
        return gettext("Choose a neighbouring planet to fly to.");
      case "scan":
        return gettext("Choose a card to play its green scan coordinate.");
      case "colonise":
        return interpolate(gettext("Choose two cards for the orange landing coordinates (%s of 2 chosen)."), [choice.cards.length]);
      default:
        return v.turn.actions_done >= v.turn.actions_per_turn
          ? gettext("Both actions taken: confirm your turn, or undo.")
          : interpolate(gettext("Choose action %(n)s of %(total)s."), { n: v.turn.actions_done + 1, total: v.turn.actions_per_turn }, true);
    }
  }

  function turnBanner() {
    const v = view();
    const names = seatNames(snapshot.match);
    const seat = v.turn.seat;
    const head = v.phase === "over"
      ? h("strong", {}, gettext("Game over"))
      : h("strong", { class: `seat-text-${seat}` }, seatMark(seat, 18),
        seat === api.seat ? gettext("Your turn") : interpolate(gettext("%s's turn"), [names[seat] ?? "?"]));
    const facts = [
      interpolate(gettext("Round %s"), [v.round]),
      v.phase === "over" ? null : interpolate(gettext("action %(n)s of %(total)s"), { n: Math.min(v.turn.actions_done + 1, v.turn.actions_per_turn), total: v.turn.actions_per_turn }, true),
      interpolate(gettext("draw pile %s"), [v.draw_count]),
      interpolate(gettext("discards %s"), [v.discard_count]),
      interpolate(gettext("face-up space %(n)s / %(end)s"), { n: v.face_up_space, end: v.end_threshold }, true),
    ].filter(Boolean);
    return [
      h("p", { class: "turn-head" }, head, v.ending ? h("span", { class: "tag warn" }, gettext("last round")) : null),
      h("p", { class: "turn-facts" }, facts.join(" · ")),
    ];
  }

  function controls() {
    if (!myTurn() || view().phase === "over") return [h("p", { class: "prompt" }, prompt())];
    const v = view();
    const options = legal();
    const looking = Boolean(v.me?.looking);
    const buttons = menu(options).map(({ type, enabled }) => {
      const label = type === "restock" && choice.type === "restock"
        ? interpolate(gettext("Restock (discard %s)"), [choice.discard.length])
        : actionName(type);
      return h("button", {
        type: "button",
        class: ["button", "action", `action-${type}`, choice.type === type && "selected"],
        "data-action": type,
        "data-key": `action-${type}`,
        "aria-pressed": choice.type === type ? "true" : "false",
        disabled: !enabled || looking,
        onclick: () => chooseAction(type),
      }, label);
    });
    const planets = planetChoices(options, choice.type, choice.cards);
    const planetButtons = planets.size
      ? h("div", { class: "planet-choices", role: "group", "aria-label": gettext("Planets you can choose") },
        v.ring.filter((p) => planets.has(p.id)).map((p) => h("button", {
          type: "button", class: "button small", "data-planet-choice": p.id, "data-key": `goto-${p.id}`, onclick: () => choosePlanet(p.id),
        }, p.name)))
      : null;
    const cancel = choice.type
      ? h("button", { type: "button", class: "button small ghost", "data-key": "cancel", onclick: () => { choice = freshChoice(); refusal = null; draw(); } }, gettext("Cancel"))
      : null;
    const text = prompt();
    return [
      h("div", { class: "action-menu", role: "group", "aria-label": gettext("Actions") }, buttons),
      text ? h("p", { class: "prompt" }, text, " ", cancel) : null,
      planetButtons,
      refusal ? h("p", { class: "refusal", role: "alert" }, refusal) : null,
      h("div", { class: "turn-buttons" },
        h("button", {
          type: "button", class: "button ghost", "data-action": "undo", "data-key": "undo",
          disabled: busy || !v.turn.can_undo, onclick: () => send({ type: "undo" }),
        }, actionName("undo")),
        h("button", {
          type: "button", class: "button primary", "data-action": "confirm", "data-key": "confirm",
          disabled: busy || !v.turn.can_confirm, onclick: () => send({ type: "confirm" }),
        }, actionName("confirm"))),
    ];
  }

  function picker() {
    const looking = view().me?.looking;
    if (!looking) return [];
    const planet = view().ring.find((p) => p.id === looking.planet);
    const open = pickable(legal());
    const heading = looking.purpose === "scan"
      ? interpolate(gettext("Choose a tile on %s to reserve"), [planet?.name ?? ""])
      : interpolate(gettext("Choose a tile on %s to take"), [planet?.name ?? ""]);
    return [
      h("h2", { class: "panel-title" }, heading),
      h("p", { class: "muted" }, gettext("Space tiles cannot be taken. The rest of the stack goes back face down.")),
      h("ul", { class: "stack" }, looking.stack.map((t) => h("li", {},
        tile(t, { onChoose: (id) => send({ type: "pick", tile: id }), disabled: busy || !open.has(t.id), class: open.has(t.id) ? "pickable" : "not-pickable" })))),
      refusal ? h("p", { class: "refusal", role: "alert" }, refusal) : null,
    ];
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
    redraw(parts.end, over ? endScreen(v, names) : "");
    const mySeat = api.seat;
    const here = mySeat !== null ? v.players.find((p) => p.seat === mySeat)?.ship : null;
    const choosable = myTurn() && !busy ? planetChoices(legal(), choice.type, choice.cards) : new Set();
    redraw(parts.board, board(v, { names, memory: me?.memory ?? null, here, choosable, onPlanet: choosePlanet }));
    redraw(parts.turn, turnBanner());
    redraw(parts.controls, controls());
    const wasHidden = parts.picker.hidden;
    redraw(parts.picker, picker());
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
      snapshot = next;
      if (next.version !== heldVersion) {
        heldVersion = next.version;
        if (!busy) choice = freshChoice();
        // Drop choices the new view no longer allows (e.g. the turn passed).
        if (!myTurn()) choice = freshChoice();
      }
      if (choice.type && choice.type !== "restock" && !has(legal(), choice.type)) choice = freshChoice();
      draw();
    },
  };
}
