"""Two people at the table entering the same thing at the same moment, on PostgreSQL.

Every write takes the campaign row ``FOR UPDATE`` first, so two requests on one campaign run
one after the other: the second sees what the first wrote. These tests start two threads
(each with its own database connection) at a barrier, let them race, and check that the
outcome is one of the orders the lock allows, never a mix of both.

They need real concurrent transactions, so they run only against PostgreSQL (see the
``postgres`` marker in ``tests/conftest.py``).
"""

from __future__ import annotations

import threading

import pytest
from django.db import connection

from campaigns.game.finish import finish_game
from campaigns.game.table import record_recruitment, use_missiles
from campaigns.models import AuditEntry, GameReward
from legacy.errors import RuleViolation
from legacy.models import City, Signature
from legacy.selectors import world_as_of
from tests.support.games import give

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]


def at_the_same_moment(*actions) -> list[tuple[str, object]]:
    """Run each action in its own thread, released together; ("ok", result) or ("error", e)."""
    barrier = threading.Barrier(len(actions))
    outcomes: list[tuple[str, object]] = [("not run", None)] * len(actions)

    def run(i, action):
        try:
            barrier.wait(timeout=10)
            outcomes[i] = ("ok", action())
        except Exception as error:  # the outcome is what the test checks
            outcomes[i] = ("error", error)
        finally:
            connection.close()  # each thread opened its own connection

    threads = [threading.Thread(target=run, args=(i, a)) for i, a in enumerate(actions)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=60)
    assert not any(t.is_alive() for t in threads), "a thread is stuck waiting for a lock"
    return outcomes


def test_two_people_finishing_the_same_game_at_once_record_it_once(game, players):
    ada, boris, chloe = players["Ada"], players["Boris"], players["Chloe"]

    def ada_won():
        return finish_game(
            game=game,
            results={ada.pk: "won", boris.pk: "held_on", chloe.pk: "held_on"},
            controlled={boris.pk: ["japan"], chloe.pk: []},
            winner_reward={"kind": "major-city", "territory": "egypt", "name": "Cairo"},
            held_on_rewards={boris.pk: {"kind": "minor-city", "territory": "japan", "name": "Edo"}},
        )

    def boris_won():
        return finish_game(
            game=game,
            results={ada.pk: "held_on", boris.pk: "won", chloe.pk: "held_on"},
            controlled={chloe.pk: ["peru"], ada.pk: []},
            winner_reward={"kind": "major-city", "territory": "japan", "name": "Kyo"},
            held_on_rewards={chloe.pk: {"kind": "minor-city", "territory": "peru", "name": "Lima"}},
        )

    outcomes = at_the_same_moment(ada_won, boris_won)

    assert sorted(kind for kind, _ in outcomes) == ["error", "ok"], outcomes
    refusal = next(value for kind, value in outcomes if kind == "error")
    assert isinstance(refusal, RuleViolation) and refusal.conflict
    assert "already finished" in refusal.message or "cannot be" in refusal.message
    winner = next(value for kind, value in outcomes if kind == "ok").game.seats.get(result="won")

    signatures = Signature.objects.filter(campaign=game.campaign, placed_in_game=1)
    assert [(s.line, s.placed_by_id) for s in signatures] == [(1, winner.player_id)]
    cities = City.objects.filter(campaign=game.campaign)
    assert cities.count() == 2 and cities.filter(placed_by=winner.player).count() == 1
    assert GameReward.objects.filter(game=game).count() == 2
    world = world_as_of(game.campaign_id)
    assert world.stock_left["major-cities"] == 4 and world.stock_left["minor-cities"] == 8
    assert AuditEntry.objects.filter(campaign=game.campaign, action="game-finished").count() == 1


def test_two_events_entered_at_once_are_both_kept_in_order(game, players):
    give(game, players["Ada"], missiles=1)
    before = list(game.events.values_list("seq", flat=True))
    outcomes = at_the_same_moment(
        lambda: use_missiles(game=game, count=1, player=players["Ada"].pk),
        lambda: record_recruitment(game=game, player=players["Boris"].pk, troops=12),
    )
    assert [kind for kind, _ in outcomes] == ["ok", "ok"], outcomes
    seqs = sorted(result.event.seq for _, result in outcomes)
    first = (max(before) if before else 0) + 1
    assert seqs == [first, first + 1]
    assert list(game.events.values_list("seq", flat=True)) == [*before, *seqs]
    assert sorted(game.events.values_list("kind", flat=True)) == ["missiles", "recruitment"]
