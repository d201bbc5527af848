"""Whether this machine can run the several-hosts drills (the ``hosts`` marker)."""

from __future__ import annotations

import os
import secrets
import shutil
import subprocess

from tests.hosts.services import postgres_bin


def missing() -> str | None:
    """Why this machine cannot run the drills, or None."""
    if os.geteuid() != 0:
        return "network namespaces need root"
    for program in ("ip", "nginx", "redis-server", "runuser"):
        if shutil.which(program) is None:
            return f"{program} is not installed"
    if postgres_bin() is None:
        return "PostgreSQL's programs (initdb, pg_ctl) are not installed"
    probe = f"smprobe{secrets.token_hex(3)}"
    made = subprocess.run(["ip", "netns", "add", probe], capture_output=True, text=True)
    if made.returncode != 0:
        return f"this machine forbids network namespaces: {made.stderr.strip()}"
    subprocess.run(["ip", "netns", "del", probe], capture_output=True)
    return None
