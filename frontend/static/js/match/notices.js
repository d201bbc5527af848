// "Your turn" notices at the table: the tab's title and favicon badge always; a tone and
// a system notification (while the tab is hidden) as the player's settings say. The
// browser's permission is asked for only from the player's click on the offer button.
import { gettext, interpolate } from "./i18n.js";
import { askPermission, notify, permission, playTone, unlockSound } from "../notify.js";

const ASKED_KEY = "notices-asked";

function swapFavicon(waiting) {
  const icon = document.getElementById("favicon");
  if (!icon) return;
  icon.dataset.idle ??= icon.getAttribute("href");
  icon.setAttribute("href", waiting ? icon.dataset.turn : icon.dataset.idle);
}

function offerPermission(button) {
  const asked = () => {
    try {
      return window.localStorage.getItem(ASKED_KEY) === "1";
    } catch {
      return false;
    }
  };
  if (!button || permission() !== "default" || asked()) return;
  button.hidden = false;
  button.addEventListener("click", async () => {
    button.hidden = true;
    try {
      window.localStorage.setItem(ASKED_KEY, "1");
    } catch {
      // private mode: the browser's own answer is remembered anyway
    }
    await askPermission();
  });
}

/** settings: {sound, browser}; `update(waiting, table)` after every view. */
export function createTurnNotices({ settings, seat, permissionButton }) {
  const baseTitle = document.title;
  let waiting = null; // null until the first view: opening the page is no new turn
  const wants = settings ?? { sound: false, browser: false };
  if (seat !== null && wants.browser) offerPermission(permissionButton);
  if (wants.sound) {
    for (const kind of ["pointerdown", "keydown"]) document.addEventListener(kind, unlockSound, { once: true });
  }

  return {
    update(now, tableName) {
      const turn = seat !== null && now;
      document.title = turn ? `▶ ${gettext("Your turn")} · ${baseTitle}` : baseTitle;
      swapFavicon(turn);
      if (turn && waiting === false) {
        if (wants.sound) playTone();
        if (wants.browser && document.hidden) {
          notify(gettext("Your turn"), interpolate(gettext("%s waits for your move."), [tableName]), "turn");
        }
      }
      waiting = turn;
    },
  };
}
