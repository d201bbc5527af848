"""Final scoring (R27-R35, O8) and the running tile score a player sees of their own."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from games.core import State
from games.space_mission.data import CARDS, SCORING, TILE_CATEGORIES, TILES, card_json, tile_json

CATEGORIES: tuple[str, ...] = ("gate", "stations", *TILE_CATEGORIES)
KIND_COLOUR = {t: (tile.kind, tile.colour) for t, tile in TILES.items() if tile.is_point}


def _sets(colours: list[str | None]) -> int:
    """R30, R31: number of tiles x count of the most common colour."""
    return len(colours) * max(map(colours.count, set(colours))) if colours else 0


def _matter(colours: list[str | None]) -> int:
    """R32: each green-blue pair scores the pair value, each leftover the single value."""
    pairs = min(colours.count("green"), colours.count("blue"))
    return pairs * SCORING["matter_pair"] + (len(colours) - 2 * pairs) * SCORING["matter_single"]


def _water(count: int) -> int:
    """R33: the table per full set, plus the table for the rest (6 → 14 + 5)."""
    table = SCORING["water_table"]
    full = len(table) - 1
    return (count // full) * table[full] + table[count % full]


def tile_scores(tiles: Iterable[str]) -> dict[str, int]:
    """Points per tile category for a collection (R30-R34)."""
    by_kind: dict[str, list[str | None]] = {k: [] for k in TILE_CATEGORIES}
    for t in tiles:
        kind, colour = KIND_COLOUR[t]
        by_kind[kind].append(colour)
    return {
        "ore": _sets(by_kind["ore"]),
        "alien": _sets(by_kind["alien"]),
        "matter": _matter(by_kind["matter"]),
        "water": _water(len(by_kind["water"])),
        "medal": len(by_kind["medal"]) * SCORING["medal"],
    }


def gate_scores(probes: list[int]) -> list[int]:
    """R28: competition ranking by probes (1, 2, 2, 2, 5); no probe scores nothing."""
    table = SCORING["jump_gate_by_rank"]
    out = []
    for mine in probes:
        rank = sum(1 for other in probes if other > mine)
        out.append(table[rank] if mine > 0 and rank < len(table) else 0)
    return out


def gate_standing(probes: list[int]) -> list[dict[str, int]]:
    """Each seat's place at the Jump Gate now (1 = most probes; ties share a place) and
    the points that place scores (R28)."""
    points = gate_scores(probes)
    return [
        {
            "seat": s,
            "probes": mine,
            "rank": 1 + sum(1 for other in probes if other > mine),
            "points": points[s],
        }
        for s, mine in enumerate(probes)
    ]


def tile_gains(collection: list[str], stack: list[str]) -> dict[str, int]:
    """For each point tile of ``stack``: how much it adds to a collection's tile score."""
    now = sum(tile_scores(collection).values())
    return {t: sum(tile_scores([*collection, t]).values()) - now for t in stack if t in KIND_COLOUR}


def station_counts(state: State) -> list[int]:
    counts = [0] * state["players"]
    for owner in state["stations"].values():
        counts[owner] += 1
    return counts


def own_score(tiles: list[str]) -> dict[str, Any]:
    """A player's running tile score, as their own view shows it."""
    by_category = tile_scores(tiles)
    return {"by_category": by_category, "total": sum(by_category.values())}


def result(state: State) -> dict[str, Any]:
    """Scores by category, the winners (R35) and everything revealed (O8)."""
    gate = gate_scores(state["gate"])
    stations = station_counts(state)
    scores = []
    for seat in range(state["players"]):
        by_category = {
            "gate": gate[seat],
            "stations": stations[seat] * SCORING["station"],
            **tile_scores(state["collections"][seat]),
        }
        scores.append(
            {"seat": seat, "by_category": by_category, "total": sum(by_category.values())}
        )
    return {"scores": scores, "winners": winners(scores, stations), "revealed": revealed(state)}


def winners(scores: list[dict[str, Any]], stations: list[int]) -> list[int]:
    """R35: most points; tie: most stations; still tied: all of them win."""
    keys = [(s["total"], stations[s["seat"]]) for s in scores]
    best = max(keys)
    return [s["seat"] for s, key in zip(scores, keys, strict=True) if key == best]


def revealed(state: State) -> list[dict[str, Any]]:
    """O8: every seat's collection, reservations (awarded or not, R27) and hand."""
    out = []
    for seat in range(state["players"]):
        reservations: dict[str, list[dict[str, Any]]] = {}
        for planet, entries in state["reservations"].items():
            mine = [tile_json(t) for owner, t in entries if owner == seat]
            if mine:
                reservations[planet] = mine
        out.append(
            {
                "seat": seat,
                "collection": [tile_json(t) for t in sorted(state["collections"][seat])],
                "reservations": reservations,
                "hand": [card_json(c) for c in state["hands"][seat] if c in CARDS],
            }
        )
    return out
