// Table chat. Every line is text, inserted with textContent.
import { h, stickToBottom } from "./dom.js";
import { gettext } from "./i18n.js";
import { seatMark } from "./seats.js";

const KEEP_LINES = 300;
const MAX_LENGTH = 500;

function timeOf(iso) {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return "";
  return date.toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" });
}

export function createChat(root, { send, canChat }) {
  const list = h("ol", { class: "chat-lines", "aria-live": "polite", "aria-relevant": "additions" });
  const input = h("input", {
    type: "text",
    name: "text",
    maxlength: MAX_LENGTH,
    autocomplete: "off",
    placeholder: gettext("Say something to the table"),
    "aria-label": gettext("Chat message"),
  });
  const button = h("button", { type: "submit", class: "button" }, gettext("Send"));
  const form = h("form", { class: "chat-form" }, input, button);
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    const text = input.value.trim();
    if (!text) return;
    if (send(text)) input.value = "";
  });
  if (!canChat) {
    input.disabled = true;
    button.disabled = true;
    input.placeholder = gettext("Log in to chat");
  }
  root.replaceChildren(h("h2", { class: "panel-title" }, gettext("Chat")), list, form);

  function line(frame) {
    const who = frame.seat === null || frame.seat === undefined
      ? h("span", { class: "chat-name spectator" }, frame.name)
      : h("span", { class: `chat-name seat-text-${frame.seat}` }, seatMark(frame.seat, 12), frame.name);
    return h(
      "li",
      { class: "chat-line" },
      h("time", { datetime: frame.at }, timeOf(frame.at)),
      " ",
      who,
      " ",
      h("span", { class: "chat-text" }, frame.text),
    );
  }

  function trim() {
    while (list.children.length > KEEP_LINES) list.firstElementChild.remove();
  }

  return {
    add(frame) {
      stickToBottom(list, () => {
        list.append(line(frame));
        trim();
      });
    },
    replace(lines) {
      list.replaceChildren(...lines.map(line));
      trim();
      list.scrollTop = list.scrollHeight;
    },
  };
}
