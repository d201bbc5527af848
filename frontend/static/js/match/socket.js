// The match websocket: versions, patches, acts, reconnects. See docs/protocol.md.
import { gettext } from "./i18n.js";
import { refusalWords } from "./refusals.js";
import { applyPatch } from "./patch.js";

const PING_EVERY_MS = 20000;
const SILENCE_LIMIT_MS = 50000;
const BACKOFF_BASE_MS = 500;
const BACKOFF_MAX_MS = 30000;
const ACT_ANSWER_MS = 15000;
// Close codes after which trying again cannot help (see spacemission/live/snapshot.py).
const FINAL_CLOSES = new Set([4003, 4004]);

/** Exponential back-off with full jitter: spread reconnects so a restart is no stampede. */
export function backoffDelay(attempt, random = Math.random) {
  const ceiling = Math.min(BACKOFF_MAX_MS, BACKOFF_BASE_MS * 2 ** attempt);
  return Math.round(ceiling / 2 + (random() * ceiling) / 2);
}

function socketUrl(path) {
  const url = new URL(path, window.location.href);
  url.protocol = url.protocol === "https:" ? "wss:" : "ws:";
  return url.href;
}

export class ActRefused extends Error {
  constructor(code, message) {
    super(message);
    this.code = code;
  }
}

/**
 * One match connection. `handlers` receive: status(state, detail), view(view, version,
 * match, change) (`change`: {ops, before, own} when a patch made the view, `own` when it
 * answers this connection's act; null for a sync), presence(frame), chat(line), chatHistory(lines), error(frame), clock(clock, now)
 * (the match's clock changed, by a `clock` frame or with a patch; `now` is the server's time it was sent at), rematch(offer,
 * {live}).
 */
export class MatchConnection {
  constructor(path, handlers) {
    this.url = socketUrl(path);
    this.handlers = handlers;
    this.version = null;
    this.view = null;
    this.match = null;
    this.attempt = 0;
    this.pending = new Map();
    this.sequence = 0;
    this.syncing = false;
    this.socket = null;
    this.retryTimer = null;
    this.pingTimer = null;
    this.lastHeard = 0;
    this.final = false;
    window.addEventListener("online", () => this.retryNow());
    document.addEventListener("visibilitychange", () => {
      if (document.visibilityState === "visible" && !this.isOpen()) this.retryNow();
    });
  }

  start() {
    this.connect();
  }

  isOpen() {
    return this.socket !== null && this.socket.readyState === WebSocket.OPEN;
  }

  connect() {
    clearTimeout(this.retryTimer);
    this.retryTimer = null;
    this.handlers.status(this.attempt === 0 ? "connecting" : "reconnecting", null);
    const socket = new WebSocket(this.url);
    this.socket = socket;
    socket.addEventListener("open", () => {
      this.lastHeard = Date.now();
      this.requestSync();
      this.startPings();
    });
    socket.addEventListener("message", (event) => {
      if (socket !== this.socket) return;
      this.lastHeard = Date.now();
      let frame;
      try {
        frame = JSON.parse(event.data);
      } catch {
        return;
      }
      this.receive(frame);
    });
    socket.addEventListener("close", (event) => {
      if (socket !== this.socket) return;
      this.detach();
      if (FINAL_CLOSES.has(event.code)) {
        this.final = true;
        this.handlers.status("closed", { code: event.code });
      } else {
        this.scheduleReconnect(event.code);
      }
    });
  }

  /** Forget the current socket; its late events are ignored from now on. */
  detach() {
    this.socket = null;
    this.syncing = false;
    this.stopPings();
  }

  scheduleReconnect(code) {
    const delay = backoffDelay(this.attempt);
    this.attempt += 1;
    this.handlers.status("offline", { retryAt: Date.now() + delay, code });
    this.retryTimer = setTimeout(() => this.connect(), delay);
  }

  /** Reconnect at once (the user asked, or the network came back). */
  retryNow() {
    if (this.socket !== null || this.final) return;
    this.connect();
  }

  startPings() {
    this.stopPings();
    this.pingTimer = setInterval(() => {
      if (Date.now() - this.lastHeard > SILENCE_LIMIT_MS) {
        // A half-open connection may take long to report its close: leave it now.
        const silent = this.socket;
        this.detach();
        silent?.close();
        this.scheduleReconnect(null);
        return;
      }
      this.send({ t: "ping" });
    }, PING_EVERY_MS);
  }

  stopPings() {
    clearInterval(this.pingTimer);
    this.pingTimer = null;
  }

  send(frame) {
    if (!this.isOpen()) return false;
    this.socket.send(JSON.stringify(frame));
    return true;
  }

  requestSync() {
    if (this.syncing) return;
    this.syncing = this.send({ t: "sync" });
  }

  receive(frame) {
    switch (frame.t) {
      case "sync":
        return this.onSync(frame);
      case "patch":
        return this.onPatch(frame);
      case "ack":
        return this.settle(frame.id, null);
      case "error":
        return this.onError(frame);
      case "presence":
        return this.handlers.presence(frame);
      case "chat":
        return this.handlers.chat(frame);
      case "clock":
        return this.onClock(frame);
      case "rematch":
        return this.handlers.rematch(frame.offer ?? null, { live: true });
      case "match":
        return this.onMatch(frame);
      default:
        return undefined;
    }
  }

  /** The match's public facts changed (the game ended: the deal and ratings revealed). */
  onMatch(frame) {
    if (!frame.match || typeof frame.match !== "object") return;
    this.match = frame.match;
    if (this.view !== null) this.handlers.view(this.view, this.version, this.match, null);
  }

  onSync(frame) {
    this.syncing = false;
    this.attempt = 0;
    this.version = frame.v;
    this.view = frame.view;
    this.match = frame.match;
    this.handlers.clock?.(frame.match?.clock ?? null, frame.now);
    this.handlers.status("live", null);
    if (Array.isArray(frame.chat)) this.handlers.chatHistory(frame.chat);
    this.handlers.view(this.view, this.version, this.match, null);
    this.handlers.rematch(frame.rematch ?? null, { live: false });
    this.resendPending();
  }

  /**
   * A patch turns this audience's view of version `v - 1` into `v`: view versions count
   * the changes to this view alone. The actor's own patch carries its act's `id`: the
   * act applied, whatever becomes of the patch (a sync on its way shows it too).
   */
  onPatch(frame) {
    this.applyPatch(frame);
    if (typeof frame.id === "string") this.settle(frame.id, null);
  }

  applyPatch(frame) {
    if (this.syncing || this.view === null) return;
    if (frame.v <= this.version) return; // already held
    if (frame.v !== this.version + 1) {
      this.requestSync();
      return;
    }
    const before = this.view;
    try {
      this.view = applyPatch(before, frame.ops);
    } catch {
      this.requestSync();
      return;
    }
    this.version = frame.v;
    if (this.view.phase === "over" && this.match) this.match = { ...this.match, status: "finished" };
    // The act that changed whose clock runs carries the new clock in its patch.
    if (frame.clock && this.match) this.match = { ...this.match, clock: frame.clock };
    const own = typeof frame.id === "string";
    this.handlers.view(this.view, this.version, this.match, { ops: frame.ops, before, own });
    if (frame.clock) this.handlers.clock?.(frame.clock, frame.now);
  }

  onClock(frame) {
    if (this.match) this.match = { ...this.match, clock: frame.clock };
    this.handlers.clock?.(frame.clock, frame.now);
  }

  onError(frame) {
    if (frame.id && this.pending.has(frame.id)) {
      this.settle(frame.id, new ActRefused(frame.code, refusalWords(frame.code) ?? gettext("The action was refused.")));
    } else {
      this.handlers.error(frame);
    }
  }

  settle(id, error) {
    const entry = this.pending.get(id);
    if (!entry) return;
    this.pending.delete(id);
    clearTimeout(entry.timer);
    if (error) entry.reject(error);
    else entry.resolve();
  }

  /**
   * After a (re)sync: an act still at the current view version never arrived, so send it
   * again with the same id (the server applies it at most once); one at an older version
   * was either applied (the actor's view always changes) or overtaken, and the fresh view
   * already shows which.
   */
  resendPending() {
    for (const [id, entry] of this.pending) {
      if (entry.frame.v === this.version) this.send(entry.frame);
      else this.settle(id, null);
    }
  }

  /** Take an action; resolves on `ack`, rejects with ActRefused on `error`. */
  act(action) {
    this.sequence += 1;
    const id = `a${this.sequence}-${Math.random().toString(36).slice(2, 8)}`;
    const frame = { t: "act", id, v: this.version, action };
    return new Promise((resolve, reject) => {
      // An act the server never answers must not leave the table waiting forever: give
      // up, and let a fresh view show whether it happened.
      const timer = setTimeout(() => {
        this.settle(id, new ActRefused("no_answer", gettext("The server did not answer. Please try again.")));
        this.syncing = false;
        this.requestSync();
      }, ACT_ANSWER_MS);
      this.pending.set(id, { frame, resolve, reject, timer });
      this.send(frame);
    });
  }

  chat(text) {
    return this.send({ t: "chat", text });
  }

  /** A seat frame (`back`, `resign`, `vote`): answered by a fresh `sync`, or an `error`. */
  seatFrame(frame) {
    return this.send(frame);
  }

  /** A rematch frame: rematch_offer, rematch_accept or rematch_decline. */
  rematch(type) {
    return this.send({ t: type });
  }
}
