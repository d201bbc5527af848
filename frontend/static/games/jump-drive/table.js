// Jump Drive at the table: draws the per-seat view and turns clicks into legal actions.
// Entry point for the match shell: createTable(root, api) → { render(snapshot) }.
import { h, redraw, redrawIfChanged } from "../../js/match/dom.js";
import { drawEnd } from "../../js/match/final.js";
import { seatNames } from "../../js/match/seats.js";
import { gettext, interpolate } from "../../js/match/i18n.js";
import { closed, guardClosed } from "../../js/match/whynot.js";
import { aloneExplained, card } from "./cards.js";
import { cardChoices, completed, contactChoices, discardChoices, emptyPicks, isDraft, pickCard } from "./choices.js";
import { controls, stepBanner } from "./controls.js";
import { empires } from "./empires.js";
import { legend } from "./legend.js";
import { endScreen } from "./result.js";
import { vpTrack } from "./track.js";
import { whyNot } from "./whynot.js";

const RETRIES = 5;

/** The same action, field by field (actions are flat). */
function sameAction(a, b) {
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  return [...keys].every((k) => a[k] === b[k]);
}

/** How a hand card shows the seat's own decision once nothing more is to click. */
function decidedState(task, id) {
  if (task?.kind === "discard") return task.selected.includes(id) ? "selected" : "idle";
  const draft = task?.draft;
  return draft && (draft.development === id || draft.world === id) ? "planned" : "idle";
}

export function createTable(root, api) {
  const parts = {
    end: h("div", { class: "jd-end" }),
    turn: h("div", { class: "jd-turn", "aria-live": "polite" }),
    controls: h("div", { class: "jd-controls" }),
    hand: h("section", { class: "jd-hand panel", "aria-label": gettext("Your hand") }),
    track: h("div", { class: "jd-track-area" }),
    empires: h("section", { class: "jd-players panel", "aria-label": gettext("Empires") }),
  };
  const table = h("div", { class: "jd-table" },
    parts.end,
    h("div", { class: "jd-decide" }, parts.turn, parts.controls, parts.hand),
    h("div", { class: "jd-public" }, parts.track, legend(), parts.empires));
  root.replaceChildren(table);
  root.removeAttribute("aria-busy");
  guardClosed(root);

  let snapshot = null;
  let picks = emptyPicks();
  let heldVersion = null;
  let busy = false;
  let refusal = null;
  // Everyone decides at once, so another seat's action may land just before ours and
  // make it stale; the server then sends the newer view and ours is tried again on it.
  let stale = null;

  const view = () => snapshot.view;
  const legal = () => view().legal ?? [];
  // Deciding means a task to decide: a seat just handed to a bot gets a spectator's view
  // (no `me`) before the page moves on.
  // A replay shows a seat's view but offers none of its decisions.
  const actor = () => (api.readOnly ? null : api.seat);
  const deciding = () => actor() !== null && Boolean(view().me?.task) && view().active.includes(actor());

  // While an action awaits its answer the page stays as it was (focus stays put) and
  // ignores clicks; `aria-busy` says so.
  const unlessBusy = (handler) => (...args) => {
    if (!busy) handler(...args);
  };

  function send(action, tries = 0) {
    busy = true;
    refusal = null;
    const task = JSON.stringify(view().me?.task ?? null);
    draw();
    api.act(action).then(
      () => {
        busy = false;
        picks = emptyPicks();
        draw();
      },
      (error) => {
        if (error.code === "stale_version" && tries < RETRIES) {
          // Still busy until a view arrives after this answer (the server sends one).
          stale = { action, task, seen: snapshot.view, tries: tries + 1 };
          return;
        }
        busy = false;
        refusal = error.message || error.code || gettext("The action was refused.");
        api.announce(refusal);
        draw();
      },
    );
  }

  /** Send as soon as the picks name exactly one legal choice that is not the draft already. */
  function tryComplete() {
    const action = contactChoices(legal(), picks).length > 1 ? null : completed(legal(), picks);
    if (!action) {
      draw();
    } else if (isDraft(view().me.task.draft, action)) {
      picks = emptyPicks();
      draw();
    } else {
      send(action);
    }
  }

  const on = Object.fromEntries(Object.entries({
    shape(shape) {
      refusal = null;
      picks = picks.shape === shape ? emptyPicks() : { ...emptyPicks(), shape };
      if (picks.shape) tryComplete();
      else draw();
    },
    card(role, id) {
      refusal = null;
      picks = pickCard(picks, role, id);
      tryComplete();
    },
    contact(contact) {
      const action = completed(legal(), picks, contact);
      if (action) send(action);
    },
    second: (action) => send(action),
    commit: () => send({ type: "commit" }),
    uncommit: () => send({ type: "uncommit" }),
    cancel() {
      picks = emptyPicks();
      refusal = null;
      draw();
    },
  }).map(([name, handler]) => [name, unlessBusy(handler)]));

  function discardOptions(c, task) {
    const open = discardChoices(legal());
    if (task.selected.includes(c.id)) {
      const onChoose = open.unselect.has(c.id) ? unlessBusy(() => send({ type: "unselect", card: c.id })) : null;
      return { state: "selected", onChoose };
    }
    if (open.select.has(c.id)) return { state: "choosable", onChoose: unlessBusy(() => send({ type: "select", card: c.id })) };
    return blocked(`select:${place(c.id)}`);
  }

  /** A card the rules close to this decision, with their reason; a card that only does
   * not go with the other card already picked says that (the pair is the player's). */
  /** A card's place in the hand: the rules name options by place, never by card id. */
  function place(id) {
    return view().me.hand.findIndex((c) => c.id === id);
  }

  function blocked(key, paired = false) {
    const text = view().why_not?.[key] || !paired ? whyNot(view(), key) : gettext("This card does not go with the card you chose.");
    return { state: "blocked", why: closed(busy ? null : text, `card-${key}`) };
  }

  function chooseOptions(c) {
    const role = c.kind === "development" ? "development" : "world";
    const open = cardChoices(legal(), picks)[role];
    const onChoose = () => on.card(role, c.id);
    if (picks[role] === c.id) return { state: "chosen", onChoose };
    if (open.has(c.id)) return { state: "choosable", onChoose };
    const other = role === "development" ? picks.world : picks.development;
    return blocked(`${picks.shape}:${place(c.id)}`, Boolean(other));
  }

  function handOptions(c) {
    const task = view().me.task;
    const still = { state: decidedState(task, c.id) };
    if (!deciding()) return still;
    if (task.kind === "discard") return discardOptions(c, task);
    if (task.kind === "choose" && picks.shape && picks.shape !== "explore") return chooseOptions(c);
    if (task.kind === "second" && view().why_not?.[`second:${place(c.id)}`]) return blocked(`second:${place(c.id)}`);
    return still;
  }

  function handPanel(me) {
    return [
      h("h2", { class: "panel-title" }, interpolate(gettext("Your hand (%s)"), [me.hand.length])),
      me.hand.length
        ? h("ul", { class: "jd-hand-cards" }, me.hand.map((c, i) => h("li", {}, card(c, { ...handOptions(c), costs: me.costs?.hand[i] }))))
        : h("p", { class: "muted" }, gettext("No cards in hand.")),
      (me.costs?.hand ?? []).some((x) => x?.alone !== undefined && x.alone !== x.with_world)
        ? h("p", { class: "muted jd-note" }, aloneExplained())
        : null,
    ];
  }

  function draw() {
    const v = view();
    table.setAttribute("aria-busy", busy ? "true" : "false");
    const names = seatNames(snapshot.match);
    const over = v.phase === "over" && v.result;
    drawEnd(parts.end, over ? v.result : null, snapshot.match, names,
      () => endScreen(v, names, api.lobbyUrl, snapshot.match, api.endPanel));
    redrawIfChanged(parts.turn, stepBanner(v, names, actor()));
    redraw(parts.controls, api.readOnly ? "" : controls({
      view: v, names, mySeat: api.seat, legal: legal(), busy, refusal, picks, on,
    }));
    parts.controls.hidden = Boolean(api.readOnly);
    // At the end every hand is on the end screen.
    redraw(parts.hand, v.me && !over ? handPanel(v.me) : "");
    parts.hand.hidden = !v.me || Boolean(over);
    redraw(parts.track, vpTrack(v, names));
    redraw(parts.empires, h("h2", { class: "panel-title" }, gettext("Empires")),
      empires(v, { names, match: snapshot.match, presence: snapshot.presence, mySeat: api.seat }));
  }

  /** Try a stale action again if this view still asks the same of us and allows it. */
  function retryStale() {
    const { action, task, tries } = stale;
    stale = null;
    // The same task (a committed one, for a choice taken back: J15) and still allowed.
    const same = JSON.stringify(view().me?.task ?? null) === task;
    if (!same || !legal().some((a) => sameAction(a, action))) return false;
    send(action, tries);
    return true;
  }

  return {
    render(next) {
      snapshot = next;
      if (next.version !== heldVersion) {
        heldVersion = next.version;
        // A new step or a decision made elsewhere: drop picks the view no longer allows.
        if (!busy && (!deciding() || view().me.task.kind !== "choose")) picks = emptyPicks();
      }
      // A view that arrived after the refusal (a patch or the sync that follows it, never
      // a presence frame) is the one to try again on.
      let resent = false;
      if (stale && next.view !== stale.seen) {
        busy = false;
        resent = retryStale();
      }
      if (!resent) draw(); // send() has drawn already
    },
  };
}
