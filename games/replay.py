"""Replay a downloaded game record offline and print its result and whether it checks out.

    python -m games.replay record.json

Exit status 0 when the seed matches the commitment and the log gives the recorded
result, 1 when either does not, 2 when the record cannot be read.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from games import registry
from games.record import Check, Record, RecordError, check, parse


def _name(record: Record, seat: int) -> str:
    entry = record.seats[seat] if seat < len(record.seats) else {}
    return str(entry.get("name") or f"seat {seat}")


def report(record: Record, outcome: Check) -> list[str]:
    """The lines the command prints."""
    game = registry.get(record.game)
    result: dict[str, Any] = game.result(outcome.final) or {}
    lines = [f"{game.info.name}, {len(record.seats)} players, {outcome.steps} actions"]
    if not result:
        lines.append("the game is not over after the last action")
    winners = set(result.get("winners") or [])
    for score in result.get("scores") or []:
        seat = score.get("seat")
        mark = "  winner" if seat in winners else ""
        lines.append(f"  {_name(record, seat)}: {score.get('total')}{mark}")
    lines.append(
        "commitment: "
        + ("SHA-256(salt ‖ seed) matches" if outcome.commitment_ok else "DOES NOT MATCH")
    )
    lines.append(
        "result: "
        + ("replaying the log gives the recorded result" if outcome.result_ok else "DIFFERS")
    )
    return lines


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m games.replay", description=__doc__)
    parser.add_argument("record", help="a game record (JSON) downloaded from a finished game")
    args = parser.parse_args(argv)
    try:
        with open(args.record, encoding="utf-8") as handle:
            data = json.load(handle)
        record = parse(data)
        outcome = check(record)
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
        print(f"error: cannot read {args.record}: {exc}", file=sys.stderr)
        return 2
    except RecordError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    print("\n".join(report(record, outcome)))
    return 0 if outcome.ok else 1


if __name__ == "__main__":
    sys.exit(main())
