"""Debian's Chromium as the browser tests launch it (never a downloaded build).

The flags keep a headless Chromium running as root from reaching for the network, which
this machine's closed network refuses many times a second otherwise.
"""

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
]
