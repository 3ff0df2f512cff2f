"""Tests for legacy.odds: exact battle odds with Risk Legacy's modifiers.

The per-roll tables are checked against a brute-force enumeration written here, the battles
against a published value, a brute-force search of missile play, compositions of single rolls
and battles, and seeded Monte Carlo simulations. No Django is needed.
"""

from __future__ import annotations

import itertools
import math
import random
from collections import Counter
from fractions import Fraction
from functools import cache

import numpy as np
import pytest

from legacy.odds import (
    MAX_MISSILES,
    BattleOdds,
    OddsInputError,
    RollOutcome,
    battle_odds,
    chain_odds,
    missiles_needed,
    odds_table,
    roll_odds,
    troops_needed,
)

# --- An independent referee for one roll ------------------------------------------------------


def referee(attack, defence, missile_dice=(), defence_missile_dice=(), **m):
    """Resolve one roll by the rules, written out longhand. ``attack`` and ``defence`` are the
    natural dice in any order; ``missile_dice`` are positions in the attack roll sorted high to
    low that a missile turns into 6, ``defence_missile_dice`` the same in the defence roll.
    Returns (attacker losses, defender losses, outright
    conquest, attacks end)."""
    resort = m.get("resort", True)
    natural_attack = sorted(attack, reverse=True)
    natural_defence = sorted(defence, reverse=True)
    fortified = m.get("mechaniker_hq", False) or (
        m.get("fortified", False) and m.get("fortification_boxes", 10) > 0
    )
    changed = []
    for position, die in enumerate(natural_defence):
        steps = []  # the territory's scar, the fortification, the Bear's power, in that order
        if position == 0 and m.get("bunker", False):
            steps.append(1)
        if position == 0 and m.get("ammo_shortage", False):
            steps.append(-1)
        if fortified:
            steps.append(1)
        is_lower = position == len(natural_defence) - 1 and (
            len(natural_defence) == 2 or m.get("single_die_is_lower", True)
        )
        if is_lower and m.get("bear_lower_die", False):
            steps.append(-1)
        if m.get("clamp_each", False):
            total = die
            for step in steps:
                total = max(1, min(6, total + step))
        else:
            total = max(1, min(6, die + sum(steps)))
        if position in defence_missile_dice:
            total = 6  # a missile's 6 is never modified
        changed.append(total)
    if resort:
        changed.sort(reverse=True)
    shown = [6 if i in missile_dice else die for i, die in enumerate(natural_attack)]
    if resort:
        shown.sort(reverse=True)
    lost_attack = lost_defence = 0
    for a, d in zip(shown, changed, strict=False):
        if a > d:
            lost_defence += 1
        else:
            lost_attack += 1
    natural_triple = (
        len(shown) == 3
        and shown[0] == shown[1] == shown[2]
        and (not missile_dice or m.get("missile_six_is_natural", False))
    )
    outright = m.get("bear_three_of_a_kind", False) and natural_triple and lost_defence > 0
    # A missile's 6 counts towards the double six only when it is read as natural.
    shown_defence = [
        (6 if m.get("missile_six_is_natural", False) else None)
        if i in defence_missile_dice
        else die
        for i, die in enumerate(natural_defence)
    ]
    double_six = shown_defence == [6, 6]
    halts = m.get("mechaniker_double_six", False) and double_six
    return lost_attack, lost_defence, outright, halts and not outright


def brute_force_roll(attack_dice, defence_dice, **m):
    counts = Counter()
    for attack in itertools.product(range(1, 7), repeat=attack_dice):
        for defence in itertools.product(range(1, 7), repeat=defence_dice):
            counts[RollOutcome(*referee(attack, defence, **m))] += 1
    total = 6 ** (attack_dice + defence_dice)
    return {outcome: Fraction(n, total) for outcome, n in counts.items()}


MODIFIER_SETS = [
    {},
    {"bunker": True},
    {"ammo_shortage": True},
    {"fortified": True},
    {"fortified": True, "bunker": True},
    {"mechaniker_hq": True, "ammo_shortage": True},
    {"bear_lower_die": True},
    {"bear_lower_die": True, "single_die_is_lower": False},
    {"bear_lower_die": True, "ammo_shortage": True, "fortified": True},
    {"bear_three_of_a_kind": True},
    {"mechaniker_double_six": True, "bunker": True},
    {"bunker": True, "bear_lower_die": True, "resort": False},
    {"fortified": True, "fortification_boxes": 0, "bunker": True},
    {"fortified": True, "bear_lower_die": True, "clamp_each": True},
    {"bunker": True, "fortified": True, "bear_lower_die": True, "clamp_each": True},
    {"ammo_shortage": True, "bear_lower_die": True, "clamp_each": True, "resort": False},
]


def test_three_dice_against_two_give_the_classic_risk_counts():
    assert roll_odds(3, 2) == {
        RollOutcome(0, 2): Fraction(2890, 7776),
        RollOutcome(1, 1): Fraction(2611, 7776),
        RollOutcome(2, 0): Fraction(2275, 7776),
    }


def test_one_die_against_one_is_won_by_the_attacker_fifteen_times_in_thirty_six():
    assert roll_odds(1, 1) == {
        RollOutcome(0, 1): Fraction(15, 36),
        RollOutcome(1, 0): Fraction(21, 36),
    }


@pytest.mark.parametrize("mods", MODIFIER_SETS, ids=lambda m: ",".join(m) or "plain")
def test_every_roll_table_matches_a_brute_force_enumeration_of_the_dice(mods):
    for attack_dice in (1, 2, 3):
        for defence_dice in (1, 2):
            table = roll_odds(attack_dice, defence_dice, **mods)
            assert table == brute_force_roll(attack_dice, defence_dice, **mods)
            assert sum(table.values()) == 1


def test_a_bunker_and_a_fortification_on_a_lone_die_add_up_but_stop_at_six():
    # The defender's die d counts as min(6, d + 2): the attacker needs a 4 against a 1, a 5
    # against a 2, a 6 against a 3, and cannot win against more: 6 rolls in 36.
    table = roll_odds(1, 1, bunker=True, fortified=True)
    assert table == {RollOutcome(0, 1): Fraction(6, 36), RollOutcome(1, 0): Fraction(30, 36)}


def test_ammo_shortage_and_the_bear_take_two_off_a_lone_die_but_not_below_one():
    table = roll_odds(1, 1, ammo_shortage=True, bear_lower_die=True)
    # Defender's die d becomes max(1, d - 2); the attacker wins when its die is higher.
    wins = sum(1 for a in range(1, 7) for d in range(1, 7) if a > max(1, d - 2))
    assert table[RollOutcome(0, 1)] == Fraction(wins, 36)


# --- Whole battles ----------------------------------------------------------------------------


def test_ten_troops_against_ten_defenders_conquer_with_the_published_chance():
    assert battle_odds(10, 10).p_conquer == pytest.approx(0.47993525647768, abs=1e-12)


def test_two_troops_against_one_defender_win_only_by_winning_the_single_roll():
    assert battle_odds(2, 1).p_conquer == pytest.approx(15 / 36, abs=1e-15)


@pytest.mark.parametrize(
    "mods",
    [
        {},
        {"fortified": True, "bunker": True},
        {"bear_three_of_a_kind": True},
        {"mechaniker_double_six": True, "ammo_shortage": True, "bear_lower_die": True},
    ],
    ids=["plain", "fortified-bunker", "bear-triple", "double-six"],
)
def test_the_chances_of_every_ending_add_up_to_one(mods):
    for missiles in (0, 2):
        odds = battle_odds(14, 9, missiles=missiles, **mods)
        assert isinstance(odds, BattleOdds)
        assert sum(odds.attackers_left.values()) == pytest.approx(1, abs=1e-12)
        assert sum(odds.defenders_left.values()) == pytest.approx(1, abs=1e-12)
        assert odds.defenders_left.get(0, 0.0) == pytest.approx(odds.p_conquer, abs=1e-12)
        mean_left = sum(a * p for a, p in odds.attackers_left.items())
        assert odds.expected_attacker_losses == pytest.approx(14 - mean_left, abs=1e-12)
        mean_held = sum(d * p for d, p in odds.defenders_left.items())
        assert odds.expected_defender_losses == pytest.approx(9 - mean_held, abs=1e-12)
        assert 0 <= odds.expected_missiles_used <= missiles
        assert min(odds.attackers_left) >= 1 and max(odds.attackers_left) <= 14


def test_a_thousand_troops_against_a_thousand_fortified_defenders_can_be_worked_out():
    odds = battle_odds(1000, 1000, fortified=True)
    assert sum(odds.attackers_left.values()) == pytest.approx(1, abs=1e-9)
    assert 0 < odds.p_conquer < 1


@pytest.mark.parametrize(
    "mods",
    [
        {},
        {"fortified": True},
        {"bunker": True, "fortified": True, "fortification_boxes": 3},
        {"bear_three_of_a_kind": True},
        {"bear_lower_die": True},
        {"mechaniker_double_six": True},
        {"mechaniker_hq": True, "ammo_shortage": True},
    ],
    ids=lambda m: ",".join(m) or "plain",
)
def test_more_attackers_never_lower_the_chance_and_more_defenders_never_raise_it(mods):
    table = odds_table(60, 60, **mods)[1:, 1:]
    assert np.all(np.diff(table, axis=0) >= -1e-12)
    assert np.all(np.diff(table, axis=1) <= 1e-12)
    assert np.all((table >= 0) & (table <= 1))


def test_a_bunker_lowers_the_chance_and_an_ammo_shortage_raises_it():
    for attackers, defenders in [(5, 3), (10, 10), (30, 12)]:
        plain = battle_odds(attackers, defenders).p_conquer
        assert battle_odds(attackers, defenders, bunker=True).p_conquer < plain
        assert battle_odds(attackers, defenders, ammo_shortage=True).p_conquer > plain


def test_a_fortified_city_with_no_boxes_left_is_no_fortification():
    plain = odds_table(40, 40)
    worn = odds_table(40, 40, fortified=True, fortification_boxes=0)
    assert np.array_equal(plain[1:, 1:], worn[1:, 1:])
    single = battle_odds(12, 7, fortified=True, fortification_boxes=0)
    assert single.p_conquer == battle_odds(12, 7).p_conquer
    assert single.attackers_left == battle_odds(12, 7).attackers_left


def test_a_fortification_with_one_box_left_protects_only_the_next_three_dice_roll():
    first_roll = roll_odds(3, 2, fortified=True)
    plain = odds_table(12, 8)
    for attackers, defenders in [(10, 6), (12, 8), (4, 2)]:
        expected = 0.0
        for outcome, p in first_roll.items():
            left, held = attackers - outcome.attacker_losses, defenders - outcome.defender_losses
            expected += float(p) * (1.0 if held == 0 else plain[left, held])
        one_box = battle_odds(attackers, defenders, fortified=True, fortification_boxes=1)
        assert one_box.p_conquer == pytest.approx(expected, abs=1e-12)


def test_each_box_left_makes_the_fortification_last_longer():
    chances = [
        battle_odds(20, 10, fortified=True, fortification_boxes=b).p_conquer for b in range(11)
    ]
    assert all(later < earlier for earlier, later in itertools.pairwise(chances))
    assert chances[10] > battle_odds(20, 10, mechaniker_hq=True).p_conquer


def test_a_fortification_never_wears_when_the_attacker_never_rolls_three_dice():
    # With 3 troops the attacker rolls 2 dice at most, so no box is ever marked.
    for defenders in (1, 2, 5):
        city = battle_odds(3, defenders, fortified=True, fortification_boxes=1)
        hq = battle_odds(3, defenders, mechaniker_hq=True)
        assert city.p_conquer == pytest.approx(hq.p_conquer, abs=1e-15)


def test_a_mechaniker_hq_in_a_fortified_city_is_fortified_only_once():
    both = battle_odds(15, 8, mechaniker_hq=True, fortified=True, fortification_boxes=2)
    assert both.p_conquer == pytest.approx(battle_odds(15, 8, mechaniker_hq=True).p_conquer)


def test_missiles_never_lower_the_chance():
    for mods in (
        {},
        {"fortified": True},
        {"bear_three_of_a_kind": True},
        {"mechaniker_double_six": True},
    ):
        chances = [battle_odds(9, 7, missiles=m, **mods).p_conquer for m in range(5)]
        assert all(later >= earlier - 1e-12 for earlier, later in itertools.pairwise(chances))
        assert chances[1] > chances[0]


def test_a_missile_six_counting_as_natural_helps_the_bear_complete_three_of_a_kind():
    strict = battle_odds(10, 8, missiles=2, bear_three_of_a_kind=True)
    loose = battle_odds(10, 8, missiles=2, bear_three_of_a_kind=True, missile_six_is_natural=True)
    assert loose.p_conquer > strict.p_conquer
    assert loose.p_conquered_outright > strict.p_conquered_outright


def test_clamping_after_each_modifier_takes_a_fortified_six_down_to_five_under_the_bear():
    added = roll_odds(1, 1, fortified=True, bear_lower_die=True)
    clamped = roll_odds(1, 1, fortified=True, bear_lower_die=True, clamp_each=True)
    # Added up, +1 and -1 leave every die as rolled: the attacker wins 15 rolls in 36. Clamped
    # after each, a 6 becomes a 5, so the attacker's 6 beats it too: 16 in 36.
    assert added[RollOutcome(0, 1)] == Fraction(15, 36)
    assert clamped[RollOutcome(0, 1)] == Fraction(16, 36)


@pytest.mark.parametrize(
    ("setting", "base"),
    [
        ({"missile_six_is_natural": True}, {"bear_three_of_a_kind": True}),
        ({"resort": False}, {"bunker": True, "bear_lower_die": True}),
        ({"clamp_each": True}, {"fortified": True, "bear_lower_die": True}),
    ],
    ids=["bear-b-as-rolled", "no-resort", "clamp-each"],
)
def test_each_open_point_changes_a_battles_odds_and_matches_the_exact_search_under_both_readings(
    setting, base
):
    one = battle_odds(5, 3, missiles=2, **base).p_conquer
    other = battle_odds(5, 3, missiles=2, **base, **setting).p_conquer
    assert one != pytest.approx(other, abs=1e-9)
    assert one == pytest.approx(brute_force_missile_chance(5, 3, 2, **base), abs=1e-12)
    assert other == pytest.approx(brute_force_missile_chance(5, 3, 2, **base, **setting), abs=1e-12)


def _sorted_rolls(dice):
    rolls = itertools.product(range(1, 7), repeat=dice)
    return Counter(tuple(sorted(roll, reverse=True)) for roll in rolls)


def brute_force_missile_chance(attackers, defenders, missiles, **m):
    """Best chance of conquest with missiles, by trying every choice at every roll."""

    @cache
    def chance(a, d, left):
        if d == 0:
            return 1.0
        if a <= 1:
            return 0.0
        ad, dd = min(3, a - 1), min(2, d)
        total = 0.0
        for attack, n_attack in _sorted_rolls(ad).items():
            for defence, n_defence in _sorted_rolls(dd).items():
                best = 0.0
                for used in range(min(left, ad) + 1):
                    for dice in itertools.combinations(range(ad), used):
                        la, ld, outright, halts = referee(attack, defence, dice, **m)
                        if outright:
                            value = 1.0
                        elif halts:
                            value = 1.0 if d == ld else 0.0
                        else:
                            value = chance(a - la, d - ld, left - used)
                        best = max(best, value)
                total += n_attack * n_defence * best
        return total / 6 ** (ad + dd)

    return chance(attackers, defenders, missiles)


@pytest.mark.parametrize(
    "mods",
    [
        {},
        {"bear_three_of_a_kind": True, "missile_six_is_natural": True},
        {"mechaniker_double_six": True, "ammo_shortage": True, "bear_lower_die": True},
    ],
    ids=["plain", "bear-triple", "double-six"],
)
def test_missile_play_matches_a_brute_force_search_of_every_choice(mods):
    expected = brute_force_missile_chance(5, 3, 2, **mods)
    assert battle_odds(5, 3, missiles=2, **mods).p_conquer == pytest.approx(expected, abs=1e-12)


def test_stopping_earlier_never_raises_the_chance():
    chances = [battle_odds(20, 12, stop_at=k).p_conquer for k in (1, 4, 8, 12)]
    assert all(later < earlier for earlier, later in itertools.pairwise(chances))
    odds = battle_odds(20, 12, stop_at=8)
    # The last roll may take the attacker from 9 to 7, but never lower.
    assert min(odds.attackers_left) == 7
    assert odds_table(20, 12, stop_at=8)[20, 12] == pytest.approx(odds.p_conquer, abs=1e-12)


def test_a_mechaniker_double_six_halts_some_attacks_that_would_have_gone_on():
    plain = battle_odds(25, 15)
    iron = battle_odds(25, 15, mechaniker_double_six=True)
    assert iron.p_halted > 0
    assert iron.p_conquer < plain.p_conquer
    assert iron.p_conquer + iron.p_halted <= 1
    assert iron.p_conquered_outright == 0


# --- Monte Carlo ------------------------------------------------------------------------------


@cache
def _referee_lookup(attack, defence, fortified, rules):
    # The referee's verdicts cached by sorted dice, so that simulations run quickly.
    return referee(attack, defence, **dict(rules, fortified=fortified))


def simulate(attackers, defenders, rng, **m):
    """Play one battle with real (pseudo-random) dice; return (conquered, attackers left,
    defenders left)."""
    boxes = m.get("fortification_boxes", 10) if m.get("fortified") else 0
    # The fortification is tracked here, roll by roll; the other rules never change.
    rules = tuple(sorted((k, v) for k, v in m.items() if not k.startswith("fortifi")))
    while defenders > 0 and attackers > 1:
        ad, dd = min(3, attackers - 1), min(2, defenders)
        attack = tuple(sorted((int(rng.random() * 6) + 1 for _ in range(ad)), reverse=True))
        defence = tuple(sorted((int(rng.random() * 6) + 1 for _ in range(dd)), reverse=True))
        la, ld, outright, halts = _referee_lookup(attack, defence, boxes > 0, rules)
        if ad == 3 and boxes > 0:
            boxes -= 1
        attackers -= la
        defenders -= ld
        if outright:
            return True, attackers, 0
        if halts and defenders > 0:
            return False, attackers, defenders
    return defenders == 0, attackers, defenders


def _within_four_standard_errors(sample, distribution):
    mean = sum(x * p for x, p in distribution.items())
    spread = math.sqrt(max(sum(x * x * p for x, p in distribution.items()) - mean**2, 0.0))
    error = spread / math.sqrt(len(sample))
    return abs(sum(sample) / len(sample) - mean) <= 4 * error + 1e-12


@pytest.mark.parametrize(
    ("attackers", "defenders", "mods", "seed"),
    [
        (10, 6, {"bunker": True, "fortified": True, "fortification_boxes": 2}, 11),
        (8, 6, {"bear_lower_die": True, "ammo_shortage": True}, 12),
        (8, 6, {"bear_three_of_a_kind": True}, 13),
        (9, 6, {"mechaniker_double_six": True}, 14),
        (8, 4, {"mechaniker_hq": True}, 15),
    ],
    ids=["bunker-fortified", "bear-lower-die", "bear-triple", "double-six", "mechaniker-hq"],
)
def test_monte_carlo_battles_agree_with_the_exact_odds(attackers, defenders, mods, seed):
    rng = random.Random(seed)
    runs = 20000
    games = [simulate(attackers, defenders, rng, **mods) for _ in range(runs)]
    odds = battle_odds(attackers, defenders, **mods)
    conquered = [1.0 if won else 0.0 for won, _, _ in games]
    assert _within_four_standard_errors(conquered, {1.0: odds.p_conquer, 0.0: 1 - odds.p_conquer})
    assert _within_four_standard_errors([a for _, a, _ in games], odds.attackers_left)
    assert _within_four_standard_errors([d for _, _, d in games], odds.defenders_left)


# --- Tables, planning helpers, chains --------------------------------------------------------


@pytest.mark.parametrize(
    "mods",
    [
        {},
        {"fortified": True},
        {"fortified": True, "fortification_boxes": 4, "bunker": True},
        {"bear_three_of_a_kind": True, "mechaniker_double_six": True},
    ],
    ids=lambda m: ",".join(m) or "plain",
)
def test_the_table_agrees_with_single_battles(mods):
    table = odds_table(25, 25, **mods)
    assert table.shape == (26, 26)
    assert np.isnan(table[0, 5]) and np.isnan(table[5, 0])
    assert np.all(table[1, 1:] == 0)
    for attackers, defenders in [(2, 1), (2, 7), (3, 3), (4, 2), (10, 10), (25, 1), (17, 25)]:
        single = battle_odds(attackers, defenders, **mods).p_conquer
        assert table[attackers, defenders] == pytest.approx(single, abs=1e-12)


def test_the_table_with_missiles_agrees_with_single_battles():
    table = odds_table(12, 12, missiles=2, fortified=True, fortification_boxes=3)
    for attackers, defenders in [(3, 2), (12, 12), (7, 10)]:
        single = battle_odds(
            attackers, defenders, missiles=2, fortified=True, fortification_boxes=3
        )
        assert table[attackers, defenders] == pytest.approx(single.p_conquer, abs=1e-12)


def test_the_full_table_is_read_only_and_covers_two_hundred_by_two_hundred():
    table = odds_table(200, 200, fortified=True)
    assert table.shape == (201, 201)
    assert not table.flags.writeable
    assert table[10, 10] < odds_table(10, 10)[10, 10]


def test_troops_needed_is_the_fewest_troops_that_reach_the_chance():
    for defenders, target, mods in [
        (10, 0.8, {}),
        (5, 0.5, {"fortified": True}),
        (3, 0.95, {"bunker": True}),
        (20, 0.6, {}),
    ]:
        needed = troops_needed(defenders, target, **mods)
        assert battle_odds(needed, defenders, **mods).p_conquer >= target
        if needed > 2:
            assert battle_odds(needed - 1, defenders, **mods).p_conquer < target
    assert troops_needed(10, 0.99, max_attackers=12) is None


def test_missiles_needed_is_the_fewest_missiles_that_reach_the_chance():
    needed = missiles_needed(8, 8, 0.6)
    assert needed is not None and needed >= 1
    assert battle_odds(8, 8, missiles=needed).p_conquer >= 0.6
    assert battle_odds(8, 8, missiles=needed - 1).p_conquer < 0.6
    assert missiles_needed(10, 10, 0.3) == 0
    assert missiles_needed(2, 30, 0.99, max_missiles=3) is None


def test_a_chain_of_one_territory_is_a_single_battle():
    assert chain_odds(12, [7]) == pytest.approx(battle_odds(12, 7).p_conquer, abs=1e-12)
    with_missiles = chain_odds(12, [{"defenders": 7, "bunker": True}], missiles=2)
    single = battle_odds(12, 7, missiles=2, bunker=True).p_conquer
    assert with_missiles == pytest.approx(single, abs=1e-12)


def test_a_chain_moves_all_but_one_troop_forward_after_each_conquest():
    first = battle_odds(15, 4)
    expected = sum(
        p * battle_odds(left - 1, 3, fortified=True).p_conquer
        for left, p in first.attackers_left.items()
        if left >= 3  # conquests end with 2 or more; 2 left leaves only 1 to go on with
    )
    chance = chain_odds(15, [4, {"defenders": 3, "fortified": True}])
    assert chance == pytest.approx(expected, abs=1e-12)
    assert chance < first.p_conquer


def test_a_chain_is_hopeless_without_a_troop_to_leave_in_each_territory():
    assert chain_odds(3, [1, 1, 1]) == 0.0
    assert chain_odds(2, [1, 1]) == 0.0
    # 3 troops must win the first roll (2 dice against 1) without a loss, then 2 troops attack
    # the second territory with 1 die: 125/216 * 15/36.
    assert chain_odds(3, [1, 1]) == pytest.approx(125 / 216 * 15 / 36, abs=1e-15)


def test_missiles_carried_along_a_chain_never_lower_its_chance():
    territories = [3, {"defenders": 4, "bunker": True}, 2]
    chances = [chain_odds(16, territories, missiles=m) for m in range(4)]
    assert all(later >= earlier for earlier, later in itertools.pairwise(chances))
    assert chances[3] > chances[0]


# --- Inputs -----------------------------------------------------------------------------------


def test_numbers_from_numpy_are_as_good_as_plain_numbers():
    odds = battle_odds(np.int64(10), np.int64(10), fortified=True, fortification_boxes=np.int8(4))
    assert odds.attackers == 10 and type(odds.attackers) is int
    assert odds.modifiers.fortification_boxes == 4
    assert troops_needed(5, np.float64(0.5)) == troops_needed(5, 0.5)


@pytest.mark.parametrize(
    ("call", "words"),
    [
        (lambda: battle_odds(1, 3), "one must stay behind"),
        (lambda: battle_odds(0, 3), "one must stay behind"),
        (lambda: battle_odds(1001, 3), "at most 1000"),
        (lambda: battle_odds(5, 0), "at least 1 defending troop"),
        (lambda: battle_odds(5, -2), "at least 1 defending troop"),
        (lambda: battle_odds(5, 1001), "at most 1000"),
        (lambda: battle_odds(5.5, 3), "whole number"),
        (lambda: battle_odds(True, 3), "whole number"),
        (lambda: battle_odds(5, 3, missiles=-1), "cannot be negative"),
        (lambda: battle_odds(5, 3, missiles=MAX_MISSILES + 1), "missile tokens"),
        (lambda: battle_odds(5, 3, fortified=True, fortification_boxes=11), "10 boxes"),
        (lambda: battle_odds(5, 3, bunker=True, ammo_shortage=True), "one scar"),
        (lambda: battle_odds(5, 3, bear_lower_die=True, bear_three_of_a_kind=True), "only one"),
        (lambda: battle_odds(5, 3, mechaniker_hq=True, mechaniker_double_six=True), "only one"),
        (lambda: battle_odds(5, 3, bunker="yes"), "True or False"),
        (lambda: battle_odds(5, 3, stop_at=5), "must stop below 5"),
        (lambda: battle_odds(5, 3, stop_at=0), "at least 1 troop"),
        (lambda: battle_odds(5, 3, sandbags=True), "Unknown modifier"),
        (lambda: battle_odds(1000, 1000, missiles=MAX_MISSILES), "too big"),
        (lambda: odds_table(301, 10), "at most 300"),
        (lambda: odds_table(10, 0), "at least 1 defending troop"),
        (lambda: troops_needed(5, 1.0), "between 0 and 1"),
        (lambda: troops_needed(5, 0), "between 0 and 1"),
        (lambda: missiles_needed(5, 5, 1.5), "between 0 and 1"),
        (lambda: missiles_needed(5, 5, float("nan")), "between 0 and 1"),
        (lambda: troops_needed(5, "half"), "a number between 0 and 1"),
        (lambda: chain_odds(10, []), "at least one territory"),
        (lambda: chain_odds(10, [{"bunker": True}]), "number of defenders"),
        (lambda: chain_odds(10, [3, 0]), "at least 1 defending troop"),
        (lambda: roll_odds(4, 2), "1, 2 or 3 dice"),
        (lambda: roll_odds(3, 3), "1 or 2 dice"),
    ],
)
def test_impossible_requests_are_refused_with_a_message_for_the_players(call, words):
    with pytest.raises(ValueError, match=words) as raised:
        call()
    assert isinstance(raised.value, OddsInputError)


def brute_force_bear_on_the_first_roll_only(attackers, defenders, missiles, **m):
    """The first roll with the Bear's power (a), every missile choice tried on it, then the
    rest of the battle without the power, searched the same way."""
    ad, dd = min(3, attackers - 1), min(2, defenders)
    total = 0.0
    for attack, n_attack in _sorted_rolls(ad).items():
        for defence, n_defence in _sorted_rolls(dd).items():
            best = 0.0
            for used in range(min(missiles, ad) + 1):
                for dice in itertools.combinations(range(ad), used):
                    la, ld, outright, halts = referee(
                        attack, defence, dice, bear_lower_die=True, **m
                    )
                    a, d = attackers - la, defenders - ld
                    if outright or d == 0:
                        value = 1.0
                    elif halts or a <= 1:
                        value = 0.0
                    else:
                        value = _rest_of_the_battle(a, d, missiles - used, tuple(m.items()))
                    best = max(best, value)
            total += n_attack * n_defence * best
    return total / 6 ** (ad + dd)


@cache
def _rest_of_the_battle(attackers, defenders, missiles, mods):
    return brute_force_missile_chance(attackers, defenders, missiles, **dict(mods))


@pytest.mark.parametrize("missiles", [0, 2])
def test_the_bears_power_on_the_first_roll_only_matches_an_exact_search(missiles):
    whole = battle_odds(6, 3, missiles=missiles, bear_lower_die=True)
    first = battle_odds(6, 3, missiles=missiles, bear_lower_die=True, bear_first_roll_only=True)
    never = battle_odds(6, 3, missiles=missiles)
    assert never.p_conquer < first.p_conquer < whole.p_conquer
    assert first.p_conquer == pytest.approx(
        brute_force_bear_on_the_first_roll_only(6, 3, missiles), abs=1e-12
    )
    assert sum(first.attackers_left.values()) == pytest.approx(1.0)
    assert sum(first.defenders_left.values()) == pytest.approx(1.0)


FIRST_ROLL = {"bear_lower_die": True, "bear_first_roll_only": True}


@pytest.mark.parametrize("missiles", [0, 1])
def test_the_table_with_the_bears_power_on_the_first_roll_only_matches_an_exact_search(missiles):
    table = odds_table(7, 4, missiles=missiles, **FIRST_ROLL)
    whole = odds_table(7, 4, missiles=missiles, bear_lower_die=True)
    for attackers in range(2, 8):
        for defenders in range(1, 5):
            expected = brute_force_bear_on_the_first_roll_only(attackers, defenders, missiles)
            assert table[attackers, defenders] == pytest.approx(expected, abs=1e-12)
            assert table[attackers, defenders] <= whole[attackers, defenders] + 1e-12
    assert table[1, 1:].tolist() == [0.0] * 4


def test_the_table_with_the_bears_first_roll_agrees_with_single_battles_in_a_wearing_city():
    mods = {**FIRST_ROLL, "fortified": True, "fortification_boxes": 2, "clamp_each": True}
    table = odds_table(12, 6, missiles=1, stop_at=2, **mods)
    for attackers in range(3, 13):
        for defenders in range(1, 7):
            single = battle_odds(attackers, defenders, missiles=1, stop_at=2, **mods)
            assert table[attackers, defenders] == pytest.approx(single.p_conquer, abs=1e-12)


def test_troops_needed_with_the_bears_first_roll_is_the_fewest_that_reach_the_chance_exactly():
    chances = {a: brute_force_bear_on_the_first_roll_only(a, 4, 0) for a in range(2, 12)}
    for target in (0.3, 0.5, 0.75):
        fewest = min(a for a, chance in chances.items() if chance >= target)
        assert troops_needed(4, target, **FIRST_ROLL) == fewest
    assert troops_needed(4, 0.5, **FIRST_ROLL) >= troops_needed(4, 0.5, bear_lower_die=True)


def test_missiles_needed_with_the_bears_first_roll_is_the_fewest_that_reach_the_chance_exactly():
    chances = [brute_force_bear_on_the_first_roll_only(5, 4, m) for m in range(4)]
    for target in (chances[0] + 1e-6, chances[1] + 1e-6, chances[2] + 1e-6):
        fewest = next(m for m, chance in enumerate(chances) if chance >= target)
        assert missiles_needed(5, 4, target, max_missiles=3, **FIRST_ROLL) == fewest
    assert missiles_needed(5, 4, 0.999, max_missiles=3, **FIRST_ROLL) is None


def brute_force_chain_with_the_bears_first_roll(attackers, first, second, missiles):
    """Take ``first`` defenders (the Bear's power (a) on the first roll only) and then
    ``second`` ones, moving every troop but one forward; every missile choice is tried."""

    @cache
    def chance(a, d, left, link, bear):
        if d == 0:
            return 1.0 if link == 1 else chance(a - 1, second, left, 1, False)
        if a <= 1:
            return 0.0
        ad, dd = min(3, a - 1), min(2, d)
        total = 0.0
        for attack, n_attack in _sorted_rolls(ad).items():
            for defence, n_defence in _sorted_rolls(dd).items():
                best = 0.0
                for used in range(min(left, ad) + 1):
                    for dice in itertools.combinations(range(ad), used):
                        la, ld, _, _ = referee(attack, defence, dice, bear_lower_die=bear)
                        best = max(best, chance(a - la, d - ld, left - used, link, False))
                total += n_attack * n_defence * best
        return total / 6 ** (ad + dd)

    return chance(attackers, first, missiles, 0, True)


@pytest.mark.parametrize("missiles", [0, 2])
def test_a_chain_with_the_bears_first_roll_on_its_first_link_matches_an_exact_search(missiles):
    chain = chain_odds(7, [{"defenders": 3, **FIRST_ROLL}, 2], missiles=missiles)
    expected = brute_force_chain_with_the_bears_first_roll(7, 3, 2, missiles)
    assert chain == pytest.approx(expected, abs=1e-12)
    whole = chain_odds(7, [{"defenders": 3, "bear_lower_die": True}, 2], missiles=missiles)
    never = chain_odds(7, [3, 2], missiles=missiles)
    assert never < chain < whole


# --- The defender's missiles -------------------------------------------------------------------


def brute_force_duel_chance(attackers, defenders, missiles, defender_missiles, **m):
    """The chance of conquest when, after each roll, the attacker first picks its missile dice
    to make the chance highest, then the defender, seeing that, picks its own to make it
    lowest: every choice of both sides tried at every roll."""

    @cache
    def chance(a, d, left, held):
        if d == 0:
            return 1.0
        if a <= 1:
            return 0.0
        ad, dd = min(3, a - 1), min(2, d)
        total = 0.0
        for attack, n_attack in _sorted_rolls(ad).items():
            for defence, n_defence in _sorted_rolls(dd).items():
                best = 0.0
                for used in range(min(left, ad) + 1):
                    for dice in itertools.combinations(range(ad), used):
                        worst = 1.0
                        for spent in range(min(held, dd) + 1):
                            for blocks in itertools.combinations(range(dd), spent):
                                la, ld, outright, halts = referee(
                                    attack, defence, dice, blocks, **m
                                )
                                if outright:
                                    value = 1.0
                                elif halts:
                                    value = 1.0 if d == ld else 0.0
                                else:
                                    value = chance(a - la, d - ld, left - used, held - spent)
                                worst = min(worst, value)
                        best = max(best, worst)
                total += n_attack * n_defence * best
        return total / 6 ** (ad + dd)

    return chance(attackers, defenders, missiles, defender_missiles)


@pytest.mark.parametrize(
    ("missiles", "defender_missiles", "mods"),
    [
        (0, 1, {}),
        (2, 2, {}),
        (1, 2, {"ammo_shortage": True, "bear_lower_die": True}),
        (2, 1, {"bear_three_of_a_kind": True, "missile_six_is_natural": True}),
        (1, 1, {"mechaniker_double_six": True, "resort": False}),
        (1, 2, {"mechaniker_double_six": True, "missile_six_is_natural": True}),
        (2, 2, {"mechaniker_hq": True, "clamp_each": True, "bear_lower_die": True}),
    ],
    ids=["plain", "both", "scar-bear", "bear-triple", "double-six", "double-six-natural", "hq"],
)
def test_the_defenders_missile_play_matches_a_brute_force_search_of_both_sides_choices(
    missiles, defender_missiles, mods
):
    expected = brute_force_duel_chance(5, 3, missiles, defender_missiles, **mods)
    odds = battle_odds(5, 3, missiles=missiles, defender_missiles=defender_missiles, **mods)
    assert odds.p_conquer == pytest.approx(expected, abs=1e-12)


def test_a_defender_without_missiles_changes_nothing():
    for mods in MODIFIER_SETS:
        with_none = battle_odds(7, 4, missiles=2, defender_missiles=0, **mods)
        assert with_none == battle_odds(7, 4, missiles=2, **mods)


@pytest.mark.parametrize("mods", [{}, {"fortified": True, "fortification_boxes": 2}])
def test_the_defenders_missiles_never_raise_the_chance_and_every_ending_adds_up_to_one(mods):
    chances = [
        battle_odds(9, 5, missiles=1, defender_missiles=n, **mods).p_conquer for n in range(4)
    ]
    assert chances == sorted(chances, reverse=True)
    assert chances[1] < chances[0]
    odds = battle_odds(9, 5, missiles=1, defender_missiles=2, **mods)
    assert sum(odds.attackers_left.values()) == pytest.approx(1.0, abs=1e-12)
    assert sum(odds.defenders_left.values()) == pytest.approx(1.0, abs=1e-12)
    assert odds.defenders_left.get(0, 0.0) == pytest.approx(odds.p_conquer, abs=1e-12)
    assert 0 < odds.expected_defender_missiles_used <= 2
    assert odds.defender_missiles == 2


def test_a_fortification_wears_out_as_an_exact_search_with_both_sides_missiles_says():
    """Wear of the fortification with both sides' missiles, checked by the exact search
    written with the boxes as part of the state."""
    m = {"fortified": True, "fortification_boxes": 1}

    @cache
    def chance(a, d, left, held, boxes):
        if d == 0:
            return 1.0
        if a <= 1:
            return 0.0
        ad, dd = min(3, a - 1), min(2, d)
        rules = {"fortified": boxes > 0, "fortification_boxes": boxes}
        after = boxes - 1 if ad == 3 and boxes > 0 else boxes
        total = 0.0
        for attack, n_attack in _sorted_rolls(ad).items():
            for defence, n_defence in _sorted_rolls(dd).items():
                best = 0.0
                for used in range(min(left, ad) + 1):
                    for dice in itertools.combinations(range(ad), used):
                        worst = 1.0
                        for spent in range(min(held, dd) + 1):
                            for blocks in itertools.combinations(range(dd), spent):
                                la, ld, _, _ = referee(attack, defence, dice, blocks, **rules)
                                worst = min(
                                    worst, chance(a - la, d - ld, left - used, held - spent, after)
                                )
                        best = max(best, worst)
                total += n_attack * n_defence * best
        return total / 6 ** (ad + dd)

    expected = chance(6, 3, 1, 1, 1)
    assert battle_odds(6, 3, missiles=1, defender_missiles=1, **m).p_conquer == pytest.approx(
        expected, abs=1e-12
    )


def test_the_table_with_the_defenders_missiles_agrees_with_single_battles():
    mods = {"fortified": True, "fortification_boxes": 2, "bunker": True}
    table = odds_table(9, 5, missiles=2, defender_missiles=1, **mods)
    for attackers, defenders in [(2, 1), (4, 2), (9, 5), (7, 3)]:
        single = battle_odds(attackers, defenders, missiles=2, defender_missiles=1, **mods)
        assert table[attackers, defenders] == pytest.approx(single.p_conquer, abs=1e-12)
    assert np.isnan(table[0, 3]) and np.isnan(table[4, 0])


@pytest.mark.parametrize(
    ("call", "words"),
    [
        (lambda: odds_table(9, 5, defender_missiles=18), "17 missile tokens"),
        (lambda: battle_odds(5, 3, defender_missiles=18), "17 missile tokens"),
        (lambda: battle_odds(5, 3, defender_missiles=-1), "cannot be negative"),
        (lambda: battle_odds(5, 3, defender_missiles=1.5), "whole number"),
        (lambda: battle_odds(900, 900, missiles=17, defender_missiles=17), "too big"),
        (
            lambda: battle_odds(
                5, 3, defender_missiles=1, bear_lower_die=True, bear_first_roll_only=True
            ),
            "defender's missiles at 0",
        ),
    ],
)
def test_impossible_defender_missiles_are_refused_with_a_message_for_the_players(call, words):
    with pytest.raises(OddsInputError, match=words) as refused:
        call()
    assert refused.value.field == "defender_missiles"
