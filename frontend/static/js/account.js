// The settings page's notification settings: ask the browser's permission from a click
// (ticking "browser notifications", or the button), and try the sound.
import { askPermission, permission, playTone, unlockSound } from "./notify.js";

const form = document.getElementById("settings");

function showPermission() {
  const box = form.querySelector(".notice-permission");
  const button = document.getElementById("notice-permission");
  const state = box.querySelector(".notice-permission-state");
  const now = permission();
  button.hidden = now !== "default";
  state.textContent = box.dataset[now] ?? "";
}

if (form) {
  const browser = form.querySelector("[name=notice_browser]");
  const sound = form.querySelector("[name=notice_sound]");
  const ask = async () => {
    await askPermission();
    showPermission();
  };
  document.getElementById("notice-permission").addEventListener("click", ask);
  browser?.addEventListener("change", () => {
    if (browser.checked) ask();
  });
  sound?.addEventListener("change", () => {
    unlockSound();
    if (sound.checked) setTimeout(playTone, 50);
  });
  showPermission();
}
