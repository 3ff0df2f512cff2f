"""The end of a game agrees with its log: a faction eliminated for good, or wiped out and never
back, ends the game eliminated, and the first such faction calls Pack 2."""

from __future__ import annotations

import pytest

from campaigns.game.finish import amend_game, finish_game, results_from_log
from campaigns.game.packets import packets_to_open
from campaigns.game.table import eliminate_faction, rejoin_faction
from campaigns.models import GameStatus, Seat
from legacy.errors import RuleViolation
from legacy.models import City, Signature
from tests.support.games import finish_kwargs

pytestmark = pytest.mark.django_db


def finish(game, trio, results, **kw):
    """The usual ending with these ``results``; Boris holds Japan only."""
    kw.setdefault("controlled", {trio[1].pk: ["japan"]})
    return finish_game(game=game, **{**finish_kwargs(trio), "results": results, **kw})


def test_a_seat_eliminated_for_good_finished_as_held_on_is_refused_naming_the_entry(game, trio):
    ada, boris, chloe = trio
    out = eliminate_faction(game=game, player=chloe.pk, can_rejoin=False).event
    with pytest.raises(RuleViolation) as refused:
        finish(game, trio, {ada.pk: "won", boris.pk: "held_on", chloe.pk: "held_on"})
    assert refused.value.message == (
        f"The log says Chloe ends the game eliminated: eliminated for good at entry {out.seq}."
    )
    assert refused.value.rule == "out-at-the-end"
    game.refresh_from_db()
    assert game.status == GameStatus.IN_PROGRESS
    assert not City.objects.exists() and not Signature.objects.exists()


def test_a_seat_eliminated_for_good_cannot_win_either(game, trio):
    ada, boris, chloe = trio
    eliminate_faction(game=game, player=chloe.pk, can_rejoin=False)
    with pytest.raises(RuleViolation, match="Chloe ends the game eliminated"):
        finish(
            game,
            trio,
            {ada.pk: "held_on", boris.pk: "held_on", chloe.pk: "won"},
            held_on_rewards={},
        )


def test_a_wiped_out_seat_that_never_rejoined_ends_eliminated_and_pack_2_is_due(game, trio):
    ada, boris, chloe = trio
    out = eliminate_faction(game=game, player=chloe.pk, can_rejoin=True).event
    assert packets_to_open(game.campaign_id) == []  # it may still rejoin
    with pytest.raises(RuleViolation) as refused:
        finish(game, trio, {ada.pk: "won", boris.pk: "held_on", chloe.pk: "held_on"})
    assert refused.value.message == (
        "The log says Chloe ends the game eliminated: wiped out and not back in the war at entry "
        f"{out.seq}."
    )
    assert results_from_log(game)[chloe.pk].result == "eliminated"
    done = finish(game, trio, {ada.pk: "won", boris.pk: "held_on", chloe.pk: "eliminated"})
    assert "pack-2" in done.packets_to_open
    assert Seat.objects.get(game=game, player=chloe).result == "eliminated"


def test_a_seat_that_rejoined_may_hold_on(game, trio):
    ada, boris, chloe = trio
    eliminate_faction(game=game, player=chloe.pk, can_rejoin=True)
    rejoin_faction(game=game, player=chloe.pk, territory="brazil")
    assert results_from_log(game) == {}
    done = finish(
        game,
        trio,
        {ada.pk: "won", boris.pk: "held_on", chloe.pk: "held_on"},
        controlled={boris.pk: ["japan"], chloe.pk: ["peru"]},
        held_on_rewards={
            boris.pk: {"kind": "minor-city", "territory": "japan", "name": "Edo"},
            chloe.pk: {"kind": "minor-city", "territory": "peru", "name": "Cusco"},
        },
    )
    assert "pack-2" not in done.packets_to_open


def test_an_amendment_cannot_bring_an_eliminated_seat_back(game, trio):
    ada, boris, chloe = trio
    out = eliminate_faction(game=game, player=chloe.pk, can_rejoin=False).event
    finish(game, trio, {ada.pk: "won", boris.pk: "held_on", chloe.pk: "eliminated"})
    game.refresh_from_db()
    with pytest.raises(RuleViolation, match=f"entry {out.seq}"):
        amend_game(
            game=game,
            revision=game.revision,
            reason="Chloe says she held on",
            results={ada.pk: "won", boris.pk: "eliminated", chloe.pk: "held_on"},
            controlled={chloe.pk: ["peru"]},
            winner_reward={"kind": "major-city", "territory": "egypt", "name": "Cairo"},
            held_on_rewards={chloe.pk: {"kind": "minor-city", "territory": "peru", "name": "X"}},
        )
    assert City.objects.filter(voided=False).count() == 2
