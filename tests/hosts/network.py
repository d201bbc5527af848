"""Hosts on one machine: network namespaces joined by veth pairs, each link a /24 of
10.213.0.0/16 of its own, cut and restored by taking one end down and up.

Only what a ``Network`` creates is touched: its namespaces, its veths (the ends left in
the machine's own namespace too) and their routes; ``close()`` removes them all.
"""

from __future__ import annotations

import random
import secrets
import subprocess
from dataclasses import dataclass

DEFAULT = ""  # the machine's own namespace


def ip(*args: str, netns: str = DEFAULT) -> None:
    command = ["ip", *(["-n", netns] if netns else []), *args]
    subprocess.run(command, check=True, capture_output=True, text=True)


def in_namespace(netns: str, command: list[str]) -> list[str]:
    """``command`` run inside ``netns`` (the machine's own namespace when empty)."""
    return ["ip", "netns", "exec", netns, *command] if netns else command


@dataclass
class Link:
    """A veth pair: ``left`` (address ``.1``) in ``left_ns``, ``right`` (``.2``) in
    ``right_ns``, on the subnet ``10.213.<subnet>.0/24``."""

    left: str
    right: str
    left_ns: str
    right_ns: str
    subnet: int

    @property
    def left_address(self) -> str:
        return f"10.213.{self.subnet}.1"

    @property
    def right_address(self) -> str:
        return f"10.213.{self.subnet}.2"

    def set(self, up: bool) -> None:
        """Up or down: down, nothing passes either way (packets are dropped, no reset is
        sent, as when a cable is pulled)."""
        ip("link", "set", "dev", self.right, "up" if up else "down", netns=self.right_ns)


class Network:
    """Namespaces by name and the links between them."""

    def __init__(self) -> None:
        self.tag = secrets.token_hex(3)
        # Subnets of this network's own (a second run at once draws others).
        self.subnets = iter(random.sample(range(1, 255), 16))
        self.namespaces: list[str] = []
        self.links: list[Link] = []

    def namespace(self, name: str) -> str:
        netns = f"sm{self.tag}{name}"
        ip("netns", "add", netns)
        self.namespaces.append(netns)
        ip("link", "set", "dev", "lo", "up", netns=netns)
        return netns

    def link(self, left_ns: str, right_ns: str) -> Link:
        n = len(self.links)
        link = Link(f"sm{self.tag}{n}l", f"sm{self.tag}{n}r", left_ns, right_ns, next(self.subnets))
        ip("link", "add", link.left, "type", "veth", "peer", "name", link.right)
        self.links.append(link)
        for end, netns, address in (
            (link.left, left_ns, link.left_address),
            (link.right, right_ns, link.right_address),
        ):
            if netns:
                ip("link", "set", "dev", end, "netns", netns)
            ip("addr", "add", f"{address}/24", "dev", end, netns=netns)
            ip("link", "set", "dev", end, "up", netns=netns)
        return link

    def close(self) -> None:
        """Remove every link and namespace (their processes must have ended first)."""
        for link in self.links:
            for end, netns in ((link.left, link.left_ns), (link.right, link.right_ns)):
                if not netns:
                    subprocess.run(["ip", "link", "del", end], capture_output=True)
        for netns in self.namespaces:
            subprocess.run(["ip", "netns", "del", netns], capture_output=True)
