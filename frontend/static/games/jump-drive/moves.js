// Which of the table's elements a change of the view shows on (js/match/moves.js marks
// them when another player's act changes them): a view path → element selectors.

/** Nothing moves on its own in Jump Drive: cards appear where they land. */
export const pieces = null;

const empire = (seat) => [`.jd-empires .jd-empire[data-seat="${seat}"]`];

function player([seat, field, index], after) {
  if (seat === undefined) return [];
  const marks = [...empire(seat)];
  if (field === "vp") marks.push(`.jd-track-row[data-seat="${seat}"]`);
  if (field === "empire" && index !== undefined) {
    const card = after?.players?.[Number(seat)]?.empire?.[Number(index)];
    if (card?.id) marks.push(`.jd-empires [data-seat="${seat}"] [data-card="${card.id}"]`);
  }
  return marks;
}

/** Cards that came into the viewer's own hand (drawn in the open, by an act of the table). */
function hand([part, index], after) {
  if (part !== "hand" || index === undefined) return [];
  const card = after?.me?.hand?.[Number(index)];
  return card?.id ? [`.jd-hand [data-card="${card.id}"]`] : [];
}

/** The seat that acted (it has a line in the log): its place among the players. */
export function seat(number) {
  return [`.jd-empires .jd-empire[data-seat="${number}"]`];
}

/** `path`: the tokens of a changed view path; `before`/`after`: the views around it. */
export function marks(path, before, after) {
  const [part, ...rest] = path;
  if (part === "players") return player(rest, after);
  if (part === "me") return hand(rest, after);
  return [];
}

/** The act that ends the player's turn (the table may ask first). */
export function turnEnds(action) {
  return action.type === "commit";
}
