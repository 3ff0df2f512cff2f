"""Recording an entry of the log: what every kind of entry shares.

``record_entry`` locks the campaign with the scope the entry needs, checks the game is in
progress, asks the entry's own rules, reads whether the war goes on (replaying the entries that
decide it), finds the seat making the entry and refuses a seat out of the war, records the
entry, logs it, links the marks it placed, and hands back the packets it made due, read once
the entry's transaction is over (see ``entry_service`` for a keyed write, and ``Ahead``).
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from django.db import transaction
from django.utils import timezone

from campaigns.game import entry_marks, late_entries
from campaigns.game.common import (
    EventResult,
    locked_game,
    log_event,
    require_in_progress,
    seat_of,
    seats_of,
)
from campaigns.game.entries.base import EntryKind, Seating, Table
from campaigns.game.entries.registry import DECISIVE_KINDS, entry
from campaigns.game.holdings import Entry, Replay, entries_of, holdings_of, replay, starts_of
from campaigns.game.packets import packets_due
from campaigns.models import Campaign, EventKind, Game, GameEvent, Seat
from legacy.board import Board
from legacy.rules import table_rules
from legacy.rules.made_at import made_in_the_game
from legacy.selectors import board_as_of_game


def in_a_longer_transaction() -> bool:
    """Does the entry's own transaction (``entry_service``) run inside its caller's, a keyed
    request's, which holds the lock until it ends? A test's own transaction aside."""
    blocks = transaction.get_connection().atomic_blocks
    return sum(not getattr(block, "_from_testcase", False) for block in blocks) > 1


@dataclass(frozen=True)
class Ahead:
    """The packets due read before an entry takes its campaign's lock, with the marks and
    triggers versions they were read at.

    An entry that changes nothing the packets' triggers read (``marks=False`` and no triggers
    bumped: a recruitment under 30 troops, a red star bought) leaves those versions as they
    were, so once it holds the lock, the same versions mean the same packets due: nothing the
    triggers read changed between the read and the write, the entry's own write included. A
    keyed write, whose lock is held until its answer is kept (``entry_service``), thus reads
    nothing for them under the lock. Other versions there (another write changed a trigger
    meanwhile), and they are read again under it."""

    versions: tuple[int, int]
    due: list[str]

    @classmethod
    def read(cls, game: Game | int, kind: EntryKind, params: Any) -> Ahead | None:
        """Read for a keyed write (an entry run inside its caller's transaction, which holds
        the lock after it) that bumps no version the packets are read at, when its campaign
        was read already (an entry from the API: its game named by its number)."""
        if not in_a_longer_transaction():
            return None  # its own transaction: the packets are read once the lock is given back
        if kind.marks or kind.bumps_triggers(params):
            return None
        if not isinstance(game, Game) or not Game._meta.get_field("campaign").is_cached(game):
            return None
        campaign = game.campaign
        if campaign.writing:
            return None
        return cls((campaign.marks_version, campaign.triggers_version), packets_due(campaign))

    def due_in(self, campaign: Campaign) -> list[str] | None:
        """The packets read ahead, while ``campaign`` (held) is still at their versions."""
        now = (campaign.marks_version, campaign.triggers_version)
        return list(self.due) if now == self.versions else None


def with_triggers(
    campaign: Campaign, event: GameEvent, ahead: Ahead | None = None, **kw
) -> EventResult:
    """The entry's result, with how to read the packets it makes due (``entry_service`` reads
    them once the entry's transaction is over): those read ``ahead`` when still right."""
    due = ahead.due_in(campaign) if ahead is not None else None
    if due is not None:
        return EventResult(event, due, **kw)
    return EventResult(event, lambda: packets_due(campaign), **kw)


def at_war(
    game: Game,
    seats: list[Seat] | None = None,
    replayed: Replay | None = None,
    rejoining: bool = False,
):
    """The game's seats and the replay of its log, once the war goes on: after a player has won
    (4 red stars, or the last faction standing) the table enters nothing more but the end of
    the game, or takes the winning entry back. ``replayed`` may be a full replay already read;
    otherwise the entries that decide the war are read (``DECISIVE_KINDS``). ``rejoining``: the
    entry refused is a faction joining the war again."""
    seats = seats_of(game) if seats is None else seats
    if replayed is None:
        replayed = holdings_of(game, seats=seats, kinds=DECISIVE_KINDS)
    if replayed.winner is not None:
        winner = next(s for s in seats if s.pk == replayed.winner)
        table_rules.war_goes_on(
            game.number,
            winner=winner.player.name,
            how=replayed.won_by,
            entry=replayed.won_at,
            rejoining=rejoining,
        )
    return seats, replayed


def in_the_war(seat: Seat | None, replayed: Replay, what: str, while_wiped_out: bool = False):
    """Out means out: refuse an entry by ``seat`` while it is out of the war (``what``: the
    entry, in words). ``while_wiped_out``: the entry is the seat's scar card or its missiles,
    which stay in a wiped-out player's hands ("но не его Шрам карты или Red Star / Ракетные
    жетоны") and are played at any time; only a seat eliminated for good sits back."""
    if seat is None:
        return
    held = replayed.holdings[seat.pk]
    out = held.out and not (while_wiped_out and not held.out_for_good)
    table_rules.not_out(seat.player.name, out=out, out_for_good=held.out_for_good, what=what)


def entry_service(service):
    """An entry of the log: written in one transaction that holds the campaign's lock, then the
    packets it makes due read at once, after that transaction.

    Sent without an ``Idempotency-Key`` (a task, a script), the entry's transaction commits
    here: the lock is given back before the packets are read, and another phone's entry waits
    only for the writing. A keyed write (every entry a phone sends) runs in one transaction
    with its kept answer (``edge.idempotency``), so this one is a savepoint of it: the lock is
    held until the answer is kept, and the packets due are read under it, in the answer a retry
    gets again, unless they were read before the lock (``Ahead``: an entry that changes
    nothing the triggers read). ``tests/api/test_packets_due_under_the_keyed_lock.py`` shows
    each."""

    @functools.wraps(service)
    def enter(*args, **kwargs) -> EventResult:
        with transaction.atomic():
            result = service(*args, **kwargs)
        result.packets_to_open  # noqa: B018 - read now, the lock given back
        return result

    return enter


def board_of(game: Game) -> Board:
    """The campaign's board as of ``game``: where its entries may put a mark."""
    return board_as_of_game(game.campaign_id, game.number)


@entry_service
def record_entry(
    kind: str, *, game: Game | int, params: Any, by=None, made_at: datetime | None = None
) -> EventResult:
    """Record an entry of ``kind`` in ``game`` (a row, its id, or one named by its number:
    ``common.game_to_lock``) with what the table said (``params``, the kind's dataclass), made
    at ``made_at`` (the phone's clock; now when not given)."""
    return _record(entry(kind), game, params, by, made_at)


def awaits(event: GameEvent, seats: list[Seat], log: list[Entry]) -> None:
    """A late entry (``log``: the entries already logged, some made after it) that changes what
    the log decided waits for the table's confirmation, left out of the replay meanwhile."""
    if late_entries.changes(event, seats, log):
        event.awaiting_confirmation = True
        event.save(update_fields=["awaiting_confirmation"])


def _record(
    kind: EntryKind, game: Game | int, params: Any, by, made_at: datetime | None = None
) -> EventResult:
    if kind.record is None or not isinstance(params, kind.params or ()):
        raise TypeError(f"{kind.kind} is not recorded with {type(params).__name__}")
    if kind.validate is not None:
        kind.validate(params)
    ahead = Ahead.read(game, kind, params)
    campaign, game = locked_game(game, marks=kind.marks, triggers=kind.bumps_triggers(params))
    late_entries.not_after_the_end(game)
    require_in_progress(game)
    now = timezone.now()
    made_at = made_at or now
    made_in_the_game(made_at, now=now, started_at=game.started_at, game=game.number)
    table = Table(campaign, game, by)
    if kind.check is not None:
        kind.check(table, params)
    log: list[Entry] = []
    if kind.war:
        seats = seats_of(game)
        # A decisive entry reads the whole log: made late, it may make any later entry void.
        whole = kind.reads_whole_log or kind.decisive
        log = entries_of(game.pk, None if whole else (*DECISIVE_KINDS, *kind.reads_also))
        # Checked at its place: the log replayed up to when it was made.
        then = replay(starts_of(seats), (e for e in log if e.order[0] <= made_at))
        table.seats, table.replayed = at_war(
            game, seats, then, rejoining=kind.kind == EventKind.REJOINED
        )
    player = getattr(params, "player", None)
    if kind.seating is Seating.REQUIRED or (
        kind.seating is Seating.OPTIONAL and player is not None
    ):
        table.seat = seat_of(game, player, table.seats if kind.war else None)
        if kind.what and table.replayed is not None:
            in_the_war(table.seat, table.replayed, kind.what, kind.while_wiped_out)
    written = kind.record(table, params)
    seat = written.seat if written.seat is not None else table.seat
    event = log_event(game, kind.kind, by, seat, made_at=made_at, **written.data)
    if kind.decisive and any(e.order[0] > made_at for e in log):
        awaits(event, table.seats, log)
    for change, *marks in written.marks:
        entry_marks.link(event, change, *marks)
    if written.after is not None:
        written.after(event)
    return with_triggers(campaign, event, ahead, red_star_to=written.red_star_to)
