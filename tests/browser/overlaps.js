// What overlaps on the page now: read by tests/browser/test_layout.py, run in the page.
// Every control is scrolled into view and must be the topmost element at its centre; the
// game and the log column must not overlap; nothing may scroll sideways.
(() => {
    const problems = [];
    const name = (el) => el ? `${el.tagName.toLowerCase()}.${String(el.className?.baseVal ?? el.className).split(" ")[0]}`
        + ` "${(el.getAttribute("aria-label") || el.textContent || "").trim().slice(0, 30)}"` : "nothing";
    const shown = (el) => {
        const r = el.getBoundingClientRect();
        return r.width > 0 && r.height > 0 && getComputedStyle(el).visibility !== "hidden";
    };
    const press = "button, a[href], input, select, textarea, summary, [role=button], [tabindex='0']";
    for (const el of document.querySelectorAll(press)) {
        if (!shown(el)) continue;
        el.scrollIntoView({ block: "center", inline: "center" });
        const r = el.getBoundingClientRect();
        const x = Math.min(Math.max(r.left + r.width / 2, 0), innerWidth - 1);
        const y = Math.min(Math.max(r.top + r.height / 2, 0), innerHeight - 1);
        const top = document.elementFromPoint(x, y);
        if (!top || !(el === top || el.contains(top) || top.contains(el))) {
            problems.push(`${name(el)} lies under ${name(top)}`);
        }
    }
    window.scrollTo(0, 0);
    const game = document.getElementById("game-root").getBoundingClientRect();
    const side = document.querySelector(".match-side").getBoundingClientRect();
    const apart = game.right <= side.left + 1 || side.right <= game.left + 1
        || game.bottom <= side.top + 1 || side.bottom <= game.top + 1;
    if (!apart) problems.push("the game and the log column overlap");
    const root = document.getElementById("game-root");
    if (root.scrollWidth > root.clientWidth + 1) problems.push(`the game is ${root.scrollWidth - root.clientWidth}px wider than its column`);
    const sideways = document.documentElement.scrollWidth - document.documentElement.clientWidth;
    if (sideways > 0) problems.push(`the page scrolls ${sideways}px sideways`);
    return problems;
})
