// On a narrow screen the site menu folds behind one "☰" button, so a phone's first
// screen is the page, not the header; site.css shows the links on wider screens
// whatever the button's state. Loaded right after the menu, before it is painted;
// without it the links stay in the header.
(() => {
  const menu = document.currentScript?.previousElementSibling;
  const button = menu?.querySelector(".menu-button");
  if (!button) return;
  const show = (open) => {
    menu.classList.toggle("unfolded", open);
    button.setAttribute("aria-expanded", String(open));
  };
  menu.classList.add("foldable");
  button.hidden = false;
  button.addEventListener("click", () => show(!menu.classList.contains("unfolded")));
  // An open menu folds again on a tap elsewhere, or on Escape (back to its button).
  document.addEventListener("click", (event) => {
    if (!menu.contains(event.target)) show(false);
  });
  document.addEventListener("keydown", (event) => {
    if (event.key === "Escape" && menu.classList.contains("unfolded")) {
      show(false);
      button.focus();
    }
  });
})();
