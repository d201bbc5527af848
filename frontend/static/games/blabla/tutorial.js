// The guided first game of BlaBla: steps keyed to the seat's own view, read by the guide
// (js/match/tutorial.js). A step with `thing` asks for a tap on its `target` (the guide
// refuses any other control, and any action `expect` refuses); a step with `next` waits
// for "Got it".
import { gettext, interpolate } from "../../js/match/i18n.js";
import { seatNames } from "../../js/match/seats.js";
import { face, setName } from "./labels.js";

const stepKind = (ctx) => (ctx.myTurn ? ctx.view.step?.kind : null);
const firstRound = (ctx) => ctx.view.round === 1 && !ctx.view.result;
const myPlayer = (ctx) => ctx.view.players[ctx.seat];
const picked = (ctx) => Boolean(ctx.find('.bb-hand-cards [aria-pressed="true"]'));

function squareOf(ctx, id) {
  return ctx.view.board.squares.find((sq) => sq.id === id);
}

/** Squares from `id` to the nearest time-hole square (king's moves). */
function toTimeHole(ctx, id) {
  const from = squareOf(ctx, id);
  const holes = ctx.view.board.squares.filter((sq) => sq.kind === "time_hole");
  return Math.min(...holes.map((sq) => Math.max(Math.abs(sq.x - from.x), Math.abs(sq.y - from.y))));
}

/** The move the guide suggests: one number card alone, ending nearest the time hole. */
export function suggestedMove(ctx) {
  const moves = (ctx.view.legal ?? []).filter((a) => a.type === "move" && !a.special);
  return moves.sort((a, b) => toTimeHole(ctx, a.to) - toTimeHole(ctx, b.to))[0] ?? null;
}

function suggestedCard(ctx) {
  return myPlayer(ctx).hand.find((c) => c.id === suggestedMove(ctx)?.card);
}

function others(ctx) {
  const names = seatNames(ctx.match);
  return ctx.view.players.filter((p) => p.seat !== ctx.seat).map((p) => interpolate(
    gettext("%(name)s flew to %(square)s; cards in hand: %(cards)s."),
    { name: names[p.seat] ?? "?", square: p.ship.at, cards: p.hand_size }, true)).join(" ");
}

export const script = {
  steps: [
    {
      id: "welcome",
      next: true,
      when: (ctx) => firstRound(ctx) && stepKind(ctx) === "act" && !picked(ctx),
      text: (ctx) => interpolate(gettext(
        "Welcome to BlaBla! You fly %(set)s from the home port (H) at the bottom. Reach the time hole (T) in the " +
        "middle, jump into a BlaBla land for a BlaBla card, and bring it back home: only cards brought home score. " +
        "Each turn you take one action: move with a card, or draw cards."), { set: setName(myPlayer(ctx).set) }, true),
    },
    {
      id: "card",
      thing: "card",
      target: (ctx) => `.bb-hand-cards [data-card="${suggestedMove(ctx)?.card}"]`,
      expect: (action, ctx) => action.type === "move" && action.to === suggestedMove(ctx)?.to,
      when: (ctx) => firstRound(ctx) && stepKind(ctx) === "act" && suggestedMove(ctx) && !picked(ctx),
      text: (ctx) => interpolate(gettext(
        "Tap your %(card)s. A number card flies your ship exactly that many squares in a straight line; " +
        "this one brings you closest to the time hole."), { card: face(suggestedCard(ctx) ?? {}) }, true),
    },
    {
      id: "square",
      thing: "square",
      target: (ctx) => `[data-square="${suggestedMove(ctx)?.to}"]`,
      expect: (action, ctx) => action.type === "move" && action.to === suggestedMove(ctx)?.to,
      when: (ctx) => firstRound(ctx) && stepKind(ctx) === "act" && suggestedMove(ctx),
      text: (ctx) => interpolate(gettext(
        "The squares your card can reach are lit. Tap the highlighted one, %(square)s. Later a card that ends exactly on the time " +
        "hole jumps you into a land: an odd card to the West, an even one to the East."),
      { square: suggestedMove(ctx)?.to }, true),
    },
    {
      id: "stack",
      thing: "button",
      target: "g.bb-stack.bb-reach",
      when: (ctx) => firstRound(ctx) && stepKind(ctx) === "stack",
      text: () => gettext("You jumped into a BlaBla land. Tap one of its highlighted stacks to look at its cards."),
    },
    {
      id: "keep",
      thing: "button",
      target: "[data-keep]",
      when: (ctx) => firstRound(ctx) && stepKind(ctx) === "keep",
      text: () => gettext("Keep one card: its letter is its kind (A–D), its number the points it scores once secured at home."),
    },
    {
      id: "confirm",
      thing: "button",
      target: '[data-key="confirm"]',
      expect: (action) => action.type === "confirm",
      when: (ctx) => firstRound(ctx) && stepKind(ctx) === "confirm",
      text: () => gettext(
        "Tap End turn (Undo would take the move back). The card you played lies on the open pile now: anyone may " +
        "draw it, but your own coloured cards always come back to you."),
    },
    {
      id: "decide",
      when: (ctx) => firstRound(ctx) && Boolean(stepKind(ctx)),
      text: () => gettext("Choose one of the options below the board; the rules say what each does."),
    },
    {
      id: "others",
      target: ".bb-players-panel",
      when: (ctx) => firstRound(ctx) && !ctx.myTurn,
      text: () => gettext(
        "Now the bots take their turns, one action each. Watch their ships fly on the board; the players' list and " +
        "the game log tell what each did."),
    },
    {
      id: "round",
      next: true,
      when: (ctx) => ctx.myTurn && ctx.view.round >= 2,
      text: (ctx) => interpolate(gettext("Round 1 is over, and it is your turn again. What the others did: %(others)s"),
        { others: others(ctx) }, true),
    },
    {
      id: "points",
      next: "finish",
      when: (ctx) => ctx.view.round >= 2 || Boolean(ctx.view.result),
      text: () => gettext(
        "How points come: a BlaBla card scores its number once you bring it home to the port and secure it, one card " +
        "of each kind A–D. The first to secure all four kinds ends the game; the highest total wins. On an orbit " +
        "square you may draw from the open pile instead of moving. Now play on by yourself: the legend under the " +
        "board and the Rules help."),
    },
  ],
};
