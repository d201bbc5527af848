"""Screenshots never land in the checkout unless asked for (``scripts/screenshots``)."""

from __future__ import annotations

import ast
import re
import struct
from pathlib import Path

from tests.browser import screenshots
from tests.browser.conftest import PHONE
from tests.browser.screenshots import LAPTOP

ROOT = Path(__file__).resolve().parents[2]


def test_a_test_run_writes_its_screenshots_outside_the_checkout(monkeypatch) -> None:
    monkeypatch.delenv("SCREENSHOTS_DIR", raising=False)
    screenshots.directory.cache_clear()
    try:
        assert ROOT not in screenshots.directory().resolve().parents
    finally:
        screenshots.directory.cache_clear()


def readme_pictures() -> set[str]:
    """The pictures the README shows or links, by name (``table-laptop``)."""
    return set(re.findall(r"docs/screenshots/([\w-]+)\.png", (ROOT / "README.md").read_text()))


def taken_by(path: Path, test: str) -> set[str]:
    """The pictures the test ``test`` in ``path`` takes (``screenshots.take``), itself or
    through the functions of its module it calls."""
    tree = ast.parse(path.read_text())
    functions = {f.name: f for f in ast.walk(tree) if isinstance(f, ast.FunctionDef)}
    names, todo, seen = set(), [test], {test}
    while todo:
        function = functions[todo.pop()]
        names.update(re.findall(r"screenshots\.take\(page, '([\w-]+)'\)", ast.unparse(function)))
        for call in ast.walk(function):
            if isinstance(call, ast.Call) and isinstance(call.func, ast.Name):
                callee = call.func.id
                if callee in functions and callee not in seen:
                    seen.add(callee)
                    todo.append(callee)
    return {f"{name}-{size}" for name in names for size in ("laptop", "phone")}


def png_size(path: Path) -> tuple[int, int]:
    with path.open("rb") as file:
        header = file.read(24)
    assert header[:8] == b"\x89PNG\r\n\x1a\n", path
    return struct.unpack(">II", header[16:24])


def test_the_screenshots_script_takes_every_readme_picture(monkeypatch, tmp_path) -> None:
    monkeypatch.setenv("SCREENSHOTS_DIR", str(tmp_path / "shots"))
    screenshots.directory.cache_clear()
    try:
        assert screenshots.directory() == tmp_path / "shots"
    finally:
        screenshots.directory.cache_clear()
    script = (ROOT / "scripts" / "screenshots").read_text()
    assert 'SCREENSHOTS_DIR="$PWD/docs/screenshots"' in script
    tests = re.findall(r'"(tests/[\w/]+\.py)::(\w+)"', script)
    taken = set().union(*(taken_by(ROOT / path, test) for path, test in tests))
    pictures = readme_pictures()
    assert pictures and pictures <= taken, pictures - taken
    for picture in pictures:
        size = LAPTOP if picture.endswith("-laptop") else PHONE
        shot = ROOT / "docs" / "screenshots" / f"{picture}.png"
        assert png_size(shot) == (size["width"], size["height"]), picture
