"""Absent players: a timed-out seat's stand-in bot, "I'm back", resigning, and the vote to
hand a long-gone player's seat to a bot at a table without a clock.

One mechanism for every game: a seat's ``bot`` plays it while set, its user keeps the
seat (``away`` while a stand-in plays for them). Each change is one transaction with the
match row locked first (then its seats), and returns what the live layer announces;
nothing here speaks to clients.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.contrib.auth.base_user import AbstractBaseUser

from games import registry
from games.clock import MINUTE
from games.core import IllegalAction
from spacemission.matches import audiences, clocks, decisions, states
from spacemission.matches.models import Match, MatchSeat
from spacemission.matches.services import (
    Applied,
    apply_locked,
    bot_choices,
    note,
    seats_changed,
    serialised,
    stand_in_bot,
)

# After this many timeouts in a row the stand-in keeps the seat until its player is back.
KEEP_AFTER = 2
# A turn the stand-in plays for a timed-out seat takes at most this many acts.
MAX_TURN_ACTS = 50
# At a table without a clock, a seat gone this long on its turn may be voted to a bot.
GONE_FOR_VOTE = 5 * MINUTE


@dataclass(frozen=True)
class Outcome:
    """A committed change of seats: every connection of the match looks again (its seat,
    the seats' facts, the clock), after the patches of any acts the stand-ins played."""

    match_id: int
    applied: tuple[Applied, ...] = ()
    finished: bool = False


def time_out(match_id: int, at: int) -> Outcome | None:
    """Act on the match's expired deadline, if it still is one at ``at`` and no other
    process holds the match: each seat out of time gets its stand-in, who plays the turn
    at once; it hands the seat back unless this was the seat's second timeout in a row.
    None when there was nothing (any more) to do."""
    with serialised():
        match = clocks.claim(match_id, at)
        if match is None:
            return None
        late = clocks.expired_seats(match, at)
        rows = {row.index: row for row in match.seats.select_for_update()}
        bot = stand_in_bot(match.game)
        stand_ins = {}
        for seat in late:
            row = rows[seat]
            row.timeouts, row.away = row.timeouts + 1, True
            stand_ins[seat] = row.bot or bot
            if row.timeouts >= KEEP_AFTER or row.resigned:
                row.bot = stand_ins[seat]
            # else the seat stays its player's: their clock runs again on their next turn
            note(match, "timeout", seat, at)
        # The seats are stored as they stand after these turns before the stand-ins play
        # them: a match the stand-ins end is placed and rated (``matches.places``) from
        # the seats every page reads later.
        MatchSeat.objects.bulk_update(rows.values(), ["timeouts", "away", "bot"])
        applied = _play_turns(match, rows, stand_ins)
        for seat in late:
            if rows[seat].timeouts >= KEEP_AFTER:
                note(match, "kept", seat, at)
        clocks.update(match, {i: row.bot for i, row in rows.items()}, at)
        match.save(update_fields=["events", *clocks.CLOCK_FIELDS])
    return Outcome(match.pk, tuple(applied), match.status == Match.Status.FINISHED)


def _play_turns(
    match: Match, rows: dict[int, MatchSeat], stand_ins: dict[int, str]
) -> list[Applied]:
    """The stand-ins (seat -> bot) play until none of their seats is to act (or the
    match ends)."""
    game = registry.get(match.game)
    seats = list(stand_ins)
    applied: list[Applied] = []
    for _ in range(MAX_TURN_ACTS * max(1, len(seats))):
        if match.status != Match.Status.RUNNING:
            break
        active = set(game.active_seats(states.current(match)))
        todo = [seat for seat in seats if seat in active]
        if not todo:
            break
        played = _play_one(match, rows, stand_ins, todo[0])
        if played is None:
            break
        applied.append(played)
    return applied


def _play_one(
    match: Match, rows: dict[int, MatchSeat], stand_ins: dict[int, str], seat: int
) -> Applied | None:
    seen = audiences.current(match.view_versions, match.seat_count)[seat]
    table = {i: {"index": i, "bot": stand_ins.get(i) or row.bot} for i, row in rows.items()}
    # The turn that ran out is played now, inside the match's lock: by the one-step easy
    # bot, not a search (the stand-in's later turns search, in the bot processes).
    bot = "easy" if stand_ins[seat] in decisions.SEARCHING else stand_ins[seat]
    for action in bot_choices(match, seat, bot):
        try:
            return apply_locked(match, table, seat, action, seen)
        except IllegalAction:
            continue
    return None


def back(match_id: int, user: AbstractBaseUser, seat: int | None = None) -> Outcome | None:
    """The player takes their seat back from its stand-in, with time enough for a turn
    (``games.clock.comeback_time``) if their clock had less. ``seat``: the seat the
    client means (refused unless it is theirs). None when the player is back already:
    a repeated "I'm back" changes nothing."""
    with serialised():
        match, row = _players_seat(match_id, user, seat)
        if not row.away:
            return None
        row.bot, row.away, row.timeouts, row.votes = "", False, 0, []
        row.save(update_fields=["bot", "away", "timeouts", "votes"])
        clocks.returned(match, row.index, clocks.now())
        seats_changed(match, "back", row.index)
    return Outcome(match.pk)


def resign(match_id: int, user: AbstractBaseUser) -> Outcome | None:
    """The player gives the game up: a bot plays the seat out, the seat places last
    (``matches.places``), and the player watches on. None when they had resigned
    already: a repeated resignation changes nothing."""
    with serialised():
        match = _locked_match(match_id)
        row = _users_seat(match, user)
        if row.resigned:
            return None
        row.bot, row.resigned, row.away = stand_in_bot(match.game), True, False
        row.save(update_fields=["bot", "resigned", "away"])
        seats_changed(match, "resigned", row.index)
    return Outcome(match.pk)


def vote(match_id: int, voter: int, target: Any, connected: set[int], at: int) -> Outcome | None:
    """``voter`` votes to hand seat ``target`` to a bot. Allowed at a table without a
    clock, when the target's person has had no connection for GONE_FOR_VOTE and the game
    waits for them; it passes once more than half the other connected players voted
    (with two players, the one still there decides). ``connected``: the seats with an
    open connection now. None for a vote already cast: it counts once, and a repeat
    changes nothing (no event, nothing to tell anyone)."""
    with serialised():
        match = _locked_match(match_id)
        if clocks.pace(match).timed:
            raise IllegalAction("clock_decides", "at a table with a clock, time decides")
        rows = {row.index: row for row in match.seats.select_for_update()}
        if type(target) is not int or target not in rows:
            raise IllegalAction("no_such_seat", "there is no such seat")
        row = rows[target]
        if target == voter:
            raise IllegalAction("own_seat", "you cannot vote on your own seat")
        if not votable(match, row, connected, at):
            raise IllegalAction("not_absent", "that player is not away long on their turn")
        if voter in row.votes:
            return None
        row.votes = sorted({*row.votes, voter})
        others = connected - {target}
        passed = 2 * len(others & set(row.votes)) > len(others)
        if passed:
            row.bot, row.away, row.votes = stand_in_bot(match.game), True, []
        row.save(update_fields=["bot", "away", "votes"])
        seats_changed(match, "handed" if passed else "vote", target, by=voter)
    return Outcome(match.pk)


def votable(match: Match, row: MatchSeat, connected: set[int], at: int) -> bool:
    """Whether seat ``row`` may be voted to a bot now (see ``vote``)."""
    active = registry.get(match.game).active_seats(states.current(match))
    return (
        not clocks.pace(match).timed
        and row.user_id is not None
        and not row.bot
        and row.index in active
        and row.index not in connected
        and row.gone_since is not None
        and at - row.gone_since >= GONE_FOR_VOTE
    )


def _locked_match(match_id: int) -> Match:
    match = Match.objects.select_for_update().filter(pk=match_id).first()
    if match is None:
        raise IllegalAction("no_match", "there is no such match")
    if match.status != Match.Status.RUNNING:
        raise IllegalAction("match_over", "the match has ended")
    return match


def _players_seat(
    match_id: int, user: AbstractBaseUser, seat: int | None = None
) -> tuple[Match, MatchSeat]:
    match = _locked_match(match_id)
    row = _users_seat(match, user)
    if row.resigned:
        raise IllegalAction("resigned", "you resigned: a bot plays your seat to the end")
    if seat is not None and seat != row.index:
        raise IllegalAction("not_your_seat", f"you do not play seat {seat}")
    return match, row


def _users_seat(match: Match, user: AbstractBaseUser) -> MatchSeat:
    """The user's seat at the locked match, also when they resigned it."""
    row = match.seats.select_for_update().filter(user_id=user.pk).first() if user.pk else None
    if row is None:
        raise IllegalAction("spectator", "you do not play at this match")
    return row
