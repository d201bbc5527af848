// Every move seen: the patches that other players' acts bring (docs/protocol.md) become
// change marks on the table, one act after another in the order they happened. Each act
// is drawn on its own for a moment, what it changed flashes (pieces glide from where they
// were), a screen reader hears it in words, and the marks stay until the player acts.
//
// Only the viewer's own frames are read: a mark is a path of this seat's view that a
// patch changed, so it shows nothing the view does not already show. Each game maps its
// view's paths to its elements (games/<id>/moves.js: `marks`, `seat`, `pieces`).
import { h } from "./dom.js";

const STEP_MS = 1000; // each act of another player is shown this long before the next
const FLASH_MS = 1000; // matches the `move-flash` animation in css/moves.css
const GLIDE_MS = 650;
const BACKLOG = 4; // more acts waiting than this (a tab coming back): the older ones land at once

/** How moves are shown (the user's setting, accounts.models.Motion). */
export const MOTION = { animated: "animated", still: "still", atOnce: "at-once" };

function reducedMotion() {
  return window.matchMedia?.("(prefers-reduced-motion: reduce)").matches ?? false;
}

function addStyles() {
  const href = new URL("../../css/moves.css", import.meta.url).href;
  if (document.querySelector(`link[href="${href}"]`)) return;
  document.head.append(h("link", { rel: "stylesheet", href }));
}

/** A JSON pointer's tokens: "/ring/3/ships" → ["ring", "3", "ships"]. */
export function tokens(pointer) {
  if (!pointer) return [];
  return pointer.slice(1).split("/").map((t) => t.replace(/~1/g, "/").replace(/~0/g, "~"));
}

/**
 * What one patch changed, as the game's element selectors, without repeats: the parts of
 * the view its ops touched, and the seats that acted (their lines in the log).
 */
export function changeMarks(ops, before, after, { marks, seat = () => [] }) {
  const found = new Set();
  for (const entry of addedEntries(before, after)) {
    if (Number.isInteger(entry.seat)) for (const selector of seat(entry.seat)) found.add(selector);
  }
  for (const op of ops ?? []) {
    for (const path of op.op === "move" ? [op.from, op.path] : [op.path]) {
      for (const selector of marks(tokens(path), before, after)) found.add(selector);
    }
  }
  return [...found];
}

/** The log entries a patch added (the view's log only grows). */
export function addedEntries(before, after) {
  const old = Array.isArray(before?.log) ? before.log.length : 0;
  return Array.isArray(after?.log) ? after.log.slice(old) : [];
}

/**
 * A change (from the socket: {ops, before, own}) is the player's own when it answers their
 * act, or when every line it adds to the log is theirs (their other tab acted).
 */
export function isOwn(change, after, seat) {
  if (change.own) return true;
  const added = addedEntries(change.before, after);
  return seat !== null && added.length > 0 && added.every((entry) => entry.seat === seat);
}

function centre(el) {
  const box = el.getBoundingClientRect();
  return { x: box.left + box.width / 2, y: box.top + box.height / 2 };
}

/** Screen pixels per user unit of the SVG an element is drawn in (1 outside SVG). */
function scaleOf(el) {
  const matrix = el.ownerSVGElement?.getScreenCTM?.();
  return matrix && matrix.a ? matrix.a : 1;
}

/**
 * root: the game's element; region: where the spoken summary goes; hooks: the game's
 * moves module; seat: the reader's (null: a spectator); motion: MOTION, the user's
 * setting; words(entries, view): the new log lines as text.
 * Returns {show(state, change, render), paint()}: show() draws a state now or, for other
 * players' acts, in turn; paint() puts the marks back after the game redrew itself.
 */
export function createMoves(root, { region, hooks, seat, motion = MOTION.animated, words = () => "" }) {
  addStyles();
  document.documentElement.dataset.motion = motion;
  const spoken = h("p", { class: "visually-hidden move-news", "aria-live": "polite", "aria-atomic": "true" });
  region.append(spoken);
  const game = { marks: hooks?.marks ?? (() => []), seat: hooks?.seat ?? (() => []) };
  const pieces = hooks?.pieces ?? null; // {selector, key}: the elements that glide
  const animate = () => motion === MOTION.animated && !reducedMotion();
  const paced = () => motion !== MOTION.atOnce && !document.hidden;

  let earlier = new Set(); // what acts since the player's own changed, but the latest
  let latest = []; // what the latest act changed
  let flashFrom = 0; // when the latest act's flash began
  let lastActor = null;
  const gliding = new Map(); // piece key → its glide still running
  const queue = [];
  let timer = null;

  function paint() {
    for (const el of root.querySelectorAll(".move-mark, .move-last")) {
      el.classList.remove("move-mark", "move-last", "move-flash");
      el.style.removeProperty("animation-delay");
    }
    const elapsed = performance.now() - flashFrom;
    for (const selector of earlier) for (const el of root.querySelectorAll(selector)) el.classList.add("move-mark");
    for (const selector of latest) {
      for (const el of root.querySelectorAll(selector)) {
        el.classList.remove("move-mark");
        el.classList.add("move-last");
        if (animate() && elapsed < FLASH_MS) {
          // A redraw mid-flash carries the flash on where it was.
          el.style.setProperty("animation-delay", `-${Math.round(elapsed)}ms`);
          el.classList.add("move-flash");
          el.addEventListener("animationend", () => el.classList.remove("move-flash"), { once: true });
        }
      }
    }
    root.dataset.moveMarks = String(earlier.size + latest.length);
    carryGlides();
  }

  /**
   * A redraw mid-glide (someone joins, a chat line, the clock) puts a new element where
   * the gliding one was: the glide goes on on the new one from where it had got to.
   */
  function carryGlides() {
    for (const [key, animation] of gliding) {
      const old = animation.effect.target;
      if (old.isConnected) continue;
      const el = [...root.querySelectorAll(pieces.selector)].find((piece) => piece.getAttribute(pieces.key) === key);
      if (!el) {
        gliding.delete(key);
        continue;
      }
      const { currentTime } = animation;
      animation.cancel();
      startGlide(el, key, animation.effect.getKeyframes()).currentTime = currentTime;
    }
  }

  function startGlide(el, key, keyframes) {
    el.classList.add("move-gliding");
    const animation = el.animate(keyframes, { duration: GLIDE_MS, easing: "ease-in-out" });
    gliding.set(key, animation);
    animation.finished.then(
      () => {
        el.classList.remove("move-gliding");
        if (gliding.get(key) === animation) gliding.delete(key);
      },
      () => {},
    );
    return animation;
  }

  // The game redraws its parts on every click and view: put the marks back each time.
  new MutationObserver(paint).observe(root, { childList: true, subtree: true });

  function places() {
    if (!pieces || !animate()) return null;
    return new Map([...root.querySelectorAll(pieces.selector)].map((el) => [el.getAttribute(pieces.key), centre(el)]));
  }

  function glide(before) {
    if (!before) return;
    for (const el of root.querySelectorAll(pieces.selector)) {
      const was = before.get(el.getAttribute(pieces.key));
      if (!was) continue;
      const now = centre(el);
      const scale = scaleOf(el);
      const dx = (was.x - now.x) / scale;
      const dy = (was.y - now.y) / scale;
      if (Math.hypot(dx, dy) * scale < 2) continue;
      gliding.get(el.getAttribute(pieces.key))?.cancel();
      startGlide(el, el.getAttribute(pieces.key), [{ transform: `translate(${dx}px, ${dy}px)` }, { transform: "translate(0, 0)" }]);
    }
  }

  function mark(selectors) {
    for (const selector of latest) earlier.add(selector);
    latest = selectors;
    for (const selector of latest) earlier.delete(selector);
    flashFrom = performance.now();
  }

  function clear() {
    earlier = new Set();
    latest = [];
  }

  /** A spectator never acts: their marks start again with each new player's move. */
  function forSpectators(change, view) {
    const actor = addedEntries(change.before, view).find((entry) => Number.isInteger(entry.seat))?.seat;
    if (actor === undefined) return;
    if (seat === null && actor !== lastActor) clear();
    lastActor = actor;
  }

  /** An act's changes become the latest marks. */
  function remember({ state, change }) {
    forSpectators(change, state.view);
    mark(changeMarks(change.ops, change.before, state.view, game));
  }

  function say(change, view) {
    const text = words(addedEntries(change.before, view), view);
    if (text) spoken.textContent = text;
  }

  function next() {
    timer = null;
    // Acts piling up (a tab in the background, a burst of bots): the oldest land at once,
    // marked, and the latest few are shown in turn.
    while (queue.length > BACKLOG) remember(queue.shift());
    const item = queue.shift();
    if (!item) return;
    const { state, change, render } = item;
    const before = places();
    remember(item);
    render(state);
    paint();
    glide(before);
    say(change, state.view);
    timer = setTimeout(next, paced() ? STEP_MS : 0);
  }

  /** Draw `state` now (a sync, the player's own act), or after the acts before it. */
  function show(state, change, render) {
    if (change && !isOwn(change, state.view, seat)) {
      queue.push({ state, change, render });
      if (timer === null) next();
      return;
    }
    // The newest view overtakes every act still waiting to be shown; their marks stay.
    queue.splice(0).forEach(remember);
    clearTimeout(timer);
    timer = null;
    if (change) clear();
    render(state);
    paint();
  }

  return { show, paint };
}
