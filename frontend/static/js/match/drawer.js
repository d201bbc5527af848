// On a phone or tablet the log and the chat wait in a drawer, one tap away from the tabs
// at the bottom of the screen (on a wide screen they stand beside the table and the tabs
// are not shown). Escape or the open tab again closes it.

/** Wire the tabs of `root` (the #match section) to open one side panel at a time. */
export function createDrawer(root) {
  const tabs = [...root.querySelectorAll(".side-tab")];
  const open = (side) => {
    root.dataset.side = side ?? "";
    for (const tab of tabs) tab.setAttribute("aria-expanded", String(tab.dataset.side === side));
    if (side) document.getElementById(tab(side).getAttribute("aria-controls"))?.querySelector("ol, input")?.focus();
  };
  const tab = (side) => tabs.find((t) => t.dataset.side === side);
  for (const t of tabs) t.addEventListener("click", () => open(root.dataset.side === t.dataset.side ? null : t.dataset.side));
  document.addEventListener("keydown", (event) => {
    if (event.key === "Escape" && root.dataset.side) {
      const was = root.dataset.side;
      open(null);
      tab(was)?.focus();
    }
  });
  open(null);
}
