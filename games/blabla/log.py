"""Log events in the structured shape every game writes (``{"seat", "kind", "args",
"private"}``): no sentence, the table page words each kind in the viewer's language.

Public events name flight cards (all of them are public, B56), seats, squares, stacks and
turned boost tiles; a BlaBla card is named only in a private event of a seat that may
know it, or publicly once it lies face up (secured, or after the game).
"""

from __future__ import annotations

from typing import Any

from games.core import Event


def public(seat: int | None, kind: str, **args: Any) -> Event:
    """An event every seat and every spectator sees."""
    return {"seat": seat, "kind": kind, "args": args, "private": False}


def private(seat: int, kind: str, **args: Any) -> Event:
    """An event only ``seat`` sees."""
    return {"seat": seat, "kind": kind, "args": args, "private": True}
