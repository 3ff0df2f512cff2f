"""What a question about odds may ask: the limits, the modifiers, and the checks on every input.

A mistake raises ``OddsInputError`` (a ``ValueError`` and a ``RuleViolation``): the rule it
breaks and the names it speaks of, said to the players in their language by the doors.
``Modifiers`` holds what the campaign puts on the board (fortifications, scars, powers, missiles).
"""

from __future__ import annotations

import numbers
from collections.abc import Mapping
from dataclasses import dataclass, fields
from typing import Any, NamedTuple

import numpy as np

from legacy import scar_effects
from legacy.errors import RuleViolation
from legacy.refusals import OddsRule, gettext_noop
from legacy.words import Words

# Limits. The troop caps keep one request to well under a second; the missile cap is the
# number of missile tokens in the box; the box count is printed on every fortification.
MAX_BATTLE_TROOPS = 1000
MAX_TABLE_TROOPS = 300
MAX_MISSILES = 17
FORTIFICATION_BOXES = 10
# Optimal missile play needs every state's chance kept and a max over choices at each one;
# beyond this many states (attackers x defenders x box states x missile counts) it gets slow
# and memory-hungry, so such a request is refused with an explanation instead.
MISSILE_STATE_LIMIT = 8_000_000


class OddsInputError(RuleViolation, ValueError):
    """A request for odds that makes no sense at the table: a refusal like any other (a rule
    of ``legacy.refusals``, its ``params``, ``field`` naming the input, ``message`` in English
    for the logs), and a ``ValueError`` for the code that asks for odds with plain numbers."""


# What a whole number is asked for, in the sentence of ``OddsRule.ODDS_WHOLE_NUMBER``.
ATTACK_DICE = Words(gettext_noop("number of attack dice"))
DEFENCE_DICE = Words(gettext_noop("number of defence dice"))
UNMARKED_BOXES = Words(gettext_noop("number of unmarked fortification boxes"))
ATTACKING_TROOPS = Words(gettext_noop("number of attacking troops"))
DEFENDING_TROOPS = Words(gettext_noop("number of defending troops"))
MISSILES = Words(gettext_noop("number of missiles"))
STOP_AT = Words(gettext_noop("number of troops to stop at"))


# --- Inputs ------------------------------------------------------------------------------------


def whole_number(value: Any, field: str, what: Words) -> int:
    # bool is an int in Python; True troops is a mistake, not 1 troop. numpy's integers are
    # welcome (they are Integral) and become plain ints.
    if isinstance(value, bool | np.bool_) or not isinstance(value, numbers.Integral):
        raise OddsInputError(OddsRule.ODDS_WHOLE_NUMBER, field=field, what=what, value=repr(value))
    return int(value)


@dataclass(frozen=True)
class Modifiers:
    """What changes the dice in one battle: the defended territory's marks and the factions'
    powers, plus the settings for points the rules leave open.

    Territory: ``bunker`` and ``ammo_shortage`` (the box's scars), or ``scar_effect`` (the code of
    any scar type's effect on the dice, ``legacy.scar_effects``), ``fortified`` (a fortified
    city) with ``fortification_boxes`` still unmarked. Defender's powers: ``mechaniker_hq`` (Die
    Mechaniker defending its starting HQ, always fortified) and ``mechaniker_double_six``.
    Attacker's powers: ``bear_lower_die`` and ``bear_three_of_a_kind`` (Enclave of the Bear).
    Settings: ``resort``, ``missile_six_is_natural`` (for every power that asks for natural
    dice), ``bear_three_as_rolled`` (the Bear's three of a kind read on the dice as rolled, a
    missile's 6 among them), ``single_die_is_lower``, ``clamp_each`` (with ``clamp_order``,
    the order it takes the modifiers in: ``legacy.scar_effects.CLAMP_ORDERS``),
    ``defender_missiles_first`` (after a roll the defender chooses its missiles first and the
    attacker answers; only with ``defender_missiles``) and
    ``bear_first_roll_only`` (the Bear's power (a) on the battle's first roll only; see the
    module notes).
    """

    bunker: bool = False
    ammo_shortage: bool = False
    scar_effect: str = scar_effects.NONE
    fortified: bool = False
    fortification_boxes: int = FORTIFICATION_BOXES
    mechaniker_hq: bool = False
    mechaniker_double_six: bool = False
    bear_lower_die: bool = False
    bear_three_of_a_kind: bool = False
    resort: bool = True
    missile_six_is_natural: bool = False
    single_die_is_lower: bool = True
    clamp_each: bool = False
    bear_first_roll_only: bool = False
    bear_three_as_rolled: bool = False
    clamp_order: str = scar_effects.AS_THEY_COME
    defender_missiles_first: bool = False

    def __post_init__(self) -> None:
        for f in fields(self):
            value = getattr(self, f.name)
            if f.name == "fortification_boxes":
                value = whole_number(value, f.name, UNMARKED_BOXES)
                object.__setattr__(self, f.name, value)  # a plain int, even from numpy
                if not 0 <= value <= FORTIFICATION_BOXES:
                    raise OddsInputError(
                        OddsRule.ODDS_FORTIFICATION_BOXES,
                        field=f.name,
                        boxes=FORTIFICATION_BOXES,
                        value=value,
                    )
            elif f.name == "clamp_order":
                if not isinstance(value, str) or value not in scar_effects.CLAMP_ORDERS:
                    raise OddsInputError(
                        OddsRule.ODDS_UNKNOWN_CLAMP_ORDER,
                        field=f.name,
                        order=repr(value),
                        known=", ".join(scar_effects.CLAMP_ORDERS),
                    )
            elif f.name == "scar_effect":
                if not isinstance(value, str) or value not in scar_effects.EFFECTS:
                    raise OddsInputError(
                        OddsRule.ODDS_UNKNOWN_SCAR_EFFECT,
                        field=f.name,
                        effect=repr(value),
                        known=", ".join(scar_effects.CODES),
                    )
            elif not isinstance(value, bool):
                raise OddsInputError(
                    OddsRule.ODDS_ON_OR_OFF, field=f.name, modifier=f.name, value=repr(value)
                )
        if self.bunker and self.ammo_shortage:
            raise OddsInputError(OddsRule.ODDS_ONE_SCAR, field="ammo_shortage")
        if (self.bunker or self.ammo_shortage) and self.scar_effect != scar_effects.NONE:
            raise OddsInputError(OddsRule.ODDS_ONE_SCAR_EFFECT, field="scar_effect")
        if self.bear_lower_die and self.bear_three_of_a_kind:
            raise OddsInputError(OddsRule.ODDS_BEAR_ONE_POWER, field="bear_three_of_a_kind")
        if self.mechaniker_hq and self.mechaniker_double_six:
            raise OddsInputError(OddsRule.ODDS_MECHANIKER_ONE_POWER, field="mechaniker_double_six")

    @property
    def fortification_active(self) -> bool:
        """Whether the defence dice get the fortification's +1 on the next roll."""
        return self.mechaniker_hq or (self.fortified and self.fortification_boxes > 0)

    @property
    def dice_change(self) -> scar_effects.DiceChange:
        """What the territory's scar adds to the dice: the Bunker and Ammo Shortage switches
        are the box's two effects on the defender's highest die."""
        change = scar_effects.EFFECTS[self.scar_effect]
        if self.bunker or self.ammo_shortage:
            change = change._replace(defender_highest=int(self.bunker) - int(self.ammo_shortage))
        return change

    def _rules(self, fortified: bool) -> RollRules:
        change = self.dice_change
        return RollRules(
            fortified=fortified,
            defender_highest=change.defender_highest,
            defence_dice=change.defence_dice,
            attacker_highest=change.attacker_highest,
            bear_lower_die=self.bear_lower_die,
            single_die_is_lower=self.single_die_is_lower,
            bear_three_of_a_kind=self.bear_three_of_a_kind,
            mechaniker_double_six=self.mechaniker_double_six,
            resort=self.resort,
            missile_six_is_natural=self.missile_six_is_natural,
            clamp_each=self.clamp_each,
            bear_three_as_rolled=self.bear_three_as_rolled,
            clamp_order=self.clamp_order,
        )


def modifiers_of(given: Mapping[str, Any]) -> Modifiers:
    names = {f.name for f in fields(Modifiers)}
    unknown = sorted(set(given) - names)
    if unknown:
        raise OddsInputError(
            OddsRule.ODDS_UNKNOWN_MODIFIER,
            field=unknown[0],
            given=", ".join(repr(u) for u in unknown),
            known=", ".join(sorted(names)),
        )
    return Modifiers(**given)


def check_attackers(attackers: Any, limit: int, field: str = "attackers") -> int:
    attackers = whole_number(attackers, field, ATTACKING_TROOPS)
    if attackers < 2:
        raise OddsInputError(OddsRule.ODDS_ATTACKERS_TWO, field=field)
    if attackers > limit:
        raise OddsInputError(
            OddsRule.ODDS_ATTACKERS_LIMIT, field=field, limit=limit, count=attackers
        )
    return attackers


def check_defenders(defenders: Any, limit: int, field: str = "defenders") -> int:
    defenders = whole_number(defenders, field, DEFENDING_TROOPS)
    if defenders < 1:
        raise OddsInputError(OddsRule.ODDS_DEFENDERS_ONE, field=field)
    if defenders > limit:
        raise OddsInputError(
            OddsRule.ODDS_DEFENDERS_LIMIT, field=field, limit=limit, count=defenders
        )
    return defenders


def check_missiles(missiles: Any, field: str = "missiles") -> int:
    missiles = whole_number(missiles, field, MISSILES)
    if missiles < 0:
        raise OddsInputError(OddsRule.ODDS_MISSILES_NEGATIVE, field=field)
    if missiles > MAX_MISSILES:
        raise OddsInputError(
            OddsRule.ODDS_MISSILE_TOKENS, field=field, most=MAX_MISSILES, count=missiles
        )
    return missiles


def check_stop_at(stop_at: Any, attackers: int | None) -> int:
    stop_at = whole_number(stop_at, "stop_at", STOP_AT)
    if stop_at < 1:
        raise OddsInputError(OddsRule.ODDS_STOP_AT_ONE, field="stop_at")
    if attackers is not None and stop_at >= attackers:
        raise OddsInputError(
            OddsRule.ODDS_STOP_BELOW_ATTACKERS, field="stop_at", attackers=attackers, count=stop_at
        )
    return stop_at


def check_target(target: Any) -> float:
    if isinstance(target, bool | np.bool_) or not isinstance(target, numbers.Real):
        raise OddsInputError(OddsRule.ODDS_CHANCE_NUMBER, field="target", value=repr(target))
    if not 0 < target < 1:
        raise OddsInputError(OddsRule.ODDS_CHANCE_BETWEEN, field="target")
    return float(target)


class RollRules(NamedTuple):
    """Everything that decides how one roll resolves (hashable, so it can key the caches)."""

    fortified: bool
    defender_highest: int  # the scar's change to the defender's highest die
    defence_dice: int  # the scar's change to every defence die
    attacker_highest: int  # the scar's change to the attacker's highest die
    bear_lower_die: bool
    single_die_is_lower: bool
    bear_three_of_a_kind: bool
    mechaniker_double_six: bool
    resort: bool
    missile_six_is_natural: bool
    clamp_each: bool  # defence dice clamped to 1..6 after each modifier, not once at the end
    bear_three_as_rolled: bool = False  # a missile's 6 counts toward the Bear's three of a kind
    clamp_order: str = scar_effects.AS_THEY_COME  # the order clamp_each takes the modifiers in
