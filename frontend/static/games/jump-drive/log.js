// The Jump Drive log in the reader's language: one wording per kind of event the rules
// write (games/jump_drive), for the reader's own seat ("You …") and for the others.
import { gettext, ngettext } from "../../js/match/i18n.js";
import { catalogue, listOf, seatRef } from "../../js/match/log.js";
import { cardName } from "./cardtexts.js";

const cards = (list) => listOf(list.map(cardName));

function discarded(a, you) {
  const n = a.count;
  const texts = {
    keep: you
      ? ngettext("You discarded %(count)s of the cards dealt.", "You discarded %(count)s of the cards dealt.", n)
      : ngettext("%(who)s discarded %(count)s of the cards dealt.", "%(who)s discarded %(count)s of the cards dealt.", n),
    pay: you
      ? ngettext("You paid %(count)s card.", "You paid %(count)s cards.", n)
      : ngettext("%(who)s paid %(count)s card.", "%(who)s paid %(count)s cards.", n),
    explore: you
      ? ngettext("You discarded %(count)s card after exploring.", "You discarded %(count)s cards after exploring.", n)
      : ngettext("%(who)s discarded %(count)s card after exploring.", "%(who)s discarded %(count)s cards after exploring.", n),
    limit: you
      ? ngettext("You discarded %(count)s card down to the hand limit.", "You discarded %(count)s cards down to the hand limit.", n)
      : ngettext("%(who)s discarded %(count)s card down to the hand limit.", "%(who)s discarded %(count)s cards down to the hand limit.", n),
  };
  return texts[a.why] ?? texts.pay;
}

function drew(a, you) {
  const n = a.count;
  if (a.why === "explore") {
    return you
      ? ngettext("You explored and drew %(count)s card.", "You explored and drew %(count)s cards.", n)
      : ngettext("%(who)s explored and drew %(count)s card.", "%(who)s explored and drew %(count)s cards.", n);
  }
  return you
    ? ngettext("You drew %(count)s card for placing a world alone.", "You drew %(count)s cards for placing a world alone.", n)
    : ngettext("%(who)s drew %(count)s card for placing a world alone.", "%(who)s drew %(count)s cards for placing a world alone.", n);
}

/** A revealed placement: a development, a world (conquered, settled, or paid for via
 * Contact Specialist), or both. */
function revealed(a, you) {
  const world = {
    conquer: you ? gettext("You conquered %(world)s.") : gettext("%(who)s conquered %(world)s."),
    contact: you
      ? gettext("You paid for %(world)s via Contact Specialist.")
      : gettext("%(who)s paid for %(world)s via Contact Specialist."),
    pay: you ? gettext("You settled %(world)s.") : gettext("%(who)s settled %(world)s."),
  };
  const both = {
    conquer: you
      ? gettext("You developed %(development)s and conquered %(world)s.")
      : gettext("%(who)s developed %(development)s and conquered %(world)s."),
    contact: you
      ? gettext("You developed %(development)s and paid for %(world)s via Contact Specialist.")
      : gettext("%(who)s developed %(development)s and paid for %(world)s via Contact Specialist."),
    pay: you
      ? gettext("You developed %(development)s and settled %(world)s.")
      : gettext("%(who)s developed %(development)s and settled %(world)s."),
  };
  const args = { development: a.development && cardName(a.development), world: a.world && cardName(a.world) };
  if (!a.world) return { text: you ? gettext("You developed %(development)s.") : gettext("%(who)s developed %(development)s."), args };
  return { text: (a.development ? both : world)[a.mode] ?? world.pay, args };
}

function second(a, you) {
  const texts = {
    conquer: you
      ? gettext("You conquered %(world)s as a second world (Military Convoy).")
      : gettext("%(who)s conquered %(world)s as a second world (Military Convoy)."),
    contact: you
      ? gettext("You paid for %(world)s via Contact Specialist as a second world, discarding a Colony Convoy from your empire.")
      : gettext("%(who)s paid for %(world)s via Contact Specialist as a second world, discarding a Colony Convoy from the empire."),
    pay: you
      ? gettext("You settled %(world)s as a second world, discarding a Colony Convoy from your empire.")
      : gettext("%(who)s settled %(world)s as a second world, discarding a Colony Convoy from the empire."),
  };
  return { text: texts[a.mode] ?? texts.pay, args: { world: cardName(a.world) } };
}

function draft(a) {
  const placed = [a.development, a.world].filter(Boolean);
  const text = a.contact
    ? gettext("You planned to place %(cards)s, paying via Contact Specialist.")
    : gettext("You planned to place %(cards)s.");
  return { text, args: { cards: cards(placed) } };
}

const WORDS = {
  start: (a, you) => (you
    ? gettext("You dealt %(deal)s cards to each player; each keeps %(keep)s of them.")
    : gettext("%(who)s dealt %(deal)s cards to each player; each keeps %(keep)s of them.")),
  round: (a) => ({
    text: gettext("Round %(round)s (dealer: %(dealer)s)"),
    args: { dealer: seatRef(a.dealer) },
    marker: true,
  }),
  draft,
  draft_explore: () => gettext("You planned to explore."),
  draft_second: (a) => (a.world
    ? { text: gettext("You planned to place %(world)s as a second world."), args: { world: cardName(a.world) } }
    : gettext("You planned to place no second world.")),
  commit: (a, you) => (you ? gettext("You committed your choice.") : gettext("%(who)s committed.")),
  uncommit: (a, you) => (you
    ? gettext("You took your commitment back to change your choice.")
    : gettext("%(who)s took their commitment back.")),
  discard: discarded,
  discard_cards: (a) => ({ text: gettext("You discarded %(cards)s."), args: { cards: cards(a.cards) } }),
  reveal_explore: (a, you) => (you ? gettext("You chose to explore.") : gettext("%(who)s chose to explore.")),
  reveal: revealed,
  draw: drew,
  draw_cards: (a) => ({ text: gettext("You drew %(cards)s."), args: { cards: cards(a.cards) } }),
  second,
  reshuffle: () => gettext("The discard pile was shuffled into a new draw pile."),
  propaganda: (a) => ({ text: gettext("War Propaganda went from %(holder)s to %(who)s."), args: { holder: seatRef(a.holder) } }),
  score: (a, you) => (you
    ? gettext("You scored %(vp)s VP (%(total)s in all); your income is %(income)s.")
    : gettext("%(who)s scored %(vp)s VP (%(total)s in all); their income is %(income)s.")),
  income: (a, you) => (you
    ? ngettext("You drew %(count)s card for income.", "You drew %(count)s cards for income.", a.count)
    : ngettext("%(who)s drew %(count)s card for income.", "%(who)s drew %(count)s cards for income.", a.count)),
  income_cards: (a) => ({ text: gettext("You drew %(cards)s as income."), args: { cards: cards(a.cards) } }),
  over: (a) => ({
    text: ngettext("The game ended; %(winners)s won.", "The game ended; %(winners)s won together.", a.winners.length),
    args: { winners: a.winners.map(seatRef) },
  }),
};

/** The event in words, for the shared log (js/match/log.js). */
export const describe = catalogue(WORDS);
