"""The rule of late entries, over the outcomes of two replays: the log as it stands, and the
same with the late entry at its place."""

from __future__ import annotations

from legacy.rules.late_entries import Outcome, late_entry_changes

LATE = 9  # the late entry's number


def test_a_late_entry_that_decides_nothing_changes_nothing():
    decided = Outcome(winner=1, won_at=4, out_at={2: 3})
    assert not late_entry_changes(decided, decided, LATE)


def test_another_winner_moves_the_win():
    change = late_entry_changes(Outcome(winner=1, won_at=4), Outcome(winner=2, won_at=LATE), LATE)
    assert change.win_moved and (change.winner, change.was_winner) == (2, 1)


def test_the_same_winner_at_an_earlier_entry_moves_the_win():
    change = late_entry_changes(Outcome(winner=1, won_at=4), Outcome(winner=1, won_at=LATE), LATE)
    assert change.win_moved and change.won_at == LATE


def test_a_win_where_none_was_decided_is_a_change_only_through_the_entries_it_makes_impossible():
    quiet = late_entry_changes(Outcome(), Outcome(winner=1, won_at=LATE), LATE)
    assert not quiet
    later = late_entry_changes(
        Outcome(), Outcome(winner=1, won_at=LATE, impossible=frozenset({5, 6})), LATE
    )
    assert later and later.impossible == (5, 6) and not later.win_moved


def test_a_seat_already_out_at_another_entry_is_a_change():
    change = late_entry_changes(Outcome(out_at={2: 5}), Outcome(out_at={2: LATE}), LATE)
    assert change.out_moved == ((2, 5, LATE),)


def test_the_late_entry_itself_is_never_one_made_impossible():
    change = late_entry_changes(Outcome(), Outcome(impossible=frozenset({LATE})), LATE)
    assert not change


def test_entries_already_impossible_before_are_not_counted_again():
    before = Outcome(winner=1, won_at=4, impossible=frozenset({5}))
    after = Outcome(winner=1, won_at=4, impossible=frozenset({5}))
    assert not late_entry_changes(before, after, LATE)
