// On a phone or tablet the log and the chat wait in a drawer, one tap away from the tabs
// in the table's bar (on a wide screen they stand beside the table and the tabs are not
// shown); the table's links and facts wait behind its menu button the same way. Escape,
// the drawer's close button or the open tab again closes it.

/** Wire the tabs of `root` (the #match section) to open one side panel at a time. */
export function createDrawer(root) {
  const tabs = [...root.querySelectorAll(".side-tab")];
  const tab = (side) => tabs.find((t) => t.dataset.side === side);
  const open = (side) => {
    if (side) closePopups(root);
    root.dataset.side = side ?? "";
    for (const t of tabs) t.setAttribute("aria-expanded", String(t.dataset.side === side));
    if (side) document.getElementById(`match-${side}`)?.querySelector("ol, input")?.focus();
  };
  const close = () => {
    const was = root.dataset.side;
    open(null);
    tab(was)?.focus();
  };
  for (const t of tabs) t.addEventListener("click", () => open(root.dataset.side === t.dataset.side ? null : t.dataset.side));
  root.querySelector(".side-close")?.addEventListener("click", close);
  const menu = createMenu(root);
  // The deal's words fold again on a tap anywhere else.
  document.addEventListener("click", (event) => {
    const seal = root.querySelector(".deal-seal[open]");
    if (seal && !seal.contains(event.target)) seal.removeAttribute("open");
  });
  document.addEventListener("keydown", (event) => {
    if (event.key !== "Escape") return;
    if (root.dataset.side) close();
    else menu.close();
  });
  open(null);
}

/** One thing open at a time: the deal's words and the menu close for a drawer. */
function closePopups(root) {
  root.querySelector(".deal-seal")?.removeAttribute("open");
  if (root.hasAttribute("data-menu")) {
    root.removeAttribute("data-menu");
    root.querySelector(".menu-toggle")?.setAttribute("aria-expanded", "false");
  }
}

/** The menu button shows and hides the table's links on a narrow screen. */
function createMenu(root) {
  const toggle = root.querySelector(".menu-toggle");
  const set = (shown) => {
    toggle?.setAttribute("aria-expanded", String(shown));
    root.toggleAttribute("data-menu", shown);
  };
  toggle?.addEventListener("click", () => {
    const shown = !root.hasAttribute("data-menu");
    if (shown) closePopups(root);
    set(shown);
  });
  return {
    close() {
      if (root.hasAttribute("data-menu")) {
        set(false);
        toggle.focus();
      }
    },
  };
}
