"""The order "clamp after each" takes a defence die's modifiers in, an open point a campaign
settles: as they come (the territory's scar, the fortification, then a power), every +1 first,
or every -1 first. Added up and clamped once, the order never matters."""

from fractions import Fraction

import pytest

from legacy import scar_effects
from legacy.odds import OddsInputError, RollOutcome, battle_odds, roll_odds

FORTIFIED_UNDER_THE_BEAR = {"fortified": True, "bear_lower_die": True, "clamp_each": True}


def test_each_order_keeps_the_changes_of_one_sign_as_they_come():
    assert scar_effects.in_clamp_order([1, -1, 1]) == [1, -1, 1]
    assert scar_effects.in_clamp_order([-1, 1, 1], scar_effects.BONUSES_FIRST) == [1, 1, -1]
    assert scar_effects.in_clamp_order([1, -1, 1], scar_effects.PENALTIES_FIRST) == [-1, 1, 1]


def test_every_minus_one_first_leaves_a_fortified_six_under_the_bear_a_six():
    as_they_come = roll_odds(1, 1, **FORTIFIED_UNDER_THE_BEAR)
    penalties_first = roll_odds(1, 1, **FORTIFIED_UNDER_THE_BEAR, clamp_order="penalties-first")
    # +1 then -1 takes a 6 down to 5: the attacker wins 16 rolls in 36. -1 then +1 leaves a 6 a
    # 6 but lifts a 1 to a 2: the attacker's 2 no longer beats it, 14 in 36.
    assert as_they_come[RollOutcome(0, 1)] == Fraction(16, 36)
    assert penalties_first[RollOutcome(0, 1)] == Fraction(14, 36)


def test_the_order_changes_a_battle_only_when_the_die_is_clamped_after_each():
    added = {"fortified": True, "bear_lower_die": True}
    assert (
        battle_odds(5, 3, **added).p_conquer
        == battle_odds(5, 3, **added, clamp_order="penalties-first").p_conquer
    )
    one = battle_odds(5, 3, **FORTIFIED_UNDER_THE_BEAR).p_conquer
    other = battle_odds(5, 3, **FORTIFIED_UNDER_THE_BEAR, clamp_order="penalties-first").p_conquer
    assert one > other


def test_an_unknown_order_is_refused_naming_the_known_ones():
    with pytest.raises(OddsInputError) as refused:
        battle_odds(5, 3, clamp_order="shuffled")
    assert refused.value.rule == "odds-unknown-clamp-order"
    assert "penalties-first" in refused.value.message
