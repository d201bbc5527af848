"""Screenshots never land in the checkout unless asked for (``scripts/screenshots``)."""

from __future__ import annotations

from pathlib import Path

from tests.browser import screenshots

ROOT = Path(__file__).resolve().parents[2]


def test_a_test_run_writes_its_screenshots_outside_the_checkout(monkeypatch) -> None:
    monkeypatch.delenv("SCREENSHOTS_DIR", raising=False)
    screenshots.directory.cache_clear()
    try:
        assert ROOT not in screenshots.directory().resolve().parents
    finally:
        screenshots.directory.cache_clear()


def test_the_screenshots_script_asks_for_the_readme_pictures(monkeypatch, tmp_path) -> None:
    monkeypatch.setenv("SCREENSHOTS_DIR", str(tmp_path / "shots"))
    screenshots.directory.cache_clear()
    try:
        assert screenshots.directory() == tmp_path / "shots"
    finally:
        screenshots.directory.cache_clear()
    script = (ROOT / "scripts" / "screenshots").read_text()
    assert 'SCREENSHOTS_DIR="$PWD/docs/screenshots"' in script
    for test in ("test_play.py", "test_jump_drive.py", "test_blabla.py"):
        assert f"tests/browser/{test}::" in script
    for name in ("table", "table-end", "jump-drive", "jump-drive-end", "blabla", "blabla-end"):
        for size in ("laptop", "phone"):
            assert (ROOT / "docs" / "screenshots" / f"{name}-{size}.png").exists()
