// What the player may choose next, derived only from the view's `legal` list (O2):
// first an action, then its cards, then its planet.

const CARDS_NEEDED = { jump: 1, scan: 1, colonise: 2 };
const PLANET_NEEDED = new Set(["jump", "fly"]);
const MENU = ["restock", "jump", "fly", "scan", "colonise", "discover"];

function cardsOf(action) {
  if (Array.isArray(action.cards)) return action.cards;
  return action.card ? [action.card] : [];
}

function sameSet(a, b) {
  return a.length === b.length && a.every((x) => b.includes(x));
}

/** The actions of the two-action menu with whether each is legal now. */
export function menu(legal) {
  const types = new Set(legal.map((a) => a.type));
  return MENU.map((type) => ({ type, enabled: types.has(type) }));
}

export function cardsNeeded(type) {
  return CARDS_NEEDED[type] ?? 0;
}

/** Legal actions of `type` that use every chosen card. */
function matching(legal, type, chosen) {
  return legal.filter((a) => a.type === type && chosen.every((card) => cardsOf(a).includes(card)));
}

/** Card ids that may be chosen next for `type` after `chosen`. */
export function cardChoices(legal, type, chosen) {
  if (chosen.length >= cardsNeeded(type)) return new Set();
  const ids = new Set();
  for (const action of matching(legal, type, chosen)) {
    for (const card of cardsOf(action)) if (!chosen.includes(card)) ids.add(card);
  }
  return ids;
}

/** Planet ids that may be chosen for `type` with the chosen cards (empty if none needed yet). */
export function planetChoices(legal, type, chosen) {
  if (!PLANET_NEEDED.has(type) || chosen.length < cardsNeeded(type)) return new Set();
  return new Set(matching(legal, type, chosen).map((a) => a.planet));
}

/** The legal action the choices complete, or null while something is still to choose. */
export function completed(legal, type, chosen, planet) {
  if (chosen.length < cardsNeeded(type)) return null;
  if (PLANET_NEEDED.has(type) && !planet) return null;
  return legal.find((a) => a.type === type
    && sameSet(cardsOf(a), chosen)
    && (!PLANET_NEEDED.has(type) || a.planet === planet)) ?? null;
}

/**
 * Whether a choice begun on an older view can go on in this one: its action is still
 * legal with every card chosen so far, and every card marked for a Restock is in `hand`.
 */
export function stillOpen(legal, choice, hand) {
  if (!choice.type) return true;
  if (choice.type === "restock") return has(legal, "restock") && choice.discard.every((id) => hand.some((c) => c.id === id));
  return matching(legal, choice.type, choice.cards).length > 0;
}

export function has(legal, type) {
  return legal.some((a) => a.type === type);
}

/** Tile ids the seat may pick from the stack it is looking at. */
export function pickable(legal) {
  return new Set(legal.filter((a) => a.type === "pick").map((a) => a.tile));
}
