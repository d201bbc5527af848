// What the reader is asked now, step by step (B57-B59): the action of a turn, the stack
// and the card to keep, what to secure, the meeting and the swap, the answer, the fight's
// bids, confirm and undo. Every action not open says why (view.why_not).
import { h } from "../../js/match/dom.js";
import { gettext, interpolate } from "../../js/match/i18n.js";
import { blablaChip, flightChip, reasonText, stackName } from "./labels.js";
import { isSpecial, movesFor, pairingProblem, playable, securable, secureAction, tokensAction } from "./choices.js";
import { who } from "./panels.js";
import { turnEndsNote } from "../../js/match/turnends.js";

function button(label, onClick, { disabled = false, primary = false, key, why } = {}) {
  return h("button", {
    type: "button", class: ["button", primary && "primary"], disabled: disabled || null,
    "data-key": key, onclick: disabled ? null : onClick, title: why || null,
  }, label);
}

function reasonLine(view, kind) {
  const why = view.why_not?.[kind];
  return why ? h("p", { class: "bb-why muted", "data-why": kind }, reasonText(why)) : null;
}

function actControls(ctx) {
  const { view, legal, picks, on } = ctx;
  const hand = view.players[ctx.mySeat].hand;
  const moves = movesFor(legal, hand, picks);
  const pm = picks.special && hand.find((c) => c.id === picks.special)?.special === "PM";
  const problem = !moves.length && (picks.card || picks.special) ? pairingProblem(hand, picks) : null;
  const tokens = picks.card ? tokensAction(legal, hand, picks.card) : null;
  const has = (type) => legal.some((a) => a.type === type);
  return [
    h("p", {}, gettext("Pick a number card (and a special card under it, if you like), then a highlighted square.")),
    h("ul", { class: "bb-hand-cards", "aria-label": gettext("Your flight cards") }, hand.map((c) => {
      const chosen = picks.card === c.id || picks.special === c.id;
      const usable = playable(legal, hand, c.id);
      return h("li", {}, flightChip(c, {
        tag: "button", type: "button", "data-key": `card-${c.id}`, "data-card": c.id,
        "aria-pressed": chosen ? "true" : "false",
        class: [chosen && "bb-chosen", !usable && "bb-unusable", isSpecial(hand, c.id) && "bb-special"],
        onclick: () => on.card(c.id),
      }));
    })),
    pm ? h("div", { class: "bb-signs", role: "group", "aria-label": gettext("±1") },
      button("+1", () => on.sign(1), { primary: picks.sign === 1, key: "sign+" }),
      button("−1", () => on.sign(-1), { primary: picks.sign === -1, key: "sign-" })) : null,
    moves.length ? h("p", { class: "bb-hint" }, interpolate(gettext("%s squares reachable: click one on the board."), [new Set(moves.map((m) => m.to)).size])) : null,
    problem ? h("p", { class: "bb-why", role: "status" }, reasonText({ code: problem })) : null,
    h("div", { class: "bb-buttons" },
      button(gettext("Draw"), () => on.send({ type: "draw" }), { disabled: !has("draw"), key: "draw" }),
      view.options.combat_tokens
        ? button(gettext("Take tokens"), () => tokens && on.send(tokens), { disabled: !tokens, key: "tokens" }) : null,
      has("emergency") ? button(gettext("Emergency draw"), () => on.send({ type: "emergency" }), { primary: true, key: "emergency" }) : null),
    reasonLine(view, "draw"),
    view.options.combat_tokens && !has("tokens") ? reasonLine(view, "tokens") : (view.options.combat_tokens && !tokens
      ? h("p", { class: "bb-why muted" }, gettext("Pick a number card to take tokens with it.")) : null),
    !has("move") && !has("emergency") ? reasonLine(view, "move") : null,
  ];
}

function stackControls({ legal, on }) {
  return [h("p", {}, gettext("Choose a stack to look into.")),
    h("div", { class: "bb-buttons" }, legal.filter((a) => a.type === "stack").map((a) =>
      button(stackName(a.stack), () => on.send(a), { key: `stack-${a.stack}` })))];
}

function keepControls({ view, legal, on }) {
  const looked = Object.entries(view.me.look ?? {});
  return [h("p", {}, gettext("Keep one card; the others go back face down.")),
    looked.map(([key, cards]) => h("div", { class: "bb-look" }, h("strong", {}, stackName(key)), ": ",
      cards.map((c) => {
        const action = legal.find((a) => a.type === "keep" && a.card === c.id);
        return blablaChip(c, { tag: "button", type: "button", "data-key": `keep-${c.id}`, "data-keep": c.id, onclick: () => on.send(action) });
      })))];
}

function secureControls({ view, legal, picks, on }) {
  const open = securable(legal);
  const action = secureAction(legal, picks.secure);
  return [h("p", {}, gettext("You are home. Choose the BlaBla cards to secure (at most one of each kind you lack).")),
    h("div", { class: "bb-buttons" }, view.me.blabla.filter((c) => open.has(c.id)).map((c) =>
      blablaChip(c, { tag: "button", type: "button", "data-key": `secure-${c.id}`, "data-secure": c.id,
        "aria-pressed": picks.secure.includes(c.id) ? "true" : "false", class: picks.secure.includes(c.id) && "bb-chosen",
        onclick: () => on.toggleSecure(c.id) }))),
    h("div", { class: "bb-buttons" },
      button(picks.secure.length ? gettext("Secure the chosen cards") : gettext("Secure nothing"), () => on.send(action),
        { disabled: !action, primary: true, key: "secure" })),
    action ? null : h("p", { class: "bb-why" }, gettext("Only one card of each kind can be secured."))];
}

function meetControls({ view, legal, names, on }) {
  return [h("p", {}, gettext("A ship is next to yours. Meet it to see its BlaBla cards?")),
    h("div", { class: "bb-buttons" },
      legal.filter((a) => a.type === "meet").map((a) =>
        button([gettext("Meet"), " ", who(a.seat, names)], () => on.send(a), { key: `meet-${a.seat}` })),
      button(gettext("No meeting"), () => on.send({ type: "no_meeting" }), { key: "no-meeting" }))];
}

function proposeControls({ view, picks, legal, names, on }) {
  const other = view.step.with;
  const action = legal.find((a) => a.type === "propose" && a.take === picks.take && a.give === picks.give);
  const pick = (role, c) => blablaChip(c, { tag: "button", type: "button", "data-key": `${role}-${c.id}`, [`data-${role}`]: c.id,
    "aria-pressed": picks[role] === c.id ? "true" : "false", class: picks[role] === c.id && "bb-chosen", onclick: () => on.swapPick(role, c.id) });
  return [h("p", {}, interpolate(gettext("%s holds these BlaBla cards (only you see them):"), [names[other] ?? "?"])),
    h("div", { class: "bb-buttons" }, (view.me.seen ?? []).map((c) => pick("take", c))),
    h("p", {}, gettext("Give one of yours for it:")),
    h("div", { class: "bb-buttons" }, view.me.blabla.map((c) => pick("give", c))),
    h("div", { class: "bb-buttons" },
      button(gettext("Propose the swap"), () => on.send(action), { disabled: !action, primary: true, key: "propose" }),
      button(gettext("No swap"), () => on.send({ type: "no_swap" }), { key: "no-swap" }))];
}

function answerControls({ view, names, on }) {
  const { take, give } = view.me.proposal;
  return [h("p", {}, interpolate(gettext("%s proposes a swap:"), [names[view.step.mover] ?? "?"])),
    h("p", { class: "bb-proposal" }, gettext("your"), " ", blablaChip(take), " ", gettext("for their"), " ", blablaChip(give)),
    view.options.combat_tokens ? h("p", { class: "muted" }, gettext("If you refuse, they may fight for it with combat tokens.")) : null,
    h("div", { class: "bb-buttons" },
      button(gettext("Accept"), () => on.send({ type: "accept" }), { primary: true, key: "accept" }),
      button(gettext("Refuse"), () => on.send({ type: "refuse" }), { key: "refuse" }))];
}

function fightControls({ view, legal, on }) {
  const bids = legal.filter((a) => a.type === "bid");
  const { take, give } = view.me.proposal;
  const mover = view.step.mover === view.seat;
  return [h("p", {}, mover ? gettext("Fight: bid more tokens than the other player to make the swap.")
    : gettext("Fight: bid at least as many tokens as the other player to stop the swap.")),
  h("p", { class: "bb-proposal" }, blablaChip(mover ? give : take), " ⇄ ", blablaChip(mover ? take : give)),
  h("p", { class: "muted" }, gettext("Your bid stays secret until both have chosen.")),
  h("div", { class: "bb-buttons" }, bids.map((a) => button(String(a.tokens), () => on.send(a),
    { primary: view.me.bid === a.tokens, key: `bid-${a.tokens}` }))),
  h("div", { class: "bb-buttons" }, button(gettext("Commit the bid"), () => on.send({ type: "commit" }),
    { disabled: !legal.some((a) => a.type === "commit"), primary: true, key: "commit" }))];
}

function confirmControls() {
  return [h("p", {}, gettext("Your move is done."))];
}

const STEPS = {
  act: actControls, stack: stackControls, keep: keepControls, secure: secureControls, meet: meetControls,
  propose: proposeControls, answer: answerControls, fight: fightControls, confirm: confirmControls,
};

/** The reader's controls, or nothing while another seat acts. */
export function controls(ctx) {
  const { view, legal, busy, refusal, on } = ctx;
  if (!legal.length) return [];
  const step = STEPS[view.step.kind] ?? (() => []);
  const has = (type) => legal.some((a) => a.type === type);
  return [
    step(ctx),
    h("div", { class: "bb-buttons bb-turn-buttons" },
      has("undo") ? button(gettext("Undo"), () => on.send({ type: "undo" }), { key: "undo" }) : null,
      has("confirm") ? button(gettext("End turn"), () => on.send({ type: "confirm" }), { primary: true, key: "confirm" }) : null),
    endsNote(ctx),
    busy ? h("p", { class: "muted" }, gettext("Sending…")) : null,
    refusal ? h("p", { class: "bb-why", role: "alert" }, refusal) : null,
  ];
}

/** B59 waived by the player's setting (endsWithLast): on their own turn, its last action
 * passes it, without End turn. */
function endsNote({ view, mySeat, endsWithLast }) {
  return endsWithLast && view.turn === mySeat ? turnEndsNote("muted") : null;
}

/** One line saying whose turn it is and what the table waits for. */
export function banner(view, names, mySeat) {
  if (view.result) return h("p", {}, gettext("The game is over."));
  const step = view.step;
  const mine = view.active.includes(mySeat);
  const turn = view.turn === mySeat ? gettext("Your turn") : interpolate(gettext("%s's turn"), [names[view.turn] ?? "?"]);
  const parts = [h("strong", {}, turn), " · ", interpolate(gettext("Round %s"), [view.round])];
  if (view.bonus) parts.push(" · ", gettext("bonus turn"));
  if (view.end) parts.push(" · ", gettext("the end is near"));
  if (step.kind === "answer" && !mine) parts.push(" · ", interpolate(gettext("waiting for %s to answer a swap"), [names[step.with] ?? "?"]));
  if (step.kind === "fight") {
    const chosen = step.committed.map((c, i) => `${names[i === 0 ? step.mover : step.with] ?? "?"}: ${c ? gettext("has chosen") : gettext("choosing")}`);
    parts.push(" · ", gettext("fight"), " (", chosen.join(", "), ")");
  }
  return h("p", {}, parts);
}

/** The last fight's reveal, while it is among the latest events. */
export function lastFight(view, names) {
  const recent = view.log.slice(-12).reverse().find((e) => e.kind === "fight");
  if (!recent) return "";
  const a = recent.args;
  return h("p", { class: "bb-fight", role: "status" },
    interpolate(gettext("Fight: %(mover)s bid %(mbid)s, %(other)s bid %(obid)s — %(outcome)s"), {
      mover: names[recent.seat] ?? "?", mbid: a.mover_bid, other: names[a.other] ?? "?", obid: a.other_bid,
      outcome: a.won ? gettext("the swap is made") : gettext("no swap"),
    }, true));
}
