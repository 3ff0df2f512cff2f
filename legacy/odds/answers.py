"""The questions players ask: the odds of one battle, a whole table, the troops or missiles needed
for a chance, and a chain of attacks.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, fields, replace
from types import MappingProxyType
from typing import Any

import numpy as np

from legacy.odds.duel import DuelEngine, check_duel_work
from legacy.odds.engine import Engine, check_missile_work
from legacy.odds.first_roll import first_roll_values
from legacy.odds.inputs import (
    MAX_BATTLE_TROOPS,
    MAX_MISSILES,
    MAX_TABLE_TROOPS,
    Modifiers,
    OddsInputError,
    check_attackers,
    check_defenders,
    check_missiles,
    check_stop_at,
    check_target,
    modifiers_of,
)
from legacy.odds.plain import plain_table
from legacy.odds.rolls import CONQUER, HALT, kernel_for
from legacy.refusals import OddsRule

# --- Answers -----------------------------------------------------------------------------------


@dataclass(frozen=True)
class BattleOdds:
    """The odds of one attack on one territory, played to the end.

    ``attackers_left`` maps the troops left on the attacking territory when the attack ends
    (before any move into a conquered territory) to their probability; ``defenders_left`` the
    same for the defended territory (0 when it falls). Losses are expected values. With
    missiles these describe the play that maximises ``p_conquer``.
    """

    attackers: int
    defenders: int
    missiles: int
    modifiers: Modifiers
    p_conquer: float
    attackers_left: Mapping[int, float]
    defenders_left: Mapping[int, float]
    expected_attacker_losses: float
    expected_defender_losses: float
    expected_missiles_used: float
    p_conquered_outright: float  # of p_conquer, by the Bear's three-of-a-kind
    p_halted: float  # the Die Mechaniker's double six ended the attack
    defender_missiles: int = 0
    expected_defender_missiles_used: float = 0.0


def battle_odds(
    attackers: int,
    defenders: int,
    *,
    missiles: int = 0,
    defender_missiles: int = 0,
    stop_at: int = 1,
    **modifiers: Any,
) -> BattleOdds:
    """The odds of ``attackers`` troops on the board attacking ``defenders`` defenders until
    the territory falls or the attacking territory is down to ``stop_at`` troops. The attacker
    holds ``missiles`` and the defender ``defender_missiles``, and each side uses them as well
    as it can (see the package's notes); ``modifiers`` are the keywords of ``Modifiers``."""
    mods = modifiers_of(modifiers)
    attackers = check_attackers(attackers, MAX_BATTLE_TROOPS)
    defenders = check_defenders(defenders, MAX_BATTLE_TROOPS)
    missiles = check_missiles(missiles)
    defender_missiles = check_missiles(defender_missiles, "defender_missiles")
    stop_at = check_stop_at(stop_at, attackers)
    if defender_missiles:
        _no_duel_on_the_first_roll_only(mods)
        return _duel_battle(attackers, defenders, missiles, defender_missiles, stop_at, mods)
    check_missile_work(attackers, defenders, mods, missiles)
    if _first_roll_only(mods):
        return _bear_first_roll_only(attackers, defenders, missiles, stop_at, mods)
    engine = Engine(mods, attackers, defenders, missiles, stop_at)
    values = engine.backward("column", keep_all=True)[1] if missiles else None
    ends = engine.forward(attackers, defenders, values)
    return _answer(
        attackers,
        defenders,
        missiles,
        mods,
        p_conquer=ends.conquered,
        attackers_left=dict(enumerate(ends.attackers_left)),
        defenders_left=dict(enumerate(ends.defenders_left)),
        missiles_used=float(missiles - np.arange(missiles + 1) @ ends.missiles_left),
        outright=ends.outright,
        halted=ends.halted,
    )


def _duel_battle(
    attackers: int, defenders: int, missiles: int, defender_missiles: int, stop_at: int, mods
) -> BattleOdds:
    """A battle in which the defender holds missiles too (``duel``)."""
    check_duel_work(attackers, defenders, mods, missiles, defender_missiles)
    engine = DuelEngine(mods, attackers, defenders, missiles, defender_missiles, stop_at)
    values = engine.backward_duel()
    ends = engine.forward_duel(attackers, defenders, values)
    return _answer(
        attackers,
        defenders,
        missiles,
        mods,
        p_conquer=float(
            values[attackers + defenders][engine.start_row, missiles, defender_missiles, attackers]
        ),
        attackers_left=dict(enumerate(ends["a"])),
        defenders_left=dict(enumerate(ends["d"])),
        missiles_used=float(missiles - np.arange(missiles + 1) @ ends["ma"]),
        outright=ends["outright"],
        halted=ends["halted"],
        defender_missiles=defender_missiles,
        defender_missiles_used=float(
            defender_missiles - np.arange(defender_missiles + 1) @ ends["md"]
        ),
    )


def _bear_first_roll_only(
    attackers: int, defenders: int, missiles: int, stop_at: int, mods: Modifiers
) -> BattleOdds:
    """A battle whose first roll has the Bear's power (a) and the rest not: every way the first
    roll falls (with the best use of missiles on it, judged by the chance from where it
    leaves the battle), then the rest of the battle from there, exactly."""
    attack_dice, defence_dice = min(3, attackers - 1), min(2, defenders)
    kernel = kernel_for(
        attack_dice, defence_dice, mods._rules(mods.fortification_active), min(missiles, 3)
    )
    boxes = mods.fortification_boxes
    if attack_dice == 3 and mods.fortified and not mods.mechaniker_hq and boxes > 0:
        boxes -= 1  # the first roll, made with 3 dice, marks a box
    rest = replace(
        mods, bear_lower_die=False, bear_first_roll_only=False, fortification_boxes=boxes
    )
    after: dict[tuple[int, int, int], BattleOdds] = {}

    def outcome(option) -> tuple[float, BattleOdds | None, int, int]:
        """(chance of conquest, the rest of the battle or None when it ends here, attackers
        and defenders left)."""
        spent, kind, la, ld = option
        a, d = attackers - la, defenders - ld
        if kind == CONQUER or d == 0:
            return 1.0, None, a, 0
        if kind == HALT or a <= stop_at:
            return 0.0, None, a, d
        key = (a, d, missiles - spent)
        if key not in after:
            after[key] = battle_odds(a, d, missiles=missiles - spent, stop_at=stop_at, **_kw(rest))
        return after[key].p_conquer, after[key], a, d

    conquer = outright = halted = used = 0.0
    attackers_left: dict[int, float] = {}
    defenders_left: dict[int, float] = {}
    for p, options in kernel.classes:
        usable = [o for o in options if o[0] <= missiles]
        best = max(usable, key=lambda o: (outcome(o)[0], -o[0]))  # ties: fewer missiles
        value, later, a, d = outcome(best)
        used += p * best[0]
        if later is None:
            conquer += p * value
            outright += p * (best[1] == CONQUER)
            halted += p * (best[1] == HALT and d > 0)
            attackers_left[a] = attackers_left.get(a, 0.0) + p
            defenders_left[d] = defenders_left.get(d, 0.0) + p
            continue
        conquer += p * later.p_conquer
        outright += p * later.p_conquered_outright
        halted += p * later.p_halted
        used += p * later.expected_missiles_used
        for k, q in later.attackers_left.items():
            attackers_left[k] = attackers_left.get(k, 0.0) + p * q
        for k, q in later.defenders_left.items():
            defenders_left[k] = defenders_left.get(k, 0.0) + p * q
    return _answer(
        attackers,
        defenders,
        missiles,
        mods,
        p_conquer=conquer,
        attackers_left=attackers_left,
        defenders_left=defenders_left,
        missiles_used=used,
        outright=outright,
        halted=halted,
    )


def _answer(
    attackers: int,
    defenders: int,
    missiles: int,
    mods: Modifiers,
    *,
    p_conquer: float,
    attackers_left: Mapping[int, Any],
    defenders_left: Mapping[int, Any],
    missiles_used: float,
    outright: float,
    halted: float,
    defender_missiles: int = 0,
    defender_missiles_used: float = 0.0,
) -> BattleOdds:
    """One battle's answer, whichever way it was worked out: the troops left on each side as
    probabilities by count (the counts that cannot happen left out), the expected losses read
    from them."""
    a_left = {int(k): float(p) for k, p in sorted(attackers_left.items()) if p > 0}
    d_left = {int(k): float(p) for k, p in sorted(defenders_left.items()) if p > 0}
    return BattleOdds(
        attackers=attackers,
        defenders=defenders,
        missiles=missiles,
        modifiers=mods,
        p_conquer=float(p_conquer),
        attackers_left=MappingProxyType(a_left),
        defenders_left=MappingProxyType(d_left),
        expected_attacker_losses=attackers - sum(k * p for k, p in a_left.items()),
        expected_defender_losses=defenders - sum(k * p for k, p in d_left.items()),
        expected_missiles_used=float(missiles_used),
        p_conquered_outright=float(outright),
        p_halted=float(halted),
        defender_missiles=defender_missiles,
        expected_defender_missiles_used=float(defender_missiles_used),
    )


def _kw(mods: Modifiers) -> dict[str, Any]:
    return {f.name: getattr(mods, f.name) for f in fields(mods)}


def _no_duel_on_the_first_roll_only(mods: Modifiers) -> None:
    """The defender's missiles are worked out with the Bear's power (a) on the whole battle
    only: refused with the power on the first roll only."""
    if _first_roll_only(mods):
        raise OddsInputError(OddsRule.ODDS_BEAR_FIRST_ROLL_MISSILES, field="defender_missiles")


def _first_roll_only(mods: Modifiers) -> bool:
    """Whether the Bear's power (a) counts on the battle's first roll only."""
    return mods.bear_lower_die and mods.bear_first_roll_only


def odds_table(
    max_attackers: int,
    max_defenders: int,
    *,
    missiles: int = 0,
    defender_missiles: int = 0,
    stop_at: int = 1,
    **modifiers: Any,
) -> np.ndarray:
    """The chance of conquest for every battle up to ``max_attackers`` troops on the attacking
    territory and ``max_defenders`` defenders, worked out in one sweep.

    Returns a read-only float array ``t`` of shape (max_attackers + 1, max_defenders + 1) with
    ``t[attackers, defenders]``; attackers at or below ``stop_at`` (1 by default) give 0, and
    the meaningless row and column 0 hold NaN. With ``defender_missiles`` both sides play their
    missiles as in ``battle_odds``.
    """
    mods = modifiers_of(modifiers)
    max_attackers = check_attackers(max_attackers, MAX_TABLE_TROOPS, "max_attackers")
    max_defenders = check_defenders(max_defenders, MAX_TABLE_TROOPS, "max_defenders")
    missiles = check_missiles(missiles)
    stop_at = check_stop_at(stop_at, None)
    defender_missiles = check_missiles(defender_missiles, "defender_missiles")
    check_missile_work(max_attackers, max_defenders, mods, missiles)
    if defender_missiles:
        _no_duel_on_the_first_roll_only(mods)
        check_duel_work(max_attackers, max_defenders, mods, missiles, defender_missiles)
        engine = DuelEngine(
            mods, max_attackers, max_defenders, missiles, defender_missiles, stop_at
        )
        diagonals = engine.backward_duel()
        table = np.zeros((max_attackers + 1, max_defenders + 1))
        for a in range(max_attackers + 1):
            for d in range(max_defenders + 1):
                table[a, d] = diagonals[a + d][engine.start_row, missiles, defender_missiles, a]
    elif _first_roll_only(mods):
        every = tuple(range(1, max_defenders + 1))
        first = first_roll_values(mods, max_attackers, every, missiles, stop_at)
        table = np.zeros((max_attackers + 1, max_defenders + 1))
        table[:, 1:] = first[missiles]
    elif missiles:
        table, _ = Engine(mods, max_attackers, max_defenders, missiles, stop_at).backward("table")
    else:
        table = plain_table(mods, max_attackers, max_defenders, stop_at)
    table[0, :] = np.nan
    table[:, 0] = np.nan
    table.setflags(write=False)
    return table


def troops_needed(
    defenders: int,
    target: float,
    *,
    missiles: int = 0,
    stop_at: int = 1,
    max_attackers: int = MAX_BATTLE_TROOPS,
    **modifiers: Any,
) -> int | None:
    """The fewest troops on the attacking territory that give at least a ``target`` chance
    (0 < target < 1) of taking ``defenders`` defenders, or None if even ``max_attackers`` do
    not."""
    mods = modifiers_of(modifiers)
    defenders = check_defenders(defenders, MAX_BATTLE_TROOPS)
    target = check_target(target)
    missiles = check_missiles(missiles)
    max_attackers = check_attackers(max_attackers, MAX_BATTLE_TROOPS, "max_attackers")
    stop_at = check_stop_at(stop_at, max_attackers)
    # Look at a modest range first and widen it only if the target is out of reach there.
    cap = min(max_attackers, max(16, 2 * defenders + 8, 2 * stop_at))
    while True:
        check_missile_work(cap, defenders, mods, missiles)
        if _first_roll_only(mods):
            column = first_roll_values(mods, cap, (defenders,), missiles, stop_at)[:, :, 0]
        else:
            column, _ = Engine(mods, cap, defenders, missiles, stop_at).backward("column")
        hits = np.nonzero(column[missiles] >= target)[0]
        if hits.size:
            return int(hits[0])
        if cap == max_attackers:
            return None
        cap = min(max_attackers, 2 * cap)


def missiles_needed(
    attackers: int,
    defenders: int,
    target: float,
    *,
    stop_at: int = 1,
    max_missiles: int = MAX_MISSILES,
    **modifiers: Any,
) -> int | None:
    """The fewest missiles that give at least a ``target`` chance of conquest (used as well as
    possible), or None if even ``max_missiles`` do not."""
    mods = modifiers_of(modifiers)
    attackers = check_attackers(attackers, MAX_BATTLE_TROOPS)
    defenders = check_defenders(defenders, MAX_BATTLE_TROOPS)
    target = check_target(target)
    max_missiles = check_missiles(max_missiles, "max_missiles")
    stop_at = check_stop_at(stop_at, attackers)
    check_missile_work(attackers, defenders, mods, max_missiles)
    if _first_roll_only(mods):
        column = first_roll_values(mods, attackers, (defenders,), max_missiles, stop_at)[:, :, 0]
    else:
        column, _ = Engine(mods, attackers, defenders, max_missiles, stop_at).backward("column")
    hits = np.nonzero(column[:, attackers] >= target)[0]
    return int(hits[0]) if hits.size else None


def chain_odds(
    attackers: int,
    territories: Sequence[int | Mapping[str, Any]],
    *,
    missiles: int = 0,
) -> float:
    """The chance of taking every territory of ``territories`` in a row, starting with
    ``attackers`` troops on the board.

    Each territory is its number of defenders, or a mapping with ``"defenders"`` and that
    territory's modifiers (keywords of ``Modifiers``). After each conquest the attacker moves
    every troop but one forward and attacks the next territory from there; missiles held are
    spent to maximise the chance of taking the whole chain.
    """
    attackers = check_attackers(attackers, MAX_BATTLE_TROOPS)
    missiles = check_missiles(missiles)
    if isinstance(territories, str | bytes) or not isinstance(territories, Sequence):
        raise OddsInputError(OddsRule.ODDS_TERRITORIES_LIST, field="territories")
    if not territories:
        raise OddsInputError(OddsRule.ODDS_TERRITORIES_EMPTY, field="territories")
    links: list[tuple[int, Modifiers]] = []
    for i, item in enumerate(territories):
        field = f"territories[{i}]"
        if isinstance(item, Mapping):
            given = dict(item)
            if "defenders" not in given:
                raise OddsInputError(OddsRule.ODDS_TERRITORY_DEFENDERS, field=field, number=i + 1)
            links.append(
                (
                    check_defenders(given.pop("defenders"), MAX_BATTLE_TROOPS, field),
                    modifiers_of(given),
                )
            )
        else:
            links.append((check_defenders(item, MAX_BATTLE_TROOPS, field), Modifiers()))
    if attackers - len(links) < 1:
        return 0.0  # every conquest leaves one troop behind
    # Work backwards from the last territory: the value of a conquest is the chance of taking
    # the rest of the chain from the territory just taken.
    after: np.ndarray | None = None
    for i in range(len(links) - 1, -1, -1):
        defenders, mods = links[i]
        most = attackers - i  # each earlier conquest left a troop behind
        check_missile_work(most, defenders, mods, missiles)
        conquest_value = None
        if after is not None:
            # a troops left after this conquest: a - 1 of them attack the next territory.
            conquest_value = np.zeros((missiles + 1, most + 1))
            conquest_value[:, 1:] = after[:, :most]
        if _first_roll_only(mods):
            first = first_roll_values(mods, most, (defenders,), missiles, 1, conquest_value)
            after = first[:, :, 0]
        else:
            engine = Engine(mods, most, defenders, missiles, 1, conquest_value)
            after, _ = engine.backward("column")
    assert after is not None  # the chain has at least one territory
    return float(after[missiles, attackers])
