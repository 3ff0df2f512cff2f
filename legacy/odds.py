"""Exact battle odds for Risk Legacy, with the modifiers the campaign puts on the board.

This module is pure code: no Django, no database, only numbers in and numbers out. It answers
the questions players ask before an attack: "what are my chances?", "how many troops (or
missiles) do I need for a 75% chance?", "can I get through these three territories in a row?".

How it works
------------

1. One roll. For every way the dice can fall (all 6 ** dice of them, at most 7776, visited as
   sorted rolls with their multiplicities) the roll is resolved by the rules and the outcomes
   are counted exactly; ``roll_odds`` turns the counts into fractions. The counting is done
   once per kind of roll and cached (``_roll_counts``, ``_kernel``).

2. A whole battle. A battle is a chain of rolls, and every roll removes one or two troops in
   total (as many as pairs of dice compared), so the number of troops still in the fight,
   ``attackers + defenders``, only goes down. The odds are therefore worked out by dynamic
   programming one anti-diagonal ``attackers + defenders = s`` at a time: every state on a
   diagonal depends only on the two diagonals below it, so a whole diagonal is computed with a
   handful of numpy operations on shifted slices. The arrays are laid out "skewed", indexed by
   ``[diagonal][box state, missiles left, attackers]``, so each possible result of a roll is
   one shifted slice of an earlier diagonal.

   Beside attackers and defenders, the state holds what a modifier has to remember: the
   fortification boxes still unmarked (a fortified city wears out) and the missiles the
   attacker still holds. Both are extra array axes, handled for all values at once.

   * ``odds_table`` and the helpers that need the chance from many starting points sweep
     backwards (value of each state = chance of conquest from there).
   * ``odds_table`` without missiles follows the table's own shape instead (see "The whole
     table without missiles" below): each fortification box state is one plane computed from
     the one below in a few array operations, and only the plane with no boxes left is swept
     by diagonals. It does the same additions in the same order, so it gives the very same
     numbers in a fraction of the operations.
   * ``battle_odds`` pushes probability forwards from the one starting state, which also gives
     the distribution of troops left on both sides. With missiles the attacker's best choice
     depends on the chance of conquest from each possible next state, so it first sweeps
     backwards, keeps those chances, and then pushes forwards following the best choices.

3. Missiles. After seeing a roll the attacker may turn any of its dice into 6s, one missile
   each. For every roll the engine knows which results each number of missiles can reach
   (``_kernel``), and at every state takes the choice that gives the highest chance of conquest
   (on an exact tie, the one that spends fewer missiles). So the chance reported is the best
   chance a player can get; the troops-left figures describe that same best play.

Modelling decisions (the rules leave these open; most are settings on ``Modifiers``)
------------------------------------------------------------------------------------------

* ``attackers`` counts troops on the attacking territory as seen on the board; one must stay
  behind. The attacker always rolls as many dice as allowed (min(3, attackers - 1)) and the
  defender min(2, defenders). The attack goes on until the territory falls or the attacking
  territory is down to ``stop_at`` troops (1 by default); with ``stop_at`` above 1 the last roll
  may take the attacker below it, as the dice decide.
* Defence modifiers add up on each die and the total is clamped to 1..6 once: Bunker +1 and
  Ammo Shortage -1 on the highest die, fortification +1 on every defence die, the Bear's -1 on
  the lower die. "Highest" and "lower" are decided on the natural dice. Each modifier counts at
  most once per die, so a Die Mechaniker HQ in a fortified city is fortified once.
* A scar's effect on the dice (``scar_effect``, a code of ``legacy.scar_effects``: +1 or -1 to
  the defender's highest die, to both defence dice or to the attacker's highest die, or none)
  follows the same convention on every die it touches: it adds up with the other modifiers and
  the total is clamped to 1..6 once, so +1 on a 6 stays a 6 and -1 on a 1 stays a 1. The
  Bunker is exactly the effect "defender's highest +1" and Ammo Shortage "defender's highest
  -1". On the attacker's side "highest" is decided on the natural dice too, and a die a
  missile turned into a 6 is never modified (a missile's 6 is unmodifiable), so a missile on
  the highest die of a -1 scar gets a 6 and the scar touches no other die. The Bear's
  three-of-a-kind looks at the dice as rolled (with missiles as set below), not as modified.
* With one defence die, that die is also the "lower" die for the Bear's power (a); set
  ``single_die_is_lower=False`` to apply it only when the defender rolls two dice.
* ``resort=True`` (default): after modifiers and missiles both sides' dice are sorted again
  before they are paired. With ``resort=False`` they stay paired in the order of the natural
  roll, and the attacker chooses which die a missile replaces with that in mind.
* Fortified city: the dice are fortified while at least one box is unmarked; a box is marked
  after every roll made with 3 attack dice (that roll itself is still fortified). A Die
  Mechaniker starting HQ (``mechaniker_hq``) is fortified and never wears out.
* Bear power (b): a three-of-a-kind needs 3 attack dice. With ``missile_six_is_natural=False``
  (default) a die changed by a missile is not natural, so a roll that used a missile is never a
  natural three-of-a-kind; with ``True`` a missile's 6 counts as a natural 6. Outright conquest
  removes every defender left, so those count as defender losses, and the roll's own attacker
  losses stand.
* Die Mechaniker power (b): two natural 6s on a two-dice defence roll. The roll is still
  resolved (losses on both sides), then the attack on that territory ends and counts as a
  failure, unless that same roll took the territory (the last defenders died, or the Bear's
  three-of-a-kind conquered it: conquest comes first).
* The Bear's power (a) applies to every roll of the battle it is switched on for; the rules
  give it to the first territory attacked in a turn, so switch it on for that battle only (in a
  chain: the first link).
* Missiles: only the attacker's are modelled (the attacker holds ``missiles``; a missile turns
  one attack die into a 6 after both sides have rolled). A defender holding missiles is out of
  scope: that would make each roll a two-player game. A missile left over after the battle is
  worth nothing here, so the best play spends one whenever it raises the chance at all; a
  player saving missiles for later will spend fewer (``expected_missiles_used`` is an upper
  guide).
* A territory carries at most one scar, so Bunker and Ammo Shortage together (or either with a
  ``scar_effect`` that changes the dice) are refused, and
  each faction keeps one of its two starting powers, so both Bear powers (or both Die
  Mechaniker powers) together are refused too.
* Chains (``chain_odds``): after each conquest the attacker moves every troop but one into the
  conquered territory and attacks the next target from there; unused missiles carry on and are
  spent to maximise the chance of taking the whole chain.

Inputs are checked and a mistake raises ``OddsInputError`` (a ``ValueError``) with a message
for the players.
"""

from __future__ import annotations

import functools
import itertools
import numbers
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, fields
from fractions import Fraction
from types import MappingProxyType
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

# What a roll can end in, besides plain losses.
_NORMAL = 0  # the battle goes on (or ends by the numbers)
_CONQUER = 1  # the Bear's three-of-a-kind took the territory outright
_HALT = 2  # the Die Mechaniker's double six ended the attacks on this territory


class OddsInputError(ValueError):
    """A request for odds that makes no sense at the table. ``field`` names the input."""

    def __init__(self, message: str, field: str | None = None):
        super().__init__(message)
        self.message = message
        self.field = field


# --- Inputs ------------------------------------------------------------------------------------


def _whole_number(value: Any, field: str, what: str) -> int:
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
    Settings: ``resort``, ``missile_six_is_natural`` and ``single_die_is_lower`` (see the module
    notes).
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

    def __post_init__(self) -> None:
        for f in fields(self):
            value = getattr(self, f.name)
            if f.name == "fortification_boxes":
                value = _whole_number(value, f.name, "number of unmarked fortification boxes")
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

    def _rules(self, fortified: bool) -> _RollRules:
        change = self.dice_change
        return _RollRules(
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
        )


def _modifiers(given: Mapping[str, Any]) -> Modifiers:
    names = {f.name for f in fields(Modifiers)}
    unknown = sorted(set(given) - names)
    if unknown:
        raise OddsInputError(
            f"Unknown modifier {', '.join(repr(u) for u in unknown)}; the known ones are "
            f"{', '.join(sorted(names))}.",
            unknown[0],
        )
    return Modifiers(**given)


def _check_attackers(attackers: Any, limit: int, field: str = "attackers") -> int:
    attackers = _whole_number(attackers, field, "number of attacking troops")
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


def _check_defenders(defenders: Any, limit: int, field: str = "defenders") -> int:
    defenders = _whole_number(defenders, field, "number of defending troops")
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


def _check_missiles(missiles: Any, field: str = "missiles") -> int:
    missiles = _whole_number(missiles, field, "number of missiles")
    if missiles < 0:
        raise OddsInputError("The number of missiles cannot be negative.", field)
    if missiles > MAX_MISSILES:
        raise OddsInputError(
            f"The box holds only {MAX_MISSILES} missile tokens; {missiles} is too many.", field
        )
    return missiles


def _check_stop_at(stop_at: Any, attackers: int | None) -> int:
    stop_at = _whole_number(stop_at, "stop_at", "number of troops to stop at")
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


def _check_target(target: Any) -> float:
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


# --- One roll ----------------------------------------------------------------------------------


class _RollRules(NamedTuple):
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


def _defence_values(natural: tuple[int, ...], rules: _RollRules) -> list[int]:
    """The defence dice after modifiers, in the order they are paired."""
    last = len(natural) - 1
    values = []
    for i, die in enumerate(natural):
        change = rules.defence_dice
        if rules.fortified:
            change += 1
        if i == 0:
            change += rules.defender_highest
        if rules.bear_lower_die and i == last and (last > 0 or rules.single_die_is_lower):
            change -= 1
        # Modifiers add up first and the total is clamped once, so +1 and -1 on a 6 leave a 6.
        values.append(min(6, max(1, die + change)))
    if rules.resort:
        values.sort(reverse=True)
    return values


def _resolve(
    natural_attack: tuple[int, ...],
    missile_dice: tuple[int, ...],
    natural_defence: tuple[int, ...],
    defence: list[int],
    rules: _RollRules,
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
    kind = _NORMAL
    if rules.mechaniker_double_six and natural_defence == (6, 6):
        kind = _HALT
    if (
        rules.bear_three_of_a_kind
        and len(rolled) == 3
        and len(set(rolled)) == 1
        and (not missile_dice or rules.missile_six_is_natural)
        and defender_losses >= 1
    ):
        kind = _CONQUER  # the conquest happens in this roll, before the double six can halt
    return kind, attacker_losses, defender_losses


@functools.cache
def _sorted_rolls(dice: int) -> tuple[tuple[tuple[int, ...], int], ...]:
    """Each way ``dice`` dice can fall, sorted high to low, with the number of ordered rolls
    that show it (so 3 dice give 56 rolls standing for all 216)."""
    counts = Counter(
        tuple(sorted(roll, reverse=True)) for roll in itertools.product(range(1, 7), repeat=dice)
    )
    return tuple(sorted(counts.items()))


def _all_rolls(attack_dice: int, defence_dice: int):
    """Every natural roll of both sides (sorted high to low) and how many ordered rolls it
    stands for."""
    for natural_attack, n_attack in _sorted_rolls(attack_dice):
        for natural_defence, n_defence in _sorted_rolls(defence_dice):
            yield natural_attack, natural_defence, n_attack * n_defence


@functools.cache
def _roll_counts(attack_dice: int, defence_dice: int, rules: _RollRules) -> dict:
    """Exact counts of (kind, attacker losses, defender losses) over all 6**dice rolls."""
    counts: Counter = Counter()
    for natural_attack, natural_defence, ways in _all_rolls(attack_dice, defence_dice):
        defence = _defence_values(natural_defence, rules)
        counts[_resolve(natural_attack, (), natural_defence, defence, rules)] += ways
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
    mods = _modifiers(modifiers)
    attack_dice = _whole_number(attack_dice, "attack_dice", "number of attack dice")
    defence_dice = _whole_number(defence_dice, "defence_dice", "number of defence dice")
    if not 1 <= attack_dice <= 3:
        raise OddsInputError("The attacker rolls 1, 2 or 3 dice.", "attack_dice")
    if not 1 <= defence_dice <= 2:
        raise OddsInputError("The defender rolls 1 or 2 dice.", "defence_dice")
    total = 6 ** (attack_dice + defence_dice)
    counts = _roll_counts(attack_dice, defence_dice, mods._rules(mods.fortification_active))
    return {
        RollOutcome(losses_a, losses_d, kind == _CONQUER, kind == _HALT): Fraction(n, total)
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
def _kernel(attack_dice: int, defence_dice: int, rules: _RollRules, max_missiles: int) -> _Kernel:
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
    for natural_attack, natural_defence, ways in _all_rolls(attack_dice, defence_dice):
        defence = _defence_values(natural_defence, rules)
        options: list[_Option] = []
        reached: set[tuple[int, int, int]] = set()
        for spent in range(usable + 1):
            found = {
                _resolve(natural_attack, dice, natural_defence, defence, rules)
                for dice in itertools.combinations(range(attack_dice), spent)
            }
            # A result reachable with fewer missiles is never worth more missiles.
            options.extend((spent, *result) for result in sorted(found - reached))
            reached |= found
        grouped[tuple(options)] += ways
    classes = tuple((n / total, opts) for opts, n in sorted(grouped.items()))
    every = tuple(sorted({o for _, opts in classes for o in opts}))
    return _Kernel(linear, classes, every)


# --- The battle engine -------------------------------------------------------------------------


@dataclass(frozen=True)
class _BoxGroup:
    """Box states that roll alike: ``rows`` roll with ``fortified`` dice; after a 3-dice roll
    the state moves to ``worn_rows`` (row for row), after other rolls it stays."""

    rows: slice
    worn_rows: slice
    fortified: bool


class _Terminals:
    """Where the probability ends up, gathered by the forward pass."""

    def __init__(self, max_attackers: int, max_defenders: int, missile_states: int):
        self.attackers_left = np.zeros(max_attackers + 1)
        self.defenders_left = np.zeros(max_defenders + 1)
        self.missiles_left = np.zeros(missile_states)
        self.conquered = 0.0
        self.outright = 0.0
        self.halted = 0.0

    def add(self, mass: np.ndarray, first_attackers: int, first_defenders: int, step: int) -> float:
        """Record ``mass`` [box, missiles, position]; position i ends with
        ``first_attackers + i`` attackers and ``first_defenders - step * i`` defenders."""
        by_missiles = mass.sum(axis=0)
        by_position = by_missiles.sum(axis=0)
        width = by_position.shape[0]
        self.attackers_left[first_attackers : first_attackers + width] += by_position
        if step:
            last = first_defenders - (width - 1)
            self.defenders_left[last : first_defenders + 1] += by_position[::-1]
        else:
            self.defenders_left[first_defenders] += by_position.sum()
        self.missiles_left += by_missiles.sum(axis=1)
        return float(by_position.sum())


class _Engine:
    """Dynamic programming over the states of one battle (or of a whole table of them).

    States are (box state, missiles left, attackers, defenders) with attackers <= ``A`` and
    defenders <= ``D``. Arrays for diagonal ``s`` (attackers + defenders = s) have the shape
    (box states, missile states, A + 1) and are indexed by attackers.
    """

    def __init__(
        self,
        mods: Modifiers,
        max_attackers: int,
        max_defenders: int,
        missiles: int,
        stop_at: int,
        conquest_value: np.ndarray | None = None,
    ):
        self.A = max_attackers
        self.D = max_defenders
        self.M = missiles
        self.NM = missiles + 1
        self.stop = stop_at
        if mods.mechaniker_hq:
            # Always fortified: one box state that never changes.
            self.NB = 1
            self.groups: tuple[_BoxGroup, ...] = (_BoxGroup(slice(0, 1), slice(0, 1), True),)
        elif mods.fortified and mods.fortification_boxes > 0:
            # Row b = boxes still unmarked; rows 1.. are fortified and wear down to b - 1.
            self.NB = mods.fortification_boxes + 1
            self.groups = (
                _BoxGroup(slice(1, self.NB), slice(0, self.NB - 1), True),
                _BoxGroup(slice(0, 1), slice(0, 1), False),
            )
        else:
            self.NB = 1
            self.groups = (_BoxGroup(slice(0, 1), slice(0, 1), False),)
        self.start_row = self.NB - 1
        self.kernels = {
            (g.fortified, ad, dd): _kernel(ad, dd, mods._rules(g.fortified), min(missiles, ad))
            for g in self.groups
            for ad in (1, 2, 3)
            for dd in (1, 2)
        }
        # Chance of winning whatever comes after a conquest, by [missiles left, attackers left];
        # a plain battle ends there (1), a chain goes on to its next territory.
        if conquest_value is None:
            conquest_value = np.ones((self.NM, self.A + 1))
        self.R = conquest_value

    # Which rolls happen on diagonal s: (attack dice, defence dice, first attackers, end).
    def segments(self, s: int) -> list[tuple[int, int, int, int]]:
        out = []
        lo = max(self.stop + 1, s - self.D, 2)
        hi = min(self.A, s - 2)  # two or more defenders
        if lo <= hi:
            if lo <= 2 <= hi:
                out.append((1, 2, 2, 3))
            if lo <= 3 <= hi:
                out.append((2, 2, 3, 4))
            if max(lo, 4) <= hi:
                out.append((3, 2, max(lo, 4), hi + 1))
        a = s - 1  # one defender
        if self.D >= 1 and max(self.stop + 1, 2) <= a <= self.A:
            out.append((min(3, a - 1), 1, a, a + 1))
        return out

    def _source(self, diag, s, n, rows, kind, aloss, dloss, lo, hi):
        """The chance of conquest after each state in [lo, hi) on diagonal s reaches this
        result (before any missile is counted as spent)."""
        if kind == _NORMAL:
            offset, values = diag(s - n)
            return values[rows, :, lo - aloss - offset : hi - aloss - offset]
        if kind == _CONQUER:
            return self.R[None, :, lo - aloss : hi - aloss]
        # Halted: worth something only where the same roll took the last defenders.
        out = np.zeros((rows.stop - rows.start, self.NM, hi - lo))
        p0 = s - dloss
        if dloss and lo <= p0 < hi:
            out[:, :, p0 - lo] = self.R[None, :, p0 - aloss]
        return out

    def _candidates(self, diag, s, n, rows, kernel, lo, hi) -> dict:
        """For each option of the kernel: its value at each state, -inf where the missiles it
        needs are not held."""
        shape = (rows.stop - rows.start, self.NM, hi - lo)
        cands = {}
        for option in kernel.options:
            spent, kind, aloss, dloss = option
            src = self._source(diag, s, n, rows, kind, aloss, dloss, lo, hi)
            if spent == 0:
                cands[option] = src
            else:
                c = np.full(shape, -np.inf)
                c[:, spent:, :] = np.broadcast_to(src, shape)[:, : self.NM - spent, :]
                cands[option] = c
        return cands

    def backward(
        self, record: str, keep_all: bool = False
    ) -> tuple[np.ndarray, list[tuple[int, np.ndarray]] | None]:
        """Chance of conquest from every state. ``record``: "table" gives [attackers,
        defenders] at full boxes and all missiles; "column" gives [missiles, attackers] at
        ``D`` defenders and full boxes. ``keep_all`` also returns every diagonal, as
        (first attackers, values) pairs holding only the states that exist."""
        A, D, S = self.A, self.D, self.A + self.D
        width = A + 1
        kept: list[tuple[int, np.ndarray]] = []
        ring: dict[int, tuple[int, np.ndarray]] = {}
        if record == "table":
            skewed = np.zeros((S + 1, width))
        else:
            column = np.zeros((self.NM, width))
        for s in range(S + 1):
            W = np.zeros((self.NB, self.NM, width))
            if s <= A:
                W[:, :, s] = self.R[None, :, s]  # defenders all gone: conquered
            for ad, dd, lo, hi in self.segments(s):
                n = min(ad, dd)
                for g in self.groups:
                    kernel = self.kernels[(g.fortified, ad, dd)]
                    src_rows = g.worn_rows if ad == 3 else g.rows
                    out = W[g.rows, :, lo:hi]
                    if self.M == 0:
                        for kind, aloss, dloss, p in kernel.linear:
                            if kind == _HALT:
                                p0 = s - dloss
                                if dloss and lo <= p0 < hi:
                                    out[:, :, p0 - lo] += p * self.R[None, :, p0 - aloss]
                                continue
                            out += p * self._source(
                                ring.__getitem__, s, n, src_rows, kind, aloss, dloss, lo, hi
                            )
                    else:
                        cands = self._candidates(ring.__getitem__, s, n, src_rows, kernel, lo, hi)
                        for p, options in kernel.classes:
                            best = cands[options[0]]
                            for option in options[1:]:
                                best = np.maximum(best, cands[option])
                            out += p * best
            ring[s] = (0, W)
            ring.pop(s - 3, None)
            if keep_all:
                # Only the states that exist: this halves the memory a missile battle keeps.
                first = max(0, s - D)
                kept.append((first, W[:, :, first : min(A, s) + 1].copy()))
            if record == "table":
                skewed[s] = W[self.start_row, self.M]
            elif 0 <= s - D <= A:
                column[:, s - D] = W[self.start_row, :, s - D]
        if record == "table":
            a = np.arange(width)[:, None]
            d = np.arange(D + 1)[None, :]
            return skewed[a + d, a], (kept if keep_all else None)
        return column, (kept if keep_all else None)

    def forward(
        self, attackers: int, defenders: int, values: list[tuple[int, np.ndarray]] | None
    ) -> _Terminals:
        """Push the probability of the one starting state through the battle. ``values`` (the
        backward pass's diagonals) is needed only to choose how to use missiles."""
        A, D, NM = self.A, self.D, self.NM
        ends = _Terminals(A, D, NM)
        diag: dict[int, np.ndarray] = {}

        def at(s: int) -> np.ndarray:
            if s not in diag:
                diag[s] = np.zeros((self.NB, NM, A + 1))
            return diag[s]

        start = attackers + defenders
        at(start)[self.start_row, self.M, attackers] = 1.0
        for s in range(start, -1, -1):
            P = diag.pop(s, None)
            if P is None:
                continue
            # Ends that are states: conquered (no defenders) and stopped (too few attackers).
            if s <= A:
                ends.conquered += ends.add(P[:, :, s : s + 1], s, 0, 0)
            lo, hi = max(1, s - D), min(self.stop, s - 1, A)
            if lo <= hi:
                ends.add(P[:, :, lo : hi + 1], lo, s - lo, 1)
            for ad, dd, lo, hi in self.segments(s):
                n = min(ad, dd)
                for g in self.groups:
                    mass = P[g.rows, :, lo:hi]
                    if not mass.any():
                        continue
                    kernel = self.kernels[(g.fortified, ad, dd)]
                    dst_rows = g.worn_rows if ad == 3 else g.rows
                    if self.M == 0:
                        for kind, aloss, dloss, p in kernel.linear:
                            self._push(
                                ends, at, s, n, dst_rows, lo, hi, (0, kind, aloss, dloss), p * mass
                            )
                        continue
                    assert values is not None  # kept by the backward pass when missiles count
                    cands = self._candidates(values.__getitem__, s, n, dst_rows, kernel, lo, hi)
                    for p, options in kernel.classes:
                        if len(options) == 1:
                            self._push(ends, at, s, n, dst_rows, lo, hi, options[0], p * mass)
                            continue
                        stacked = np.stack([np.broadcast_to(cands[o], mass.shape) for o in options])
                        choice = stacked.argmax(axis=0)  # first best: fewest missiles
                        for j, option in enumerate(options):
                            chosen = np.where(choice == j, mass, 0.0)
                            if chosen.any():
                                self._push(ends, at, s, n, dst_rows, lo, hi, option, p * chosen)
        return ends

    def _push(self, ends, at, s, n, dst_rows, lo, hi, option, mass) -> None:
        """Move ``mass`` (states [lo, hi) on diagonal s) along one option of a roll."""
        spent, kind, aloss, dloss = option
        keep = self.NM - spent
        if kind == _NORMAL:
            at(s - n)[dst_rows, :keep, lo - aloss : hi - aloss] += mass[:, spent:, :]
            return
        moved = np.zeros_like(mass)
        moved[:, :keep, :] = mass[:, spent:, :]
        if kind == _CONQUER:
            ends.conquered += ends.add(moved, lo - aloss, 0, 0)
            ends.outright += float(moved.sum())
            return
        # Halted; where the roll also took the last defenders it is an ordinary conquest.
        p0 = s - dloss
        if dloss and lo <= p0 < hi:
            at(s - n)[dst_rows, :keep, p0 - aloss] += mass[:, spent:, p0 - lo]
            moved[:, :, p0 - lo] = 0.0
        ends.halted += ends.add(moved, lo - aloss, s - lo - dloss, 1)


def _check_missile_work(max_attackers, max_defenders, mods: Modifiers, missiles: int) -> None:
    if missiles == 0:
        return
    boxes = mods.fortification_boxes + 1 if (mods.fortified and not mods.mechaniker_hq) else 1
    states = (max_attackers + 1) * (max_defenders + 1) * boxes * (missiles + 1)
    if states > MISSILE_STATE_LIMIT:
        raise OddsInputError(
            "That is too big to work out exactly with missiles: "
            f"{states:,} combinations of troops, missiles and fortification boxes, and the "
            f"limit is {MISSILE_STATE_LIMIT:,}. Try fewer troops or missiles.",
            "missiles",
        )


# --- The whole table without missiles ----------------------------------------------------------
#
# Without missiles the table has a simpler shape than the general engine assumes, and working
# along it takes far fewer numpy operations. It is the same arithmetic in the same order (each
# state adds up its roll's outcomes as the engine does), so every chance is the same to the
# last bit.
#
# * A roll of 3 attack dice is the only one that marks a fortification box, and 4 or more
#   troops on the attacking territory always roll 3 dice. So every state with 4 or more
#   attackers and b >= 1 boxes unmarked moves to one with b - 1 boxes: the whole plane of
#   chances with b boxes comes from the plane with b - 1 in a few operations on whole arrays.
# * With 2 or 3 attackers the attacker never rolls 3 dice again, so the boxes left no longer
#   matter, only whether the dice are fortified: those two columns, like the row of 1 defender,
#   are short recurrences worked out one number at a time.
# * The plane that refers to itself (no boxes left, never fortified, or a Die Mechaniker HQ) is
#   swept by anti-diagonals, as the engine does; away from those edges every roll compares two
#   pairs of dice, so a diagonal needs only the one two below it and two neighbouring
#   diagonals are worked out together.


def _roll_terms(rules: _RollRules, attack_dice: int, defence_dice: int):
    """A roll's outcomes in the order the engine adds them up: the plain ones as
    (attacker losses, defender losses, probability), then the rest as (kind, defender losses,
    probability). The engine's order is sorted by kind, so the plain ones come first."""
    linear = _kernel(attack_dice, defence_dice, rules, 0).linear
    plain = [(la, ld, p) for kind, la, ld, p in linear if kind == _NORMAL]
    rest = [(kind, ld, p) for kind, _, ld, p in linear if kind != _NORMAL]
    assert [t[0] for t in linear] == sorted(t[0] for t in linear)
    return plain, rest


def _edges(
    rules: _RollRules, A: int, D: int, stop: int, with_row: bool = True
) -> tuple[list[list[float]], list[float]]:
    """The chances with 0 to 3 attackers (``columns[a][d]``) and with 1 defender (``row[a]``),
    the states the array sweeps leave out."""
    columns = [[1.0] + [0.0] * D for _ in range(4)]
    for a in (2, 3):
        if a > stop:
            column = columns[a]
            one, more = _roll_terms(rules, a - 1, 1), _roll_terms(rules, a - 1, 2)
            for d in range(1, D + 1):
                plain, rest = one if d == 1 else more
                total = 0.0
                for la, ld, p in plain:
                    total += p * columns[a - la][d - ld]
                for kind, ld, p in rest:
                    # An outright conquest is worth 1; a double six that halts, only if it
                    # also took the last defenders.
                    if kind == _CONQUER or d == ld:
                        total += p
                column[d] = total
    row = [columns[a][1] if a <= 3 else 0.0 for a in range(A + 1)]
    if with_row and D >= 1:
        plain, rest = _roll_terms(rules, 3, 1)
        lines = ([1.0] * (A + 1), row)  # by defenders left (0 or 1), then attackers
        for a in range(max(4, stop + 1), A + 1):
            total = 0.0
            for la, ld, p in plain:
                total += p * lines[1 - ld][a - la]
            for kind, ld, p in rest:
                if kind == _CONQUER or ld == 1:
                    total += p
            row[a] = total
    return columns, row


def _self_plane(rules: _RollRules, A: int, D: int, stop: int) -> np.ndarray:
    """[attackers, defenders] chances when every roll of the battle has the same ``rules``."""
    columns, row = _edges(rules, A, D, stop)
    S = A + D
    # Anti-diagonals s = attackers + defenders, two to a row: state (a, s - a) is held in
    # pairs[s // 2, 2 * a + s % 2], so a pair of diagonals over a range of attackers, and the
    # pair below it, are each one contiguous run. One spare diagonal for the last pair.
    width = 2 * (A + 1)
    pairs = np.zeros((S // 2 + 2, width))
    plane = np.zeros((A + 1, D + 1))
    plane[:, 0] = 1.0  # no defenders left: conquered
    plane[:, 1] = row
    for a in (2, 3):
        if a <= A:
            plane[a, 1:] = columns[a][1:]
    views = _pair_views(pairs, A, D)
    for where, view in views:
        view[...] = plane[where]
    first = max(4, stop + 1)
    if first <= A and D >= 2:
        plain, rest = _roll_terms(rules, 3, 2)
        # Each plain outcome loses two troops in all, la of them attackers (0, 1 or 2, in that
        # order); one that cannot happen weighs 0 and adds an exact 0. below[q, la, j] is
        # pairs[q, j + 4 - 2 * la], so below[q - 1, :, 2 * lo - 4 : 2 * hi - 4] holds, for
        # each la, the states the pair q's states [lo, hi) reach by losing la attackers.
        weights = np.zeros((3, 1))
        for la, _, p in plain:
            weights[la, 0] = p
        step = pairs.strides[1]
        below = np.lib.stride_tricks.as_strided(
            pairs.reshape(-1)[4:],
            shape=(pairs.shape[0], 3, width - 4),
            strides=(pairs.strides[0], -2 * step, step),
            writeable=False,
        )
        products = np.empty((3, width))
        for s in range(first + 2 - first % 2, S + 1, 2):
            # Diagonals s and s + 1 from s - 2 and s - 1. Diagonal s + 1 also gets a state
            # with D + 1 defenders, never read, and s the state with 1 defender (or none to
            # roll for), put back below.
            lo, hi = max(first, s - D), min(A, s - 1) + 1
            q = s // 2
            out = pairs[q, 2 * lo : 2 * hi]
            part = products[:, : 2 * (hi - lo)]
            np.multiply(below[q - 1, :, 2 * lo - 4 : 2 * hi - 4], weights, out=part)
            np.add.reduce(part, axis=0, out=out)  # (la 0 + la 1) + la 2, as the engine adds
            for kind, ld, p in rest:
                if kind == _CONQUER:
                    out += p
                elif ld == 2:  # two defenders left: a = s - 2 on s, a = s - 1 on s + 1
                    if lo <= s - 2 < hi:
                        pairs[q, 2 * (s - 2)] += p
                    if s - 1 < hi:
                        pairs[q, 2 * (s - 1) + 1] += p
            if s - 1 < hi:
                pairs[q, 2 * (s - 1)] = row[s - 1]
    for where, view in views:
        plane[where] = view
    return plane


def _pair_views(pairs: np.ndarray, A: int, D: int) -> list[tuple[tuple[slice, slice], Any]]:
    """The states (a, d) held in ``pairs[(a + d) // 2, 2 * a + (a + d) % 2]`` as four strided
    views, one for each parity of a and of d: with a = 2u + i and d = 2t + j, the state is
    u * (width + 4) + t * width + (0, 1, 3 or width + 2) places into the flat array."""
    width = pairs.shape[1]
    flat = pairs.reshape(-1)
    step = flat.strides[0]
    views = []
    for i, j, offset in ((0, 0, 0), (0, 1, 1), (1, 0, 3), (1, 1, width + 2)):
        shape = (len(range(i, A + 1, 2)), len(range(j, D + 1, 2)))
        view = np.lib.stride_tricks.as_strided(
            flat[offset:], shape=shape, strides=((width + 4) * step, width * step)
        )
        views.append(((slice(i, None, 2), slice(j, None, 2)), view))
    return views


def _add_worn_terms(out, terms, before, rows, cols, first_defenders, scratch) -> None:
    """``out`` (attackers ``rows`` x defenders ``cols`` of a plane) from the plane ``before``
    of one box fewer."""
    plain, rest = terms
    for i, (la, ld, p) in enumerate(plain):
        src = before[rows.start - la : rows.stop - la, cols.start - ld : cols.stop - ld]
        if i == 0:
            np.multiply(src, p, out=out)
        else:
            np.multiply(src, p, out=scratch)
            out += scratch
    if not plain:
        out[...] = 0.0
    for kind, ld, p in rest:
        if kind == _CONQUER:
            out += p
        elif first_defenders <= ld < first_defenders + out.shape[1]:
            out[:, ld - first_defenders] += p


def _plain_table(mods: Modifiers, A: int, D: int, stop: int) -> np.ndarray:
    """The chance of conquest for every (attackers, defenders), at full boxes, no missiles."""
    worn = mods.fortified and not mods.mechaniker_hq and mods.fortification_boxes > 0
    plane = _self_plane(mods._rules(mods.mechaniker_hq), A, D, stop)
    first = max(4, stop + 1)
    if not worn or first > A:
        if worn:
            columns, _ = _edges(mods._rules(True), A, D, stop, with_row=False)
            for a in (2, 3):
                if a <= A:
                    plane[a, 1:] = columns[a][1:]
        return plane
    rules = mods._rules(True)
    columns, _ = _edges(rules, A, D, stop, with_row=False)
    one, more = _roll_terms(rules, 3, 1), _roll_terms(rules, 3, 2)
    rows = slice(first, A + 1)
    # Two planes in turn: what does not change with the boxes is written once in both.
    planes = np.zeros((2, A + 1, D + 1))
    planes[:, :, 0] = 1.0
    for a in (2, 3):
        if a <= A:
            planes[:, a, 1:] = columns[a][1:]
    # With two or more defenders the states (first, 2) to (A, D) are one contiguous run of a
    # plane, and every outcome is that run shifted: it is worked out whole, then the states
    # with 0 or 1 defender it also ran over are put back and worked out.
    width = D + 1
    start, end = first * width + 2, (A + 1) * width
    scratch = np.empty(max(end - start, A + 1 - first))
    before = plane
    for boxes in range(1, mods.fortification_boxes + 1):
        now = planes[boxes % 2]
        if D >= 2:
            flat, out = before.reshape(-1), now.reshape(-1)[start:end]
            plain, rest = more
            for i, (la, ld, p) in enumerate(plain):
                shift = la * width + ld
                if i == 0:
                    np.multiply(flat[start - shift : end - shift], p, out=out)
                else:
                    np.multiply(flat[start - shift : end - shift], p, out=scratch[: end - start])
                    out += scratch[: end - start]
            for kind, ld, p in rest:
                if kind == _CONQUER:
                    out += p
                elif ld == 2:
                    now[rows, 2] += p
            now[first + 1 :, 0] = 1.0
        _add_worn_terms(
            now[rows, 1:2], one, before, rows, slice(1, 2), 1, scratch[: A + 1 - first, None]
        )
        before = now
    return before.copy()


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


def battle_odds(
    attackers: int, defenders: int, *, missiles: int = 0, stop_at: int = 1, **modifiers: Any
) -> BattleOdds:
    """The odds of ``attackers`` troops on the board attacking ``defenders`` defenders until
    the territory falls or the attacking territory is down to ``stop_at`` troops. The attacker
    holds ``missiles`` and uses them as well as possible; ``modifiers`` are the keywords of
    ``Modifiers``."""
    mods = _modifiers(modifiers)
    attackers = _check_attackers(attackers, MAX_BATTLE_TROOPS)
    defenders = _check_defenders(defenders, MAX_BATTLE_TROOPS)
    missiles = _check_missiles(missiles)
    stop_at = _check_stop_at(stop_at, attackers)
    _check_missile_work(attackers, defenders, mods, missiles)
    engine = _Engine(mods, attackers, defenders, missiles, stop_at)
    values = engine.backward("column", keep_all=True)[1] if missiles else None
    ends = engine.forward(attackers, defenders, values)
    troops = np.arange(attackers + 1)
    held = np.arange(defenders + 1)
    return BattleOdds(
        attackers=attackers,
        defenders=defenders,
        missiles=missiles,
        modifiers=mods,
        p_conquer=ends.conquered,
        attackers_left=MappingProxyType(
            {int(a): float(p) for a, p in enumerate(ends.attackers_left) if p > 0}
        ),
        defenders_left=MappingProxyType(
            {int(d): float(p) for d, p in enumerate(ends.defenders_left) if p > 0}
        ),
        expected_attacker_losses=float(attackers - troops @ ends.attackers_left),
        expected_defender_losses=float(defenders - held @ ends.defenders_left),
        expected_missiles_used=float(missiles - np.arange(missiles + 1) @ ends.missiles_left),
        p_conquered_outright=ends.outright,
        p_halted=ends.halted,
    )


def odds_table(
    max_attackers: int,
    max_defenders: int,
    *,
    missiles: int = 0,
    stop_at: int = 1,
    **modifiers: Any,
) -> np.ndarray:
    """The chance of conquest for every battle up to ``max_attackers`` troops on the attacking
    territory and ``max_defenders`` defenders, worked out in one sweep.

    Returns a read-only float array ``t`` of shape (max_attackers + 1, max_defenders + 1) with
    ``t[attackers, defenders]``; attackers at or below ``stop_at`` (1 by default) give 0, and
    the meaningless row and column 0 hold NaN.
    """
    mods = _modifiers(modifiers)
    max_attackers = _check_attackers(max_attackers, MAX_TABLE_TROOPS, "max_attackers")
    max_defenders = _check_defenders(max_defenders, MAX_TABLE_TROOPS, "max_defenders")
    missiles = _check_missiles(missiles)
    stop_at = _check_stop_at(stop_at, None)
    _check_missile_work(max_attackers, max_defenders, mods, missiles)
    if missiles:
        table, _ = _Engine(mods, max_attackers, max_defenders, missiles, stop_at).backward("table")
    else:
        table = _plain_table(mods, max_attackers, max_defenders, stop_at)
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
    mods = _modifiers(modifiers)
    defenders = _check_defenders(defenders, MAX_BATTLE_TROOPS)
    target = _check_target(target)
    missiles = _check_missiles(missiles)
    max_attackers = _check_attackers(max_attackers, MAX_BATTLE_TROOPS, "max_attackers")
    stop_at = _check_stop_at(stop_at, max_attackers)
    # Look at a modest range first and widen it only if the target is out of reach there.
    cap = min(max_attackers, max(16, 2 * defenders + 8, 2 * stop_at))
    while True:
        _check_missile_work(cap, defenders, mods, missiles)
        column, _ = _Engine(mods, cap, defenders, missiles, stop_at).backward("column")
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
    mods = _modifiers(modifiers)
    attackers = _check_attackers(attackers, MAX_BATTLE_TROOPS)
    defenders = _check_defenders(defenders, MAX_BATTLE_TROOPS)
    target = _check_target(target)
    max_missiles = _check_missiles(max_missiles, "max_missiles")
    stop_at = _check_stop_at(stop_at, attackers)
    _check_missile_work(attackers, defenders, mods, max_missiles)
    column, _ = _Engine(mods, attackers, defenders, max_missiles, stop_at).backward("column")
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
    attackers = _check_attackers(attackers, MAX_BATTLE_TROOPS)
    missiles = _check_missiles(missiles)
    if isinstance(territories, str | bytes) or not isinstance(territories, Sequence):
        raise OddsInputError("List the territories to take, in order.", "territories")
    if not territories:
        raise OddsInputError("List at least one territory to take.", "territories")
    links: list[tuple[int, Modifiers]] = []
    for i, item in enumerate(territories):
        field = f"territories[{i}]"
        if isinstance(item, Mapping):
            given = dict(item)
            if "defenders" not in given:
                raise OddsInputError(f"Territory {i + 1} needs its number of defenders.", field)
            links.append(
                (
                    _check_defenders(given.pop("defenders"), MAX_BATTLE_TROOPS, field),
                    _modifiers(given),
                )
            )
        else:
            links.append((_check_defenders(item, MAX_BATTLE_TROOPS, field), Modifiers()))
    if attackers - len(links) < 1:
        return 0.0  # every conquest leaves one troop behind
    # Work backwards from the last territory: the value of a conquest is the chance of taking
    # the rest of the chain from the territory just taken.
    after: np.ndarray | None = None
    for i in range(len(links) - 1, -1, -1):
        defenders, mods = links[i]
        most = attackers - i  # each earlier conquest left a troop behind
        _check_missile_work(most, defenders, mods, missiles)
        conquest_value = None
        if after is not None:
            # a troops left after this conquest: a - 1 of them attack the next territory.
            conquest_value = np.zeros((missiles + 1, most + 1))
            conquest_value[:, 1:] = after[:, :most]
        after, _ = _Engine(mods, most, defenders, missiles, 1, conquest_value).backward("column")
    assert after is not None  # the chain has at least one territory
    return float(after[missiles, attackers])


__all__ = [
    "BattleOdds",
    "FORTIFICATION_BOXES",
    "MAX_BATTLE_TROOPS",
    "MAX_MISSILES",
    "MAX_TABLE_TROOPS",
    "Modifiers",
    "OddsInputError",
    "RollOutcome",
    "battle_odds",
    "chain_odds",
    "missiles_needed",
    "odds_table",
    "roll_odds",
    "troops_needed",
]
