// BlaBla at the table: draws the per-seat view and turns clicks into legal actions.
// Entry point for the match shell: createTable(root, api) → { render(snapshot) }.
import { h, redraw, redrawIfChanged } from "../../js/match/dom.js";
import { drawEnd } from "../../js/match/final.js";
import { gettext } from "../../js/match/i18n.js";
import { seatNames } from "../../js/match/seats.js";
import { boardSvg } from "./board.js";
import { emptyPicks, movesFor, pickCard } from "./choices.js";
import { banner, controls, lastFight } from "./controls.js";
import { reasonText } from "./labels.js";
import { legend } from "./legend.js";
import { boostPanel, knowledgePanel, pilePanel, playersPanel } from "./panels.js";
import { endScreen } from "./result.js";

const RETRIES = 3;

/** Where the board pans (a phone), bring `seat`'s ship into the middle once. */
function centreOn(area, seat) {
  const ship = area.querySelector(`[data-ship="${seat}"]`);
  if (!ship || getComputedStyle(area).overflowX !== "auto") return false; // not panning (yet)
  if (area.scrollWidth > area.clientWidth || area.scrollHeight > area.clientHeight) {
    const box = ship.getBoundingClientRect();
    const frame = area.getBoundingClientRect();
    area.scrollLeft += box.left + box.width / 2 - (frame.left + frame.width / 2);
    area.scrollTop += box.top + box.height / 2 - (frame.top + frame.height / 2);
  }
  return true;
}

export function createTable(root, api) {
  const parts = {
    end: h("div", { class: "bb-end" }),
    turn: h("div", { class: "bb-turn", "aria-live": "polite" }),
    fight: h("div", { class: "bb-fight-area", "aria-live": "polite" }),
    controls: h("section", { class: "bb-controls panel", "aria-label": gettext("Your move") }),
    // On a phone the board pans in its window: a keyboard can pan it too.
    board: h("div", { class: "bb-board-area", tabindex: "0", role: "region", "aria-label": gettext("The board") }),
    players: h("section", { class: "bb-players-panel panel", "aria-label": gettext("Players") }),
    pile: h("section", { class: "bb-pile-panel panel", "aria-label": gettext("Open pile") }),
    boost: h("section", { class: "bb-boost-panel panel", "aria-label": gettext("Boost") }),
    knows: h("section", { class: "bb-knows panel", "aria-label": gettext("What you know") }),
    legend: h("div", { class: "bb-legend-area" }),
  };
  const table = h("div", { class: "bb-table" },
    parts.end,
    h("div", { class: "bb-main" }, parts.turn, parts.board),
    h("div", { class: "bb-side" }, parts.controls, parts.fight, parts.players, parts.pile, parts.boost, parts.knows, parts.legend));
  root.replaceChildren(table);
  root.removeAttribute("aria-busy");

  let snapshot = null;
  let picks = emptyPicks();
  let heldVersion = null;
  let busy = false;
  let refusal = null;
  let centred = false;
  // The board starts to pan when the screen narrows (or its stylesheet arrives): bring the
  // reader's ship into sight then.
  new ResizeObserver(() => {
    if (snapshot) centred = centreOn(parts.board, api.seat ?? view().turn);
  }).observe(parts.board);

  const view = () => snapshot.view;
  const legal = () => view().legal ?? [];
  // A replay shows a seat's view but offers none of its actions.
  const actor = () => (api.readOnly ? null : api.seat);

  function send(action, tries = 0) {
    if (!action || busy) return;
    busy = true;
    refusal = null;
    draw();
    api.act(action).then(
      () => {
        busy = false;
        picks = emptyPicks();
        draw();
      },
      (error) => {
        busy = false;
        if (error.code === "stale_version" && tries < RETRIES) {
          // Another seat's act (a fighter's bid) landed first: try again if still open.
          setTimeout(() => {
            if (legal().some((a) => JSON.stringify(a) === JSON.stringify(action))) send(action, tries + 1);
          }, 0);
          return;
        }
        refusal = reasonText({ code: error.code }) || error.message || gettext("The action was refused.");
        api.announce(refusal);
        draw();
      },
    );
  }

  const on = {
    send,
    card(id) {
      refusal = null;
      picks = pickCard(picks, view().players[api.seat].hand, id);
      draw();
    },
    sign(sign) {
      picks = { ...picks, sign };
      draw();
    },
    toggleSecure(id) {
      const chosen = picks.secure.includes(id) ? picks.secure.filter((c) => c !== id) : [...picks.secure, id];
      picks = { ...picks, secure: chosen };
      draw();
    },
    swapPick(role, id) {
      picks = { ...picks, [role]: picks[role] === id ? null : id };
      draw();
    },
  };

  function onSquare(square) {
    const hand = view().players[api.seat].hand;
    const move = movesFor(legal(), hand, picks).find((m) => m.to === square);
    if (move) send(move);
    else {
      refusal = reasonText({ code: "unreachable" });
      draw();
    }
  }

  function reachable() {
    const v = view();
    if (api.seat === null || v.step?.kind !== "act" || !legal().length) return new Set();
    return new Set(movesFor(legal(), v.players[api.seat].hand, picks).map((m) => m.to));
  }

  function draw() {
    const v = view();
    const names = seatNames(snapshot.match);
    table.setAttribute("aria-busy", busy ? "true" : "false");
    const over = Boolean(v.result);
    drawEnd(parts.end, over ? v.result : null, snapshot.match, names,
      () => endScreen(v, names, api.lobbyUrl, snapshot.match, api.endPanel));
    redrawIfChanged(parts.turn, banner(v, names, actor()));
    redrawIfChanged(parts.fight, over ? "" : lastFight(v, names));
    redraw(parts.board, boardSvg(v, {
      names, reach: reachable(), onSquare, chooseStack: (key) => send({ type: "stack", stack: key }),
    }));
    if (!centred) centred = centreOn(parts.board, api.seat ?? v.turn);
    const asked = !over && actor() !== null && legal().length > 0;
    redraw(parts.controls, asked ? controls({
      view: v, legal: legal(), picks, on, names, mySeat: api.seat, busy, refusal, endsWithLast: Boolean(api.endTurnWithLast),
    }) : "");
    parts.controls.hidden = !asked;
    redraw(parts.players, playersPanel(v, { names, mySeat: api.seat, presence: snapshot.presence, match: snapshot.match }));
    redraw(parts.pile, pilePanel(v));
    redraw(parts.boost, boostPanel(v));
    // The legend's ship wears the seat's set; drawn once, so an open legend stays open.
    if (!parts.legend.firstChild) parts.legend.append(legend(api.seat, v.players[api.seat ?? 0]?.set));
    const knows = knowledgePanel(v, names);
    redraw(parts.knows, knows);
    parts.knows.hidden = !knows.length;
  }

  return {
    render(next) {
      snapshot = next;
      if (next.version !== heldVersion) {
        heldVersion = next.version;
        if (!busy) {
          const still = new Set(legal().map((a) => a.type));
          if (!still.has("move") && !still.has("secure") && !still.has("propose")) picks = emptyPicks();
        }
      }
      draw();
    },
  };
}
