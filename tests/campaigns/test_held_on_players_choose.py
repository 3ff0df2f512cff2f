"""Every player who held on chooses one reward while any is legal for them; "no reward" is
accepted only when none is, and the end says why."""

from __future__ import annotations

import pytest
from django.db.models import F

from campaigns import members
from campaigns.game.finish import finish_game
from campaigns.models import AuditEntry, Campaign, GameStatus
from legacy.box import Stock
from legacy.errors import RuleViolation
from legacy.models import City, StockAllowance

pytestmark = pytest.mark.django_db


def empty_stock(campaign, *stocks):
    StockAllowance.objects.filter(campaign=campaign, stock__in=stocks).update(quantity=0)
    Campaign.objects.filter(pk=campaign.pk).update(world_version=F("world_version") + 1)


def finish(game, trio, **kw):
    ada, boris, chloe = trio
    return finish_game(
        game=game,
        results={ada.pk: "won", boris.pk: "held_on", chloe.pk: "eliminated"},
        winner_reward={"kind": "destroy-card", "territory": "egypt"},
        **kw,
    )


def test_a_held_on_player_with_a_legal_reward_cannot_take_no_reward(game, trio):
    with pytest.raises(RuleViolation) as refused:
        finish(game, trio)
    assert refused.value.rule == "held-on-must-choose"
    assert refused.value.message.startswith(
        "Boris held on and chooses one reward while one is legal: found a minor city or add a "
        "coin to a territory card."
    )
    game.refresh_from_db()
    assert game.status == GameStatus.IN_PROGRESS


def test_saying_they_controlled_a_territory_a_reward_fits_still_needs_a_choice(game, trio):
    with pytest.raises(RuleViolation, match="Boris held on and chooses one reward"):
        finish(game, trio, controlled={trio[1].pk: ["japan"]})


def test_a_held_on_player_who_controlled_nothing_eligible_gets_none_and_is_told_why(game, trio):
    done = finish(game, trio, controlled={trio[1].pk: []})
    assert done.no_rewards[trio[1].pk].text == (
        "Boris held on and gets no reward: they controlled no territory without a city and no "
        "territory whose card can take another coin at the end."
    )
    assert done.no_rewards[trio[1].pk].why == "nothing-eligible"


def test_with_both_stocks_empty_no_reward_is_accepted_and_the_reason_names_them(game, trio):
    empty_stock(game.campaign, Stock.MINOR_CITIES, Stock.HELD_ON_COINS)
    done = finish(game, trio)
    none = done.no_rewards[trio[1].pk]
    assert none.text == (
        "Boris held on and gets no reward: all 9 minor city stickers and all coin stickers are "
        "used."
    )
    assert none.why == "stocks-empty"


def test_the_campaign_setting_decides_whether_held_on_rewards_end_with_either_stock(
    game, trio, owner
):
    empty_stock(game.campaign, Stock.HELD_ON_COINS)
    # Per stock (the default): the minor city is still there, so Boris must choose.
    with pytest.raises(RuleViolation, match="found a minor city\\."):
        finish(game, trio)
    members.set_house_rules(campaign=game.campaign, held_on_rewards_end_together=True, by=owner)
    assert AuditEntry.objects.filter(action="house-rules").exists()
    with pytest.raises(RuleViolation) as refused:
        finish(
            game,
            trio,
            controlled={trio[1].pk: ["japan"]},
            held_on_rewards={
                trio[1].pk: {"kind": "minor-city", "territory": "japan", "name": "Edo"}
            },
        )
    assert refused.value.rule == "held-on-rewards-ended"
    assert not City.objects.exists()
    done = finish(game, trio)
    assert done.no_rewards[trio[1].pk].text == (
        "Boris held on and gets no reward: all coin stickers are used, and in this campaign "
        "held-on rewards end when either stock runs out."
    )


def test_only_the_owner_sets_the_house_rules(game, stranger):
    with pytest.raises(RuleViolation):
        members.set_house_rules(
            campaign=game.campaign, held_on_rewards_end_together=True, by=stranger
        )
    game.campaign.refresh_from_db()
    assert not game.campaign.held_on_rewards_end_together
