// Pieces every game's player panel shows the same way: a figure and the seat's connection.
import { h } from "./dom.js";
import { gettext } from "./i18n.js";

/** One labelled figure (a <dt>/<dd> pair in a <div>, for a <dl>). */
export function stat(label, value, cls) {
  return h("div", { class: ["stat", cls] }, h("dt", {}, label), h("dd", {}, String(value)));
}

/** "bot", "connected" or "not connected" for `seat`, from the match facts and presence. */
export function connection(seat, match, presence) {
  const info = match?.seats?.find((x) => x.seat === seat);
  if (info?.resigned) return h("span", { class: "presence bot" }, gettext("resigned · bot"));
  if (info?.away) return h("span", { class: "presence stand-in" }, info.bot ? gettext("away · bot") : gettext("away"));
  if (info?.bot) return h("span", { class: "presence bot" }, gettext("bot"));
  const online = presence.connected.includes(seat);
  return h("span", { class: ["presence", online ? "online" : "away"] },
    online ? gettext("connected") : gettext("not connected"));
}
