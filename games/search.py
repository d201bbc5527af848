"""Information-set Monte Carlo tree search, one for every game (the normal and strong bots).

Single-observer ISMCTS (Cowling, Powley & Whitehouse 2012): each simulation deals a full
state consistent with what the searching seat knows (``SearchHooks.sample``, from its
view only), walks one shared tree by the actions taken, choosing among the actions legal
in *this* deal by UCB with availability counts, adds one edge, plays on with the game's
cheap playout policy for at most ``SearchHooks.depth`` actions and scores the result (the
winners, or the game's estimate where the playout was cut off). The action most often
tried at the root is played, the easy bot's choice counting some visits more. Where the
game ranks its moves as the easy bot values them (``SearchHooks.ranked``), a node tries
only the ``width`` best, so that each gets simulations enough.

Where the game says so for the number of players (``opponents_by_policy``), the other
seats play by the playout policy inside the tree as well, so that every simulation's
visits go to the searching seat's own lines: at four players the others' replies, each
tried once at random before any was tried twice, took the tree's visits and left its own
decisions shallow.

Secret simultaneous choices (a ``round_key`` that is not ``None``) are searched as such,
by decoupled selection: in a round every seat walks a branch of its own under the round's
node, keyed by its own actions only, so no seat's choice is made knowing another's. Once
the round is over the walk goes on below the round's node by the searching seat's own
actions: what the others chose is not part of its information state.

Everything is decided by the seed and the number of simulations: no clock, so a game
with bots replays exactly from its seed.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Hashable
from typing import Any

from games import rng
from games.core import Action, Game, SearchHooks, State, View

EXPLORATION = 0.7  # UCB's constant, for rewards in [0, 1]
RANDOM_SHARE = 20  # percent of playout choices made at random, not by the easy bot
# The weight of a prior choice, in simulations: at least PRIOR_VISITS, and the game's
# share of the budget (SearchHooks.prior_share). A fixed weight let a larger budget leave
# the easy bot's choice on the strength of playouts cut short, and BlaBla's strong bot
# lost to its normal one; Space Mission's strong bot plays better with the fixed weight
# (docs/bots.md).
PRIOR_VISITS = 10


Policy = Callable[[State, int, int], Action]


def mostly_easy(quick: Policy, easy: Policy) -> Policy:
    """A playout policy: mostly ``easy`` (the easy bot choosing from the seat's view of
    the deal: every seat plays as a person would), now and then ``quick``, a cheap random
    choice, so that playouts vary. Both take (state, seat, rng state)."""

    def rollout(state: State, seat: int, g: int) -> Action:
        return quick(state, seat, g) if g % 100 < RANDOM_SHARE else easy(state, seat, g)

    return rollout


class _Edge:
    __slots__ = ("available", "child", "reward", "visits")

    def __init__(self) -> None:
        self.visits = 0
        self.available = 0
        self.reward = 0.0
        self.child: _Node | None = None

    def node(self) -> _Node:
        if self.child is None:
            self.child = _Node()
        return self.child


class _Node:
    """A node of the tree: edges by action, and for the node of a round of secret choices
    a branch per seat and a node per own line of play after it (``links``)."""

    __slots__ = ("edges", "links")

    def __init__(self) -> None:
        self.edges: dict[str, _Edge] = {}
        self.links: dict[Hashable, _Node] = {}

    def link(self, key: Hashable) -> _Node:
        node = self.links.get(key)
        if node is None:
            node = self.links[key] = _Node()
        return node


def action_key(action: Action) -> str:
    """One string per action (its fields are listed in one order by the rules code)."""
    return repr(action)


def rewards(game: Game, hooks: SearchHooks, state: State) -> list[float]:
    """Each seat's reward in [0, 1]: its share of the win at the end, else how far its
    estimated total leads the best of the others'."""
    result = game.result(state)
    n = state["players"]
    if result is not None:
        winners = result["winners"]
        return [1.0 / len(winners) if s in winners else 0.0 for s in range(n)]
    totals = hooks.estimate(state)
    out = []
    for s in range(n):
        lead = totals[s] - max(t for o, t in enumerate(totals) if o != s)
        out.append(1.0 / (1.0 + math.exp(-3.0 * lead / hooks.scale)))
    return out


def searched(hooks: SearchHooks, state: State, seat: int) -> list[Action]:
    """The moves the tree tries for ``seat``: the game's, or the ``width`` the easy bot
    ranks best where it ranks them."""
    moves = hooks.moves(state, seat)
    if hooks.ranked is None or len(moves) <= hooks.width:
        return moves
    return hooks.ranked(state, seat, moves)[: hooks.width]


def _select(node: _Node, moves: list[Action], g: int) -> tuple[int, _Edge, Action, bool]:
    """(generator, edge, action, whether the edge is new): an untried action if any, else
    the best by UCB over the times each was available."""
    untried: list[tuple[_Edge, Action]] = []
    best, best_value, best_action = None, -1.0, moves[0]
    for action in moves:
        key = action_key(action)
        edge = node.edges.get(key)
        if edge is None:
            edge = node.edges[key] = _Edge()
        edge.available += 1
        if edge.visits == 0:
            untried.append((edge, action))
            continue
        value = edge.reward / edge.visits + EXPLORATION * math.sqrt(
            math.log(edge.available) / edge.visits
        )
        if value > best_value:
            best, best_value, best_action = edge, value, action
    if untried:
        g, i = rng.randbelow(g, len(untried))
        return g, untried[i][0], untried[i][1], True
    assert best is not None
    return g, best, best_action, False


class _Walk:
    """One simulation's way down the tree, through rounds of secret choices."""

    def __init__(self, root: _Node, seat: int) -> None:
        self.seat = seat
        self.node = root
        self.round: Hashable | None = None
        self.round_node: _Node | None = None
        self.branches: dict[int, _Node] = {}
        self.own: list[str] = []

    def enter(self, key: Hashable | None) -> None:
        """Follow the state into, out of or on to another round of secret choices."""
        if key == self.round:
            return
        if self.round_node is not None:
            self.node = self.round_node.link(("after", tuple(self.own)))
        self.round, self.round_node, self.branches, self.own = key, None, {}, []
        if key is not None:
            self.round_node = self.node

    def at(self, mover: int) -> _Node:
        if self.round_node is None:
            return self.node
        branch = self.branches.get(mover)
        return branch if branch is not None else self.round_node.link(("seat", mover))

    def moved(self, mover: int, edge: _Edge, action: Action) -> None:
        if self.round_node is None:
            self.node = edge.node()
            return
        self.branches[mover] = edge.node()
        if mover == self.seat:
            self.own.append(action_key(action))


def _simulate(
    game: Game, hooks: SearchHooks, root: _Node, state: State, seat: int, depth: int, g: int
) -> None:
    walk = _Walk(root, seat)
    path: list[tuple[_Edge, int]] = []
    grown = grown_in_round = False  # an edge was added: the tree part ends
    by_policy = state["players"] in hooks.opponents_by_policy
    while not grown:
        active = game.active_seats(state)
        if not active:
            break
        key = hooks.round_key(state)
        if grown_in_round and key != walk.round:
            break  # an edge was added in the round just over
        walk.enter(key)
        mover = active[0]
        if mover != seat and walk.round_node is None and by_policy:
            g, pick = rng.next_u64(g)
            state, _ = game.apply(state, mover, hooks.rollout(state, mover, pick))
            continue
        g, edge, action, new = _select(walk.at(mover), searched(hooks, state, mover), g)
        path.append((edge, mover))
        state, _ = game.apply(state, mover, action)
        walk.moved(mover, edge, action)
        # In a round of secret choices every seat chooses in the tree, whichever is first.
        grown = new and walk.round_node is None
        grown_in_round = grown_in_round or (new and walk.round_node is not None)
    for _ in range(depth):
        active = game.active_seats(state)
        if not active:
            break
        g, pick = rng.next_u64(g)
        state, _ = game.apply(state, active[0], hooks.rollout(state, active[0], pick))
    values = rewards(game, hooks, state)
    for edge, mover in path:
        edge.visits += 1
        edge.reward += values[mover]


def search(
    game: Game,
    view: View,
    seat: int,
    simulations: int,
    seed: int,
    prior: Action | None = None,
    level: str = "normal",
) -> Action:
    """The action ``seat`` takes after ``simulations`` simulations, seeing only ``view``,
    with playouts as long as ``level``'s at this table.

    ``prior`` (the easy bot's choice, say) counts ``prior_visits(hooks, simulations)``
    more visits when the most visited action is played, so the search leaves it only for an
    action it finds clearly better."""
    return _search(game, view, seat, level, seed, prior, simulations)


def search_at(
    game: Game, view: View, seat: int, level: str, seed: int, prior: Action | None = None
) -> Action:
    """``search`` with the game's budget for ``level`` at this table's number of players
    (``SearchHooks.budget``)."""
    return _search(game, view, seat, level, seed, prior)


def _hooks(game: Game) -> SearchHooks:
    if game.search is None:
        raise ValueError(f"{game.info.id} has no search")
    return game.search


def _search(
    game: Game,
    view: View,
    seat: int,
    level: str,
    seed: int,
    prior: Action | None,
    simulations: int | None = None,
) -> Action:
    """The search, with ``simulations`` (None: the level's budget at this table) and the
    level's playout length at this table; the number of players is known once dealt."""
    hooks = _hooks(game)
    g = rng.seed_state(seed)
    g, first = rng.next_u64(g)
    state = hooks.sample(view, seat, first)
    moves = searched(hooks, state, seat)
    if not moves:
        raise ValueError("the seat has no action to take")
    if len(moves) == 1:
        return moves[0]
    players = state["players"]
    if simulations is None:
        simulations = hooks.budget(level, players)
    depth = hooks.depth(level, players)
    root = _Node()
    in_round = hooks.round_key(state) is not None
    decisions = root.link(("seat", seat)) if in_round else root
    for n in range(simulations):
        if n:
            g, deal = rng.next_u64(g)
            state = hooks.sample(view, seat, deal)
        else:
            deal = first
        _simulate(game, hooks, root, state, seat, depth, deal)
    bonus = {action_key(prior): prior_visits(hooks, simulations)} if prior is not None else {}
    return max(moves, key=lambda a: _visits(decisions, a, bonus.get(action_key(a), 0)))


def prior_visits(hooks: SearchHooks, simulations: int) -> int:
    """The visits a prior choice counts for, at this budget of this game."""
    return max(PRIOR_VISITS, int(simulations * hooks.prior_share))


def _visits(node: _Node, action: Action, bonus: int = 0) -> tuple[int, float]:
    edge = node.edges.get(action_key(action))
    return (bonus, 0.0) if edge is None or not edge.visits else (edge.visits + bonus, edge.reward)


def statistics(
    game: Game, view: View, seat: int, simulations: int, seed: int, level: str = "normal"
) -> dict[str, Any]:
    """The search's root figures (for tests and tuning): visits and mean reward by action,
    with playouts as long as ``level``'s."""
    hooks = _hooks(game)
    root = _Node()
    g = rng.seed_state(seed)
    in_round = False
    for _ in range(simulations):
        g, deal = rng.next_u64(g)
        state = hooks.sample(view, seat, deal)
        in_round = hooks.round_key(state) is not None
        depth = hooks.depth(level, state["players"])
        _simulate(game, hooks, root, state, seat, depth, deal)
    decisions = root.link(("seat", seat)) if in_round else root
    return {
        key: {"visits": e.visits, "mean": e.reward / e.visits}
        for key, e in decisions.edges.items()
        if e.visits
    }
