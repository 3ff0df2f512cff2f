"""The whole odds table without missiles, worked out along the table's own shape, is the same as
the battle engine's sweep to the last bit and the same as the chances worked out state by state
from the single rolls' exact odds."""

from __future__ import annotations

from fractions import Fraction
from functools import cache

import numpy as np
import pytest

from legacy import scar_effects
from legacy.odds import Modifiers, odds_table, roll_odds
from legacy.odds.engine import Engine

MODIFIER_SETS = [
    {},
    {"fortified": True},
    {"fortified": True, "fortification_boxes": 1},
    {"fortified": True, "fortification_boxes": 0},
    {"fortified": True, "fortification_boxes": 4, "bunker": True},
    {"fortified": True, "fortification_boxes": 3, "scar_effect": scar_effects.DEFENCE_DICE_DOWN},
    {"fortified": True, "scar_effect": scar_effects.ATTACKER_HIGHEST_UP, "bear_lower_die": True},
    {"mechaniker_hq": True, "ammo_shortage": True},
    {"mechaniker_double_six": True, "bear_three_of_a_kind": True},
    # Both defence dice lowered: a double six can lose both dice and still end the attacks.
    {"mechaniker_double_six": True, "scar_effect": scar_effects.DEFENCE_DICE_DOWN},
    {
        "fortified": True,
        "fortification_boxes": 2,
        "mechaniker_double_six": True,
        "scar_effect": scar_effects.DEFENCE_DICE_DOWN,
        "bear_lower_die": True,
    },
    {
        "fortified": True,
        "fortification_boxes": 5,
        "mechaniker_double_six": True,
        "bear_three_of_a_kind": True,
        "missile_six_is_natural": True,
    },
    {"fortified": True, "fortification_boxes": 2, "resort": False, "single_die_is_lower": False},
]


def ids(mods: dict) -> str:
    return ",".join(f"{k}={v}" for k, v in mods.items()) or "plain"


@pytest.mark.parametrize("mods", MODIFIER_SETS, ids=ids)
@pytest.mark.parametrize(
    ("attackers", "defenders", "stop_at"),
    [
        (2, 6, 1),
        (3, 1, 1),
        (4, 2, 1),
        (9, 30, 1),
        (31, 8, 1),
        (40, 40, 1),
        (41, 23, 1),
        (40, 40, 2),
        (40, 40, 5),
        (12, 12, 11),
        (6, 9, 30),
    ],
)
def test_the_table_without_missiles_is_the_battle_engines_to_the_last_bit(
    mods, attackers, defenders, stop_at
):
    table = odds_table(attackers, defenders, stop_at=stop_at, **mods)
    swept, _ = Engine(Modifiers(**mods), attackers, defenders, 0, stop_at).backward("table")
    assert table.shape == swept.shape
    assert np.array_equal(table[1:, 1:], swept[1:, 1:])


def exact_conquest(mods: dict, stop_at: int):
    """The chance of conquest from (boxes unmarked, attackers, defenders), in fractions, from
    the single rolls' exact odds: a roll of 3 attack dice marks a box of a fortified city."""
    wears = mods.get("fortified", False) and not mods.get("mechaniker_hq", False)

    @cache
    def chance(boxes: int, attackers: int, defenders: int) -> Fraction:
        if defenders == 0:
            return Fraction(1)
        if attackers <= stop_at:
            return Fraction(0)
        attack_dice = min(3, attackers - 1)
        after = boxes - 1 if wears and boxes and attack_dice == 3 else boxes
        rolled = roll_odds(attack_dice, min(2, defenders), **{**mods, "fortification_boxes": boxes})
        total = Fraction(0)
        for outcome, p in rolled.items():
            left = defenders - outcome.defender_losses
            if outcome.conquers_outright or (outcome.ends_attacks and left == 0):
                total += p
            elif not outcome.ends_attacks:
                total += p * chance(after, attackers - outcome.attacker_losses, left)
        return total

    return chance


@pytest.mark.parametrize("mods", MODIFIER_SETS, ids=ids)
@pytest.mark.parametrize("stop_at", [1, 3])
def test_every_chance_in_the_table_is_the_one_worked_out_state_by_state(mods, stop_at):
    table = odds_table(13, 9, stop_at=stop_at, **mods)
    chance = exact_conquest(mods, stop_at)
    boxes = mods.get("fortification_boxes", 10)
    for attackers in range(1, 14):
        for defenders in range(1, 10):
            assert table[attackers, defenders] == pytest.approx(
                float(chance(boxes, attackers, defenders)), abs=1e-14
            ), (attackers, defenders)
