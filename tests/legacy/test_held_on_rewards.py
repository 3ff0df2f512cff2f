"""Held-on rewards: each ends with its own stock, or (a campaign's house rule) both end when
either stock runs out; and why a player who held on may get none."""

from __future__ import annotations

from dataclasses import replace

import pytest

from legacy import rules
from legacy.box import BASE_STOCK, Stock
from legacy.errors import RuleViolation
from legacy.rules import Reward, RewardChoice
from legacy.world import City, empty_world

FULL = {slug: n for slug, _, n in BASE_STOCK}


def world(**stock):
    return replace(empty_world(), stock_left={**FULL, **stock})


def test_with_coins_gone_a_minor_city_is_still_given_per_stock():
    w = world(**{Stock.HELD_ON_COINS: 0})
    assert list(rules.held_on_reward_targets(w, ["peru"])) == [Reward.MINOR_CITY]
    assert rules.no_held_on_reward_reason(w, ["peru"]) is None


def test_with_the_house_rule_held_on_rewards_end_when_either_stock_runs_out():
    w = world(**{Stock.HELD_ON_COINS: 0})
    assert rules.held_on_reward_targets(w, ["peru"], end_together=True) == {}
    assert rules.no_held_on_reward_reason(w, ["peru"], end_together=True) == (
        "All coin stickers are used, and in this campaign held-on rewards end when either stock "
        "runs out."
    )
    with pytest.raises(RuleViolation) as refused:
        rules.check_held_on_reward(
            w,
            RewardChoice(Reward.MINOR_CITY, territory="peru", name="Cusco"),
            controlled=["peru"],
            end_together=True,
        )
    assert refused.value.rule == "held-on-rewards-ended"


def test_with_both_stocks_full_the_house_rule_changes_nothing():
    assert rules.held_on_reward_targets(world(), ["peru"], end_together=True) == {
        Reward.MINOR_CITY: ["peru"],
        Reward.UPGRADE_CARD: ["peru"],
    }


def test_with_both_stocks_empty_nobody_needs_to_say_what_they_controlled():
    w = world(**{Stock.HELD_ON_COINS: 0, Stock.MINOR_CITIES: 0})
    assert rules.no_held_on_reward_reason(w, None) == (
        "All 9 minor city stickers and all coin stickers are used."
    )


def test_a_player_who_controlled_nothing_eligible_gets_none_and_is_told_why():
    base = world(**{Stock.MINOR_CITIES: 0})
    peru = replace(base.territories["peru"], coins=6, city=City("minor", "Cusco"))
    w = replace(base, territories={**base.territories, "peru": peru})
    assert rules.no_held_on_reward_reason(w, ["peru"]) == (
        "They controlled no territory whose card can take another coin at the end (all 9 minor "
        "city stickers are used)."
    )


def test_unless_the_stocks_are_empty_a_player_who_said_nothing_must_choose():
    assert rules.no_held_on_reward_reason(world(), None) is None
