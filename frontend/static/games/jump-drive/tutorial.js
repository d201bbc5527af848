// The guided first game of Jump Drive: steps keyed to the seat's own view, read by the
// guide (js/match/tutorial.js). A step with `thing` asks for a tap on its `target` (the
// guide refuses any other control, and any action `expect` refuses); a step with `next`
// waits for "Got it".
import { gettext, interpolate, ngettext } from "../../js/match/i18n.js";
import { seatNames } from "../../js/match/seats.js";
import { cardName } from "./cardtexts.js";
import { shapeOf } from "./choices.js";

const task = (ctx) => (ctx.myTurn ? ctx.me?.task ?? null : null);
const firstRound = (ctx) => ctx.view.round === 1 && ctx.view.phase !== "over";
const deciding = (ctx, phase, kind) => firstRound(ctx) && ctx.view.phase === phase && task(ctx)?.kind === kind;
const mine = (ctx) => ctx.view.players.find((p) => p.seat === ctx.seat);
const byId = (ctx, id) => ctx.me?.hand.find((c) => c.id === id);
const discardDone = (ctx) => task(ctx)?.selected.length >= task(ctx)?.count;

/** How hard a card is to place now: a military world beyond reach first, then the dearest. */
function hardness(ctx, card) {
  if (card.military) return card.defense > mine(ctx).military ? 100 + card.defense : card.defense;
  return card.cost;
}

/** The card the guide suggests to let go of while keeping five (J10). */
export function suggestedDiscard(ctx) {
  const open = new Set((ctx.view.legal ?? []).filter((a) => a.type === "select").map((a) => a.card));
  const cards = (ctx.me?.hand ?? []).filter((c) => open.has(c.id));
  return cards.sort((a, b) => hardness(ctx, b) - hardness(ctx, a))[0] ?? null;
}

/** The placement the guide suggests: one world alone, the cheapest (J19 adds a card). */
export function suggestedPlan(ctx) {
  const worlds = (ctx.view.legal ?? []).filter((a) => shapeOf(a) === "settle" && !a.contact);
  const cost = (a) => byId(ctx, a.world)?.cost ?? 99;
  return worlds.sort((a, b) => cost(a) - cost(b))[0] ?? null;
}

function plannedWorld(ctx) {
  return byId(ctx, suggestedPlan(ctx)?.world);
}

function others(ctx) {
  const names = seatNames(ctx.match);
  return ctx.view.players.filter((p) => p.seat !== ctx.seat).map((p) => interpolate(
    gettext("%(name)s placed %(cards)s: %(vp)s VP, income %(income)s."), {
      name: names[p.seat] ?? "?",
      cards: p.empire.map((c) => cardName(c)).join(gettext(", ")) || gettext("nothing"),
      vp: p.vp,
      income: p.income,
    }, true)).join(" ");
}

export const script = {
  steps: [
    {
      id: "welcome",
      next: true,
      when: (ctx) => deciding(ctx, "keep", "discard") && task(ctx).selected.length === 0,
      text: () => gettext(
        "Welcome to Jump Drive! Everyone decides at the same time, in secret. Each round you place cards into your " +
        "empire; after every round your empire scores its VP and brings in income: new cards. The first to 50 VP wins."),
    },
    {
      id: "keep",
      thing: "card",
      target: (ctx) => `[data-card="${suggestedDiscard(ctx)?.id}"]`,
      expect: (action, ctx) => action.type === "select" && action.card === suggestedDiscard(ctx)?.id,
      when: (ctx) => deciding(ctx, "keep", "discard") && !discardDone(ctx),
      text: (ctx) => interpolate(gettext(
        "You were dealt 7 cards and keep 5. Discard %(card)s: it is the hardest of your cards to place soon. " +
        "Cards are also your money: you pay for a card by discarding others."),
      { card: cardName(suggestedDiscard(ctx) ?? {}) }, true),
    },
    {
      id: "keep-commit",
      thing: "button",
      target: '[data-action="commit"]',
      expect: (action) => action.type === "commit",
      when: (ctx) => deciding(ctx, "keep", "discard"),
      text: () => gettext("Two cards chosen. Tap Commit: nobody sees your choice, and the round starts once all have committed."),
    },
    {
      id: "shape",
      thing: "button",
      target: '[data-option="settle"]',
      expect: (action) => shapeOf(action) === "settle",
      when: (ctx) => deciding(ctx, "choose", "choose") && suggestedPlan(ctx) && !task(ctx).draft &&
        !ctx.find('[data-option="settle"].selected'),
      text: () => gettext(
        "Now choose what to place this round: a development, a world, one of each, or explore for cards. Tap Settle: " +
        "placing a world alone brings you one card more afterwards."),
    },
    {
      id: "world",
      thing: "card",
      target: (ctx) => `[data-card="${suggestedPlan(ctx)?.world}"]`,
      expect: (action, ctx) => action.type === "choose" && action.world === suggestedPlan(ctx)?.world,
      when: (ctx) => deciding(ctx, "choose", "choose") && suggestedPlan(ctx) && !task(ctx).draft,
      text: (ctx) => interpolate(gettext(
        "Tap %(card)s. It costs %(cost)s cards, and every round it earns %(vp)s VP and an income of %(income)s cards."), {
        card: cardName(plannedWorld(ctx) ?? {}),
        cost: plannedWorld(ctx)?.cost,
        vp: plannedWorld(ctx)?.vp,
        income: plannedWorld(ctx)?.income,
      }, true),
    },
    {
      id: "commit",
      thing: "button",
      target: '[data-action="commit"]',
      expect: (action) => action.type === "commit",
      when: (ctx) => deciding(ctx, "choose", "choose") && Boolean(task(ctx).draft),
      text: () => gettext("Your plan is set. Tap Commit; when everyone has committed, all choices are shown at once."),
    },
    {
      id: "pay",
      thing: "card",
      target: ".jd-hand-cards .card-choosable",
      expect: (action) => action.type === "select",
      when: (ctx) => deciding(ctx, "pay", "discard") && !discardDone(ctx),
      text: (ctx) => {
        const count = task(ctx).count - task(ctx).selected.length;
        return interpolate(ngettext(
          "Everyone's choice is revealed. Now pay: tap %(count)s more card of your hand to discard. Keep the ones " +
          "you may want to place later.",
          "Everyone's choice is revealed. Now pay: tap %(count)s more cards of your hand to discard. Keep the ones " +
          "you may want to place later.", count), { count }, true);
      },
    },
    {
      id: "pay-commit",
      thing: "button",
      target: '[data-action="commit"]',
      expect: (action) => action.type === "commit",
      when: (ctx) => firstRound(ctx) && task(ctx)?.kind === "discard" && discardDone(ctx),
      text: () => gettext("Paid. Tap Commit to place your card."),
    },
    {
      id: "decide",
      thing: "button",
      target: '[data-action="commit"]:not([disabled]), .jd-seconds button, .jd-hand-cards .card-choosable',
      when: (ctx) => firstRound(ctx) && Boolean(task(ctx)),
      text: () => gettext("Choose from the highlighted options, then tap Commit."),
    },
    {
      id: "others",
      target: ".jd-players",
      when: (ctx) => firstRound(ctx) && !ctx.myTurn,
      text: () => gettext(
        "Waiting for the bots. Then every card is placed, each empire scores the VP of its cards and draws its income."),
    },
    {
      id: "round",
      next: true,
      target: ".jd-track-area",
      when: (ctx) => ctx.view.round >= 2 || ctx.view.phase === "over",
      text: (ctx) => interpolate(gettext(
        "Round 1 is over. You have %(vp)s VP and an income of %(income)s. What the others did: %(others)s"),
      { vp: mine(ctx).vp, income: mine(ctx).income, others: others(ctx) }, true),
    },
    {
      id: "points",
      next: "finish",
      when: (ctx) => ctx.view.round >= 2 || ctx.view.phase === "over",
      text: () => gettext(
        "How points come: after every round each empire scores again the VP of all its cards, so a card placed early " +
        "pays many times. Income brings new cards, your money. Developments make later cards cheaper, military " +
        "conquers military worlds for free. Now play on by yourself: the Rules explain every card."),
    },
  ],
};
