"""CPU time from /proc: one process's, and that of the services a benchmark's server leans
on (the PostgreSQL processes that serve its database, and Redis)."""

from __future__ import annotations

import os
import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path

TICKS_PER_SECOND = os.sysconf("SC_CLK_TCK")
# A backend's title names its client: "… user database 127.0.0.1(5432) idle", or [local].
_CLIENT = re.compile(r"\S+\(\d+\)|\[local\]")


@dataclass(frozen=True)
class Process:
    """One process as /proc shows it: its name, its title, and CPU ticks used so far."""

    pid: int
    comm: str
    cmdline: str
    ticks: int


def parse_stat(text: str) -> tuple[str, int]:
    """The command name and the user plus system ticks of a ``/proc/<pid>/stat`` line (the
    name may hold spaces and parentheses: it ends at the last one)."""
    head, _, rest = text.rpartition(")")
    fields = rest.split()  # from the state on: utime and stime are the 12th and 13th
    return head.partition("(")[2], int(fields[11]) + int(fields[12])


def cpu_seconds(pid: int) -> float:
    """User plus system CPU time a process has used so far (0 once it has gone)."""
    try:
        return parse_stat(Path(f"/proc/{pid}/stat").read_text())[1] / TICKS_PER_SECOND
    except OSError:
        return 0.0


def processes(proc: Path = Path("/proc")) -> Iterator[Process]:
    """Every process that can be read (those that end meanwhile are left out)."""
    for entry in proc.iterdir():
        if not entry.name.isdigit():
            continue
        try:
            comm, ticks = parse_stat((entry / "stat").read_text())
            cmdline = (entry / "cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace")
        except OSError:
            continue
        yield Process(int(entry.name), comm, cmdline.strip(), ticks)


def serves_database(process: Process, database: str) -> bool:
    """Whether a PostgreSQL process works for ``database``: a backend connected to it, or
    one of the processes every database shares (WAL writer, checkpointer, …), whose title
    names no client. Other databases' backends (other test runs) are left out."""
    if process.comm not in {"postgres", "postmaster"}:
        return False
    if not _CLIENT.search(process.cmdline):
        return True
    return database in process.cmdline.split()


def service_seconds(database: str, running: Iterable[Process] | None = None) -> dict[str, float]:
    """CPU seconds used so far by PostgreSQL's processes serving ``database`` and by Redis."""
    postgres = redis = 0
    for process in processes() if running is None else running:
        if serves_database(process, database):
            postgres += process.ticks
        elif process.comm == "redis-server":
            redis += process.ticks
    return {"postgres": postgres / TICKS_PER_SECOND, "redis": redis / TICKS_PER_SECOND}
