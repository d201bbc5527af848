"""Several hosts on one machine (tests/hosts/cluster.py): an application host drops off
the network mid-game, and the services host's link to one application host flaps. After
each: every acknowledged act stored once, every stored state the replay of its log, every
socket at the stored version, every clock right, no match stalled.

Each drill prints its figures (docs/reliability.md, "Several hosts"): run with ``-s``.
"""

from __future__ import annotations

import asyncio
import math
import subprocess
import time

import pytest

from games.clock import PACES
from tests.faults.drill import GAME, Table, acknowledged_rows, final_views, held
from tests.faults.test_deadlines import facts
from tests.hosts.cluster import Cluster, cluster
from tests.hosts.players import HostPlayer
from tests.platform.live.remote import SEED_MATCH, replayed_states, stored
from tests.support.servers import _SESSION

# The hosts' links take fixed subnets (tests/hosts/network.py): one worker runs them all.
pytestmark = [pytest.mark.slow, pytest.mark.hosts, pytest.mark.xdist_group("hosts")]
NORMAL = PACES["normal"]
MATCHES = 6
CLOCKS = 2
TIMEOUT = 40.0
FLAPS = 3
FLAP_DOWN, FLAP_UP = 3.0, 2.0


def seed(cluster: Cluster, count: int, pace: str, tag: str) -> list[tuple[int, list[str]]]:
    """``count`` two-seat matches at ``pace`` and a session for each seat, in one process:
    (match id, [session of seat 0, of seat 1])."""
    code = []
    for m in range(count):
        names = [f"{tag}{m}x{s}" for s in range(2)]
        code.append(
            SEED_MATCH.replace("PLAYERS", repr([f"@{n}" for n in names]))
            .replace("PACE", repr(pace))
            .replace("FIRST", "0")
            .replace("GAME_ID", repr("space-mission"))
            .replace("SEED", "None")
        )
        code.append(_SESSION.replace("USERNAMES", repr(names)))
    out = cluster.database.django("".join(code), env={"BOT_DELAY": "3600"}).split()
    return [(int(out[i]), out[i + 1 : i + 3]) for i in range(0, len(out), 3)]


def players_of(cluster: Cluster, matches: list[tuple[int, list[str]]]) -> list[HostPlayer]:
    players = []
    for match_id, sessions in matches:
        for seat, session in enumerate(sessions):
            players.append(HostPlayer(cluster.balancer, match_id, session, f"{match_id}s{seat}"))
        players.append(
            HostPlayer(cluster.balancer, match_id, sessions[0], f"{match_id}s0b", second=True)
        )
    return players


def stored_views(cluster: Cluster, players: list[HostPlayer]) -> dict[HostPlayer, int]:
    matches = {m: stored(cluster.database, m) for m in {p.match_id for p in players}}
    return {p: held(matches[p.match_id], p.seat) for p in players}


async def caught_up(players: list[HostPlayer], since: float, targets, ready) -> list[float]:
    """Seconds from ``since`` until each player holds at least its target version (and
    ``ready(player)`` holds): the time it took each socket to be at the stored version."""
    took: dict[HostPlayer, float] = {}
    async with asyncio.timeout(TIMEOUT):
        while len(took) < len(players):
            for p in players:
                if p not in took and p.v is not None and p.v >= targets[p] and ready(p):
                    took[p] = time.monotonic() - since
            await asyncio.sleep(0.02)
    return sorted(took.values())


async def goes_on(table: Table, by: int) -> None:
    """Until every socket holds ``by`` versions more than now (or its match ended): no
    match stalled. A player that gave up fails the drill."""
    targets = {p: (p.v or 0) + by for p in table.players}
    async with asyncio.timeout(TIMEOUT):
        while not all(
            p.v >= targets[p] or (p.view or {}).get("result") is not None for p in table.players
        ):
            for task in table.tasks:
                if task.done():
                    task.result()
            await asyncio.sleep(0.1)


def p95(values: list[float]) -> float:
    return values[max(0, math.ceil(0.95 * len(values)) - 1)]


def check_clocks(cluster: Cluster, clocks: list[int], at: int) -> int:
    """How many clock matches did not time out exactly once, as the rules of the pace ask
    (the timed-out seat's whole turn played once by its stand-in, no time lost or granted)."""
    errors = 0
    for match_id in clocks:
        f = facts(cluster.database, match_id)
        right = (
            f["events"] == ["timeout"]
            and set(f["actions"]) == {0}
            and f["version"] == len(f["actions"])
            and f["seats"][0] == (True, 1, "")
            and f["clock"]["left"][0] == NORMAL.increment
            and f["deadline"] == at + NORMAL.bank
        )
        errors += not right
    return errors


async def timed_out(cluster: Cluster, clocks: list[int]) -> None:
    async with asyncio.timeout(TIMEOUT):
        while not all(facts(cluster.database, m)["events"] for m in clocks):
            await asyncio.sleep(0.1)


def audit(cluster: Cluster, players: list[HostPlayer], before: dict[int, int]) -> dict:
    """The drill's outcome: the stored matches against the log and the players."""
    db = cluster.database
    lost = duplicated = stalled = acts = 0
    for match_id in {p.match_id for p in players}:
        match = stored(db, match_id)
        states = replayed_states(match)
        assert match["snapshot_ok"] and states[-1] == match["state"], match_id
        assert len(states) - 1 == match["version"]
        acts += match["version"]
        rows = acknowledged_rows(db, match_id)
        for player in (p for p in players if p.match_id == match_id):
            lost += sum(rows.get(cid) != v for cid, v in player.acked.items())
            assert player.v == held(match, player.seat), player.name
            assert player.view == GAME.view(match["state"], player.seat), player.name
        ((copies,),) = db.query(
            "SELECT count(*) - count(DISTINCT (seat, client_id)) FROM matches_action"
            " WHERE match_id = %s AND client_id <> ''",
            [match_id],
        )
        duplicated += copies
        stalled += match["state"].get("result") is None and match["version"] <= before[match_id]
    return {"acts": acts, "lost": lost, "duplicated": duplicated, "stalled": stalled}


def versions(cluster: Cluster, players: list[HostPlayer]) -> dict[int, int]:
    return {m: stored(cluster.database, m)["version"] for m in {p.match_id for p in players}}


def report(name: str, players: list[HostPlayer], outcome: dict, took: list[float], clock_errors):
    figures = {
        "drill": name,
        "matches": len({p.match_id for p in players}),
        "sockets": len(players),
        **outcome,
        "catch_up_max": round(took[-1], 2),
        "catch_up_p95": round(p95(took), 2),
        "clock_errors": clock_errors,
        "reconnects": sum(p.counts.reconnects for p in players),
    }
    print(f"\nFIGURES {figures}")
    return figures


async def test_a_host_cut_mid_game_hands_its_players_and_clocks_to_the_other():
    with cluster() as hosts:
        players = players_of(hosts, seed(hosts, MATCHES, "none", "cut"))
        clocks = [m for m, _ in seed(hosts, CLOCKS, "normal", "clk")]
        table = Table(players)
        await table.reach(3, TIMEOUT)  # every socket open, play under way
        a = hosts.a.server.address
        on_a = [p for p in players if p.host and p.host.startswith(a)]
        assert on_a and len(on_a) < len(players)  # the hash spread the sockets over both

        before = versions(hosts, players)
        cut = time.monotonic()
        hosts.a.cut()
        at = hosts.database.advance(NORMAL.bank)  # the clocks run out while a is away
        targets = stored_views(hosts, players)
        reconnects = {p: p.counts.reconnects for p in players}
        # A socket of a caught up once it is on b and holds the stored version.
        took = await caught_up(
            players, cut, targets, lambda p: p not in on_a or p.counts.reconnects > reconnects[p]
        )
        await timed_out(hosts, clocks)  # by b: a cannot reach the database
        await goes_on(table, 4)  # play goes on, on b

        hosts.a.restore()  # a comes back: it must not act on anything twice
        await goes_on(table, 2)
        await table.stop()
        await final_views(players)

        assert all(p.host.startswith(hosts.b.server.address) for p in on_a)
        outcome = audit(hosts, players, before)
        clock_errors = check_clocks(hosts, clocks, at)
        report("application host cut", players, outcome, took, clock_errors)
        assert outcome["lost"] == outcome["duplicated"] == outcome["stalled"] == 0
        assert clock_errors == 0


async def test_the_services_link_of_one_host_flapping_loses_and_stalls_nothing():
    with cluster() as hosts:
        players = players_of(hosts, seed(hosts, MATCHES, "none", "flap"))
        clocks = [m for m, _ in seed(hosts, CLOCKS, "normal", "clk")]
        table = Table(players)
        await table.reach(3, TIMEOUT)

        before = versions(hosts, players)
        at = None
        for flap in range(FLAPS):
            hosts.a.back.set(up=False)
            if flap == 1:
                at = hosts.database.advance(NORMAL.bank)  # a deadline passes mid-flap
            await asyncio.sleep(FLAP_DOWN)  # the fault lasts this long: nothing to wait on
            hosts.a.back.set(up=True)
            await asyncio.sleep(FLAP_UP)
        end = time.monotonic()
        targets = stored_views(hosts, players)
        took = await caught_up(players, end, targets, lambda p: True)
        await timed_out(hosts, clocks)
        await goes_on(table, 4)  # no match stalled
        await table.stop()
        await final_views(players)

        outcome = audit(hosts, players, before)
        clock_errors = check_clocks(hosts, clocks, at)
        report("services link flapping", players, outcome, took, clock_errors)
        assert outcome["lost"] == outcome["duplicated"] == outcome["stalled"] == 0
        assert clock_errors == 0


def test_a_failed_drill_leaves_no_namespace_link_or_process_behind():
    with pytest.raises(RuntimeError, match="the drill failed"), cluster() as hosts:
        namespaces = [h.server.netns for h in hosts.hosts]
        links = [h.front.left for h in hosts.hosts]
        processes = [h.server.process for h in hosts.hosts] + [hosts.balancer.process]
        raise RuntimeError("the drill failed")
    listed = subprocess.run(["ip", "netns", "list"], capture_output=True, text=True).stdout
    assert not any(netns in listed for netns in namespaces)
    for link in links:
        assert subprocess.run(["ip", "link", "show", "dev", link], capture_output=True).returncode
    assert all(process.poll() is not None for process in processes)
    assert not hosts.balancer.dir.exists()
