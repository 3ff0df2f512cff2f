"""One roll: every way the dice can fall, resolved by the rules and counted exactly.

The counting is done once per kind of roll and cached (``_roll_counts``); ``kernel_for`` also lists,
for each roll, the results each number of missiles can reach. ``roll_odds`` turns the counts
into fractions.
"""

from __future__ import annotations

import functools
import itertools
from collections import Counter
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING, Any, NamedTuple

from legacy import scar_effects
from legacy.odds.inputs import (
    ATTACK_DICE,
    DEFENCE_DICE,
    OddsInputError,
    modifiers_of,
    whole_number,
)
from legacy.refusals import OddsRule

if TYPE_CHECKING:
    from legacy.odds.inputs import RollRules


# What a roll can end in, besides plain losses.
NORMAL = 0  # the battle goes on (or ends by the numbers)
CONQUER = 1  # the Bear's three-of-a-kind took the territory outright
HALT = 2  # the Die Mechaniker's double six ended the attacks on this territory


def defence_values(natural: tuple[int, ...], rules: RollRules) -> list[int]:
    """The defence dice after modifiers, in the order they are paired."""
    last = len(natural) - 1
    values = []
    for i, die in enumerate(natural):
        # The territory's scars first, then the fortification, then the Bear's power, unless
        # the campaign's clamp order says otherwise: the order matters only when the campaign
        # clamps after each modifier.
        changes = [rules.defence_dice]
        if i == 0:
            changes.append(rules.defender_highest)
        if rules.fortified:
            changes.append(1)
        if rules.bear_lower_die and i == last and (last > 0 or rules.single_die_is_lower):
            changes.append(-1)
        ordered = scar_effects.in_clamp_order([c for c in changes if c], rules.clamp_order)
        values.append(scar_effects.modified_die(die, ordered, clamp_each=rules.clamp_each))
    if rules.resort:
        values.sort(reverse=True)
    return values


def resolve(
    natural_attack: tuple[int, ...],
    missile_dice: tuple[int, ...],
    natural_defence: tuple[int, ...],
    defence: list[int],
    rules: RollRules,
) -> tuple[int, int, int]:
    """(kind, attacker losses, defender losses) of one roll, ``missile_dice`` being the
    positions (in the natural attack roll, sorted high to low) turned into 6s."""
    rolled = [6 if i in missile_dice else die for i, die in enumerate(natural_attack)]
    attack = rolled
    if rules.attacker_highest and 0 not in missile_dice:
        # The scar changes the highest natural die, unless a missile made it an unmodifiable 6.
        attack = [min(6, max(1, rolled[0] + rules.attacker_highest)), *rolled[1:]]
    if rules.resort:
        attack.sort(reverse=True)  # sorting ``rolled`` too changes neither its length nor set
    attacker_losses = defender_losses = 0
    for a, d in zip(attack, defence, strict=False):
        # Ties go to the defender.
        if a > d:
            defender_losses += 1
        else:
            attacker_losses += 1
    kind = NORMAL
    if rules.mechaniker_double_six and natural_defence == (6, 6):
        kind = HALT
    if (
        rules.bear_three_of_a_kind
        and len(rolled) == 3
        and len(set(rolled)) == 1
        and (not missile_dice or rules.bear_three_as_rolled or rules.missile_six_is_natural)
        and defender_losses >= 1
    ):
        kind = CONQUER  # the conquest happens in this roll, before the double six can halt
    return kind, attacker_losses, defender_losses


@functools.cache
def _sorted_rolls(dice: int) -> tuple[tuple[tuple[int, ...], int], ...]:
    """Each way ``dice`` dice can fall, sorted high to low, with the number of ordered rolls
    that show it (so 3 dice give 56 rolls standing for all 216)."""
    counts = Counter(
        tuple(sorted(roll, reverse=True)) for roll in itertools.product(range(1, 7), repeat=dice)
    )
    return tuple(sorted(counts.items()))


def all_rolls(attack_dice: int, defence_dice: int):
    """Every natural roll of both sides (sorted high to low) and how many ordered rolls it
    stands for."""
    for natural_attack, n_attack in _sorted_rolls(attack_dice):
        for natural_defence, n_defence in _sorted_rolls(defence_dice):
            yield natural_attack, natural_defence, n_attack * n_defence


@functools.cache
def _roll_counts(attack_dice: int, defence_dice: int, rules: RollRules) -> dict:
    """Exact counts of (kind, attacker losses, defender losses) over all 6**dice rolls."""
    counts: Counter = Counter()
    for natural_attack, natural_defence, ways in all_rolls(attack_dice, defence_dice):
        defence = defence_values(natural_defence, rules)
        counts[resolve(natural_attack, (), natural_defence, defence, rules)] += ways
    return dict(counts)


class RollOutcome(NamedTuple):
    """One way a single roll can end."""

    attacker_losses: int
    defender_losses: int
    conquers_outright: bool = False  # the Bear's three-of-a-kind took the territory
    ends_attacks: bool = False  # the Die Mechaniker's double six closed the territory


def roll_odds(attack_dice: int, defence_dice: int, **modifiers: Any) -> dict[RollOutcome, Fraction]:
    """Exact chances of each outcome of one roll of ``attack_dice`` (1-3) against
    ``defence_dice`` (1-2), with the given modifiers (the keywords of ``Modifiers``; the
    fortification counts if it has a box left or the defender is a Die Mechaniker HQ).
    Missiles are not part of a single roll's odds: they are a choice made after it."""
    mods = modifiers_of(modifiers)
    attack_dice = whole_number(attack_dice, "attack_dice", ATTACK_DICE)
    defence_dice = whole_number(defence_dice, "defence_dice", DEFENCE_DICE)
    if not 1 <= attack_dice <= 3:
        raise OddsInputError(OddsRule.ODDS_ATTACK_DICE, field="attack_dice")
    if not 1 <= defence_dice <= 2:
        raise OddsInputError(OddsRule.ODDS_DEFENCE_DICE, field="defence_dice")
    total = 6 ** (attack_dice + defence_dice)
    counts = _roll_counts(attack_dice, defence_dice, mods._rules(mods.fortification_active))
    return {
        RollOutcome(losses_a, losses_d, kind == CONQUER, kind == HALT): Fraction(n, total)
        for (kind, losses_a, losses_d), n in sorted(counts.items())
    }


# An option open to the attacker after a roll: (missiles spent, kind, attacker losses, defender
# losses).
_Option = tuple[int, int, int, int]


@dataclass(frozen=True)
class _Kernel:
    """One kind of roll, ready for the battle engine.

    ``linear``: (kind, attacker losses, defender losses, probability) when no choice is made.
    ``classes``: rolls grouped by the options they leave the attacker holding missiles:
    (probability, options), options ordered by missiles spent so that ties favour saving them.
    ``options``: every option some class uses.
    """

    linear: tuple[tuple[int, int, int, float], ...]
    classes: tuple[tuple[float, tuple[_Option, ...]], ...]
    options: tuple[_Option, ...]


@functools.cache
def kernel_for(attack_dice: int, defence_dice: int, rules: RollRules, max_missiles: int) -> _Kernel:
    """The per-roll transition table, with up to ``max_missiles`` missiles usable on the roll."""
    total = 6 ** (attack_dice + defence_dice)
    linear = tuple(
        (kind, la, ld, n / total)
        for (kind, la, ld), n in sorted(_roll_counts(attack_dice, defence_dice, rules).items())
    )
    usable = min(max_missiles, attack_dice)
    if usable == 0:
        classes = tuple((p, ((0, kind, la, ld),)) for kind, la, ld, p in linear)
        return _Kernel(linear, classes, tuple(opts[0] for _, opts in classes))
    grouped: Counter = Counter()
    for natural_attack, natural_defence, ways in all_rolls(attack_dice, defence_dice):
        defence = defence_values(natural_defence, rules)
        options: list[_Option] = []
        reached: set[tuple[int, int, int]] = set()
        for spent in range(usable + 1):
            found = {
                resolve(natural_attack, dice, natural_defence, defence, rules)
                for dice in itertools.combinations(range(attack_dice), spent)
            }
            # A result reachable with fewer missiles is never worth more missiles.
            options.extend((spent, *result) for result in sorted(found - reached))
            reached |= found
        grouped[tuple(options)] += ways
    classes = tuple((n / total, opts) for opts, n in sorted(grouped.items()))
    every = tuple(sorted({o for _, opts in classes for o in opts}))
    return _Kernel(linear, classes, every)
