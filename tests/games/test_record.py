"""Game records: replayed offline through the rules, checked against the commitment."""

from __future__ import annotations

import copy
import functools
import json
from pathlib import Path

import pytest

from games import fairdeal, registry
from games.record import RecordError, check, parse, state_at, states
from games.replay import main
from tests.games.playout import playout

SALT = "ab" * 32


def recorded(game_id: str, players: int, seed: int = 11) -> dict:
    """A fresh copy of one bot game's record (each game played once per run)."""
    return json.loads(_recorded(game_id, players, seed))


@functools.cache
def _recorded(game_id: str, players: int, seed: int) -> str:
    game = registry.get(game_id)
    steps = list(playout(game, players, seed, wander=0.0))
    data = {
        "game": game_id,
        "version": 1,
        "options": game.info.default_options(),
        "seats": [{"seat": s, "name": f"P{s}", "bot": "greedy"} for s in range(players)],
        "seed": seed,
        "salt": SALT,
        "commitment": fairdeal.commitment(seed, SALT),
        "actions": [{"seat": s.seat, "action": s.action} for s in steps],
        "result": game.result(steps[-1].new),
    }
    return json.dumps(data)


def test_commitment_is_sha256_of_salt_then_big_endian_seed() -> None:
    # The encoding docs/fair-deals.md promises, spelled out once by hand.
    import hashlib

    expected = hashlib.sha256(bytes([0xAB] * 32) + (11).to_bytes(8, "big")).hexdigest()
    assert fairdeal.commitment(11, SALT) == expected
    assert fairdeal.verifies(11, SALT, expected.upper())
    assert not fairdeal.verifies(12, SALT, expected)
    assert not fairdeal.verifies(11, "cd" * 32, expected)
    assert not fairdeal.verifies(11, "nothex", expected)
    # an uploaded record may carry any text: a non-ASCII commitment is a mismatch, not an error
    assert not fairdeal.verifies(11, SALT, "é" * 64)
    assert not fairdeal.verifies(11, SALT, None)


@pytest.mark.parametrize(("game_id", "players"), [("space-mission", 3), ("jump-drive", 2)])
def test_a_record_replays_to_its_result(game_id: str, players: int) -> None:
    record = parse(recorded(game_id, players))
    outcome = check(record)
    assert outcome.ok and outcome.steps == len(record.actions)
    assert state_at(record, 0) == registry.get(game_id).setup(players, record.options, 11)
    assert state_at(record, outcome.steps) == outcome.final


def test_a_tampered_seed_fails_the_commitment_and_the_result() -> None:
    data = recorded("space-mission", 2)
    data["seed"] += 1
    with pytest.raises(RecordError):  # another deal: the log soon names cards nobody holds
        check(parse(data))
    data = recorded("space-mission", 2)
    data["commitment"] = fairdeal.commitment(data["seed"] + 1, SALT)
    assert not check(parse(data)).commitment_ok


def test_a_tampered_log_fails() -> None:
    data = recorded("jump-drive", 2)
    data["actions"] = data["actions"][:-1]
    outcome = check(parse(data))
    assert outcome.commitment_ok and not outcome.result_ok and not outcome.ok
    data = recorded("space-mission", 2)
    del data["actions"][0]  # the first player's first move, gone
    with pytest.raises(RecordError, match="refused"):
        check(parse(data))


@pytest.mark.parametrize(
    ("change", "says"),
    [
        (lambda d: d.clear() or d.update(version=1), "'game'"),
        (lambda d: d.update(version=7), "version 1"),
        (lambda d: d.update(game="chess"), "unknown game"),
        (lambda d: d.update(seats=d["seats"][:1]), "players"),
        (lambda d: d.update(seed="12"), "'seed'"),
        (lambda d: d.update(seed=True), "'seed'"),
        (lambda d: d.update(salt="xyz"), "hex digits"),
        (lambda d: d["actions"].append({"seat": 9, "action": {"type": "x"}}), "no seat"),
        (lambda d: d["actions"].append("jump"), "not an object"),
        (lambda d: d["actions"].append({"seat": 0, "action": {"type": "fly"}}), "refused"),
        (lambda d: d["actions"].append({"seat": 0, "action": {"kind": 1}}), "'type'"),
        (lambda d: d.update(result=[1]), "'result'"),
    ],
)
def test_a_malformed_record_says_what_is_wrong(change, says: str) -> None:
    data = recorded("space-mission", 2)
    change(data)
    with pytest.raises(RecordError, match=says):
        check(parse(data))


def test_a_step_outside_the_game_is_refused() -> None:
    record = parse(recorded("jump-drive", 2))
    for step in (-1, len(record.actions) + 1):
        with pytest.raises(RecordError, match="no step"):
            state_at(record, step)


def test_states_yield_one_state_per_action() -> None:
    record = parse(recorded("jump-drive", 2))
    assert len(list(states(registry.get("jump-drive"), record))) == len(record.actions) + 1


def test_the_command_prints_the_result(tmp_path: Path, capsys) -> None:
    data = recorded("space-mission", 3)
    path = tmp_path / "record.json"
    path.write_text(json.dumps(data))
    assert main([str(path)]) == 0
    out = capsys.readouterr().out
    assert "Space Mission, 3 players" in out and "winner" in out
    assert "matches" in out and "gives the recorded result" in out

    tampered = copy.deepcopy(data)
    tampered["result"]["winners"] = [9]
    path.write_text(json.dumps(tampered))
    assert main([str(path)]) == 1
    assert "DIFFERS" in capsys.readouterr().out

    path.write_text("{not json")
    assert main([str(path)]) == 2
    assert "error: cannot read" in capsys.readouterr().err
    path.write_text("[]")
    assert main([str(path)]) == 2
    assert "a record is a JSON object" in capsys.readouterr().err
