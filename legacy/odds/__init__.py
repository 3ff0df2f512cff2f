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
  most once per die, so a Die Mechaniker HQ in a fortified city is fortified once. With
  ``clamp_each=True`` the die is clamped after each modifier instead, taken in the order: the
  territory's scar, the fortification, the Bear's power (so a fortified 6 with the Bear's -1
  is a 5, not a 6). ``clamp_order`` may take every +1 first (``bonuses-first``, the same) or
  every -1 first (``penalties-first``: the fortified 6 with the Bear's -1 stays a 6).
* A scar's effect on the dice (``scar_effect``, a code of ``legacy.scar_effects``: +1 or -1 to
  the defender's highest die, to both defence dice or to the attacker's highest die, or none)
  follows the same convention on every die it touches: it adds up with the other modifiers and
  the total is clamped to 1..6 once, so +1 on a 6 stays a 6 and -1 on a 1 stays a 1. The
  Bunker is exactly the effect "defender's highest +1" and Ammo Shortage "defender's highest
  -1". On the attacker's side "highest" is decided on the natural dice too, and a die a
  missile turned into a 6 is never modified (a missile's 6 is unmodifiable), so a missile on
  the highest die of a -1 scar gets a 6 and the scar touches no other die. The Bear's
  three-of-a-kind looks at the dice as rolled (with missiles as set below), not as modified.
* ``bear_first_roll_only=True``: the Bear's power (a) counts on the battle's first roll only.
  ``battle_odds`` works out every way that roll falls (missiles on it chosen by the chance from
  where it leaves the battle) and the rest of the battle without the power. The questions over
  many battles (tables, troops or missiles needed, chains) do the same from every starting
  point at once (``first_roll``): the rest of the battle is swept backwards by the engine and
  the first roll is one more step on top of it. In a chain it counts on the first roll of each
  link it is switched on for (by the rules, the first link).
* With one defence die, that die is also the "lower" die for the Bear's power (a); set
  ``single_die_is_lower=False`` to apply it only when the defender rolls two dice.
* ``resort=True`` (default): after modifiers and missiles both sides' dice are sorted again
  before they are paired. With ``resort=False`` they stay paired in the order of the natural
  roll, and the attacker chooses which die a missile replaces with that in mind.
* Fortified city: the dice are fortified while at least one box is unmarked; a box is marked
  after every roll made with 3 attack dice (that roll itself is still fortified). A Die
  Mechaniker starting HQ (``mechaniker_hq``) is fortified and never wears out.
* Bear power (b): a three-of-a-kind needs 3 attack dice. Read on natural dice (default), a die
  changed by a missile is not natural, so a roll that used a missile is never a natural
  three-of-a-kind, unless ``missile_six_is_natural`` counts a missile's 6 as a natural 6 (for
  every power that asks for natural dice). With ``bear_three_as_rolled=True`` the dice are read
  as rolled, a missile's 6 among them, whatever ``missile_six_is_natural`` says. Outright conquest
  removes every defender left, so those count as defender losses, and the roll's own attacker
  losses stand.
* Die Mechaniker power (b): two natural 6s on a two-dice defence roll. The roll is still
  resolved (losses on both sides), then the attack on that territory ends and counts as a
  failure, unless that same roll took the territory (the last defenders died, or the Bear's
  three-of-a-kind conquered it: conquest comes first).
* The Bear's power (a) applies to every roll of the battle it is switched on for; the rules
  give it to the first territory attacked in a turn, so switch it on for that battle only (in a
  chain: the first link).
* Missiles: the attacker holds ``missiles`` and the defender ``defender_missiles`` (0 by
  default; 0 gives exactly the numbers of the attacker-only engine, which then answers). A
  missile turns one of its holder's own dice into an unmodifiable 6 after both sides have
  rolled. The rules say only that missiles are used after the roll, so the order within a roll
  is a choice; ``battle_odds`` takes this one (``duel``): the attacker decides first which of
  its dice to turn into 6s, the defender sees that and decides which of its own, then the roll
  is resolved; both play as well as they can for the whole battle (the attacker for the highest
  chance of conquest, the defender for the lowest), each knowing the other will, and on an exact
  tie each spends fewer missiles. ``defender_missiles_first=True`` takes the other order (the
  defender chooses first, the attacker answers): a campaign may fix either, or show both while
  the table declares it at each roll. Reasons for the default: at the table the attacker is the
  one whose roll is being resolved and speaks first; the defender answering last is the stronger
  reading for the defender (it can always match a missile with its own 6, and ties go to the
  defender), so the chance shown is never too rosy for the attacker; and a fixed order keeps
  every roll a game with one exact value (choosing at the same time would need mixed
  strategies). A defender's 6 from a missile is not modified (a fortification or Bunker cannot
  raise it, the Bear's -1 or Ammo Shortage cannot lower it) and counts towards the Die
  Mechaniker's double six only with ``missile_six_is_natural``. ``odds_table`` takes the
  defender's missiles too; the other questions (troops or missiles needed, chains) keep the
  attacker's only, and the Bear's power on the first roll only is not combined with the
  defender's missiles. A missile left over after the battle is worth nothing here, so the best
  play spends one whenever it changes the chance at all; a player saving missiles for later will
  spend fewer (``expected_missiles_used`` and ``expected_defender_missiles_used`` are upper
  guides).
* A territory carries at most one scar, so Bunker and Ammo Shortage together (or either with a
  ``scar_effect`` that changes the dice) are refused, and
  each faction keeps one of its two starting powers, so both Bear powers (or both Die
  Mechaniker powers) together are refused too.
* Chains (``chain_odds``): after each conquest the attacker moves every troop but one into the
  conquered territory and attacks the next target from there; unused missiles carry on and are
  spent to maximise the chance of taking the whole chain.

Inputs are checked and a mistake raises ``OddsInputError`` (a ``ValueError``, and a
``RuleViolation``: the rule it breaks and the names it speaks of, said in the players' language
by the doors).

The modules, in the order a question is answered:

- ``inputs``: the limits, ``Modifiers`` and the checks on every input;
- ``rolls``: one roll, counted exactly, and what missiles can make of it;
- ``engine``: a whole battle by diagonals, with boxes and missiles as extra axes;
- ``duel``: the same with the defender's missiles as one more axis, each roll a two-player game;
- ``plain``: the whole table without missiles, along the table's own shape;
- ``first_roll``: the Bear's power (a) on the first roll only, from many starting points;
- ``answers``: ``battle_odds``, ``odds_table``, ``troops_needed``, ``missiles_needed``,
  ``chain_odds``.
"""

from __future__ import annotations

from legacy.odds.answers import (
    BattleOdds,
    battle_odds,
    chain_odds,
    missiles_needed,
    odds_table,
    troops_needed,
)
from legacy.odds.inputs import (
    FORTIFICATION_BOXES,
    MAX_BATTLE_TROOPS,
    MAX_MISSILES,
    MAX_TABLE_TROOPS,
    MISSILE_STATE_LIMIT,
    Modifiers,
    OddsInputError,
)
from legacy.odds.rolls import RollOutcome, roll_odds

__all__ = [
    "FORTIFICATION_BOXES",
    "MAX_BATTLE_TROOPS",
    "MAX_MISSILES",
    "MAX_TABLE_TROOPS",
    "MISSILE_STATE_LIMIT",
    "BattleOdds",
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
