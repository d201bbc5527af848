// Tiny DOM builders. Text always goes in through text nodes, never through HTML parsing.

const SVG_NS = "http://www.w3.org/2000/svg";

function setAttrs(el, attrs) {
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === null || value === undefined || value === false) continue;
    if (key === "class") {
      // Nested lists too: a piece may add its caller's classes to its own.
      el.setAttribute("class", Array.isArray(value) ? value.flat(Infinity).filter(Boolean).join(" ") : value);
    } else if (key === "text") {
      el.textContent = String(value);
    } else if (key.startsWith("on") && typeof value === "function") {
      el.addEventListener(key.slice(2), value);
    } else {
      el.setAttribute(key, value === true ? "" : String(value));
    }
  }
}

function appendAll(el, children) {
  for (const child of children.flat(Infinity)) {
    if (child === null || child === undefined || child === false) continue;
    el.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
}

/** An HTML element: h("button", {class: "x", onclick}, "label"). */
export function h(tag, attrs = {}, ...children) {
  const el = document.createElement(tag);
  setAttrs(el, attrs);
  appendAll(el, children);
  return el;
}

/** An SVG element, same signature as h(). */
export function s(tag, attrs = {}, ...children) {
  const el = document.createElementNS(SVG_NS, tag);
  setAttrs(el, attrs);
  appendAll(el, children);
  return el;
}

/** Make a non-button element (e.g. an SVG group) act as a button for mouse and keyboard. */
export function asButton(el, label, onActivate) {
  el.setAttribute("role", "button");
  el.setAttribute("tabindex", "0");
  el.setAttribute("aria-label", label);
  el.addEventListener("click", onActivate);
  el.addEventListener("keydown", (event) => {
    if (event.key === "Enter" || event.key === " ") {
      event.preventDefault();
      onActivate(event);
    }
  });
  return el;
}

/**
 * Replace a container's children, keeping keyboard focus on the element with the same
 * `data-key` so redrawing from a new view never throws a keyboard user back to the top.
 */
export function redraw(container, ...children) {
  const active = document.activeElement;
  const key = active && container.contains(active) ? active.getAttribute("data-key") : null;
  container.replaceChildren();
  appendAll(container, children);
  if (key) {
    const again = container.querySelector(`[data-key="${CSS.escape(key)}"]`);
    if (again) again.focus({ preventScroll: true });
  }
}

/**
 * Like redraw(), but leaves the container alone when nothing in it would change, so a
 * live region is announced only when its words change.
 */
export function redrawIfChanged(container, ...children) {
  const next = document.createElement(container.tagName);
  appendAll(next, children);
  if (next.innerHTML !== container.innerHTML) container.replaceChildren(...next.childNodes);
}

/** Keep a scrolled list pinned to its end if the reader was already there. */
export function stickToBottom(list, change) {
  const atEnd = list.scrollHeight - list.scrollTop - list.clientHeight < 24;
  change();
  if (atEnd) list.scrollTop = list.scrollHeight;
}
