"""After a match changed (committed), tell its clients and let its bots move."""

from __future__ import annotations

from spacemission.live import bots, fanout, runner
from spacemission.matches.absence import Outcome
from spacemission.matches.services import Applied


def on_match_changed(sender: object, *, match_id: int, seats_changed: bool, **_: object) -> None:
    """A committed change that ``matches`` reported (a match started, a player replaced
    by a bot): announce it on the event loop."""
    runner.run_soon(lambda: changed(match_id, seats_changed=seats_changed))


async def changed(match_id: int, *, seats_changed: bool) -> None:
    if seats_changed:
        await fanout.send_seats_changed(match_id)
    bots.schedule(match_id)


async def published(applied: Applied, messages: list[tuple[str, fanout.Message]]) -> None:
    """Send a committed action's patches, then let a bot move if it is a bot's turn
    (only matches with a bot seat ask: a seat changes hands through ``changed``)."""
    await fanout.send(messages)
    if applied.bots and not applied.finished:
        bots.schedule(applied.match_id)


async def seats(outcome: Outcome, messages: list[tuple[str, fanout.Message]]) -> None:
    """A change of seats (a stand-in, a return, a resignation, a vote): the patches of the
    acts it played, then every connection looks again; bots play on."""
    await fanout.send(messages)
    await fanout.send_seats_changed(outcome.match_id)
    if not outcome.finished:
        bots.schedule(outcome.match_id)
