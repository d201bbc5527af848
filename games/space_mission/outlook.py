"""Each seat's expected final total from a position: the search's estimate where a
playout is cut off (``games.space_mission.search``).

Points now are not the game's outcome: a chip, a card in hand or a reservation turns into
points later, and the Jump Gate's standing early on says little of the standing at the
end. The outlook weighs what a seat holds by how much of the game is left (the share of
face-up space tiles still to come before the end, R26). Its weights are fitted by least
squares on the final totals of games the search's own playout policy plays
(``python -m games.space_mission.fit``), so they say what a position has been worth in
such games, not what a rule of thumb says.
"""

from __future__ import annotations

from games.core import State
from games.space_mission.actions import face_up_count
from games.space_mission.data import END_THRESHOLD, SCORING
from games.space_mission.scoring import gate_scores, station_counts, tile_scores

# The parts of a seat's position, in the order of WEIGHTS.
FEATURES = (
    "points",  # stations and tiles now (R29-R34)
    "hoped",  # what the seat's reservations would add to its tiles (R20, R27)
    "chips",
    "hand",
    "left",  # the share of the game left, 1 at the start, 0 once the end is triggered
    "left*chips",
    "left*hand",
    "left*hoped",
    "one",
    "gate",  # the Jump Gate's points by today's standing (R28)
    "left*gate",
    "left*points",
)
# `python -m games.space_mission.fit --games 400` (2 to 4 players, 400 games each, deals
# from 10,000 per player count): residuals of about ten points a seat, against 16.7 for
# points now with reservations at 0.6 and chips at 0.3.
WEIGHTS = (0.944, 0.654, 0.35, 0.065, 5.667, 0.894, 0.057, 0.628, 1.85, 0.797, -0.528, -0.031)


def features(state: State) -> list[list[float]]:
    """Each seat's FEATURES."""
    gate = gate_scores(state["gate"])
    stations = station_counts(state)
    reserved: list[list[str]] = [[] for _ in range(state["players"])]
    for entries in state["reservations"].values():
        for owner, tile in entries:
            reserved[owner].append(tile)
    threshold = END_THRESHOLD[state["players"]]
    left = 0.0 if state["ending"] else max(0.0, (threshold - face_up_count(state)) / threshold)
    out = []
    for s, collection in enumerate(state["collections"]):
        tiles = sum(tile_scores(collection).values())
        hoped = sum(tile_scores(collection + reserved[s]).values()) - tiles
        points = stations[s] * SCORING["station"] + tiles
        chips, hand = state["chips"][s], len(state["hands"][s])
        out.append(
            [
                points,
                hoped,
                chips,
                hand,
                left,
                left * chips,
                left * hand,
                left * hoped,
                1.0,
                gate[s],
                left * gate[s],
                left * points,
            ]
        )
    return out


def outlook(state: State) -> list[float]:
    """Each seat's expected final total."""
    return [sum(w * f for w, f in zip(WEIGHTS, row, strict=True)) for row in features(state)]
