"""A late entry: made before entries already logged (a phone that was offline), it lands in
the log before them. The replay is run twice, without it and with it at its place; what the
two decided tells whether it only fills in the game, or changes a fact the table already
played on. Such an entry is never refused and never silently applied: the table confirms it or
takes it back."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from legacy.errors import RuleViolation
from legacy.refusals.entries import EntryRule
from legacy.refusals.table import TableRule


@dataclass(frozen=True)
class Outcome:
    """What one replay of a game's log decided: the seat that won the war and the entry that won
    it, the entry that put each seat out (seats out only), and the entries it found no longer
    possible (made after the war was won, or by a seat out of the war)."""

    winner: int | None = None
    won_at: int | None = None
    out_at: Mapping[int, int | None] = field(default_factory=dict)
    impossible: frozenset[int] = frozenset()


@dataclass(frozen=True)
class LateChange:
    """What a late entry changes, once replayed at its place: the win moved (another winner,
    or the same one at another entry), the seats whose elimination moved (seat, from the entry,
    to the entry), and the later entries that are no longer possible."""

    was_winner: int | None = None
    was_won_at: int | None = None
    winner: int | None = None
    won_at: int | None = None
    win_moved: bool = False
    out_moved: tuple[tuple[int, int | None, int | None], ...] = ()
    impossible: tuple[int, ...] = ()

    def __bool__(self) -> bool:
        return self.win_moved or bool(self.out_moved) or bool(self.impossible)


def late_entry_changes(without: Outcome, with_it: Outcome, entry: int) -> LateChange:
    """What the late entry ``entry`` changes of what the log decided: ``without`` is the replay
    of the log as it stands, ``with_it`` the same with the entry at its place. A win decided is
    moved when another seat wins, or the same at another entry; a seat already out is moved when
    it goes out at another entry (or no longer); a later entry is no longer possible when the
    replay with the entry finds it made after the win or by a seat out, and the one without it
    did not. A win or an elimination that appears where none was decided is a change only
    through the later entries it makes impossible: with none, the entry just comes first."""
    win_moved = without.winner is not None and (
        with_it.winner != without.winner or with_it.won_at != without.won_at
    )
    out_moved = tuple(
        (seat, at, with_it.out_at.get(seat))
        for seat, at in sorted(without.out_at.items())
        if with_it.out_at.get(seat) != at
    )
    impossible = tuple(sorted(with_it.impossible - without.impossible - {entry}))
    return LateChange(
        was_winner=without.winner,
        was_won_at=without.won_at,
        winner=with_it.winner,
        won_at=with_it.won_at,
        win_moved=win_moved,
        out_moved=out_moved,
        impossible=impossible,
    )


def not_after_the_end(*, game: int, ended: bool) -> None:
    """An entry arriving once its game's end is recorded is refused: the end is amended."""
    if ended:
        raise RuleViolation(EntryRule.LATE_AFTER_THE_END, conflict=True, game=game)


def confirmable(*, game: int, seq: int, exists: bool, voided: bool, awaiting: bool) -> None:
    """An entry is confirmed once: it exists, is not taken back, and awaits confirmation."""
    if not exists:
        raise RuleViolation(TableRule.UNKNOWN_ENTRY, field="seq", game=game, entry=seq)
    if voided:
        raise RuleViolation(TableRule.ENTRY_VOID_ONCE, conflict=True, entry=seq)
    if not awaiting:
        raise RuleViolation(TableRule.NOT_AWAITING, conflict=True, entry=seq)


def ends_with_none_awaiting(*, game: int, awaiting: list[int]) -> None:
    """A game's end is recorded once no late entry awaits the table's confirmation."""
    if awaiting:
        raise RuleViolation(
            EntryRule.END_WHILE_AWAITING,
            conflict=True,
            game=game,
            entries=", ".join(str(n) for n in awaiting),
        )
