// Rematch at the end of a match: offer it, answer it, see the others' answers live, and
// move to the new table when everyone accepted (docs/protocol.md, "Rematch").
import { h, redraw } from "./dom.js";
import { gettext, interpolate } from "./i18n.js";

function answerLabel(answer) {
  if (answer === "accept") return gettext("accepted");
  if (answer === "decline") return gettext("declined");
  if (answer === "bot") return gettext("bot: accepts");
  return gettext("not answered yet");
}

function secondsLeft(offer) {
  return Math.max(0, Math.round((Date.parse(offer.expires) - Date.now()) / 1000));
}

function timeLeft(seconds) {
  if (seconds >= 3600) return interpolate(gettext("%s h"), [Math.ceil(seconds / 3600)]);
  const minutes = Math.floor(seconds / 60);
  return `${minutes}:${String(seconds % 60).padStart(2, "0")}`;
}

/**
 * root: the panel; seat: this page's seat (null: a spectator); send(type): a client frame;
 * go(url): move the page.
 */
export function createRematch(root, { seat, send, go }) {
  let offer = null;
  let finished = false;
  let names = [];
  let timer = null;

  const button = (key, label, type, kind = "") =>
    h("button", { type: "button", class: kind, "data-key": key, onclick: () => send(type) }, label);

  function answers() {
    return h("ul", { class: "rematch-answers" }, offer.seats.map((entry) =>
      h("li", { "data-seat": entry.seat, "data-answer": entry.answer ?? "none" },
        h("span", { class: "rematch-name" }, names[entry.seat] ?? "?"), " ",
        h("span", { class: "rematch-answer" }, answerLabel(entry.answer)))));
  }

  function pending() {
    const mine = offer.seats.find((entry) => entry.seat === seat);
    const asked = mine && mine.answer === null;
    const countdown = h("p", { class: "muted rematch-clock" });
    const tick = () => {
      countdown.textContent = interpolate(gettext("The offer is open for %s."), [timeLeft(secondsLeft(offer))]);
    };
    tick();
    timer = setInterval(tick, 1000);
    return [
      h("p", {}, interpolate(gettext("%s offers a rematch: same players, same options."), [names[offer.by] ?? "?"])),
      answers(),
      asked
        ? h("p", { class: "rematch-actions" },
          button("accept", gettext("Accept"), "rematch_accept"),
          button("decline", gettext("Decline"), "rematch_decline", "secondary"))
        : h("p", { class: "muted" }, gettext("Waiting for the other players…")),
      countdown,
    ];
  }

  function closed() {
    const decliner = offer.seats.find((entry) => entry.answer === "decline");
    const why = offer.status === "declined"
      ? interpolate(gettext("%s declined the rematch."), [names[decliner?.seat] ?? "?"])
      : gettext("The rematch offer timed out: not everyone answered.");
    return [h("p", { class: "rematch-closed" }, why), seat === null ? null : button("offer", gettext("Offer a rematch again"), "rematch_offer")];
  }

  function started() {
    const label = seat === null ? gettext("Watch the rematch") : gettext("Go to the new table");
    return [h("p", {}, gettext("The rematch has started.")), h("a", { class: "button", href: offer.url }, label)];
  }

  function render() {
    clearInterval(timer);
    const shown = finished && (seat !== null || offer !== null);
    root.hidden = !shown;
    if (!shown) return;
    let body;
    if (offer === null) body = [h("p", {}, gettext("Play again with the same players?")), button("offer", gettext("Rematch"), "rematch_offer")];
    else if (offer.status === "pending") body = pending();
    else if (offer.status === "started") body = started();
    else body = closed();
    redraw(root, h("h2", {}, gettext("Rematch")), body);
  }

  return {
    /** The match's state: over yet, and the seats' names. */
    update(isFinished, seatNames) {
      const changed = isFinished !== finished || seatNames.join("\n") !== names.join("\n");
      finished = isFinished;
      names = seatNames;
      if (changed) render();
    },
    /** The offer as a `sync` (live: false) or a `rematch` frame (live: true) has it. */
    offer(next, { live }) {
      offer = next;
      render();
      if (live && seat !== null && next?.status === "started" && next.url) go(next.url);
    },
  };
}
