"""Rematch offers over the match socket: each change goes to everyone at the match, and
a waiting offer is closed when its time is up (by whichever process gets there first)."""

from __future__ import annotations

import asyncio
from datetime import datetime
from typing import Any

from django.contrib.auth.base_user import AbstractBaseUser
from django.utils import timezone
from django.utils.dateparse import parse_datetime

from spacemission.live import fanout, frames, runner
from spacemission.live.threads import db
from spacemission.matches import rematch

Offer = dict[str, Any]


async def handle(match_id: int, user: AbstractBaseUser, kind: str) -> None:
    """Apply a client's ``rematch_*`` frame and tell the match (a repeat that changed
    nothing tells no one); raises IllegalAction."""
    await expire(match_id)  # an offer whose time is up is closed, and said so, first
    now = timezone.now()
    if kind == "rematch_offer":
        offer = await db(rematch.offer)(match_id, user, now)
    else:
        offer = await db(rematch.answer)(match_id, user, kind == "rematch_accept", now)
    if offer is None:
        return
    await fanout.send_public(match_id, frames.rematch(offer))
    watch(match_id, offer)


async def expire(match_id: int) -> None:
    offer = await db(rematch.expire)(match_id, timezone.now())
    if offer is not None:
        await fanout.send_public(match_id, frames.rematch(offer))


def watch(match_id: int, offer: Offer | None) -> None:
    """Close a waiting offer when its time is up (any thread; a restart re-arms it when a
    connection opens)."""
    if offer is None or offer["status"] != "pending":
        return
    deadline = parse_datetime(offer["expires"])
    runner.run_soon(lambda: _at(match_id, deadline))


async def _at(match_id: int, deadline: datetime | None) -> None:
    if deadline is not None:
        await asyncio.sleep(max(0.0, (deadline - timezone.now()).total_seconds()))
    await expire(match_id)
