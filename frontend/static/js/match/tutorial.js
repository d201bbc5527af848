// The guide of a guided first game: a coach panel that says what to do next and why, and
// a highlight on the element to tap. The steps are the game's own data
// (games/<game>/tutorial.js); each is keyed to a condition on the seat's own view (and on
// the page drawn from it), so the guide follows whatever the bots really did. It reads
// nothing the seat cannot see. Only a table the server marks as guided (#tutorial-config)
// has one; elsewhere every call here does nothing.
import { h } from "./dom.js";
import { gettext, interpolate } from "./i18n.js";

const GAME_ID = /^[a-z0-9-]+$/;
const MESSAGE_SHOWN_MS = 6000;
// How long at most the guide keeps its step after an accepted action while the view it
// produced is on its way (an accepted action always changes the actor's view, so this
// only matters if that view is lost; a busy server may take seconds to send it).
const VIEW_AWAITED_MS = 10000;
// Controls the guide never blocks: the board legend, links and the page's own menus.
const ALWAYS_OPEN = "summary, details, a[href]";
const INTERACTIVE = "button, [role=button], input, select, textarea, label, summary, a[href]";

/** The friendly refusal for a tap on something other than the highlighted element. */
function wrongText(thing) {
  const texts = {
    button: gettext("Not quite — tap the highlighted button."),
    card: gettext("Not quite — tap the highlighted card."),
    planet: gettext("Not quite — tap the highlighted planet."),
    square: gettext("Not quite — tap the highlighted square."),
    tile: gettext("Not quite — tap the highlighted tile."),
  };
  return texts[thing] ?? texts.button;
}

function readConfig() {
  const node = document.getElementById("tutorial-config");
  return node ? JSON.parse(node.textContent) : null;
}

/** Where the guide keeps what the player acknowledged, so a reload resumes it. */
function memory(key) {
  const read = () => {
    try {
      return JSON.parse(window.localStorage.getItem(key)) ?? {};
    } catch {
      return {};
    }
  };
  let saved = { seen: [], ...read() };
  return {
    get: () => saved,
    set(change) {
      saved = { ...saved, ...change };
      try {
        window.localStorage.setItem(key, JSON.stringify(saved));
      } catch {
        // a private window may refuse storage: the guide still works for this visit
      }
    },
  };
}

/** The area two rectangles share. */
function overlap(a, b) {
  const width = Math.min(a.right, b.right) - Math.max(a.left, b.left);
  const height = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
  return width > 0 && height > 0 ? width * height : 0;
}

/** An inert guide: tables that are not guided. */
const NO_GUIDE = { guided: false, update() {}, guard: (send) => send };

/**
 * The guide for this page. `root` is the game's drawing area, `seat` the player's seat.
 * update(snapshot) after each view; guard(send) wraps the sending of actions, refusing
 * with the guide's message one the current step does not expect.
 */
export function createGuide({ seat, root, table }) {
  const config = readConfig();
  if (!config || seat === null || !GAME_ID.test(config.game)) return NO_GUIDE;
  const saved = memory(`guide:${table}`);
  // "Continue your guided game" asks for the guide back, even after a skip.
  if (window.location.hash === "#guide") saved.set({ skipped: false, finished: false });
  const guide = new Guide(config.game, seat, root, saved);
  return {
    guided: true, // a guided game teaches the turn's confirm: acts go out as the player made them
    update: (snapshot) => guide.update(snapshot),
    guard: (send) => (action) => {
      const refusal = guide.refusal(action);
      return refusal ? Promise.reject(new Error(refusal)) : guide.sending(send(action));
    },
  };
}

class Guide {
  constructor(game, seat, root, saved) {
    this.seat = seat;
    this.root = root;
    this.saved = saved;
    this.script = null;
    this.snapshot = null;
    this.step = null;
    this.messageTimer = null;
    this.panel = this.buildPanel();
    document.head.append(h("link", { rel: "stylesheet", href: new URL("../../css/tutorial.css", import.meta.url).href }));
    import(new URL(`../../games/${game}/tutorial.js`, import.meta.url).href).then((module) => {
      this.script = module.script;
      this.refresh();
    });
    this.root.addEventListener("click", (event) => this.guardClick(event), true);
    // The game redraws its parts on its own (a chosen action or card): the step may follow.
    let pending = false;
    new MutationObserver(() => {
      if (pending) return;
      pending = true;
      queueMicrotask(() => {
        pending = false;
        this.refresh();
      });
    }).observe(this.root, { childList: true, subtree: true });
    window.addEventListener("resize", () => this.place());
    // Only once a scroll has come to rest: a panel that jumped about mid-scroll would be
    // hard to tap (and might put another control under the finger).
    window.addEventListener("scrollend", () => this.place(), { passive: true });
  }

  get over() {
    const { skipped, finished } = this.saved.get();
    return Boolean(skipped || finished);
  }

  buildPanel() {
    this.count = h("p", { class: "guide-count" });
    this.text = h("p", { class: "guide-text" });
    this.message = h("p", { class: "guide-message", role: "alert", hidden: true });
    this.next = h("button", { type: "button", class: "button small guide-next", onclick: () => this.acknowledge() });
    this.skip = h("button", { type: "button", class: "button small ghost guide-skip", onclick: () => this.end("skipped") },
      gettext("Skip tutorial"));
    const panel = h("aside", { class: "guide", "aria-label": gettext("Tutorial"), hidden: true },
      h("div", { class: "guide-body", "aria-live": "polite" }, this.count, this.text),
      this.message,
      h("div", { class: "guide-buttons" }, this.next, this.skip));
    document.body.append(panel);
    return panel;
  }

  context() {
    const view = this.snapshot.view;
    return {
      view,
      seat: this.seat,
      me: view.me ?? null,
      myTurn: (view.active ?? []).includes(this.seat),
      match: this.snapshot.match,
      find: (selector) => this.root.querySelector(selector),
    };
  }

  update(snapshot) {
    this.snapshot = snapshot;
    if (snapshot.version !== this.awaited) this.awaited = null;
    this.refresh();
  }

  /** While an action is on its way, and until the view it produced arrives, the page is
   * between two states (the game resets its choices on the acknowledgement): the step
   * stays as it was instead of flickering back. */
  sending(promise) {
    const version = this.snapshot?.version;
    this.inFlight = (this.inFlight ?? 0) + 1;
    promise.then(
      () => {
        this.awaited = version;
        setTimeout(() => this.viewArrived(version), VIEW_AWAITED_MS);
      },
      () => {},
    ).finally(() => {
      this.inFlight -= 1;
      this.refresh();
    });
    return promise;
  }

  viewArrived(version) {
    if (this.awaited !== version) return;
    this.awaited = null;
    this.refresh();
  }

  get holding() {
    if (this.inFlight > 0) return true;
    return this.awaited !== null && this.awaited !== undefined && this.snapshot?.version === this.awaited;
  }

  /** The first step whose condition holds that the player has not acknowledged yet. */
  current() {
    if (!this.script || !this.snapshot?.view || this.over) return null;
    if (this.holding && this.step) return this.step;
    const ctx = this.context();
    const seen = new Set(this.saved.get().seen);
    return this.script.steps.find((step) => !(step.next && seen.has(step.id)) && step.when(ctx)) ?? null;
  }

  refresh() {
    const step = this.current();
    const changed = step !== this.step;
    this.step = step;
    this.panel.hidden = !step;
    if (!step) {
      this.mark();
      return;
    }
    const ctx = this.context();
    const steps = this.script.steps;
    this.count.textContent = interpolate(gettext("Tutorial · step %(n)s of %(total)s"),
      { n: steps.indexOf(step) + 1, total: steps.length }, true);
    this.text.textContent = step.text(ctx);
    this.panel.dataset.step = step.id;
    this.next.hidden = !step.next;
    this.next.textContent = step.next === "finish" ? gettext("Finish the tutorial") : gettext("Got it");
    if (changed) this.hideMessage();
    this.mark(changed);
  }

  targets() {
    if (!this.step?.target) return [];
    const selector = typeof this.step.target === "function" ? this.step.target(this.context()) : this.step.target;
    return selector ? [...document.querySelectorAll(selector)] : [];
  }

  /** Highlight the step's target (again, after a redraw) and place the panel beside it. */
  mark(scroll = false) {
    const targets = this.step ? this.targets() : [];
    for (const old of document.querySelectorAll(".guide-target")) {
      if (!targets.includes(old)) old.classList.remove("guide-target");
    }
    for (const el of targets) el.classList.add("guide-target");
    if (scroll && targets[0]) targets[0].scrollIntoView({ block: "center", behavior: "smooth" });
    this.place();
  }

  /** The panel stays clear of what it points at: below, unless it covers more of the
   * highlighted elements there than above. */
  place() {
    if (this.panel.hidden) return;
    const rects = this.targets().map((el) => el.getBoundingClientRect()).filter((r) => r.width && r.height);
    const covered = (side) => {
      this.panel.dataset.side = side;
      const panel = this.panel.getBoundingClientRect();
      return rects.reduce((sum, r) => sum + overlap(panel, r), 0);
    };
    const below = covered("bottom");
    if (below > 0 && covered("top") >= below) this.panel.dataset.side = "bottom";
    const panel = this.panel.getBoundingClientRect();
    const low = rects.length && rects[0].top + rects[0].height / 2 > panel.top;
    this.panel.dataset.pointing = !rects.length ? "" : low ? "down" : "up";
  }

  guardClick(event) {
    if (!this.step?.thing || this.over) return;
    const control = event.target.closest?.(INTERACTIVE);
    if (!control || control.closest(ALWAYS_OPEN) || control.closest(".guide-target")) return;
    if (this.step.allow && control.closest(this.step.allow)) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    this.say(wrongText(this.step.thing));
  }

  /** Why the step refuses this action (one the click guard let pass), or null. */
  refusal(action) {
    if (!this.step?.expect || this.over || this.step.expect(action, this.context())) return null;
    const text = wrongText(this.step.thing);
    this.say(text);
    return text;
  }

  say(text) {
    clearTimeout(this.messageTimer);
    this.message.textContent = text;
    this.message.hidden = false;
    this.messageTimer = setTimeout(() => this.hideMessage(), MESSAGE_SHOWN_MS);
  }

  hideMessage() {
    clearTimeout(this.messageTimer);
    this.message.hidden = true;
  }

  acknowledge() {
    if (!this.step) return;
    if (this.step.next === "finish") {
      this.end("finished");
      return;
    }
    this.saved.set({ seen: [...this.saved.get().seen, this.step.id] });
    this.refresh();
  }

  end(how) {
    this.saved.set({ [how]: true });
    this.refresh();
  }
}
