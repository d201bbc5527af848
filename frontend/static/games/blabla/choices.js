// What the reader has picked on the way to an action, and the legal actions those picks
// still allow: the cards of a move (number card, special card, sign), the cards to
// secure, the two cards of a swap.

export function emptyPicks() {
  return { card: null, special: null, sign: 1, secure: [], take: null, give: null };
}

/** Equal cards play alike: a card's face and owner. */
function key(card) {
  return `${card.special ?? card.value}|${card.owner ?? ""}`;
}

function keyOf(hand, id) {
  const card = hand.find((c) => c.id === id);
  return card ? key(card) : null;
}

export function isSpecial(hand, id) {
  return Boolean(hand.find((c) => c.id === id)?.special);
}

/** Pick a hand card for a move: a special card, or the number card. */
export function pickCard(picks, hand, id) {
  if (isSpecial(hand, id)) return { ...picks, special: picks.special === id ? null : id };
  return { ...picks, card: picks.card === id ? null : id };
}

/** The legal moves with the picked cards (and sign, for ±1). */
export function movesFor(legal, hand, picks) {
  if (!picks.card) return [];
  const card = keyOf(hand, picks.card);
  const special = picks.special ? keyOf(hand, picks.special) : null;
  const pm = picks.special && hand.find((c) => c.id === picks.special)?.special === "PM";
  return legal.filter((a) => a.type === "move"
    && keyOf(hand, a.card) === card
    && (a.special ? keyOf(hand, a.special) : null) === special
    && (!pm || a.sign === picks.sign));
}

/** Why the picked cards make no move, as a rules code (B19, B61). */
export function pairingProblem(hand, picks) {
  const card = hand.find((c) => c.id === picks.card);
  if (!card && picks.special) return "special_without_general";
  if (card && picks.special && card.owner) return "special_without_general";
  return card ? "no_move" : null;
}

/** Whether any legal move uses this hand card (so it is worth picking). */
export function playable(legal, hand, id) {
  const k = keyOf(hand, id);
  return legal.some((a) => a.type === "move" && (keyOf(hand, a.card) === k || (a.special && keyOf(hand, a.special) === k)));
}

export function tokensAction(legal, hand, id) {
  const k = keyOf(hand, id);
  return legal.find((a) => a.type === "tokens" && keyOf(hand, a.card) === k) ?? null;
}

export function secureAction(legal, chosen) {
  const want = [...chosen].sort().join(",");
  return legal.find((a) => a.type === "secure" && [...a.cards].sort().join(",") === want) ?? null;
}

export function securable(legal) {
  return new Set(legal.filter((a) => a.type === "secure").flatMap((a) => a.cards));
}
