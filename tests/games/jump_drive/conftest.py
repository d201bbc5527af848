"""Jump Drive is not in the registry's list yet (it has no table page): these tests add it
for their own run and take it out again, so the lobby's tests never see it."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from games import registry

GAME_ID = "jump-drive"


@pytest.fixture(autouse=True, scope="package")
def jump_drive_registered() -> Iterator[None]:
    registry.register(GAME_ID, "games.jump_drive")
    yield
    registry._MODULES.pop(GAME_ID, None)
    registry._loaded.pop(GAME_ID, None)
