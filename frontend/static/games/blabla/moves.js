// Which of the table's elements a change of the view shows on (js/match/moves.js marks
// them when another player's act changes them): a view path → element selectors.

/** Ships glide from square to square; each is keyed by its seat. */
export const pieces = { selector: "svg.bb-board .bb-ship", key: "data-ship" };

function player([seat, field, detail], after) {
  if (seat === undefined) return [];
  const marks = [`.bb-players .bb-player[data-seat="${seat}"]`];
  if (field === "ship") {
    marks.push(`svg.bb-board .bb-ship[data-ship="${seat}"]`);
    const at = after?.players?.[Number(seat)]?.ship?.at;
    if (detail === "at" && at) marks.push(`svg.bb-board .bb-square[data-square="${at}"]`);
  }
  return marks;
}

const row = (seat) => (Number.isInteger(seat) ? [`.bb-players .bb-player[data-seat="${seat}"]`] : []);

const PARTS = {
  players: (rest, before, after) => player(rest, after),
  // The turn passed on: the one who ended it.
  turn: (rest, before) => row(before?.turn),
  // A step of the turn (a meeting, a fight) moved on: the one it waited for, and where
  // the step is told.
  step: (rest, before) => [...row(before?.step?.seat), ".bb-fight-area:not(:empty)"],
  pile: () => [".bb-pile-panel"],
  stacks: ([key]) => (key === undefined ? ["svg.bb-board .bb-stack"] : [`svg.bb-board .bb-stack[data-stack="${key}"]`]),
  boost: () => [".bb-boost-panel"],
};

/** The seat that acted (it has a line in the log): its place among the players. */
export function seat(number) {
  return row(number);
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
