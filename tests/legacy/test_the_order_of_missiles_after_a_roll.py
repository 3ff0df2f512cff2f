"""Who chooses their missiles first after a roll, when both sides hold some: an open point a
campaign settles (``defender_missiles_first``). The side that answers sees the other's choice,
so answering is never worse than choosing first."""

import pytest

from legacy.odds import battle_odds


@pytest.mark.parametrize(
    ("attackers", "defenders", "missiles", "defender_missiles"),
    [
        (5, 3, 1, 1),
        (8, 5, 2, 2),
    ],
)
def test_the_attacker_does_better_answering_the_defenders_missiles_than_choosing_first(
    attackers, defenders, missiles, defender_missiles
):
    held = {"missiles": missiles, "defender_missiles": defender_missiles}
    attacker_first = battle_odds(attackers, defenders, **held).p_conquer
    defender_first = battle_odds(
        attackers, defenders, **held, defender_missiles_first=True
    ).p_conquer
    assert defender_first > attacker_first


def test_the_order_does_not_matter_while_one_side_holds_no_missile():
    for held in ({"missiles": 0, "defender_missiles": 2}, {"missiles": 2, "defender_missiles": 0}):
        one = battle_odds(6, 4, **held).p_conquer
        other = battle_odds(6, 4, **held, defender_missiles_first=True).p_conquer
        assert one == pytest.approx(other, abs=1e-12)
