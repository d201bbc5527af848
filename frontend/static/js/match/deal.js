// Checks a revealed deal in the browser: SHA-256 of the salt's 32 bytes followed by the
// seed's 8 bytes big-endian must be the commitment shown at the start (docs/fair-deals.md).

function hexBytes(hex) {
  const bytes = new Uint8Array(hex.length / 2);
  for (let i = 0; i < bytes.length; i += 1) bytes[i] = parseInt(hex.slice(2 * i, 2 * i + 2), 16);
  return bytes;
}

/** The commitment of `seed` (a decimal string) and `salt` (64 hex digits), as hex. */
export async function commitment(seed, salt) {
  const message = new Uint8Array(40);
  message.set(hexBytes(salt), 0);
  new DataView(message.buffer).setBigUint64(32, BigInt(seed), false);
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", message));
  return [...digest].map((b) => b.toString(16).padStart(2, "0")).join("");
}

/** Fill `output` (with data-ok/data-bad texts) with what the browser found, if it can hash. */
export async function checkInBrowser(output, { seed, salt, commitment: committed }) {
  if (!output || !salt || !committed || !globalThis.crypto?.subtle) return null;
  const ok = (await commitment(seed, salt)) === committed.toLowerCase();
  output.textContent = ok ? output.dataset.ok : output.dataset.bad;
  output.classList.toggle("bad", !ok);
  output.hidden = false;
  return ok;
}
