// The decision panel: the round and step, what to do next in words, the options, the
// Survey Team, how a military world is placed, second worlds, commit, and changing a
// committed choice (J15). Drawn from a context `t`: { view, names, mySeat, legal, busy,
// refusal, picks, on: { shape, card, contact, second, commit, uncommit, cancel } }.
import { h } from "../../js/match/dom.js";
import { gettext, interpolate, ngettext } from "../../js/match/i18n.js";
import { seatMark } from "../../js/match/seats.js";
import { closed } from "../../js/match/whynot.js";
import { card } from "./cards.js";
import { cardName } from "./cardtexts.js";
import { canCommit, canUncommit, cardChoices, contactChoices, seconds, shapes } from "./choices.js";
import { optionName, placingText, stepName } from "./labels.js";
import { whyNot } from "./whynot.js";

const SURVEY_TEAM = "survey-team";

function deciding(t) {
  return t.mySeat !== null && Boolean(t.view.me?.task) && t.view.active.includes(t.mySeat);
}

function waitingFor(t) {
  const names = t.view.active.filter((seat) => seat !== t.mySeat).map((seat) => t.names[seat] ?? "?");
  return names.join(gettext(", "));
}

/** Round, step and the public counts. */
export function stepBanner(view, names, mySeat) {
  const over = view.phase === "over";
  const mine = mySeat !== null && view.active.includes(mySeat);
  const head = over
    ? h("strong", {}, gettext("Game over"))
    : h("strong", {}, interpolate(gettext("Round %(round)s: %(step)s"), { round: view.round, step: stepName(view.phase) }, true));
  const facts = [
    interpolate(gettext("dealer %s"), [names[view.dealer] ?? "?"]),
    interpolate(gettext("draw pile %s"), [view.draw_count]),
    interpolate(gettext("discards %s"), [view.discard_count]),
    interpolate(gettext("Survey Teams in the centre %s"), [view.centre.length]),
  ];
  return [
    h("p", { class: "turn-head" }, head,
      mine ? h("span", { class: `tag turn-tag seat-${mySeat}` }, seatMark(mySeat, 12), gettext("your decision")) : null),
    h("p", { class: "turn-facts" }, facts.join(" · ")),
  ];
}

function cardById(view, id) {
  if (id === SURVEY_TEAM) return view.centre[0] ?? { card: SURVEY_TEAM, name: "Survey Team" };
  return view.me.hand.find((c) => c.id === id) ?? { name: id };
}

/** The seat's own draft in words (J15: only it sees this). */
function draftText(view, draft) {
  if (!draft) return null;
  if (draft.explore) return gettext("explore");
  const world = draft.world ? cardById(view, draft.world) : null;
  const mode = world && world.military ? (draft.contact ? "contact" : "conquer") : "pay";
  if (view.me.task.kind === "second" && !world) return gettext("no second world");
  return placingText({
    development: draft.development ? cardById(view, draft.development) : null,
    world: view.me.task.kind === "second" ? null : world,
    second: view.me.task.kind === "second" ? world : null,
    mode,
    second_mode: mode,
  });
}

function discardPrompt(view, task) {
  const n = task.count;
  const counts = { n, k: task.selected.length, limit: view.hand_limit };
  const text = {
    keep: ngettext("Choose %(n)s card to discard; you keep the rest (%(k)s chosen).",
      "Choose %(n)s cards to discard; you keep the rest (%(k)s chosen).", n),
    pay: ngettext("Choose %(n)s card to pay with (%(k)s chosen).", "Choose %(n)s cards to pay with (%(k)s chosen).", n),
    pay2: ngettext("Choose %(n)s card to pay for your second world with (%(k)s chosen).",
      "Choose %(n)s cards to pay for your second world with (%(k)s chosen).", n),
    explore: ngettext("You explored: choose %(n)s card to discard (%(k)s chosen).",
      "You explored: choose %(n)s cards to discard (%(k)s chosen).", n),
    limit: ngettext("Hand limit %(limit)s: choose %(n)s card to discard (%(k)s chosen).",
      "Hand limit %(limit)s: choose %(n)s cards to discard (%(k)s chosen).", n),
  }[view.phase === "after" ? "explore" : view.phase] ?? gettext("Choose the cards to discard.");
  const done = task.selected.length === n ? gettext("Commit when you are sure.") : null;
  return [interpolate(text, counts, true), done].filter(Boolean).join(" ");
}

function choosePrompt(t) {
  const { picks, view } = t;
  if (picks.shape === "develop") return gettext("Choose a development from your hand, or the Survey Team.");
  if (picks.shape === "settle") return gettext("Choose a world from your hand.");
  if (picks.shape === "both") return gettext("Choose a development and a world.");
  const plan = draftText(view, view.me.task.draft);
  if (plan) return interpolate(gettext("Your plan: %s. Commit it, or choose again."), [plan]);
  return gettext("Choose what to do this round. Nobody sees it before everyone has committed.");
}

/** What to do next, in words. */
function promptText(t) {
  const { view } = t;
  if (view.phase === "over") return gettext("The game is over.");
  if (!deciding(t)) {
    const others = waitingFor(t);
    if (t.mySeat === null || !others) return others ? interpolate(gettext("Waiting for %s."), [others]) : "";
    const draft = view.me?.task?.draft;
    const plan = draft ? draftText(view, draft) : null;
    return plan
      ? interpolate(gettext("You committed: %(plan)s. Waiting for %(others)s."), { plan, others }, true)
      : interpolate(gettext("Done. Waiting for %s."), [others]);
  }
  if (t.busy) return gettext("Sending…");
  const task = view.me.task;
  if (task.kind === "discard") return discardPrompt(view, task);
  if (task.kind === "second") {
    const plan = draftText(view, task.draft);
    return plan
      ? interpolate(gettext("Your plan: %s. Commit it, or choose again."), [plan])
      : gettext("Your convoy may place a second world: choose one, or none.");
  }
  return choosePrompt(t);
}

/** A closed control says why (the rules' reason); while sending, it simply waits. */
function why(t, key, open) {
  return closed(open || t.busy ? null : whyNot(t.view, key), key);
}

function shapeButtons(t) {
  return h("div", { class: "action-menu jd-options", role: "group", "aria-label": gettext("Options") },
    shapes(t.legal).map(({ shape, enabled }) => {
      const reason = why(t, shape, enabled);
      return h("button", {
        type: "button",
        class: ["button", "action", t.picks.shape === shape && "selected"],
        "data-option": shape,
        "data-key": `option-${shape}`,
        "aria-pressed": t.picks.shape === shape ? "true" : "false",
        disabled: !enabled && !("data-why-not" in reason.attrs),
        ...reason.attrs,
        onclick: () => t.on.shape(shape),
      }, reason.wrap(optionName(shape)));
    }));
}

function surveyTeam(t) {
  if (!cardChoices(t.legal, t.picks).development.has(SURVEY_TEAM)) return null;
  const chosen = t.picks.development === SURVEY_TEAM;
  return h("div", { class: "jd-centre" },
    h("p", { class: "muted" }, gettext("From the centre:")),
    card(t.view.centre[0], {
      state: chosen ? "chosen" : "choosable",
      key: SURVEY_TEAM,
      costs: t.view.me.costs?.survey_team,
      onChoose: () => t.on.card("development", SURVEY_TEAM),
    }));
}

function contactButtons(t) {
  const modes = contactChoices(t.legal, t.picks);
  if (modes.length < 2) return null;
  const label = (contact) => (contact ? gettext("Pay with Contact Specialist") : gettext("Conquer"));
  return h("div", { class: "jd-contact", role: "group", "aria-label": gettext("How to place the military world") },
    modes.map((contact) => h("button", {
      type: "button", class: "button small", "data-contact": String(contact), "data-key": `contact-${contact}`,
      onclick: () => t.on.contact(contact),
    }, label(contact))));
}

/** The seat's own costs of a card in hand (`me.costs` follows the hand's order). */
function handCosts(view, id) {
  const i = view.me.hand.findIndex((c) => c.id === id);
  return i < 0 ? null : view.me.costs?.hand[i];
}

function secondButtons(t) {
  const options = seconds(t.legal);
  if (!options.length) return null;
  const label = (a) => {
    if (!a.world) return gettext("No second world");
    const name = cardName(cardById(t.view, a.world));
    const named = a.contact ? interpolate(gettext("%s (Contact Specialist)"), [name]) : name;
    const cost = handCosts(t.view, a.world)?.second;
    return cost === undefined ? named : interpolate(gettext("%(name)s, pay %(cost)s"), { name: named, cost }, true);
  };
  return h("div", { class: "jd-seconds", role: "group", "aria-label": gettext("Second world") },
    options.map((a) => h("button", {
      type: "button", class: "button small", "data-second": a.world ?? "none", "data-contact": String(a.contact),
      "data-key": `second-${a.world}-${a.contact}`, onclick: () => t.on.second(a),
    }, label(a))));
}

function commitRow(t) {
  const cancel = t.picks.shape && t.picks.shape !== "explore"
    ? h("button", { type: "button", class: "button ghost", "data-key": "cancel", onclick: t.on.cancel }, gettext("Cancel"))
    : null;
  const open = canCommit(t.legal);
  const reason = why(t, "commit", open);
  return h("div", { class: "turn-buttons" }, cancel ?? h("span"),
    h("button", {
      type: "button", class: "button primary", "data-action": "commit", "data-key": "commit",
      disabled: !open && !("data-why-not" in reason.attrs), ...reason.attrs, onclick: t.on.commit,
    }, reason.wrap(gettext("Commit"))));
}

/** J15: a seat that has committed may change its choice while others still decide; in
 * a later step the button stays, closed, and says why (those commitments are final). */
function changeRow(t) {
  if (t.mySeat === null || !t.view.me?.task || t.view.phase === "over") return null;
  const open = canUncommit(t.legal);
  const reason = why(t, "uncommit", open);
  return h("div", { class: "turn-buttons jd-change" }, h("span"),
    h("button", {
      type: "button", class: "button secondary", "data-action": "uncommit", "data-key": "uncommit",
      disabled: !open && !("data-why-not" in reason.attrs), ...reason.attrs, onclick: t.on.uncommit,
    }, reason.wrap(gettext("Change my choice"))));
}

/** The options and next step, or what everyone is waiting for. */
export function controls(t) {
  const prompt = h("p", { class: "prompt" }, promptText(t));
  if (t.view.phase === "over") return [prompt];
  if (!deciding(t)) {
    return [prompt, t.refusal ? h("p", { class: "refusal", role: "alert" }, t.refusal) : null, changeRow(t)];
  }
  const kind = t.view.me.task.kind;
  return [
    kind === "choose" ? shapeButtons(t) : null,
    prompt,
    kind === "choose" ? surveyTeam(t) : null,
    kind === "choose" ? contactButtons(t) : null,
    kind === "second" ? secondButtons(t) : null,
    t.refusal ? h("p", { class: "refusal", role: "alert" }, t.refusal) : null,
    commitRow(t),
  ];
}
