"""The side-by-side table: one run's figures from either generator, medians per workload,
the ratio ours/boardgame.io and the targets of issues #15 and #30 each line meets or misses.

Per act and per turn of play: a turn is the anchor's moves a turn (its game's
``turn.maxMoves``), and ours a change of the seats to move (``bench.load``), so a figure
per turn is the figure per act times the acts a turn. Frames are every frame the
generator's sockets received (ours: ``clock`` frames included)."""

from __future__ import annotations

import math
import statistics
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

ANCHOR, OURS = "boardgame.io", "ours"
OUR_PARTS = ("daphne", "postgres", "redis")
TIMES = "\N{MULTIPLICATION SIGN}"
MARGINAL_LIMIT_MS = 0.1  # ours, per spectator per action
# The targets on ours/anchor: the measure -> (at 0 spectators, with spectators); per
# action and p99 issue #15's, per turn issue #30's.
RATIO_TARGETS: dict[str, tuple[tuple[str, float] | None, tuple[str, float] | None]] = {
    "actions/s": ((">=", 0.4), (">=", 0.6)),
    "server CPU ms/action": (("<=", 2.0), ("<=", 2.0)),
    "p99 ms": (None, ("<=", 1.5)),
    "server CPU ms/turn": (("<=", 1.0), ("<=", 1.0)),
}


@dataclass(frozen=True)
class Run:
    """One measured run of one side."""

    side: str
    spectators: int
    actions_per_s: float
    cpu_ms: dict[str, float]  # server CPU per action, by process
    p99_ms: float
    errors: int
    gaps: int
    generator_cpu_percent: float
    load: tuple[float, float]  # 1-minute load average at the start and at the end
    actions_per_turn: float = math.nan
    frames_per_action: float = math.nan  # received by the generator's sockets
    clock_frames_per_turn: float = math.nan  # of them, ``clock`` frames (ours)
    latency_mean_ms: float = math.nan  # of an action, as ``p99_ms`` measures it
    raw: dict[str, Any] = field(default_factory=dict, compare=False)

    @property
    def server_cpu_ms(self) -> float:
        return sum(self.cpu_ms.values())

    @property
    def server_cpu_ms_per_turn(self) -> float:
        return self.server_cpu_ms * self.actions_per_turn

    @property
    def frames_per_turn(self) -> float:
        return self.frames_per_action * self.actions_per_turn

    @property
    def latency_mean_ms_per_turn(self) -> float:
        """The time a turn's acts wait for the server, one after another."""
        return self.latency_mean_ms * self.actions_per_turn


def anchor_run(
    raw: dict[str, Any], server_errors: int, load: tuple[float, float], moves_per_turn: int
) -> Run:
    """A run of the anchor's generator (its JSON, and the server log's ``ERROR`` lines),
    whose game's turn is ``moves_per_turn`` moves. Gaps are skipped state ids and
    resyncs; every other error it counts is an error."""
    counted = raw["errors"]
    gaps = counted.get("patch_gap", 0) + counted.get("resync", 0)
    others = sum(v for k, v in counted.items() if k not in {"patch_gap", "resync"})
    moves = max(raw["movesDeliveredInWindow"], 1)
    p99, mean = raw["latencyMs"]["p99"], raw["latencyMs"]["mean"]
    return Run(
        side=ANCHOR,
        spectators=raw["config"]["spectatorsPerMatch"],
        actions_per_s=raw["movesPerS"],
        cpu_ms={"node": 1000 * raw["server"]["cpuSecondsInWindow"] / moves},
        p99_ms=math.nan if p99 is None else p99,
        errors=others + raw["undeliveredAfterDrain"] + server_errors,
        gaps=gaps,
        generator_cpu_percent=100 * raw["generator"]["cpuUtilInWindow"],
        load=load,
        actions_per_turn=moves_per_turn,
        frames_per_action=raw["clientFrames"]["receivedFrames"] / moves,
        clock_frames_per_turn=0.0,  # the anchor has no clock
        latency_mean_ms=math.nan if mean is None else mean,
        raw=raw,
    )


def our_run(figures: dict[str, Any], load: tuple[float, float]) -> Run:
    """A run of ``bench.load`` (its figures); dropped group sends count as errors."""
    cpu = figures["cpu_ms_per_action"]
    return Run(
        side=OURS,
        spectators=figures["spectators_per_match"],
        actions_per_s=figures["actions_per_s"],
        cpu_ms={part: cpu[part] for part in OUR_PARTS},
        p99_ms=figures["latency_ms_p99"],
        errors=figures["errors"] + figures["layer_dropped_sends"],
        gaps=figures["syncs_after_gap"],
        generator_cpu_percent=figures["generator_cpu_percent"],
        load=load,
        actions_per_turn=figures["actions_per_turn"],
        frames_per_action=figures["frames_per_action"],
        clock_frames_per_turn=figures["clock_frames_per_turn"],
        latency_mean_ms=figures["latency_ms_mean"],
        raw=figures,
    )


@dataclass(frozen=True)
class Medians:
    """One side's runs of one workload: medians, except errors and gaps (summed: one
    is too many) and the load (lowest at a start, highest at an end)."""

    runs: int
    actions_per_s: float
    server_cpu_ms: float
    cpu_ms: dict[str, float]
    p99_ms: float
    errors: int
    gaps: int
    generator_cpu_percent: float
    load: tuple[float, float]
    actions_per_turn: float = math.nan
    server_cpu_ms_per_turn: float = math.nan
    frames_per_action: float = math.nan
    frames_per_turn: float = math.nan
    clock_frames_per_turn: float = math.nan
    latency_mean_ms: float = math.nan
    latency_mean_ms_per_turn: float = math.nan


def medians(runs: list[Run]) -> Medians:
    def median(values: Iterable[float]) -> float:
        return statistics.median(values)

    return Medians(
        runs=len(runs),
        actions_per_s=median(r.actions_per_s for r in runs),
        server_cpu_ms=median(r.server_cpu_ms for r in runs),
        cpu_ms={part: median(r.cpu_ms[part] for r in runs) for part in runs[0].cpu_ms},
        p99_ms=median(r.p99_ms for r in runs),
        errors=sum(r.errors for r in runs),
        gaps=sum(r.gaps for r in runs),
        generator_cpu_percent=median(r.generator_cpu_percent for r in runs),
        load=(min(r.load[0] for r in runs), max(r.load[1] for r in runs)),
        actions_per_turn=median(r.actions_per_turn for r in runs),
        server_cpu_ms_per_turn=median(r.server_cpu_ms_per_turn for r in runs),
        frames_per_action=median(r.frames_per_action for r in runs),
        frames_per_turn=median(r.frames_per_turn for r in runs),
        clock_frames_per_turn=median(r.clock_frames_per_turn for r in runs),
        latency_mean_ms=median(r.latency_mean_ms for r in runs),
        latency_mean_ms_per_turn=median(r.latency_mean_ms_per_turn for r in runs),
    )


def ratio(ours: float, anchor: float) -> float:
    return ours / anchor if anchor else math.nan


def verdict(value: float, target: tuple[str, float] | None, unit: str = TIMES) -> str:
    """``value`` against ``target`` (an operator and a limit), e.g. "≤ 2.0 times: met"
    (with the unit's sign), or "" without a target."""
    if target is None:
        return ""
    op, limit = target
    met = value >= limit if op == ">=" else value <= limit  # NaN meets nothing
    sign = "≥" if op == ">=" else "≤"
    return f"{sign} {limit:g}{unit}: {'met' if met else 'MISSED'}"


def _num(value: float, digits: int = 1) -> str:
    return "n/a" if math.isnan(value) else f"{value:,.{digits}f}"


def _target(measure: str, spectators: int) -> tuple[str, float] | None:
    return RATIO_TARGETS.get(measure, (None, None))[1 if spectators else 0]


def workload_rows(matches: int, spectators: int, anchor: Medians, ours: Medians) -> list[list[str]]:
    """The table's lines for one workload: measure, anchor, ours, ratio, target."""
    parts = " + ".join(f"{k} {_num(v, 2)}" for k, v in ours.cpu_ms.items())
    lines = [
        ("actions/s", anchor.actions_per_s, ours.actions_per_s, 1, ""),
        ("server CPU ms/action", anchor.server_cpu_ms, ours.server_cpu_ms, 2, f" ({parts})"),
        ("p99 ms", anchor.p99_ms, ours.p99_ms, 0, ""),
        ("acts/turn", anchor.actions_per_turn, ours.actions_per_turn, 2, ""),
        ("server CPU ms/turn", anchor.server_cpu_ms_per_turn, ours.server_cpu_ms_per_turn, 2, ""),
        ("mean latency ms/act", anchor.latency_mean_ms, ours.latency_mean_ms, 1, ""),
        (
            "mean latency ms/turn",
            anchor.latency_mean_ms_per_turn,
            ours.latency_mean_ms_per_turn,
            1,
            "",
        ),
        ("frames/act", anchor.frames_per_action, ours.frames_per_action, 2, ""),
        (
            "frames/turn",
            anchor.frames_per_turn,
            ours.frames_per_turn,
            2,
            f" (clock frames {_num(ours.clock_frames_per_turn, 2)})",
        ),
    ]
    workload = f"{matches} matches, {spectators} spectators ({ours.runs} runs)"
    rows = []
    for measure, a, o, digits, detail in lines:
        r = ratio(o, a)
        target = verdict(r, _target(measure, spectators))
        rows.append(
            [
                workload,
                measure,
                _num(a, digits),
                _num(o, digits) + detail,
                _num(r, 2) + TIMES,
                target,
            ]
        )
        workload = "〃"
    nothing_lost = "0 / 0: " + ("met" if ours.errors == ours.gaps == 0 else "MISSED")
    rows += [
        [
            "〃",
            "errors / gaps",
            f"{anchor.errors} / {anchor.gaps}",
            f"{ours.errors} / {ours.gaps}",
            "",
            nothing_lost,
        ],
        [
            "〃",
            "generator CPU",
            f"{anchor.generator_cpu_percent:.0f} %",
            f"{ours.generator_cpu_percent:.0f} %",
            "",
            "",
        ],
        ["〃", "load average", _load(anchor.load), _load(ours.load), "", ""],
    ]
    return rows


def _load(load: tuple[float, float]) -> str:
    return f"{load[0]:.2f} → {load[1]:.2f}"


def marginal_ms(low: Medians, high: Medians, low_s: int, high_s: int) -> float:
    """Server CPU per spectator per action, between two spectator counts."""
    return (high.server_cpu_ms - low.server_cpu_ms) / (high_s - low_s)


def marginal_row(anchor: dict[int, Medians], ours: dict[int, Medians]) -> list[str] | None:
    """The marginal CPU per spectator per action between the fewest and the most
    spectators measured (None with one count only)."""
    low, high = min(ours), max(ours)
    if low == high:
        return None
    a = marginal_ms(anchor[low], anchor[high], low, high)
    o = marginal_ms(ours[low], ours[high], low, high)
    return [
        f"marginal, {low} → {high} spectators",
        "server CPU ms per spectator per action",
        _num(a, 3),
        _num(o, 3),
        _num(ratio(o, a), 2) + TIMES,
        "ours " + verdict(o, ("<=", MARGINAL_LIMIT_MS), " ms"),
    ]


HEADER = ["workload", "measure", ANCHOR, OURS, "ours / boardgame.io", "target (issues #15, #30)"]


def table(rows: list[list[str]], header: list[str] = HEADER) -> str:
    """A Markdown table of ``rows`` under ``header``."""
    lines = [header, ["---"] * len(header), *rows]
    return "\n".join("| " + " | ".join(cells) + " |" for cells in lines)
