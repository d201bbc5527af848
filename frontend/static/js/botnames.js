// A bot's name in the reader's language: "Greedy bot", "Greedy bot 2". The names are
// spacemission/lobby/botnames.py's; frames carry the kind, every page names it alike.

const gettext = (text) => (window.gettext ? window.gettext(text) : text);
const interpolate = (text, values) =>
  window.interpolate ? window.interpolate(text, values, true) : text.replace(/%\((\w+)\)s/g, (_, k) => values[k]);

const KIND_NAMES = {
  random: () => gettext("Random bot"),
  greedy: () => gettext("Greedy bot"),
  easy: () => gettext("Easy bot"),
  normal: () => gettext("Normal bot"),
  strong: () => gettext("Strong bot"),
};

/** A kind of bot as the reader names it; a kind without a name of its own by its id. */
export function kindName(kind) {
  const named = KIND_NAMES[kind];
  if (named) return named();
  return interpolate(gettext("%(kind)s bot"), { kind: kind.charAt(0).toUpperCase() + kind.slice(1) });
}

/** The bot's name; `number` (from 2) tells two bots of one kind apart. */
export function botName(kind, number = 1) {
  const name = kindName(kind);
  return number > 1 ? `${name} ${number}` : name;
}
