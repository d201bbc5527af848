"""The server's view patches applied in place, as cheaply as a browser applies them.

The load generator applies every patch its seats receive. ``jsonpatch`` (the reference
the tests check patches with) builds a pointer object for each op and copies each value,
which made it the generator's largest cost, on a machine the generator shares with the
server it measures. The server's patches use ``add``, ``remove`` and ``replace`` only
(``spacemission.matches.patches``); anything else is refused.
"""

from __future__ import annotations

from typing import Any

Ops = list[dict[str, Any]]


def apply(doc: Any, ops: Ops) -> Any:
    """``doc`` changed by ``ops`` (in place where it can be: the result is returned)."""
    for op in ops:
        kind, path = op["op"], op["path"]
        if not path:
            if kind not in ("add", "replace"):
                raise ValueError(f"cannot {kind} the whole document")
            doc = op["value"]
            continue
        *parents, last = [_unescape(part) for part in path[1:].split("/")]
        target = doc
        for key in parents:
            target = target[int(key)] if isinstance(target, list) else target[key]
        if isinstance(target, list):
            _in_list(target, kind, last, op)
        else:
            _in_object(target, kind, last, op)
    return doc


def _in_list(target: list[Any], kind: str, index: str, op: dict[str, Any]) -> None:
    if kind == "add":
        if index == "-":
            target.append(op["value"])
        else:
            target.insert(_position(target, index, end=True), op["value"])
    elif kind == "remove":
        del target[_position(target, index)]
    elif kind == "replace":
        target[_position(target, index)] = op["value"]
    else:
        raise ValueError(f"unsupported op {kind!r}")


def _in_object(target: dict[str, Any], kind: str, key: str, op: dict[str, Any]) -> None:
    if kind == "add":
        target[key] = op["value"]
    elif kind == "remove":
        del target[key]
    elif kind == "replace":
        if key not in target:
            raise KeyError(key)
        target[key] = op["value"]
    else:
        raise ValueError(f"unsupported op {kind!r}")


def _position(target: list[Any], index: str, *, end: bool = False) -> int:
    """A list index as RFC 6901 spells it: digits, within the list (or at its end, to add)."""
    if not index.isdigit() or int(index) > len(target) - (0 if end else 1):
        raise IndexError(index)
    return int(index)


def _unescape(part: str) -> str:
    return part.replace("~1", "/").replace("~0", "~") if "~" in part else part
