"""What a scar type does to the dice: a small vocabulary of effects, stored as codes.

The box's two scars are in it (Bunker: +1 to the defender's highest die; Ammo Shortage: -1 to
the defender's highest die), and so are their obvious variants a group may unlock in a packet:
the same change on both defence dice or on the attacker's highest die, and "no effect on the
dice" for a scar that changes something else. A scar type stores one code; the words are
rendered at read time, in the reader's language, by the pages.

How an effect is applied (``legacy.odds``): by default it adds up with the other modifiers on
the same die and the total is clamped to 1..6 once, as the Bunker always was; a campaign may
read the rulebook as clamping after each modifier instead (``modified_die``). "Highest" is
decided on the natural dice; a die a missile turned into a 6 is not modified.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import NamedTuple

NONE = "none"
DEFENDER_HIGHEST_UP = "defender-highest-up"
DEFENDER_HIGHEST_DOWN = "defender-highest-down"
DEFENCE_DICE_UP = "defence-dice-up"
DEFENCE_DICE_DOWN = "defence-dice-down"
ATTACKER_HIGHEST_UP = "attacker-highest-up"
ATTACKER_HIGHEST_DOWN = "attacker-highest-down"


class DiceChange(NamedTuple):
    """How much an effect adds to each kind of die (before the one clamp to 1..6)."""

    defender_highest: int = 0
    defence_dice: int = 0  # every defence die
    attacker_highest: int = 0


EFFECTS: dict[str, DiceChange] = {
    NONE: DiceChange(),
    DEFENDER_HIGHEST_UP: DiceChange(defender_highest=1),
    DEFENDER_HIGHEST_DOWN: DiceChange(defender_highest=-1),
    DEFENCE_DICE_UP: DiceChange(defence_dice=1),
    DEFENCE_DICE_DOWN: DiceChange(defence_dice=-1),
    ATTACKER_HIGHEST_UP: DiceChange(attacker_highest=1),
    ATTACKER_HIGHEST_DOWN: DiceChange(attacker_highest=-1),
}
CODES: tuple[str, ...] = tuple(EFFECTS)


def gettext_noop(words: str) -> str:
    """Marks words for the translation catalogue and returns them as they are: the pages and
    the API translate an effect's words when they show them, so this module imports nothing
    from Django."""
    return words


# English words for each code, the one list of them: the model's choices and the API's schema
# say them as they are; the pages translate them.
LABELS: dict[str, str] = {
    NONE: gettext_noop("No effect on the dice"),
    DEFENDER_HIGHEST_UP: gettext_noop("+1 to the defender's highest die"),
    DEFENDER_HIGHEST_DOWN: gettext_noop("−1 to the defender's highest die"),
    DEFENCE_DICE_UP: gettext_noop("+1 to both defence dice"),
    DEFENCE_DICE_DOWN: gettext_noop("−1 to both defence dice"),
    ATTACKER_HIGHEST_UP: gettext_noop("+1 to the attacker's highest die"),
    ATTACKER_HIGHEST_DOWN: gettext_noop("−1 to the attacker's highest die"),
}
CHOICES: list[tuple[str, str]] = [(code, LABELS[code]) for code in CODES]

# The box's own scar types and their effects (the base scars a campaign starts with).
BASE_EFFECTS: dict[str, str] = {
    "bunker": DEFENDER_HIGHEST_UP,
    "ammo-shortage": DEFENDER_HIGHEST_DOWN,
}


def base_effect(slug: str | None, base: bool) -> str:
    """The effect a scar type has when nobody chose one: the box's for its two, else none."""
    return BASE_EFFECTS.get(slug or "", NONE) if base else NONE


# The orders "clamp after each" may take a defence die's modifiers in (a campaign setting):
# as they come (the territory's scar, the fortification, then a power), every +1 first, or
# every -1 first. The values are stored by campaigns: never renamed.
AS_THEY_COME = "scar-fortification-power"
BONUSES_FIRST = "bonuses-first"
PENALTIES_FIRST = "penalties-first"
CLAMP_ORDERS = (AS_THEY_COME, BONUSES_FIRST, PENALTIES_FIRST)


def in_clamp_order(changes: Iterable[int], order: str = AS_THEY_COME) -> list[int]:
    """A die's changes in the order ``order`` takes them (each order keeps the changes of one
    sign as they come): it matters only when the die is clamped after each change."""
    changes = list(changes)
    if order == BONUSES_FIRST:
        return sorted(changes, key=lambda c: c < 0)
    if order == PENALTIES_FIRST:
        return sorted(changes, key=lambda c: c > 0)
    return changes


def modified_die(die: int, changes: Iterable[int], *, clamp_each: bool = False) -> int:
    """A die after its modifiers, in the order given (the territory's scar, the fortification,
    then a power). Either all changes add up and the total is clamped to 1..6 once (the
    default: +1 and -1 on a 6 leave a 6), or the die is clamped after each change (+1 then -1
    on a 6 leaves a 5)."""
    if not clamp_each:
        return min(6, max(1, die + sum(changes)))
    for change in changes:
        die = min(6, max(1, die + change))
    return die
