// Translation helpers over Django's JavaScript catalog (/jsi18n/).
// The names match Django's so `makemessages -d djangojs` finds every string.

const CATALOG_URL = "/jsi18n/";

/** Load the catalog once, unless the page already has it. Never fails: English stays. */
export function loadCatalog() {
  if (typeof globalThis.gettext === "function") return Promise.resolve();
  return new Promise((resolve) => {
    const script = document.createElement("script");
    script.src = CATALOG_URL;
    script.onload = () => resolve();
    script.onerror = () => resolve();
    document.head.append(script);
  });
}

export function gettext(msgid) {
  return typeof globalThis.gettext === "function" ? globalThis.gettext(msgid) : msgid;
}

export function ngettext(singular, plural, count) {
  if (typeof globalThis.ngettext === "function") return globalThis.ngettext(singular, plural, count);
  return count === 1 ? singular : plural;
}

/** Django's interpolate: positional `%s` from an array, or named `%(name)s` from an object. */
export function interpolate(fmt, values, named = false) {
  if (typeof globalThis.interpolate === "function") return globalThis.interpolate(fmt, values, named);
  if (named) return fmt.replace(/%\(\w+\)s/g, (m) => String(values[m.slice(2, -2)]));
  let i = 0;
  return fmt.replace(/%s/g, () => String(values[i++]));
}
