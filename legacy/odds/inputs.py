"""What a question about odds may ask: the limits, the modifiers, and the checks on every input.

A mistake raises ``OddsInputError`` (a ``ValueError``) with a message for the players.
``Modifiers`` holds what the campaign puts on the board (fortifications, scars, powers, missiles).
"""

from __future__ import annotations

import numbers
from collections.abc import Mapping
from dataclasses import dataclass, fields
from typing import Any, NamedTuple

import numpy as np

from legacy import scar_effects

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


class OddsInputError(ValueError):
    """A request for odds that makes no sense at the table. ``field`` names the input."""

    def __init__(self, message: str, field: str | None = None):
        super().__init__(message)
        self.message = message
        self.field = field


# --- Inputs ------------------------------------------------------------------------------------


def whole_number(value: Any, field: str, what: str) -> int:
    # bool is an int in Python; True troops is a mistake, not 1 troop. numpy's integers are
    # welcome (they are Integral) and become plain ints.
    if isinstance(value, bool | np.bool_) or not isinstance(value, numbers.Integral):
        raise OddsInputError(f"The {what} must be a whole number, not {value!r}.", field)
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
    missile's 6 among them), ``single_die_is_lower``, ``clamp_each`` and
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

    def __post_init__(self) -> None:
        for f in fields(self):
            value = getattr(self, f.name)
            if f.name == "fortification_boxes":
                value = whole_number(value, f.name, "number of unmarked fortification boxes")
                object.__setattr__(self, f.name, value)  # a plain int, even from numpy
                if not 0 <= value <= FORTIFICATION_BOXES:
                    raise OddsInputError(
                        f"A fortification has {FORTIFICATION_BOXES} boxes, so between 0 and "
                        f"{FORTIFICATION_BOXES} can be left unmarked, not {value}.",
                        f.name,
                    )
            elif f.name == "scar_effect":
                if not isinstance(value, str) or value not in scar_effects.EFFECTS:
                    raise OddsInputError(
                        f"Unknown scar effect {value!r}; the known ones are "
                        f"{', '.join(scar_effects.CODES)}.",
                        f.name,
                    )
            elif not isinstance(value, bool):
                raise OddsInputError(
                    f"'{f.name.replace('_', ' ')}' is either on or off (True or False), "
                    f"not {value!r}.",
                    f.name,
                )
        if self.bunker and self.ammo_shortage:
            raise OddsInputError(
                "A territory holds at most one scar: it cannot have both a Bunker and an Ammo "
                "Shortage.",
                "ammo_shortage",
            )
        if (self.bunker or self.ammo_shortage) and self.scar_effect != scar_effects.NONE:
            raise OddsInputError(
                "A territory holds at most one scar: give either its scar's effect on the dice "
                "or a Bunker or Ammo Shortage, not both.",
                "scar_effect",
            )
        if self.bear_lower_die and self.bear_three_of_a_kind:
            raise OddsInputError(
                "The Enclave of the Bear keeps only one of its two starting powers: choose "
                "either the lower-die power or the three-of-a-kind power.",
                "bear_three_of_a_kind",
            )
        if self.mechaniker_hq and self.mechaniker_double_six:
            raise OddsInputError(
                "Die Mechaniker keeps only one of its two starting powers: choose either the "
                "fortified HQ or the double six.",
                "mechaniker_double_six",
            )

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
        )


def modifiers_of(given: Mapping[str, Any]) -> Modifiers:
    names = {f.name for f in fields(Modifiers)}
    unknown = sorted(set(given) - names)
    if unknown:
        raise OddsInputError(
            f"Unknown modifier {', '.join(repr(u) for u in unknown)}; the known ones are "
            f"{', '.join(sorted(names))}.",
            unknown[0],
        )
    return Modifiers(**given)


def check_attackers(attackers: Any, limit: int, field: str = "attackers") -> int:
    attackers = whole_number(attackers, field, "number of attacking troops")
    if attackers < 2:
        raise OddsInputError(
            "An attack needs at least 2 troops on the attacking territory: one must stay behind.",
            field,
        )
    if attackers > limit:
        raise OddsInputError(
            f"Odds can be worked out for at most {limit} troops on the attacking territory; "
            f"{attackers} is too many.",
            field,
        )
    return attackers


def check_defenders(defenders: Any, limit: int, field: str = "defenders") -> int:
    defenders = whole_number(defenders, field, "number of defending troops")
    if defenders < 1:
        raise OddsInputError(
            "There must be at least 1 defending troop: an empty territory is not attacked.",
            field,
        )
    if defenders > limit:
        raise OddsInputError(
            f"Odds can be worked out for at most {limit} defending troops; {defenders} is too "
            "many.",
            field,
        )
    return defenders


def check_missiles(missiles: Any, field: str = "missiles") -> int:
    missiles = whole_number(missiles, field, "number of missiles")
    if missiles < 0:
        raise OddsInputError("The number of missiles cannot be negative.", field)
    if missiles > MAX_MISSILES:
        raise OddsInputError(
            f"The box holds only {MAX_MISSILES} missile tokens; {missiles} is too many.", field
        )
    return missiles


def check_stop_at(stop_at: Any, attackers: int | None) -> int:
    stop_at = whole_number(stop_at, "stop_at", "number of troops to stop at")
    if stop_at < 1:
        raise OddsInputError(
            "The attack must stop with at least 1 troop left on the attacking territory.",
            "stop_at",
        )
    if attackers is not None and stop_at >= attackers:
        raise OddsInputError(
            f"With {attackers} troops on the attacking territory the attack must stop below "
            f"{attackers}, so it can start; {stop_at} is too many.",
            "stop_at",
        )
    return stop_at


def check_target(target: Any) -> float:
    if isinstance(target, bool | np.bool_) or not isinstance(target, numbers.Real):
        raise OddsInputError(
            f"The chance must be a number between 0 and 1, not {target!r}.", "target"
        )
    if not 0 < target < 1:
        raise OddsInputError(
            "The chance must be between 0 and 1 (for example 0.75 for 75%); a sure conquest "
            "never exists.",
            "target",
        )
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
