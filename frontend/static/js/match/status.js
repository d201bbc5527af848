// Connection status, role banner and spectator count. A player who resigned is no
// spectator: their banner says they resigned and a bot plays their seat.
import { h } from "./dom.js";
import { gettext, interpolate, ngettext } from "./i18n.js";

export function createStatus(root, { seat, onRetry }) {
  const pill = h("span", { class: "conn-pill", "data-state": "connecting" }, gettext("Connecting…"));
  const retry = h("button", { type: "button", class: "button small", hidden: true, onclick: onRetry }, gettext("Reconnect now"));
  const watchers = h("span", { class: "watchers" });
  const role = seat === null
    ? h("span", { class: "role-banner spectator-banner" }, gettext("You are watching this table as a spectator."))
    : h("span", { class: "role-banner resigned-banner", hidden: true }, gettext("You resigned: a bot plays your seat to the end. You watch on, and may still offer or accept a rematch."));
  const live = h("span", { class: "visually-hidden", role: "status", "aria-live": "polite" });
  root.replaceChildren(role, h("span", { class: "conn" }, pill, retry), watchers, live);
  let countdown = null;
  let over = false;
  let current = "connecting";

  function say(text) {
    live.textContent = text;
  }

  return {
    connection(state, detail) {
      clearInterval(countdown);
      current = state;
      pill.dataset.state = state;
      pill.toggleAttribute("data-over", over);
      root.closest(".match")?.setAttribute("data-state", state);
      retry.hidden = state !== "offline";
      if (state === "live") {
        // A finished game is no longer live: the pill says it is over.
        pill.textContent = over ? gettext("Game over") : gettext("Live");
        say(gettext("Connected."));
      } else if (state === "connecting") {
        pill.textContent = gettext("Connecting…");
      } else if (state === "reconnecting") {
        pill.textContent = gettext("Reconnecting…");
      } else if (state === "closed") {
        pill.textContent = detail.code === 4004 ? gettext("This match does not exist.") : gettext("You may not watch this match.");
        say(pill.textContent);
      } else {
        const tick = () => {
          const seconds = Math.max(0, Math.ceil((detail.retryAt - Date.now()) / 1000));
          pill.textContent = interpolate(gettext("Offline — retrying in %s s"), [seconds]);
        };
        tick();
        countdown = setInterval(tick, 1000);
        say(gettext("Connection lost. Reconnecting."));
      }
    },
    /** The match has finished (or not): the pill stops saying "Live". */
    finished(isOver) {
      if (isOver === over) return;
      over = isOver;
      pill.toggleAttribute("data-over", over);
      if (current === "live") pill.textContent = over ? gettext("Game over") : gettext("Live");
    },
    /** This page's player resigned (or left): say so instead of offering any act. */
    resigned(isResigned) {
      if (seat === null || role.hidden === !isResigned) return;
      role.hidden = !isResigned;
      if (isResigned) say(role.textContent);
    },
    spectators(count) {
      watchers.textContent = interpolate(ngettext("%s spectator", "%s spectators", count), [count]);
    },
    notice(text) {
      say(text);
    },
  };
}
