// The site menu folds into one "☰" button on a narrow screen, so a phone's first screen
// is the page, not the header; wider screens show it open (site.css hides the button).
// Loaded right after the menu, before it is painted; without it the menu stays open.
(() => {
  const menu = document.currentScript?.previousElementSibling;
  if (!(menu instanceof HTMLDetailsElement)) return;
  menu.classList.add("foldable");
  const narrow = window.matchMedia("(max-width: 40rem)");
  const fit = () => {
    menu.open = !narrow.matches;
  };
  fit();
  narrow.addEventListener("change", fit);
  // A folded menu that was opened closes again on a tap elsewhere or Escape.
  const fold = () => {
    if (narrow.matches) menu.open = false;
  };
  document.addEventListener("click", (event) => {
    if (!menu.contains(event.target)) fold();
  });
  document.addEventListener("keydown", (event) => {
    if (event.key === "Escape" && menu.open && narrow.matches) {
      fold();
      menu.querySelector("summary").focus();
    }
  });
})();
