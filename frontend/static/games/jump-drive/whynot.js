// The rules' reasons (view.why_not, games/jump_drive/whynot.py) in the viewer's
// language: "Settle: a military world needs 2 military, you have 0."
import { gettext, interpolate, ngettext } from "../../js/match/i18n.js";
import { reasonFor } from "../../js/match/whynot.js";
import { optionName, stepName } from "./labels.js";

function kindName(kind) {
  return {
    choose: gettext("Choose"),
    second: gettext("Second world"),
    select: gettext("Choose a card"),
    unselect: gettext("Take a card back"),
    commit: gettext("Commit"),
    uncommit: gettext("Change my choice"),
  }[kind] ?? optionName(kind);
}

function stepWords(step) {
  return {
    choose: gettext("you are choosing this round's placement now."),
    second: gettext("you are choosing a second world now."),
    discard: gettext("you are choosing cards to discard now."),
  }[step] ?? stepName(step);
}

function words(reason) {
  const a = reason.args ?? {};
  switch (reason.code) {
    case "game_over": return gettext("the game is over.");
    case "not_asked": return gettext("you are not asked in this step.");
    case "committed": return gettext("you have committed; the others still decide.");
    case "not_committed": return gettext("you have not committed yet.");
    case "final_decision": return gettext("only the round's choice may be changed; this decision is final.");
    case "wrong_step": return stepWords(a.step);
    case "nothing_chosen": return gettext("make a choice first.");
    case "enough_selected": return interpolate(ngettext("you have chosen %s card already: take one back first.",
      "you have chosen %s cards already: take one back first.", a.count), [a.count]);
    case "none_selected": return gettext("no card is chosen.");
    case "select_more": return interpolate(ngettext("choose exactly %(count)s card (%(selected)s chosen).",
      "choose exactly %(count)s cards (%(selected)s chosen).", a.count), a, true);
    case "nothing_placeable": return gettext("no card in your hand can be placed this round: explore.");
    case "no_development": return gettext("you have no development to place, and no Survey Team is left for you.");
    case "no_world": return gettext("you have no world in your hand.");
    case "none_fits": return gettext("none of your cards can be placed this way; each card says why.");
    case "no_partner": return gettext("no card in your hand can be placed together with this one.");
    case "no_survey_team": return gettext("no Survey Team is left in the centre.");
    case "one_per_empire": return gettext("your empire already holds one, and only one is allowed.");
    case "requirement": return gettext("Trade Pact needs an empire without military icons, or a Contact Specialist.");
    case "too_weak": return interpolate(gettext("a military world needs %(needs)s military, you have %(has)s."), a, true);
    case "no_contact": return gettext("paying for a military world needs a Contact Specialist, which never works on yellow worlds.");
    case "cannot_pay": return interpolate(ngettext("it costs %(cost)s card; you would keep %(keep)s.",
      "it costs %(cost)s cards; you would keep %(keep)s.", a.cost), a, true);
    case "must_conquer": return gettext("Military Convoy places only a conquered military world.");
    case "must_pay": return gettext("Colony Convoy places only a world that is paid for.");
    default: return reason.code;
  }
}

/** Why `key` ("settle", "develop:j017-2", "commit") is closed, in words, or null. */
export function whyNot(view, key) {
  const reason = reasonFor(view, key);
  if (!reason) return null;
  return interpolate(gettext("%(action)s: %(reason)s"), { action: kindName(key.split(":")[0]), reason: words(reason) }, true);
}
