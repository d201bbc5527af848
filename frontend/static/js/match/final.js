// Shown to every seat and spectator once the game is over: each player's rating change
// ("1512 → 1527, +15"), the replay and the record, and the revealed deal, checked here.
import { h, redraw } from "./dom.js";
import { checkInBrowser } from "./deal.js";
import { gettext } from "./i18n.js";
import { seatMark } from "./seats.js";

function signed(delta) {
  return delta > 0 ? `+${delta}` : delta < 0 ? `−${-delta}` : "±0";
}

/** "1512 → 1527, +15" (a provisional rating is marked "?"). */
export function ratingChange(change) {
  const mark = change.provisional ? "?" : "";
  return `${change.before} → ${change.after}${mark}, ${signed(change.delta)}`;
}

function changes(ratings, names) {
  return h("ul", { class: "rating-changes" }, ratings.map((change) =>
    h("li", { "data-seat": String(change.seat) },
      h("span", { class: `who seat-text-${change.seat}` }, seatMark(change.seat, 14), change.name ?? names[change.seat] ?? "?"),
      ": ",
      h("span", { class: change.delta > 0 ? "rating-up" : change.delta < 0 ? "rating-down" : "" }, ratingChange(change)))));
}

/** One line: "Deal verified ✓" once this browser has hashed the revealed seed again (the
 * server's word until then), the commitment, salt and seed folded under it. */
function deal(match) {
  const verdict = h("span", { class: "deal-verdict" }, gettext("Deal revealed"));
  const check = h("p", {
    class: "muted",
    hidden: true,
    "data-ok": gettext("Your browser hashed the salt and seed again: it matches."),
    "data-bad": gettext("Your browser hashed the salt and seed again: it does NOT match."),
  });
  checkInBrowser(check, { seed: match.end.seed, salt: match.end.salt, commitment: match.commitment }).then((ok) => {
    if (ok === null) return;
    verdict.textContent = ok ? gettext("Deal verified ✓") : gettext("Deal does NOT match ✗");
    verdict.classList.add(ok ? "ok" : "bad");
  });
  return h("details", { class: "fair-deal" },
    h("summary", {}, verdict, h("span", { class: "muted" }, gettext("details"))),
    h("dl", {},
      h("dt", {}, gettext("Commitment (SHA-256)")), h("dd", {}, h("code", {}, match.commitment ?? "–")),
      h("dt", {}, gettext("Salt")), h("dd", {}, h("code", {}, match.end.salt ?? "–")),
      h("dt", {}, gettext("Seed")), h("dd", {}, h("code", {}, match.end.seed))),
    check);
}

// What each end panel was last drawn from, by its container.
const drawnFrom = new WeakMap();

/** Redraw `container` with `build()` unless it was last drawn from the same `key`: once
 * a game is over, later frames change nothing in what its end shows. */
function drawFor(container, key, build) {
  if (drawnFrom.get(container) === key) return;
  drawnFrom.set(container, key);
  redraw(container, build());
}

/** Fill `container` with what the end brings besides the game's own result: rating
 * changes, the replay and the record, and the deal's check. Games show it under their
 * result (api.endPanel). */
export function renderFinal(container, match, names) {
  const end = match?.end;
  container.hidden = !end;
  if (!end) return;
  const ratings = end.ratings ?? [];
  drawFor(container, JSON.stringify([end, names]), () => [
    h("h3", { class: "panel-title", id: "match-final-title" }, ratings.length ? gettext("Rating changes") : gettext("Ratings")),
    ratings.length ? changes(ratings, names) : h("p", { class: "muted" }, match.rated ? gettext("No ratings changed.") : gettext("A casual game: no ratings change.")),
    h("p", { class: "final-links" },
      h("a", { class: "button small", href: end.replay }, gettext("Watch the replay")),
      h("a", { class: "button small secondary", href: end.record, download: "" }, gettext("Download the game record"))),
    match.commitment && end.salt ? deal(match) : null]);
}

/** Draw a game's end screen (`build()`) into `container`, or empty it while the game is
 * on, again only when what it shows changes: the result, the end's facts, the names. The
 * table redraws on every presence frame, and an end screen drawn again took the reader's
 * focus and place with it. */
export function drawEnd(container, result, match, names, build) {
  const key = result ? JSON.stringify([result, match?.end ?? null, names]) : "";
  drawFor(container, key, () => (result ? build() : ""));
}

/** The result's scores in seat order, each with its `place` (1 = won) as the server's
 * places say (match.end.places, spacemission/matches/places.py): a seat given up places
 * below every finisher, as on the profile, the record and the ratings. */
export function ranked(result, match) {
  const place = match?.end?.places ?? [];
  return result.scores.map((x) => ({ ...x, place: place[x.seat] ?? null }));
}

/** Whether the best total is shared, so that a tiebreak (or nothing) decided the win. */
export function tiedAtTop(result) {
  const best = Math.max(...result.scores.map((x) => x.total ?? 0));
  return result.scores.filter((x) => (x.total ?? 0) === best).length > 1;
}

/** The table row of places above a result table's columns ("Place: 1 2 2"). */
export function placeRow(scores) {
  return h("tr", { class: "place-row" }, h("th", { scope: "row" }, gettext("Place")),
    scores.map((x) => h("td", { class: x.place === 1 && "winner" }, x.place === null ? "–" : String(x.place))));
}
