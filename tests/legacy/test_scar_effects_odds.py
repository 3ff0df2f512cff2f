"""A scar type's effect on the dice, checked against the dice listed one by one."""

from __future__ import annotations

from fractions import Fraction

import pytest

from legacy import scar_effects
from legacy.odds import OddsInputError, battle_odds, chain_odds, odds_table, roll_odds
from tests.support.dice_by_hand import conquest, one_roll

EVERY_EFFECT = [
    (scar_effects.NONE, {}),
    (scar_effects.DEFENDER_HIGHEST_UP, {"defender_highest": 1}),
    (scar_effects.DEFENDER_HIGHEST_DOWN, {"defender_highest": -1}),
    (scar_effects.DEFENCE_DICE_UP, {"defence_dice": 1}),
    (scar_effects.DEFENCE_DICE_DOWN, {"defence_dice": -1}),
    (scar_effects.ATTACKER_HIGHEST_UP, {"attacker_highest": 1}),
    (scar_effects.ATTACKER_HIGHEST_DOWN, {"attacker_highest": -1}),
]


@pytest.mark.parametrize(("effect", "by_hand"), EVERY_EFFECT)
@pytest.mark.parametrize(("attack_dice", "defence_dice"), [(1, 1), (2, 2), (3, 1), (3, 2)])
def test_every_effect_gives_each_roll_the_chances_counted_by_hand(
    effect, by_hand, attack_dice, defence_dice
):
    counted = one_roll(
        attack_dice,
        defence_dice,
        by_hand.get("defender_highest", 0),
        by_hand.get("defence_dice", 0),
        by_hand.get("attacker_highest", 0),
    )
    computed = roll_odds(attack_dice, defence_dice, scar_effect=effect)
    assert {(o.attacker_losses, o.defender_losses): p for o, p in computed.items()} == counted


@pytest.mark.parametrize(("effect", "by_hand"), EVERY_EFFECT[1:])
def test_a_scarred_territory_differs_from_a_plain_one_by_what_the_dice_say(effect, by_hand):
    plain = battle_odds(7, 4).p_conquer
    scarred = battle_odds(7, 4, scar_effect=effect).p_conquer
    expected = float(conquest(7, 4, **by_hand) - conquest(7, 4))
    assert expected != 0
    assert scarred - plain == pytest.approx(expected, abs=1e-12)


def test_the_bunker_and_ammo_shortage_are_the_box_effects_exactly():
    for switch, effect in (
        ("bunker", scar_effects.DEFENDER_HIGHEST_UP),
        ("ammo_shortage", scar_effects.DEFENDER_HIGHEST_DOWN),
    ):
        by_switch = odds_table(12, 6, **{switch: True})
        by_effect = odds_table(12, 6, scar_effect=effect)
        assert (by_switch[2:, 1:] == by_effect[2:, 1:]).all()
        assert roll_odds(3, 2, **{switch: True}) == roll_odds(3, 2, scar_effect=effect)


def test_a_raised_six_stays_a_six_and_a_lowered_one_stays_a_one():
    # One die against one. Unclamped, a defending 1 lowered to 0 would lose to an attacking 1,
    # and an attacking 6 raised to 7 would beat a defending 6: both would make 21 in 36.
    def attacker_wins(effect):
        chances = roll_odds(1, 1, scar_effect=effect)
        return sum(p for o, p in chances.items() if o.defender_losses)

    assert attacker_wins(scar_effects.DEFENDER_HIGHEST_DOWN) == Fraction(20, 36)
    assert attacker_wins(scar_effects.ATTACKER_HIGHEST_UP) == Fraction(20, 36)
    assert attacker_wins(scar_effects.NONE) == Fraction(15, 36)


def test_a_missile_six_is_not_lowered_by_the_attackers_scar():
    # One attack die against one defence die, the attacker holding a missile: the missile
    # turns the die into a 6 that the -1 does not touch, so only a defending 6 holds.
    result = battle_odds(2, 1, missiles=1, scar_effect=scar_effects.ATTACKER_HIGHEST_DOWN)
    assert result.p_conquer == pytest.approx(5 / 6)


def test_a_scar_effect_and_a_bunker_together_are_refused():
    with pytest.raises(OddsInputError) as refused:
        battle_odds(5, 2, bunker=True, scar_effect=scar_effects.DEFENCE_DICE_UP)
    assert refused.value.field == "scar_effect"


def test_an_unknown_scar_effect_is_refused():
    with pytest.raises(OddsInputError) as refused:
        battle_odds(5, 2, scar_effect="plus-seven")
    assert refused.value.field == "scar_effect"


def test_a_chain_reads_each_territorys_scar_effect():
    plain = chain_odds(9, [2, 2])
    scarred = chain_odds(9, [2, {"defenders": 2, "scar_effect": scar_effects.DEFENCE_DICE_UP}])
    assert scarred < plain


def test_the_bears_three_of_a_kind_is_judged_on_the_dice_as_rolled_not_as_scarred():
    # Count by hand: three equal natural attack dice, and the scarred highest die (+1) still
    # kills at least one defender.
    import itertools

    outright = 0
    for roll in itertools.product(range(1, 7), repeat=5):
        attack = sorted(roll[:3], reverse=True)
        defence = sorted(roll[3:], reverse=True)
        if len(set(attack)) != 1:
            continue
        scarred = sorted([min(6, attack[0] + 1), *attack[1:]], reverse=True)
        if any(a > d for a, d in zip(scarred, defence, strict=False)):
            outright += 1
    chances = roll_odds(
        3, 2, bear_three_of_a_kind=True, scar_effect=scar_effects.ATTACKER_HIGHEST_UP
    )
    assert sum(p for o, p in chances.items() if o.conquers_outright) == Fraction(outright, 6**5)
