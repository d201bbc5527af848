"""``python -m games.simulate`` for Jump Drive, which is not in the registry's list yet.

    python -m games.jump_drive.simulate jump-drive --games 200 --players 3 \\
        --bots greedy,random,random

Registers the game (as ``games.registry.register`` allows) and hands every argument to
``games.simulate``, so the figures printed are the same as for any registered game.
"""

from __future__ import annotations

import sys

from games import registry, simulate
from games.jump_drive.data import GAME_ID


def main(argv: list[str] | None = None) -> int:
    registry.register(GAME_ID, "games.jump_drive")
    return simulate.main(argv)


if __name__ == "__main__":
    sys.exit(main())
