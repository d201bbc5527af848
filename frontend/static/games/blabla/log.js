// The BlaBla log in the reader's language: one wording per kind of event the rules write
// (games/blabla), for the reader's own seat ("You …") and for the others.
import { gettext, ngettext } from "../../js/match/i18n.js";
import { catalogue, listOf, seatRef } from "../../js/match/log.js";
import { blablaName, endReason, flightName, landName, stackName, tileName } from "./labels.js";

const DIRS = { N: "↑", NE: "↗", E: "→", SE: "↘", S: "↓", SW: "↙", W: "←", NW: "↖" };

function flight(id) {
  const parts = id.split("-");
  if (parts[0] === "gen") return flightName({ value: Number(parts[1]), special: null, owner: null });
  const special = parts[2] === "X" || parts[2] === "PM" ? parts[2] : null;
  return flightName({ value: special ? null : Number(parts[2]), special, owner: parts[1] });
}

const blablas = (ids) => listOf(ids.map(blablaName));

function moved(a, you) {
  const cards = a.special ? `${flight(a.card)} + ${flight(a.special)}${a.sign ? (a.sign > 0 ? " (+1)" : " (−1)") : ""}` : flight(a.card);
  return {
    text: you ? gettext("You played %(cards)s and flew %(dir)s%(length)s from %(frm)s to %(to)s.")
      : gettext("%(who)s played %(cards)s and flew %(dir)s%(length)s from %(frm)s to %(to)s."),
    args: { cards, dir: DIRS[a.dir] ?? a.dir },
  };
}

function drew(a, you) {
  const cards = a.cards.length ? listOf(a.cards.map(flight)) : gettext("nothing");
  const back = a.returned.map((r) => flight(r.card));
  const text = back.length
    ? (you ? gettext("You drew %(cards)s; %(back)s went back to their owners.") : gettext("%(who)s drew %(cards)s; %(back)s went back to their owners."))
    : (you ? gettext("You drew %(cards)s.") : gettext("%(who)s drew %(cards)s."));
  return { text, args: { cards, back: listOf(back) } };
}

const WORDS = {
  start: (a) => ({ text: gettext("The game begins; %(first)s starts. Boost in force: %(tile)s."), args: { first: seatRef(a.start), tile: tileName(a.tile) }, marker: true }),
  move: moved,
  pushed: (a, you) => (you ? gettext("Your ship was pushed from %(frm)s to %(to)s.") : gettext("%(who)s's ship was pushed from %(frm)s to %(to)s.")),
  drift: (a, you) => (you ? gettext("You drifted from %(frm)s to %(to)s.") : gettext("%(who)s drifted from %(frm)s to %(to)s.")),
  no_drift: (a, you) => (you ? gettext("Your ship could not drift from %(at)s.") : gettext("%(who)s's ship could not drift from %(at)s.")),
  recharge: (a, you) => (you ? gettext("You passed the turnaround: your jump is ready.") : gettext("%(who)s passed the turnaround: the jump is ready.")),
  jump: (a, you) => ({ text: you ? gettext("You jumped through the time hole to %(land)s.") : gettext("%(who)s jumped through the time hole to %(land)s."), args: { land: landName(a.land) } }),
  look: (a, you) => ({ text: you ? gettext("You looked into %(stacks)s.") : gettext("%(who)s looked into %(stacks)s."), args: { stacks: listOf(a.stacks.map(stackName)) } }),
  seen: (a) => ({ text: gettext("You saw %(cards)s."), args: { cards: blablas(Object.values(a.stacks).flat()) } }),
  keep: (a, you) => ({ text: you ? gettext("You kept one card from %(stack)s.") : gettext("%(who)s kept one card from %(stack)s."), args: { stack: stackName(a.stack) } }),
  kept: (a) => ({ text: gettext("You kept %(card)s."), args: { card: blablaName(a.card) } }),
  land_empty: (a, you) => (you ? gettext("No BlaBla card was left for you here.") : gettext("No BlaBla card was left for %(who)s.")),
  draw: drew,
  tokens: (a, you) => ({ text: you ? ngettext("You played %(card)s and took %(taken)s token.", "You played %(card)s and took %(taken)s tokens.", a.taken)
    : ngettext("%(who)s played %(card)s and took %(taken)s token.", "%(who)s played %(card)s and took %(taken)s tokens.", a.taken), args: { card: flight(a.card) } }),
  pass: (a, you) => (you ? gettext("You could do nothing and passed.") : gettext("%(who)s could do nothing and passed.")),
  secure: (a, you) => ({ text: a.cards.length ? (you ? gettext("You came home and secured %(cards)s.") : gettext("%(who)s came home and secured %(cards)s."))
    : (you ? gettext("You came home and secured nothing.") : gettext("%(who)s came home and secured nothing.")), args: { cards: blablas(a.cards) } }),
  meeting: (a, you) => ({ text: you ? gettext("You met %(other)s.") : gettext("%(who)s met %(other)s."), args: { other: seatRef(a.other) } }),
  meeting_seen: (a) => ({ text: a.cards.length ? gettext("%(other)s holds %(cards)s.") : gettext("%(other)s holds no BlaBla card."), args: { other: seatRef(a.other), cards: blablas(a.cards) } }),
  proposal: (a, you) => ({ text: you ? gettext("You proposed a swap to %(other)s.") : gettext("%(who)s proposed a swap to %(other)s."), args: { other: seatRef(a.other) } }),
  proposal_cards: (a) => ({ text: gettext("The swap: %(take)s of %(other)s for %(give)s of %(mover)s."), args: { take: blablaName(a.take), give: blablaName(a.give), other: seatRef(a.other), mover: seatRef(a.mover) } }),
  accept: (a, you) => (you ? gettext("You accepted the swap.") : gettext("%(who)s accepted the swap.")),
  refuse: (a, you) => (you ? gettext("You refused the swap.") : gettext("%(who)s refused the swap.")),
  swap: (a, you) => ({ text: you ? gettext("You swapped a BlaBla card with %(other)s.") : gettext("%(who)s swapped a BlaBla card with %(other)s."), args: { other: seatRef(a.other) } }),
  bid_in: (a, you) => (you ? gettext("You have chosen your bid.") : gettext("%(who)s has chosen a bid.")),
  fight: (a, you) => ({ text: a.won ? gettext("Fight: %(who)s bid %(mover_bid)s, %(other)s bid %(other_bid)s; the swap is made.")
    : gettext("Fight: %(who)s bid %(mover_bid)s, %(other)s bid %(other_bid)s; no swap."), args: { other: seatRef(a.other) } }),
  boost: (a, you) => ({ text: a.bonus ? (you ? gettext("You turned the boost tile: %(tile)s. You take a bonus turn.") : gettext("%(who)s turned the boost tile: %(tile)s, and takes a bonus turn."))
    : (you ? gettext("You turned the boost tile: %(tile)s.") : gettext("%(who)s turned the boost tile: %(tile)s.")), args: { tile: tileName(a.tile) } }),
  undo: (a, you) => (you ? gettext("You took back a step.") : gettext("%(who)s took back a step.")),
  end_triggered: (a) => ({ text: gettext("The end is near: %(why)s."), args: { why: endReason(a.reason) }, marker: true }),
  over: (a) => ({
    text: ngettext("The game ended; %(winners)s won.", "The game ended; %(winners)s won together.", a.winners.length),
    args: { winners: a.winners.map(seatRef) },
  }),
};

/** The event in words, for the shared log (js/match/log.js). */
export const describe = catalogue(WORDS);
