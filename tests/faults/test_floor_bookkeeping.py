"""The floor benchmark (``bench.floor``): medians of the runs, the table of the floors against
boardgame.io's CPU per action and the budget of twice it, the pgbench scripts' variables,
and one short real run of the relay served by Daphne, where every socket gets every frame."""

from __future__ import annotations

import os
import shutil

import pytest

from bench import anchor, floor
from bench.floor import ACT_SQL, BARE_SQL, BGIO, RELAY, Measure, bind, failed, medians, report
from bench.ratios import TIMES


def measure(side: str, actions: int, cpu_seconds: float, errors: int = 0, **more) -> Measure:
    fields = {"seconds": 10.0, "generator_cpu_percent": 20.0, "load": (1.0, 2.0), **more}
    return Measure(side, actions, cpu_seconds=cpu_seconds, errors=errors, **fields)


def test_a_measure_is_cpu_per_action_and_actions_per_second():
    m = measure(RELAY, 2000, 0.5)
    assert (m.actions_per_s, m.cpu_ms) == (200.0, 0.25)


def test_medians_of_the_runs_sum_the_errors_and_span_the_load():
    runs = [
        measure(RELAY, 1000, 1.0, errors=1, load=(3.0, 4.0)),
        measure(RELAY, 3000, 0.6, load=(1.0, 5.0)),
        measure(RELAY, 2000, 0.8, errors=2, load=(2.0, 2.5)),
    ]
    m = medians(runs)
    assert (m.runs, m.actions_per_s, m.cpu_ms, m.errors) == (3, 200.0, 0.4, 3)
    assert m.load == (1.0, 5.0)


def row(table: str, starts: str) -> list[str]:
    """The cells of the one line of ``table`` whose first cell starts with ``starts``."""
    lines = [[c.strip() for c in line.strip("|").split("|")] for line in table.splitlines()[2:]]
    (found,) = [cells for cells in lines if cells[0].startswith(starts)]
    return found


def test_the_table_adds_the_floors_up_and_weighs_the_sums_against_twice_the_anchor():
    done = [
        measure(BGIO, 10_000, 5.0),  # 0.5 ms an action
        measure(RELAY, 10_000, 2.0),  # 0.2
        measure(ACT_SQL, 10_000, 9.0),  # 0.9
        measure(BARE_SQL, 10_000, 7.0, errors=1),  # 0.7
    ]
    table = report(done, 20).replace(TIMES, "x")
    assert row(table, BGIO)[1:4] == ["0.500", "1,000.0", "1.00x"]
    assert row(table, "Daphne floor")[1:4] == ["0.200", "1,000.0", "0.40x"]
    assert row(table, "PostgreSQL floor: our act's")[1:5] == [
        "0.900",
        "1,000.0",
        "1.80x",
        "errors 0",
    ]
    assert row(table, "PostgreSQL floor: lock")[1:5] == ["0.700", "1,000.0", "1.40x", "errors 1"]
    act_sum = row(table, "sum: Daphne floor + PostgreSQL floor (our act's")
    assert act_sum[1:] == ["1.100", "n/a", "2.20x", "≤ 2x: MISSED"]
    bare_sum = row(table, "sum: Daphne floor + PostgreSQL floor (lock")
    assert bare_sum[1:] == ["0.900", "n/a", "1.80x", "≤ 2x: met"]
    assert row(table, "the 2x budget")[1:4] == ["1.000", "n/a", "2.00x"]


def test_placeholders_become_pgbench_variables_and_none_becomes_null():
    sql = "UPDATE m SET clock = %s::jsonb, deadline = %s WHERE id = %s"
    values = {"clock": '{"left":[1]}', "deadline": None}
    got = bind(sql, ("clock", "deadline", "match"), values)  # match: set by the script
    assert got == "UPDATE m SET clock = :clock::jsonb, deadline = NULL WHERE id = :match;\n"
    with pytest.raises(ValueError):
        bind(sql, ("clock", "deadline"), values)


def test_the_bare_script_locks_inserts_and_updates_in_one_transaction():
    values = {"clock": "{}", "deadline": "1", "action": "{}", "views": "[]", "user": "1", "at": "x"}
    script = floor.bare_script(values).splitlines()
    statements = [line.split()[0] for line in script if line and line[0].isupper()]
    assert statements[:2] == ["BEGIN;", "SELECT"] and statements[-1] == "COMMIT;"
    assert "%s" not in "\n".join(script)
    assert any(line.startswith("VALUES (:match, :v, :seat, :action::jsonb") for line in script)


def test_failed_transactions_are_read_from_pgbench_output():
    out = "number of transactions actually processed: 90\nnumber of failed transactions: 3 (3%)\n"
    assert failed(out) == 3
    assert failed("transaction type: x\n") == 0


def test_short_real_relay_runs_count_actions_and_every_socket_gets_every_frame():
    if shutil.which("node") is None or not anchor.DEFAULT_DIR.is_dir():
        if os.environ.get("REQUIRE_SERVICES"):
            pytest.fail("node and the boardgame.io anchor are required")
        pytest.skip("node or the boardgame.io anchor is missing")
    home = anchor.prepared(anchor.DEFAULT_DIR)  # its ws package
    args = floor.parser().parse_args(["--matches", "2", "--seconds", "2", "--warmup", "1"])
    run, tally = floor.run_relay(home, args)
    assert run.actions > 100 and run.cpu_seconds > 0 and run.errors == 0
    assert tally["actions"] >= run.actions
    # Each relayed frame reached the 4 sockets of its match, in order, none missing.
    assert tally["relayed"] == tally["actions"]
    assert (tally["gaps"], tally["missing"], tally["undelivered"], tally["errors"]) == (0, 0, 0, [])
    # Held to a rate, the matches keep to it (and still lose nothing).
    args.rate = 200
    paced, tally = floor.run_relay(home, args)
    assert 150 <= paced.actions_per_s <= 205 and paced.errors == 0
    assert tally["relayed"] == tally["actions"]
