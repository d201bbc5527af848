// The guided first game of Space Mission: steps keyed to the seat's own view, read by the
// guide (js/match/tutorial.js). A step with `thing` asks for a tap on its `target` (the
// guide refuses any other control, and any action `expect` refuses); a step with `next`
// waits for "Got it".
import { gettext, interpolate } from "../../js/match/i18n.js";
import { seatColourName, seatNames, seatShapeLabel } from "../../js/match/seats.js";

const turn = (ctx) => ctx.view.turn;
const playing = (ctx) => ctx.view.phase === "play";
const firstTurn = (ctx) => ctx.myTurn && playing(ctx) && ctx.view.round === 1;
const looking = (ctx) => Boolean(ctx.me?.looking);
const chosen = (ctx, type) => Boolean(ctx.find(`[data-action="${type}"].selected`));
const planet = (ctx, id) => ctx.view.ring.find((p) => p.id === id);
const here = (ctx) => planet(ctx, ctx.view.players.find((p) => p.seat === ctx.seat)?.ship);

function scans(card, target) {
  return card.coords.some((c) => c.colour === "scan" && (c.value === "?" || c.value === target.scan));
}

/** The jump the guide suggests: a card and planet after which another card can scan. */
export function plannedJump(ctx) {
  const jumps = (ctx.view.legal ?? []).filter((a) => a.type === "jump");
  const hand = ctx.me?.hand ?? [];
  const good = jumps.find((a) => hand.some((c) => c.id !== a.card && scans(c, planet(ctx, a.planet))));
  return good ?? jumps[0] ?? null;
}

function others(ctx) {
  const names = seatNames(ctx.match);
  return ctx.view.players.filter((p) => p.seat !== ctx.seat).map((p) => interpolate(
    gettext("%(name)s: ship at %(planet)s; probes on the Jump Gate: %(probes)s; reserved tiles: %(reserved)s."),
    {
      name: names[p.seat] ?? "?",
      planet: planet(ctx, p.ship)?.name ?? gettext("the Jump Gate"),
      probes: p.probes_on_gate,
      reserved: p.reservation_count,
    }, true)).join(" ");
}

export const script = {
  steps: [
    {
      id: "welcome",
      next: true,
      when: (ctx) => firstTurn(ctx) && turn(ctx).actions_done === 0 && !looking(ctx),
      text: (ctx) => interpolate(gettext(
        "Welcome to Space Mission! You play %(colour)s (%(shape)s). On your turn you take two actions, then confirm. " +
        "Points come from the tiles you collect on planets, your space stations and your probes on the Jump Gate. " +
        "Let's play your first turn."), { colour: seatColourName(ctx.seat), shape: seatShapeLabel(ctx.seat) }, true),
    },
    {
      id: "jump",
      thing: "button",
      target: '[data-action="jump"]',
      expect: (action) => action.type === "jump",
      when: (ctx) => firstTurn(ctx) && turn(ctx).actions_done === 0 && !chosen(ctx, "jump"),
      text: () => gettext(
        "Your ship waits on the Jump Gate in the middle. Tap Jump: a jump takes it to a planet whose blue jump number " +
        "is on a card you play."),
    },
    {
      id: "jump-card",
      thing: "card",
      target: (ctx) => `[data-card="${plannedJump(ctx)?.card}"]`,
      expect: (action, ctx) => action.type === "jump" && action.card === plannedJump(ctx)?.card,
      when: (ctx) => firstTurn(ctx) && turn(ctx).actions_done === 0 && !ctx.find(".hand .card-chosen"),
      text: (ctx) => interpolate(gettext(
        "Tap this card. Its blue circle shows %(number)s, the jump number of %(planet)s, and another card in your hand " +
        "can scan %(planet)s next."), {
        number: planet(ctx, plannedJump(ctx)?.planet)?.jump, planet: planet(ctx, plannedJump(ctx)?.planet)?.name,
      }, true),
    },
    {
      id: "jump-planet",
      thing: "planet",
      target: (ctx) => `[data-planet-choice="${plannedJump(ctx)?.planet}"], [data-planet="${plannedJump(ctx)?.planet}"]`,
      expect: (action, ctx) => action.type === "jump" && action.planet === plannedJump(ctx)?.planet,
      when: (ctx) => firstTurn(ctx) && turn(ctx).actions_done === 0,
      text: (ctx) => interpolate(gettext(
        "Now tap %(planet)s. Every jump leaves one of your probes on the Jump Gate: at the end the most probes there " +
        "score 9 points, the next 6, 3 and 1."), { planet: planet(ctx, plannedJump(ctx)?.planet)?.name }, true),
    },
    {
      id: "scan",
      thing: "button",
      target: '[data-action="scan"]',
      expect: (action) => action.type === "scan",
      when: (ctx) => firstTurn(ctx) && turn(ctx).actions_done === 1 && !looking(ctx) && !chosen(ctx, "scan"),
      text: (ctx) => interpolate(gettext(
        "Your ship is on %(planet)s. Tap Scan: play a card with the planet's green scan number, %(number)s, to look " +
        "at its stack of tiles and reserve one."), { planet: here(ctx)?.name, number: here(ctx)?.scan }, true),
    },
    {
      id: "scan-card",
      thing: "card",
      target: ".hand .card-choosable",
      expect: (action) => action.type === "scan",
      when: (ctx) => firstTurn(ctx) && turn(ctx).actions_done === 1 && !looking(ctx),
      text: (ctx) => interpolate(gettext("Tap a card with the green %(number)s."), { number: here(ctx)?.scan }, true),
    },
    {
      id: "pick",
      thing: "tile",
      target: ".stack .pickable",
      expect: (action) => action.type === "pick",
      when: (ctx) => firstTurn(ctx) && looking(ctx),
      text: () => gettext(
        "Only you see this stack. Pick a tile to reserve: it becomes yours once anyone builds a space station here. " +
        "Ore and aliens score more the more of one colour or species you have, water climbs fast, matter scores in " +
        "green–blue pairs and a medal is 3 points."),
    },
    {
      id: "confirm",
      thing: "button",
      target: '[data-action="confirm"]',
      expect: (action) => action.type === "confirm",
      when: (ctx) => firstTurn(ctx) && turn(ctx).can_confirm,
      text: () => gettext(
        "Both actions are taken. Tap Confirm turn to pass the turn on. Until then Undo takes a move back, but never " +
        "a look into a stack."),
    },
    {
      id: "others",
      target: "#match-log, .side-tab[data-side=log]",
      when: (ctx) => !ctx.myTurn && playing(ctx) && ctx.view.round === 1,
      text: () => gettext(
        "Now the bots take their turns, two actions each. Watch their ships move on the board and their probes " +
        "gather on the Jump Gate; the game log says what each did."),
    },
    {
      id: "round",
      next: true,
      when: (ctx) => ctx.myTurn && playing(ctx) && ctx.view.round >= 2,
      text: (ctx) => interpolate(gettext("Round 1 is over, and it is your turn again. What the others did: %(others)s"),
        { others: others(ctx) }, true),
    },
    {
      id: "points",
      next: "finish",
      when: (ctx) => ctx.view.round >= 2 || ctx.view.phase === "over",
      text: (ctx) => interpolate(gettext(
        "How points come: the tiles you collect score by kind, each space station 3, and the Jump Gate's most probes 9. " +
        "Colonise a planet you scanned with two cards for its orange landing numbers: your station brings in every " +
        "reservation there. Restock is how you get new cards. The game ends once %(end)s space tiles lie face up. " +
        "Now play on by yourself: the legend under the board and the Rules help."), { end: ctx.view.end_threshold }, true),
    },
  ],
};
