// BlaBla's words in the reader's language: cards, tiles, squares, steps and the reasons
// the rules give (games/blabla/turn.py codes).
import { h } from "../../js/match/dom.js";
import { gettext, interpolate } from "../../js/match/i18n.js";

/** The colour of each set (B2), as the data file names it. */
export const SET_COLOURS = { A: "red", B: "blue", C: "green", D: "yellow" };

export function setColourName(letter) {
  const names = { A: gettext("red"), B: gettext("blue"), C: gettext("green"), D: gettext("yellow") };
  return names[letter] ?? letter;
}

export function setName(letter) {
  return interpolate(gettext("set %(set)s (%(colour)s)"), { set: letter, colour: setColourName(letter) }, true);
}

/** A flight card's face: "5", "X", "±1". */
export function face(card) {
  if (card.special === "PM") return "±1";
  if (card.special === "X") return "X";
  return String(card.value);
}

/** A flight card in words: "5", "red X" (an own card names its set's colour). */
export function flightName(card) {
  if (!card.owner) return face(card);
  return interpolate(gettext("%(colour)s %(face)s"), { colour: setColourName(card.owner), face: face(card) }, true);
}

/** A flight card as a chip marked by its owner's colour. */
export function flightChip(card, attrs = {}) {
  const cls = ["bb-card", card.owner ? `bb-set-${card.owner}` : "bb-general", card.special && "bb-special", attrs.class];
  return h(attrs.tag ?? "span", { ...attrs, tag: null, class: cls, title: flightName(card) }, face(card));
}

/** A BlaBla card id (bb-C4) or object as {kind, value}. */
export function blabla(card) {
  if (typeof card === "string") return { id: card, kind: card[3], value: Number(card.slice(4)) };
  return card;
}

export function blablaName(card) {
  const c = blabla(card);
  return interpolate(gettext("BlaBla %(kind)s%(value)s"), { kind: c.kind, value: c.value }, true);
}

export function blablaChip(card, attrs = {}) {
  const c = blabla(card);
  return h(attrs.tag ?? "span", { ...attrs, tag: null, class: ["bb-blabla", `bb-kind-${c.kind}`, attrs.class], title: blablaName(c) },
    h("span", { class: "bb-kind" }, c.kind), h("span", { class: "bb-value" }, String(c.value)));
}

export function tileName(tile) {
  const names = {
    calm: gettext("Calm space"),
    "cargo-bay": gettext("Cargo bay"),
    tailwind: gettext("Tailwind"),
    headwind: gettext("Headwind"),
    "time-warp": gettext("Time warp"),
    salvage: gettext("Salvage"),
    "free-flight": gettext("Free flight"),
    "deep-scan": gettext("Deep scan"),
  };
  return names[tile] ?? tile;
}

export function tileText(tile) {
  const texts = {
    calm: gettext("No effect."),
    "cargo-bay": gettext("The hand limit is 8."),
    tailwind: gettext("Every move is 1 square longer."),
    headwind: gettext("Every move is 1 square shorter, never below 1."),
    "time-warp": gettext("Odd top cards go to the East land, even ones to the West land."),
    salvage: gettext("The draw action keeps 3 cards."),
    "free-flight": gettext("Every move may go diagonally."),
    "deep-scan": gettext("A ship arriving in a BlaBla land looks at both stacks there."),
  };
  return texts[tile] ?? "";
}

export function landName(land) {
  return land === "west" ? gettext("the West land") : gettext("the East land");
}

export function stackName(key) {
  const [land, n] = key.split("-");
  return land === "west"
    ? interpolate(gettext("West stack %s"), [n])
    : interpolate(gettext("East stack %s"), [n]);
}

export function squareKindName(kind) {
  const names = {
    orbit: gettext("orbit"),
    home_port: gettext("home port"),
    time_hole: gettext("time hole"),
    turnaround: gettext("turnaround"),
    boost: gettext("boost field"),
    landing_point: gettext("landing point"),
  };
  return names[kind] ?? kind;
}

export function endReason(reason) {
  const texts = {
    four_kinds: gettext("a player secured all four kinds"),
    empty_stacks: gettext("the BlaBla stacks ran out"),
    round_limit: gettext("the round limit was reached"),
    passes: gettext("every player passed for a round"),
  };
  return texts[reason] ?? reason;
}

export function tiebreakText(tiebreak) {
  const texts = {
    score: gettext("Decided by the score."),
    four_kinds: gettext("Tied on score: won with all four kinds secured."),
    trigger: gettext("Tied on score: won by the player who triggered the end."),
    shared: gettext("Tied: the win is shared."),
  };
  return texts[tiebreak] ?? "";
}

/** A reason code (why_not or a refusal) in words. */
export function reasonText(reason) {
  const args = reason?.args ?? {};
  const texts = {
    game_over: gettext("The game is over."),
    not_your_turn: gettext("It is not your turn."),
    wrong_step: gettext("That is not what is asked now."),
    draw_not_allowed_here: gettext("You may draw only on an orbit square."),
    hand_at_limit: interpolate(gettext("Your hand is at the hand limit (%s)."), [args.limit ?? 7]),
    pile_empty: gettext("The pile is empty."),
    no_such_card: gettext("You do not hold that card."),
    special_without_general: gettext("A special card goes with one general number card."),
    second_special: gettext("A move never uses two special cards."),
    two_number_cards: gettext("A move uses one number card."),
    bad_sign: gettext("Choose +1 or −1 for the ±1 card."),
    wrong_start: gettext("The move cannot start there."),
    wrong_direction: gettext("These cards cannot move in that direction."),
    off_board: gettext("The line leaves the board."),
    blocked_line: gettext("An asteroid blocks the line."),
    landing_point: gettext("A move never ends on a landing point."),
    time_hole_without_jump: gettext("Without the jump a move cannot end on the time hole."),
    home_port_shuffle: gettext("A move from the home port must end outside it."),
    push_not_allowed: gettext("The ship there cannot be pushed."),
    combat_off: gettext("This table plays without combat tokens."),
    tokens_not_allowed_here: gettext("You may take tokens only on an orbit square."),
    supply_empty: gettext("No tokens are left in the supply."),
    not_a_number_card: gettext("Tokens are taken with one number card."),
    no_move: gettext("None of your cards makes a legal move."),
    can_act: gettext("The emergency draw is only for a player who can do nothing else."),
    nothing_to_undo: gettext("There is nothing to undo back to the last barrier."),
    not_legal: gettext("That is not possible now."),
    unreachable: gettext("These cards cannot reach that square."),
  };
  return texts[reason?.code] ?? reason?.code ?? "";
}
