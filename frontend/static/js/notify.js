// "Your turn" signals the browser can give: a short tone and a system notification.
// Nothing here asks for permission by itself: askPermission() runs only from a click.

let audio = null;

/** The browser's notification permission: "granted", "denied", "default" or "unsupported". */
export function permission() {
  return "Notification" in window ? Notification.permission : "unsupported";
}

/** Ask once, from a user's click; resolves to the new permission. */
export async function askPermission() {
  if (permission() !== "default") return permission();
  try {
    return await Notification.requestPermission();
  } catch {
    return permission();
  }
}

/** Browsers start audio only after the page was touched: call from any click or key. */
export function unlockSound() {
  if (audio === null && "AudioContext" in window) audio = new AudioContext();
  if (audio?.state === "suspended") audio.resume();
}

/** Two short soft notes (WebAudio, no file); silent until the page was touched once. */
export function playTone() {
  if (audio === null || audio.state !== "running") return false;
  const start = audio.currentTime + 0.01;
  [660, 880].forEach((frequency, index) => {
    const at = start + index * 0.16;
    const osc = audio.createOscillator();
    const gain = audio.createGain();
    osc.type = "sine";
    osc.frequency.value = frequency;
    gain.gain.setValueAtTime(0.0001, at);
    gain.gain.exponentialRampToValueAtTime(0.2, at + 0.02);
    gain.gain.exponentialRampToValueAtTime(0.0001, at + 0.14);
    osc.connect(gain).connect(audio.destination);
    osc.start(at);
    osc.stop(at + 0.15);
  });
  return true;
}

/** A system notification (when permitted); clicking it brings the tab forward. */
export function notify(title, body, tag) {
  if (permission() !== "granted") return null;
  const note = new Notification(title, { body, tag });
  note.addEventListener("click", () => {
    window.focus();
    note.close();
  });
  return note;
}
