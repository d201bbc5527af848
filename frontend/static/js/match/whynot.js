// Why a control is closed: the rules send a reason code per closed action kind and
// option (`view.why_not`, keyed "kind" or "kind:id"); each game's module words it in the
// viewer's language, and this module shows the words on the control on hover, on focus
// and on tap. A closed control stays focusable (aria-disabled, not disabled), is
// described by its reason (aria-describedby) and never acts: a click or tap on it, or
// Enter or Space, shows the reason instead.
import { h } from "./dom.js";

const CLOSED = "[data-why-not]";

/** The reason for `key` ("jump", "jump:c05"), falling back to its kind's reason. */
export function reasonFor(view, key) {
  const reasons = view?.why_not ?? {};
  return reasons[key] ?? reasons[key.split(":")[0]] ?? null;
}

/**
 * A closed control's attributes, and `wrap(...children)`: its content (text in spans, so
 * a stylesheet can dim the content and not the tip) and the tip that says why. No
 * `text`: the control is open and both change nothing.
 */
export function closed(text, key) {
  if (!text) return { attrs: {}, wrap: (...children) => children };
  const id = `why-not-${String(key).replace(/[^A-Za-z0-9_-]/g, "-")}`;
  return {
    attrs: { "aria-disabled": "true", "aria-describedby": id, "data-why-not": "", tabindex: "0" },
    wrap: (...children) => [
      children.flat(Infinity).map((c) => (typeof c === "string" ? h("span", {}, c) : c)),
      // Hidden from the control's name; its description reads it all the same.
      h("span", { class: "why-not", id, role: "tooltip", "aria-hidden": "true" }, text),
    ],
  };
}

function show(target) {
  if (document.activeElement === target && target.classList.contains("why-shown")) {
    target.classList.remove("why-shown");
    target.blur();
    return;
  }
  target.classList.add("why-shown");
  // Focus keeps the tip open across redraws (they restore focus by data-key).
  target.focus({ preventScroll: true });
}

/** Clicks, taps and keys on closed controls under `root` show why instead of acting. */
export function guardClosed(root) {
  root.addEventListener("click", (event) => {
    const target = event.target.closest?.(CLOSED);
    if (!target || !root.contains(target)) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    show(target);
  }, true);
  root.addEventListener("keydown", (event) => {
    const target = event.target.closest?.(CLOSED);
    if (!target) return;
    if (event.key === "Escape") {
      target.blur();
    } else if (event.key === "Enter" || event.key === " ") {
      event.preventDefault();
      event.stopImmediatePropagation();
      show(target);
    }
  }, true);
}
