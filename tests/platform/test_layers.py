"""Imports run one way: the rules know nothing of the site, stored matches nothing of the
live layer that announces them, and no module imports inside a function to get round a
circle (an app's ``ready`` is where Django wants late imports, so it may)."""

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
