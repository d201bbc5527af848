// Which of the table's elements a change of the view shows on (js/match/moves.js marks
// them when another player's act changes them): a view path → element selectors.

/** Ships glide from planet to planet; each is keyed by its seat. */
export const pieces = { selector: "svg.board .ship", key: "data-ship" };

const planet = (view, index) => {
  const id = view?.ring?.[Number(index)]?.id;
  return id ? [`svg.board .planet[data-planet="${id}"]`] : [];
};

const player = (seat) => [`.sm-players .player[data-seat="${seat}"]`];

/** The planets that differ between two rings (a ring sent whole). */
function changedPlanets(before, after) {
  const old = new Map((before?.ring ?? []).map((p) => [p.id, JSON.stringify(p)]));
  return (after?.ring ?? []).flatMap((p, i) => (old.get(p.id) === JSON.stringify(p) ? [] : planet(after, i)));
}

const PARTS = {
  ring: ([index], before, after) => (index === undefined ? changedPlanets(before, after) : planet(after, index)),
  gate: ([part, seat]) => (part === "probes" && seat !== undefined ? [`svg.board .probe[data-seat="${seat}"]`] : ["svg.board .gate"]),
  players: ([seat, field]) => {
    if (seat === undefined) return [];
    return field === "ship" ? [...player(seat), `svg.board .ship[data-ship="${seat}"]`] : player(seat);
  },
};

/** The seat that acted (it has a line in the log): its place among the players. */
export function seat(number) {
  return [`.sm-players .player[data-seat="${number}"]`];
}

/** `path`: the tokens of a changed view path; `before`/`after`: the views around it. */
export function marks(path, before, after) {
  const [part, ...rest] = path;
  return PARTS[part]?.(rest, before, after) ?? [];
}

/** The act that ends the player's turn (the table may ask first). */
export function turnEnds(action) {
  return action.type === "confirm";
}
