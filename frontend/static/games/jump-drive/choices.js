// What the seat may decide next, derived only from the view's `legal` list (J14, J26):
// first the shape of the placement, then its cards, then (rarely) how a military world
// is placed. Picks are { shape, development, world }.

export const SHAPES = ["develop", "settle", "both", "explore"];
const NEEDS = { develop: ["development"], settle: ["world"], both: ["development", "world"], explore: [] };

export function emptyPicks() {
  return { shape: null, development: null, world: null };
}

/** The shape of a legal choice: develop, settle, both or explore (null for other actions). */
export function shapeOf(action) {
  if (action.type === "explore") return "explore";
  if (action.type !== "choose") return null;
  if (action.development && action.world) return "both";
  return action.development ? "develop" : "settle";
}

/** The four options with whether each is legal now. */
export function shapes(legal) {
  const open = new Set(legal.map(shapeOf));
  return SHAPES.map((shape) => ({ shape, enabled: open.has(shape) }));
}

function agrees(action, picks, roles) {
  return roles.every((role) => !picks[role] || action[role] === picks[role]);
}

/** Legal choices of the picked shape that agree with the picked cards. */
function matching(legal, picks, roles = ["development", "world"]) {
  return legal.filter((a) => shapeOf(a) === picks.shape && agrees(a, picks, roles));
}

/**
 * Card ids that may be clicked now, by role. A role already picked stays open to its
 * alternatives, so a player may swap one card without starting over.
 */
export function cardChoices(legal, picks) {
  const out = { development: new Set(), world: new Set() };
  if (!picks.shape) return out;
  for (const a of matching(legal, picks, ["world"])) if (a.development) out.development.add(a.development);
  for (const a of matching(legal, picks, ["development"])) if (a.world) out.world.add(a.world);
  return out;
}

/** The picks after clicking card `id` in `role`: a second click takes it back. */
export function pickCard(picks, role, id) {
  return { ...picks, [role]: picks[role] === id ? null : id };
}

function complete(picks) {
  return picks.shape !== null && NEEDS[picks.shape].every((role) => picks[role]);
}

/** How the picked military world may be placed: [false] conquer, [true] Contact Specialist. */
export function contactChoices(legal, picks) {
  if (!complete(picks) || !picks.world) return [];
  return [...new Set(matching(legal, picks).map((a) => a.contact))].sort();
}

/** The legal action the picks name, or null while something is still to choose. */
export function completed(legal, picks, contact = null) {
  if (picks.shape === "explore") return legal.find((a) => a.type === "explore") ?? null;
  if (!complete(picks)) return null;
  const found = matching(legal, picks).filter((a) => contact === null || a.contact === contact);
  return found.length === 1 ? found[0] : null;
}

/** The second worlds the seat may place (J26), "none" included. */
export function seconds(legal) {
  return legal.filter((a) => a.type === "second");
}

/** Card ids that may be selected, and those that may be unselected, to discard. */
export function discardChoices(legal) {
  const pick = (type) => new Set(legal.filter((a) => a.type === type).map((a) => a.card));
  return { select: pick("select"), unselect: pick("unselect") };
}

export function canCommit(legal) {
  return legal.some((a) => a.type === "commit");
}

/** J15: may the seat take its committed choice back (others still decide)? */
export function canUncommit(legal) {
  return legal.some((a) => a.type === "uncommit");
}

/** Does `action` name the same decision as the seat's draft? */
export function isDraft(draft, action) {
  if (!draft) return false;
  if (action.type === "explore") return Boolean(draft.explore);
  return ["development", "world", "contact"].every((k) => (draft[k] ?? null) === (action[k] ?? null))
    && !draft.explore;
}
