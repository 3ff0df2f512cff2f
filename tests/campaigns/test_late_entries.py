"""Late entries: an entry made before entries already logged is checked at its place in the
log. If it decides nothing new, it simply takes its place; if it would change a decided fact (an
earlier or another win, a seat out earlier, a later entry no longer possible), it awaits the
table's confirmation, left out of the replay, until the table confirms it or takes it back."""

from __future__ import annotations

import pytest

from campaigns.game import late_entries, taking_back
from campaigns.game.entries.eliminated import Eliminated
from campaigns.game.entries.hq_taken import HqTaken
from campaigns.game.entries.recruitment import Recruitment
from campaigns.game.entries.red_star_bought import RedStarBought
from campaigns.game.holdings import holdings_of
from campaigns.models import AuditEntry, EventKind, GameEvent
from campaigns.vocabulary import AuditAction, EntryStatus, VoidReason
from legacy.errors import RuleViolation
from tests.support.games import finish
from tests.support.late_entries import entry

pytestmark = pytest.mark.django_db


def red_star(game, player, seconds):
    return entry(game, EventKind.RED_STAR_BOUGHT, RedStarBought(player=player.pk), seconds)


def boris_wins_at_eight(game, players):
    """Each seat counts 2 red stars at the start; Boris buys two, the second at 8 s: he wins."""
    red_star(game, players["Boris"], 2)
    return red_star(game, players["Boris"], 8)


def winner_of(game):
    replayed = holdings_of(game)
    return next((s.player.name for s in game.seats.all() if s.pk == replayed.winner), None)


def test_an_entry_made_in_order_is_recorded(game, players):
    event = red_star(game, players["Ada"], 1)
    assert late_entries.status_of(event) == EntryStatus.RECORDED


def test_a_late_entry_that_changes_nothing_decided_takes_its_place(game, players):
    won = boris_wins_at_eight(game, players)
    # Made offline at 3 s, before Boris's win, it arrives after it: Boris still wins at 8 s.
    late = entry(
        game, EventKind.HQ_TAKEN, HqTaken(player=players["Ada"].pk, hq_of=players["Chloe"].pk), 3
    )
    assert late_entries.status_of(late) == EntryStatus.RECORDED
    assert winner_of(game) == "Boris" and holdings_of(game).won_at == won.seq


def test_a_late_non_decisive_entry_after_a_win_is_checked_at_its_place(game, players):
    boris_wins_at_eight(game, players)
    late = entry(game, EventKind.RECRUITMENT, Recruitment(player=players["Ada"].pk, troops=5), 4)
    assert late_entries.status_of(late) == EntryStatus.RECORDED


def test_an_entry_made_after_the_win_is_still_refused(game, players):
    boris_wins_at_eight(game, players)
    with pytest.raises(RuleViolation) as refused:
        red_star(game, players["Ada"], 9)
    assert refused.value.rule == "war-over"
    assert GameEvent.objects.filter(game=game).count() == 2


def test_a_late_entry_that_would_change_the_winner_awaits_confirmation(game, players):
    won = boris_wins_at_eight(game, players)
    entry(game, EventKind.HQ_TAKEN, HqTaken(player=players["Ada"].pk, hq_of=players["Chloe"].pk), 3)
    late = red_star(game, players["Ada"], 5)
    assert late_entries.status_of(late) == EntryStatus.AWAITING_CONFIRMATION
    # Not applied meanwhile: Boris still wins.
    assert winner_of(game) == "Boris"
    said = late_entries.what_it_would_change(late)
    assert said[0] == (
        f"It would make the winner Ada (entry {late.seq}), not Boris (entry {won.seq})."
    )
    assert said[1] == (f"Entry {won.seq} could no longer be made: confirming takes it back.")


def test_a_late_entry_that_would_put_a_seat_out_earlier_awaits_confirmation(game, players):
    boris = players["Boris"]
    bought = red_star(game, boris, 8)
    late = entry(game, EventKind.ELIMINATED, Eliminated(player=boris.pk, can_rejoin=True), 5)
    assert late_entries.status_of(late) == EntryStatus.AWAITING_CONFIRMATION
    assert late_entries.what_it_would_change(late) == [
        f"Entry {bought.seq} could no longer be made: confirming takes it back."
    ]
    assert not holdings_of(game).holdings[late.seat_id].out


def test_a_late_entry_that_puts_a_seat_already_out_out_earlier_awaits_confirmation(game, players):
    boris = players["Boris"]
    out = entry(game, EventKind.ELIMINATED, Eliminated(player=boris.pk, can_rejoin=True), 8)
    late = entry(game, EventKind.ELIMINATED, Eliminated(player=boris.pk, can_rejoin=True), 4)
    assert late_entries.status_of(late) == EntryStatus.AWAITING_CONFIRMATION
    assert late_entries.what_it_would_change(late) == [
        f"Entry {out.seq} could no longer be made: confirming takes it back."
    ]
    assert holdings_of(game).holdings[out.seat_id].out_at == out.seq


def test_confirming_puts_the_entry_in_its_place_and_takes_back_what_became_impossible(
    game, players, owner
):
    won = boris_wins_at_eight(game, players)
    entry(game, EventKind.HQ_TAKEN, HqTaken(player=players["Ada"].pk, hq_of=players["Chloe"].pk), 3)
    late = red_star(game, players["Ada"], 5)
    result = late_entries.confirm_entry(game=game, seq=late.seq, by=owner)
    assert result.taken_back == [won.seq]
    assert winner_of(game) == "Ada" and holdings_of(game).won_at == late.seq
    boris_win = GameEvent.objects.get(game=game, seq=won.seq)
    assert boris_win.voided and boris_win.void_reason == VoidReason.AFTER_A_LATE_ENTRY
    assert AuditEntry.objects.filter(action=AuditAction.ENTRY_CONFIRMED).count() == 1


def test_an_entry_is_confirmed_once(game, players, owner):
    boris_wins_at_eight(game, players)
    entry(game, EventKind.HQ_TAKEN, HqTaken(player=players["Ada"].pk, hq_of=players["Chloe"].pk), 3)
    late = red_star(game, players["Ada"], 5)
    late_entries.confirm_entry(game=game, seq=late.seq, by=owner)
    with pytest.raises(RuleViolation) as refused:
        late_entries.confirm_entry(game=game, seq=late.seq, by=owner)
    assert refused.value.rule == "entry-not-awaiting" and refused.value.conflict


def test_taking_a_late_entry_back_keeps_the_log_as_it_was(game, players, owner):
    won = boris_wins_at_eight(game, players)
    entry(game, EventKind.HQ_TAKEN, HqTaken(player=players["Ada"].pk, hq_of=players["Chloe"].pk), 3)
    late = red_star(game, players["Ada"], 5)
    taking_back.void_event(game=game, seq=late.seq, reason="Not what happened.", by=owner)
    late.refresh_from_db()
    assert late_entries.status_of(late) == EntryStatus.TAKEN_BACK
    assert winner_of(game) == "Boris" and holdings_of(game).won_at == won.seq
    with pytest.raises(RuleViolation) as refused:
        late_entries.confirm_entry(game=game, seq=late.seq, by=owner)
    assert refused.value.rule == "entry-void-once"
    assert AuditEntry.objects.filter(action=AuditAction.ENTRY_VOIDED).count() == 1


def test_the_game_does_not_end_while_an_entry_awaits_confirmation(game, players):
    boris_wins_at_eight(game, players)
    entry(game, EventKind.HQ_TAKEN, HqTaken(player=players["Ada"].pk, hq_of=players["Chloe"].pk), 3)
    late = red_star(game, players["Ada"], 5)
    with pytest.raises(RuleViolation) as refused:
        finish(game, players)
    assert refused.value.rule == "end-while-awaiting"
    assert f"({late.seq})" in refused.value.message
    game.refresh_from_db()
    assert game.is_in_progress


def test_a_late_entry_arriving_after_the_end_is_refused_and_writes_nothing(game, players):
    finish(game, players)
    with pytest.raises(RuleViolation) as refused:
        red_star(game, players["Boris"], 5)
    assert refused.value.rule == "late-after-the-end" and refused.value.conflict
    assert "Amend the end of the game instead" in refused.value.message
    assert not GameEvent.objects.filter(game=game).exists()


def test_a_late_entry_from_before_the_start_is_still_refused(game, players):
    red_star(game, players["Boris"], 8)
    with pytest.raises(RuleViolation) as refused:
        red_star(game, players["Ada"], -60)
    assert refused.value.rule == "made-before-the-start"
    assert GameEvent.objects.filter(game=game).count() == 1
