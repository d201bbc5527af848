// The turn panel: whose turn it is, the action menu with its next step, undo and confirm,
// and the tile picker (O2–O4). Drawn from a turn context `t`:
// { view, names, mySeat, legal, myTurn, busy, refusal, choice, endsWithLast,
//   on: { action, planet, cancel, send } } (endsWithLast: the player's setting, games.turnend).
import { h } from "../../js/match/dom.js";
import { gettext, interpolate, ngettext } from "../../js/match/i18n.js";
import { seatMark } from "../../js/match/seats.js";
import { closed } from "../../js/match/whynot.js";
import { menu, pickable, planetChoices } from "./choices.js";
import { actionName } from "./labels.js";
import { tile } from "./pieces.js";
import { whyNot } from "./whynot.js";
import { turnEndsNote } from "../../js/match/turnends.js";

function waitingText(t) {
  const { view, names } = t;
  const name = names[view.turn.seat] ?? "?";
  if (!view.turn.looking) return interpolate(gettext("Waiting for %s."), [name]);
  const planet = view.ring.find((p) => p.id === view.turn.looking.planet);
  return interpolate(gettext("%(name)s is choosing a tile on %(planet)s."), { name, planet: planet?.name ?? "" }, true);
}

function restockText(marked) {
  if (!marked) return gettext("Mark the cards to discard (or none), then press Restock again to draw up to 5.");
  return interpolate(ngettext(
    "%s card marked. Press Restock again to discard it and draw up to 5.",
    "%s cards marked. Press Restock again to discard them and draw up to 5.", marked), [marked]);
}

/** What to do next, in words. */
function promptText(t) {
  const { view, choice } = t;
  if (view.phase === "over") return gettext("The game is over.");
  if (!t.myTurn) return waitingText(t);
  if (t.busy) return gettext("Sending…");
  if (view.me?.looking) return null;
  switch (choice.type) {
    case "restock":
      return restockText(choice.discard.length);
    case "jump":
      return choice.cards.length ? gettext("Choose the planet to jump to.") : gettext("Choose a card to play its blue jump coordinate.");
    case "fly":
      return gettext("Choose a neighbouring planet to fly to.");
    case "scan":
      return gettext("Choose a card to play its green scan coordinate; you then look at the stack, which cannot be undone.");
    case "discover":
      return gettext("Press Discover again to look at this planet's stack and take a tile; a look cannot be undone.");
    case "colonise":
      return interpolate(gettext("Choose two cards for the orange landing coordinates (%s of 2 chosen)."), [choice.cards.length]);
    default:
      return view.turn.actions_done >= view.turn.actions_per_turn
        ? gettext("Both actions taken: confirm your turn, or undo.")
        : interpolate(gettext("Choose action %(n)s of %(total)s."), { n: view.turn.actions_done + 1, total: view.turn.actions_per_turn }, true);
  }
}

/** Whose turn, which action, and the public counters. */
export function turnBanner(view, names, mySeat) {
  const seat = view.turn.seat;
  const over = view.phase === "over";
  const head = over
    ? h("strong", {}, gettext("Game over"))
    : h("strong", { class: `seat-text-${seat}` }, seatMark(seat, 18),
      seat === mySeat ? gettext("Your turn") : interpolate(gettext("%s's turn"), [names[seat] ?? "?"]));
  const { actions_done: done, actions_per_turn: total } = view.turn;
  const facts = [
    interpolate(gettext("Round %s"), [view.round]),
    over ? null : interpolate(gettext("action %(n)s of %(total)s"), { n: Math.min(done + 1, total), total }, true),
    interpolate(gettext("draw pile %s"), [view.draw_count]),
    interpolate(gettext("discards %s"), [view.discard_count]),
    interpolate(gettext("face-up space %(n)s / %(end)s"), { n: view.face_up_space, end: view.end_threshold }, true),
  ].filter(Boolean);
  return [
    h("p", { class: "turn-head" }, head, view.ending && !over ? h("span", { class: "tag warn" }, gettext("last round")) : null),
    h("p", { class: "turn-facts" }, facts.join(" · ")),
  ];
}

/** A closed control says why (the rules' reason); while sending, it simply waits. */
function why(t, key, open) {
  return closed(open || t.busy ? null : whyNot(t.view, key, t.names), key);
}

function actionButton(t, type, enabled) {
  const selected = t.choice.type === type;
  let label = actionName(type);
  if (selected && type === "restock") label = interpolate(gettext("Restock (discard %s)"), [t.choice.discard.length]);
  if (selected && type === "discover") label = gettext("Discover now");
  const open = enabled && !t.view.me?.looking;
  const reason = why(t, type, open);
  return h("button", {
    type: "button",
    class: ["button", "action", `action-${type}`, selected && "selected"],
    "data-action": type,
    "data-key": `action-${type}`,
    "aria-pressed": selected ? "true" : "false",
    disabled: !open && !("data-why-not" in reason.attrs),
    ...reason.attrs,
    onclick: () => t.on.action(type),
  }, reason.wrap(label));
}

/** The planets the current choice may go to, as buttons (the board offers them too). */
function planetButtons(t) {
  const planets = planetChoices(t.legal, t.choice.type, t.choice.cards);
  if (!planets.size) return null;
  return h("div", { class: "planet-choices", role: "group", "aria-label": gettext("Planets you can choose") },
    t.view.ring.filter((p) => planets.has(p.id)).map((p) => h("button", {
      type: "button",
      class: "button small",
      "data-planet-choice": p.id,
      "data-key": `goto-${p.id}`,
      onclick: () => t.on.planet(p.id),
    }, p.name)));
}

function turnButton(t, type, open, attrs, onclick) {
  const reason = why(t, type, open);
  return h("button", {
    type: "button", "data-action": type, "data-key": type, ...attrs,
    disabled: t.busy || (!open && !("data-why-not" in reason.attrs)),
    ...reason.attrs,
    onclick,
  }, reason.wrap(actionName(type)));
}

function turnButtons(t) {
  const { turn } = t.view;
  return h("div", { class: "turn-buttons" },
    turnButton(t, "undo", turn.can_undo, { class: "button ghost" }, () => t.on.send({ type: "undo" })),
    turnButton(t, "confirm", turn.can_confirm, { class: "button primary" }, () => t.on.send({ type: "confirm" })));
}

function refusalNote(t) {
  return t.refusal ? h("p", { class: "refusal", role: "alert" }, t.refusal) : null;
}

/** The action menu and the next step, or what everyone is waiting for. */
export function controls(t) {
  const text = promptText(t);
  if (!t.myTurn || t.view.phase === "over") return [h("p", { class: "prompt" }, text)];
  const cancel = t.choice.type
    ? h("button", { type: "button", class: "button small ghost", "data-key": "cancel", onclick: t.on.cancel }, gettext("Cancel"))
    : null;
  return [
    h("div", { class: "action-menu", role: "group", "aria-label": gettext("Actions") },
      menu(t.legal).map(({ type, enabled }) => actionButton(t, type, enabled))),
    text ? h("p", { class: "prompt" }, text, " ", cancel) : null,
    planetButtons(t),
    refusalNote(t),
    endsNote(t),
    turnButtons(t),
  ];
}

/** O2 waived by the player's setting: the turn's last action passes it, no Confirm. */
function endsNote(t) {
  return t.endsWithLast ? turnEndsNote("prompt") : null;
}

/** What a point tile adds to my tile score (the rules work it out: me.looking.gains). */
function gainNote(looking, id) {
  const gain = looking.gains?.[id];
  if (gain === undefined) return null;
  const text = looking.purpose === "scan"
    ? ngettext("+%s point once paid out", "+%s points once paid out", gain)
    : ngettext("+%s point", "+%s points", gain);
  return h("span", { class: "tile-gain" }, interpolate(text, [gain]));
}

/** O4: the stack I am looking at, with the tiles I may pick as buttons. */
export function picker(t) {
  const looking = t.view.me?.looking;
  if (!looking) return [];
  const planet = t.view.ring.find((p) => p.id === looking.planet)?.name ?? "";
  const open = pickable(t.legal);
  const heading = looking.purpose === "scan"
    ? interpolate(gettext("Choose a tile on %s to reserve"), [planet])
    : interpolate(gettext("Choose a tile on %s to take"), [planet]);
  return [
    h("h2", { class: "panel-title" }, heading),
    h("p", { class: "muted" }, gettext("Space tiles cannot be taken. The rest of the stack goes back face down.")),
    h("ul", { class: "stack" }, looking.stack.map((x, place) => h("li", {}, tile(x, {
      onChoose: (id) => t.on.send({ type: "pick", tile: id }),
      disabled: t.busy || !open.has(x.id),
      why: why(t, `pick:${place}`, open.has(x.id)),
      class: open.has(x.id) ? "pickable" : "not-pickable",
    }), gainNote(looking, x.id)))),
    refusalNote(t),
  ];
}
