"""Imports run one way: the rules know nothing of the site, each app imports only the apps
on the floors below it (``docs/architecture.md``), and no module imports inside a function
to get round a circle (an app's ``ready`` is where Django wants late imports, so it may)."""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def modules(package: str) -> Iterator[Path]:
    for path in sorted((ROOT / package).rglob("*.py")):
        if "migrations" not in path.parts:
            yield path


def imported(tree: ast.AST) -> Iterator[tuple[ast.AST, str]]:
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            yield from ((node, alias.name) for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            yield node, node.module


def imports_of(package: str) -> Iterator[tuple[Path, str]]:
    for path in modules(package):
        for _node, name in imported(ast.parse(path.read_text())):
            yield path, name


def test_the_rules_import_nothing_of_the_site() -> None:
    bad = [
        (path.relative_to(ROOT), name)
        for path, name in imports_of("games")
        if name.split(".")[0] in {"django", "channels", "spacemission", "asgiref"}
    ]
    assert bad == []


def test_stored_matches_never_reach_up_to_the_live_layer() -> None:
    bad = [
        (path.relative_to(ROOT), name)
        for path, name in imports_of("spacemission/matches")
        if name.startswith("spacemission.live")
    ]
    assert bad == []


def late_imports(tree: ast.Module) -> Iterator[str]:
    """Project modules imported inside a function other than an app's ``ready``."""
    for func in ast.walk(tree):
        if not isinstance(func, ast.FunctionDef | ast.AsyncFunctionDef) or func.name == "ready":
            continue
        for _node, name in imported(func):
            if name.split(".")[0] in {"spacemission", "games", "bench"}:
                yield f"{func.name}: {name}"


def test_no_module_imports_the_project_inside_a_function() -> None:
    bad = [
        (str(path.relative_to(ROOT)), name)
        for package in ("games", "spacemission")
        for path in modules(package)
        for name in late_imports(ast.parse(path.read_text()))
    ]
    assert bad == []


# The floors of spacemission, lowest first. A module imports its own app and the floors
# below it, never one above; a lower floor that must tell a higher one something sends a
# signal (``matches.signals``) the higher one listens to in its ``ready``.
FLOORS = (
    "base",  # the modules at the package's top: settings, rate limits, logs, sentinels
    "accounts",
    "lobby",
    "matches",
    "ratings",
    "live",
    "tutorials",
    "pages",  # pages that read several apps (a player's history, My games)
    "doors",  # what requests and sockets enter by: views, urls, consumers, admin, commands
)
BASE = {"__init__", "collector", "dependencies", "logs", "ratelimit", "sentinels", "settings"}
SITE_DOORS = {"asgi", "wsgi", "urls", "health", "errors"}
APP_DOORS = {"views", "urls", "routing", "consumers", "admin"}


def module_name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def is_module(name: str) -> bool:
    path = ROOT.joinpath(*name.split("."))
    return path.with_suffix(".py").is_file() or (path / "__init__.py").is_file()


def floor(name: str) -> str:
    """The floor of a module of spacemission (``spacemission.lobby.models`` -> lobby)."""
    parts = name.split(".")[1:] or ["__init__"]
    if len(parts) == 1 and not is_module(f"spacemission.{parts[0]}.__init__"):
        if parts[0] in BASE:
            return "base"
        assert parts[0] in SITE_DOORS, f"{name} has no floor"
        return "doors"
    if parts[-1] in APP_DOORS or {"templatetags", "management"} & set(parts):
        return "doors"
    assert parts[0] in FLOORS, f"{name} has no floor"
    return parts[0]


def targets(path: Path, tree: ast.AST) -> Iterator[tuple[int, str]]:
    """Every module of spacemission ``path`` imports, at any depth, with the line."""
    package = module_name(path) if path.name == "__init__.py" else module_name(path.parent)
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            yield from ((node.lineno, alias.name) for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join([*anchor, *([base] if base else [])])
            for alias in node.names:
                full = f"{base}.{alias.name}"
                yield node.lineno, full if is_module(full) else base


def upward_in(path: Path, source: str) -> Iterator[str]:
    """The imports of ``source`` (the text of ``path``) that reach a higher floor."""
    here = floor(module_name(path))
    for line, name in targets(path, ast.parse(source)):
        if name.split(".")[0] == "spacemission" and FLOORS.index(floor(name)) > FLOORS.index(here):
            yield f"{path.relative_to(ROOT)}:{line} ({here}) imports {name} ({floor(name)})"


def upward_imports() -> Iterator[str]:
    for path in modules("spacemission"):
        yield from upward_in(path, path.read_text())


def test_every_import_in_spacemission_runs_down_the_floors() -> None:
    assert list(upward_imports()) == []


def test_every_module_of_spacemission_has_a_floor() -> None:
    for path in modules("spacemission"):
        assert floor(module_name(path)) in FLOORS


def test_the_floors_catch_an_import_that_runs_up_at_any_depth() -> None:
    listing = ROOT / "spacemission/lobby/listing.py"
    late = "def seats():\n    from spacemission.matches.models import MatchSeat\n"
    relative = "from ..ratings import services\n"
    assert len(list(upward_in(listing, late))) == 1
    assert list(upward_in(listing, relative)) == [
        "spacemission/lobby/listing.py:1 (lobby) imports spacemission.ratings.services (ratings)"
    ]
    down = "from spacemission import ratelimit\nfrom spacemission.accounts.models import User\n"
    assert list(upward_in(listing, down)) == []
    assert floor("spacemission.lobby.views") == "doors"
    assert floor("spacemission.accounts.management.commands.prune_guests") == "doors"
