"""Battle odds worked out the slow way, independently of ``legacy.odds``: every ordered roll of
the dice is listed, each die changed as the rules say, and a battle is the plain recursion over
(attackers, defenders). Exact fractions, small battles only. No missiles, no powers."""

from __future__ import annotations

import functools
import itertools
from fractions import Fraction


def clamp(value: int) -> int:
    return max(1, min(6, value))


@functools.cache
def one_roll(
    attack_dice: int,
    defence_dice: int,
    defender_highest: int,
    defence_dice_change: int,
    attacker_highest: int,
) -> dict[tuple[int, int], Fraction]:
    """(attacker losses, defender losses) -> chance, over all 6 ** dice ordered rolls."""
    counts: dict[tuple[int, int], int] = {}
    for roll in itertools.product(range(1, 7), repeat=attack_dice + defence_dice):
        attack = sorted(roll[:attack_dice], reverse=True)
        defence = sorted(roll[attack_dice:], reverse=True)
        attack[0] = clamp(attack[0] + attacker_highest)
        defence = [
            clamp(d + defence_dice_change + (defender_highest if i == 0 else 0))
            for i, d in enumerate(defence)
        ]
        attack.sort(reverse=True)
        defence.sort(reverse=True)
        lost_a = lost_d = 0
        for a, d in zip(attack, defence, strict=False):
            if a > d:
                lost_d += 1
            else:
                lost_a += 1
        counts[(lost_a, lost_d)] = counts.get((lost_a, lost_d), 0) + 1
    total = 6 ** (attack_dice + defence_dice)
    return {k: Fraction(n, total) for k, n in counts.items()}


def conquest(
    attackers: int,
    defenders: int,
    *,
    defender_highest: int = 0,
    defence_dice: int = 0,
    attacker_highest: int = 0,
) -> Fraction:
    """The chance that ``attackers`` troops on the board take ``defenders`` (one stays behind)."""

    @functools.cache
    def p(a: int, d: int) -> Fraction:
        if d == 0:
            return Fraction(1)
        if a < 2:
            return Fraction(0)
        outcomes = one_roll(
            min(3, a - 1), min(2, d), defender_highest, defence_dice, attacker_highest
        )
        return sum((q * p(a - la, d - ld) for (la, ld), q in outcomes.items()), Fraction(0))

    return p(attackers, defenders)
