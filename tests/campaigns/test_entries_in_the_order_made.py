"""Entries in the order made: each entry carries when it was made at the table (the phone's
clock, or the server's time when none is sent); the log and its replay follow that order, with
arrival breaking ties; an entry from the future or from before the game's start is refused and
writes nothing."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from campaigns.game.entries.recording import record_entry
from campaigns.game.entries.red_star_bought import RedStarBought
from campaigns.game.holdings import Entry, SeatStart, replay
from campaigns.models import EventKind, GameEvent
from legacy.errors import RuleViolation

pytestmark = pytest.mark.django_db


def red_star(game, player, **made):
    return record_entry(
        EventKind.RED_STAR_BOUGHT, game=game, params=RedStarBought(player=player.pk), **made
    ).event


def test_an_entry_sent_without_its_time_is_made_when_it_arrives(game, players):
    before = timezone.now()
    event = red_star(game, players["Ada"])
    assert before <= event.made_at <= timezone.now()


def test_a_late_entry_takes_its_place_in_the_log_by_when_it_was_made(game, players):
    start = game.started_at
    a1 = red_star(game, players["Ada"], made_at=start + timedelta(seconds=1))
    a2 = red_star(game, players["Chloe"], made_at=start + timedelta(seconds=3))
    b1 = red_star(game, players["Boris"], made_at=start + timedelta(seconds=2))  # arrives last
    logged = list(game.events.order_by("made_at", "seq").values_list("seq", flat=True))
    assert logged == [a1.seq, b1.seq, a2.seq]


def test_the_replay_finds_who_reached_four_red_stars_first_by_when_it_was_made():
    # Both seats hold 3 (an HQ and 2 tokens); Boris's red star arrived first, Ada's was made first.
    starts = {1: SeatStart(player=10, red_stars=2), 2: SeatStart(player=20, red_stars=2)}
    now = timezone.now()
    boris = Entry(1, EventKind.RED_STAR_BOUGHT, 2, {}, now)
    ada = Entry(2, EventKind.RED_STAR_BOUGHT, 1, {}, now - timedelta(seconds=5))
    replayed = replay(starts, [boris, ada])
    assert (replayed.winner, replayed.won_at) == (1, 2)


def test_entries_made_at_the_same_moment_are_in_the_order_they_arrived(game, players):
    moment = timezone.now()
    first = red_star(game, players["Boris"], made_at=moment)
    second = red_star(game, players["Ada"], made_at=moment)
    logged = list(game.events.order_by("made_at", "seq").values_list("seq", flat=True))
    assert logged == [first.seq, second.seq]


def test_an_entry_from_the_future_is_refused_and_writes_nothing(game, players):
    with pytest.raises(RuleViolation) as refused:
        red_star(game, players["Ada"], made_at=timezone.now() + timedelta(minutes=10))
    assert refused.value.rule == "made-in-the-future" and refused.value.field == "made_at"
    assert "check the phone's clock" in refused.value.message
    assert not GameEvent.objects.filter(game=game).exists()


def test_a_phone_clock_a_little_ahead_is_allowed(game, players):
    event = red_star(game, players["Ada"], made_at=timezone.now() + timedelta(seconds=90))
    assert event.seq == 1


def test_an_entry_made_before_the_game_started_is_refused_and_writes_nothing(game, players):
    with pytest.raises(RuleViolation) as refused:
        red_star(game, players["Ada"], made_at=game.started_at - timedelta(minutes=1))
    assert refused.value.rule == "made-before-the-start"
    assert f"before game {game.number} started" in refused.value.message
    assert not GameEvent.objects.filter(game=game).exists()
