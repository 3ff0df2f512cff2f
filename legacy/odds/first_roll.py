"""The Bear's power (a) on the battle's first roll only, for many starting points at once.

The rest of the battle (every roll after the first, without the power) is swept backwards by the
battle engine, keeping the chance of conquest from every box state and missile count at the few
numbers of defenders the first roll can leave. The first roll is then one more step on top of it:
every way it falls, with the power, the missiles on it chosen by the chance from where it leaves
the battle (on an exact tie, the fewest missiles), exactly as ``battle_odds`` does for one battle.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

import numpy as np

from legacy.odds.engine import Engine
from legacy.odds.inputs import Modifiers
from legacy.odds.rolls import CONQUER, HALT, kernel_for


def first_roll_values(
    mods: Modifiers,
    max_attackers: int,
    defenders: Sequence[int],
    missiles: int,
    stop_at: int,
    conquest_value: np.ndarray | None = None,
) -> np.ndarray:
    """The chance of conquest [missiles held, attackers, j] at ``defenders[j]`` defenders, the
    first roll having the Bear's power (a) and the later rolls not. ``conquest_value`` is the
    engine's: the chance of winning what comes after a conquest, by [missiles left,
    attackers left]."""
    A, M, NM = max_attackers, missiles, missiles + 1
    rest = replace(mods, bear_lower_die=False, bear_first_roll_only=False)
    engine = Engine(rest, A, max(defenders), M, stop_at, conquest_value)
    reachable = tuple(sorted({d - lost for d in defenders for lost in (0, 1, 2) if d >= lost}))
    grid, _ = engine.backward("columns", columns=reachable)
    where = {d: j for j, d in enumerate(reachable)}
    R = engine.R
    rules = mods._rules(mods.fortification_active)
    wears = mods.fortified and not mods.mechaniker_hq and mods.fortification_boxes > 0
    out = np.zeros((NM, A + 1, len(defenders)))
    by_dice: dict[int, list[int]] = {1: [], 2: []}
    for j, d in enumerate(defenders):
        by_dice[min(2, d)].append(j)
    for attack_dice, (a_lo, a_hi) in ((1, (2, 2)), (2, (3, 3)), (3, (4, A))):
        a_lo, a_hi = max(a_lo, stop_at + 1), min(a_hi, A)
        if a_lo > a_hi:
            continue
        # A roll of three dice marks a box of a fortification that wears out.
        row = engine.start_row - 1 if attack_dice == 3 and wears else engine.start_row
        for defence_dice, js in by_dice.items():
            if not js:
                continue
            kernel = kernel_for(attack_dice, defence_dice, rules, min(M, attack_dice))
            ds = np.array([defenders[j] for j in js])
            values: dict[tuple[int, int, int, int], np.ndarray] = {}
            for option in kernel.options:
                spent, kind, aloss, dloss = option
                a_from = slice(a_lo - aloss, a_hi - aloss + 1)
                if kind == CONQUER:
                    base = np.repeat(R[:, a_from, None], len(js), axis=2)
                else:
                    cols = [where[d - dloss] for d in ds]
                    if cols == list(range(cols[0], cols[0] + len(cols))):
                        base = grid[row, :, a_from, cols[0] : cols[0] + len(cols)]  # a view
                    else:
                        base = grid[row][:, a_from][:, :, cols]
                    if kind == HALT:
                        # The attack ends there, a conquest only if the roll took the last troop.
                        base = base * (ds - dloss == 0)[None, None, :]
                value = np.full(base.shape, -np.inf)
                value[spent:] = base[: NM - spent]
                values[option] = value
            total = np.zeros((NM, a_hi - a_lo + 1, len(js)))
            for p, options in kernel.classes:
                best = values[options[0]]
                for option in options[1:]:
                    best = np.maximum(best, values[option])
                total += p * best
            out[:, a_lo : a_hi + 1, js] = total
    return out
