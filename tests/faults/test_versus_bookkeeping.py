"""The side-by-side benchmark's bookkeeping (``bench.versus``): CPU time read from /proc,
counting only the PostgreSQL processes that serve the run's database; medians of the
runs, the ratio ours/boardgame.io, and issue #15's targets flagged met or missed; per turn
of play as well as per act, the anchor's turn read from its game."""

from __future__ import annotations

import pytest

from bench import anchor, versus
from bench.cpu import TICKS_PER_SECOND, Process, parse_stat, serves_database, service_seconds
from bench.load import cpu_ms_per_action
from bench.ratios import TIMES, Run, anchor_run, marginal_row, medians, workload_rows

DB = "sm_test_1a2b"


def stat_line(pid: int, comm: str, utime: int, stime: int, cutime: int = 0) -> str:
    """A /proc/<pid>/stat line: utime and stime follow ten fields after the state."""
    return f"{pid} ({comm}) S 1 {pid} {pid} 0 -1 4194560 10 0 0 0 {utime} {stime} {cutime} 0 20"


def test_a_stat_line_gives_the_name_and_user_plus_system_ticks_without_the_childrens():
    assert parse_stat(stat_line(42, "postgres", 7, 5, cutime=99)) == ("postgres", 12)
    # A name may hold spaces and parentheses: it ends at the last one.
    assert parse_stat(stat_line(43, "we) (ird name", 1, 2)) == ("we) (ird name", 3)


@pytest.mark.parametrize(
    ("comm", "title", "counted"),
    [
        ("postgres", f"postgres: 15/main: postgres {DB} 127.0.0.1(60666) idle", True),
        ("postgres", f"postgres: postgres {DB} [local] UPDATE", True),
        ("postgres", "postgres: 15/main: walwriter", True),  # shared by every database
        ("postgres", "postgres: 15/main: checkpointer", True),
        ("postgres", "postgres: 15/main: postgres sm_test_ffff 127.0.0.1(5) idle", False),
        ("postgres", f"postgres: 15/main: postgres {DB}9 127.0.0.1(5) idle", False),
        ("postgres", "postgres: postgres sm_test_ffff [local] idle", False),
        ("redis-server", f"redis-server 127.0.0.1:6379 {DB}", False),
        ("python", f"python -m bench.load {DB} 127.0.0.1(5)", False),
    ],
)
def test_postgres_cpu_counts_the_runs_backends_and_the_shared_processes_only(comm, title, counted):
    assert serves_database(Process(1, comm, title, 10), DB) is counted


def test_service_seconds_sum_the_ticks_of_postgres_for_the_database_and_of_redis():
    running = [
        Process(1, "postgres", "postgres: 15/main: walwriter", TICKS_PER_SECOND),
        Process(2, "postgres", f"postgres: postgres {DB} 127.0.0.1(1) idle", 2 * TICKS_PER_SECOND),
        Process(3, "postgres", "postgres: postgres other 127.0.0.1(2) idle", 50 * TICKS_PER_SECOND),
        Process(4, "redis-server", "redis-server 127.0.0.1:6379", TICKS_PER_SECOND // 2),
        Process(5, "daphne", "daphne -p 1", 9 * TICKS_PER_SECOND),
    ]
    assert service_seconds(DB, running) == {"postgres": 3.0, "redis": 0.5}


def test_cpu_per_action_adds_the_servers_up_as_daphne():
    used = {"server0": 1.0, "server1": 0.5, "generator": 0.2, "postgres": 0.3, "redis": 0.1}
    assert cpu_ms_per_action(used, 100) == {
        "daphne": 15.0,
        "postgres": 3.0,
        "redis": 1.0,
        "generator": 2.0,
    }


def anchor_json(moves_per_s: float, cpu_s: float, moves: int, **errors: int) -> dict:
    """The part of boardgame.io's generator JSON (loadgen.js) that the table reads."""
    counted = {"connect_error": 0, "stall": 0, "patch_gap": 0, "resync": 0, **errors}
    return {
        "config": {"spectatorsPerMatch": 10},
        "movesPerS": moves_per_s,
        "movesDeliveredInWindow": moves,
        "latencyMs": {"p99": 100.0, "mean": 10.0},
        "undeliveredAfterDrain": 1,
        "server": {"cpuSecondsInWindow": cpu_s},
        "generator": {"cpuUtilInWindow": 0.3},
        "clientFrames": {"receivedFrames": 5 * moves},
        "errors": counted,
    }


def test_an_anchor_run_reads_cpu_per_move_and_tells_gaps_from_errors():
    run = anchor_run(anchor_json(200.0, 4.0, 2000, patch_gap=2, resync=1, stall=3), 4, (1, 2), 2)
    assert run.cpu_ms == {"node": 2.0}
    assert (run.server_cpu_ms_per_turn, run.frames_per_action, run.frames_per_turn) == (4, 5, 10)
    assert (run.latency_mean_ms_per_turn, run.clock_frames_per_turn) == (20.0, 0.0)
    assert (run.spectators, run.p99_ms, run.generator_cpu_percent) == (10, 100.0, 30.0)
    assert (run.gaps, run.errors) == (3, 3 + 1 + 4)  # stalls, undelivered, server ERROR lines


def run(side: str, spectators: int, actions: float, cpu: float, p99: float, **more) -> Run:
    fields = {"errors": 0, "gaps": 0, "generator_cpu_percent": 20.0, "load": (1.0, 2.0)}
    fields |= {"actions_per_turn": 2.0, "frames_per_action": 4.0, "latency_mean_ms": 5.0}
    parts = {"node": cpu} if side == "boardgame.io" else {"daphne": cpu - 1, "postgres": 1.0}
    return Run(side, spectators, actions, parts, p99, **{**fields, **more})


def test_medians_of_the_runs_sum_the_errors_and_span_the_load():
    runs = [
        run("ours", 0, a, c, p, errors=e, load=ld)
        for a, c, p, e, ld in [
            (10, 4, 100, 0, (3.0, 4.0)),
            (40, 2, 400, 1, (1.0, 5.0)),
            (20, 3, 300, 0, (2.0, 2.5)),
            (30, 9, 200, 2, (4.0, 4.5)),
        ]
    ]
    m = medians(runs)
    assert (m.runs, m.actions_per_s, m.server_cpu_ms, m.p99_ms) == (4, 25, 3.5, 250)
    assert m.cpu_ms == {"daphne": 2.5, "postgres": 1.0}
    assert (m.errors, m.load) == (3, (1.0, 5.0))


def plain(cells: list[str]) -> list[str]:
    return [cell.replace(TIMES, "x") for cell in cells]


def flags(rows: list[list[str]]) -> dict[str, tuple[str, str]]:
    """measure -> (ratio, target verdict), with an x for the multiplication sign."""
    return {row[1]: (row[4], row[5]) for row in map(plain, rows)}


def test_ratios_are_ours_over_the_anchor_flagged_against_the_targets_at_0_spectators():
    anchor = medians([run("boardgame.io", 0, 600, 1.0, 100)])
    ours = medians([run("ours", 0, 300, 2.0, 400)])
    got = flags(workload_rows(20, 0, anchor, ours))
    assert got["actions/s"] == ("0.50x", "≥ 0.4x: met")
    assert got["server CPU ms/action"] == ("2.00x", "≤ 2x: met")
    assert got["p99 ms"] == ("4.00x", "")  # no p99 target without spectators
    assert got["errors / gaps"] == ("", "0 / 0: met")


def test_with_spectators_the_throughput_and_p99_targets_are_stricter():
    anchor = medians([run("boardgame.io", 10, 600, 1.0, 100)])
    ours = medians([run("ours", 10, 300, 2.5, 140, gaps=1)])
    rows = workload_rows(20, 10, anchor, ours)
    got = flags(rows)
    assert got["actions/s"] == ("0.50x", "≥ 0.6x: MISSED")
    assert got["server CPU ms/action"] == ("2.50x", "≤ 2x: MISSED")
    assert got["p99 ms"] == ("1.40x", "≤ 1.5x: met")
    assert got["errors / gaps"] == ("", "0 / 0: MISSED")
    assert rows[1][3] == "2.50 (daphne 1.50 + postgres 1.00)"


def test_the_marginal_cost_per_spectator_compares_the_fewest_and_most_spectators():
    anchor = {s: medians([run("boardgame.io", s, 500, c, 50)]) for s, c in [(0, 1.0), (10, 2.0)]}
    ours = {s: medians([run("ours", s, 100, c, 50)]) for s, c in [(0, 10.0), (10, 10.5)]}
    row = marginal_row(anchor, ours)
    assert row is not None
    assert plain(row[2:]) == ["0.100", "0.050", "0.50x", "ours ≤ 0.1 ms: met"]
    assert marginal_row({0: anchor[0]}, {0: ours[0]}) is None


def test_per_turn_the_cpu_latency_and_frames_are_the_acts_times_the_acts_a_turn():
    """The anchor's turn is 2 moves; ours 3.25 acts (a change of the seats to move)."""
    anchor = medians([run("boardgame.io", 0, 600, 1.0, 100, clock_frames_per_turn=0.0)])
    turn = {"actions_per_turn": 3.25, "frames_per_action": 5.2, "clock_frames_per_turn": 0.5}
    ours = medians([run("ours", 0, 300, 1.5, 100, latency_mean_ms=4.0, **turn)])
    rows = {row[1]: row for row in map(plain, workload_rows(20, 0, anchor, ours))}
    assert rows["acts/turn"][2:5] == ["2.00", "3.25", "1.62x"]
    # 1.5 ms an act is 1.5x the anchor's CPU per act, 2.44x per turn: missed.
    assert rows["server CPU ms/action"][4:] == ["1.50x", "≤ 2x: met"]
    assert rows["server CPU ms/turn"][2:] == ["2.00", "4.88", "2.44x", "≤ 1x: MISSED"]
    assert rows["mean latency ms/turn"][2:5] == ["10.0", "13.0", "1.30x"]
    assert rows["frames/act"][2:5] == ["4.00", "5.20", "1.30x"]
    assert rows["frames/turn"][2:5] == ["8.00", "16.90 (clock frames 0.50)", "2.11x"]


def test_the_medians_per_turn_are_of_each_runs_own_figures_per_turn():
    runs = [run("ours", 0, 100, c, 10, actions_per_turn=t) for c, t in [(1, 4), (2, 3), (4, 1)]]
    assert medians(runs).server_cpu_ms_per_turn == 4  # of 4, 6, 4, not 2 x 3


GAME_JS = """const Game = {{
  moves: {{ jump: {{ move: jump, client: false }} }},
  turn: {{
    minMoves: {low},
    maxMoves: {high}, // the turn ends by itself
    onEnd: ({{ G }}) => {{ G.turnCounter += 1; }},
  }},
}};
"""


def test_the_anchors_turn_is_read_from_its_game_and_must_be_of_fixed_length(tmp_path):
    (tmp_path / "game.js").write_text(GAME_JS.format(low=2, high=2))
    assert anchor.moves_per_turn(tmp_path) == 2
    for low, high in [(1, 2), (2, "")]:
        (tmp_path / "game.js").write_text(GAME_JS.format(low=low, high=high))
        with pytest.raises(ValueError, match="no fixed number of moves"):
            anchor.moves_per_turn(tmp_path)


@pytest.mark.skipif(not (anchor.DEFAULT_DIR / "game.js").exists(), reason="no anchor beside")
def test_the_anchors_own_turn_is_two_moves():
    assert anchor.moves_per_turn(anchor.DEFAULT_DIR) == 2


def test_end_turn_reaches_our_side_of_the_run():
    """``--end-turn`` (players who end each turn with its last action, O2) is passed on to
    ``bench.load`` for our runs; the anchor has no such setting."""
    assert not versus.load_arguments(0, versus.parser().parse_args([])).end_turn
    ours = versus.load_arguments(10, versus.parser().parse_args(["--end-turn"]))
    assert ours.end_turn and ours.spectators == 10
