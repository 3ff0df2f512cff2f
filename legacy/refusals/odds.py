"""The odds and the calculators: a request for odds that makes no sense at the table
(``legacy.odds``)."""

from __future__ import annotations

from legacy.refusals.base import Refusal, gettext_noop


class OddsRule(Refusal):
    """Every rule of this area: its slug and its one sentence."""

    ODDS_WHOLE_NUMBER = (
        "odds-whole-number",
        gettext_noop("The %(what)s must be a whole number, not %(value)s."),
    )
    ODDS_ON_OR_OFF = (
        "odds-on-or-off",
        gettext_noop("'%(modifier)s' is either on or off (True or False), not %(value)s."),
    )
    ODDS_UNKNOWN_MODIFIER = (
        "odds-unknown-modifier",
        gettext_noop("Unknown modifier %(given)s; the known ones are %(known)s."),
    )
    ODDS_UNKNOWN_SCAR_EFFECT = (
        "odds-unknown-scar-effect",
        gettext_noop("Unknown scar effect %(effect)s; the known ones are %(known)s."),
    )
    ODDS_UNKNOWN_CLAMP_ORDER = (
        "odds-unknown-clamp-order",
        gettext_noop("Unknown order of the modifiers %(order)s; the known ones are %(known)s."),
    )
    ODDS_FORTIFICATION_BOXES = (
        "odds-fortification-boxes",
        gettext_noop(
            "A fortification has %(boxes)d boxes, so between 0 and %(boxes)d can be left "
            "unmarked, not %(value)d."
        ),
    )
    ODDS_ONE_SCAR = (
        "odds-one-scar",
        gettext_noop(
            "A territory holds at most one scar: it cannot have both a Bunker and an Ammo Shortage."
        ),
    )
    ODDS_ONE_SCAR_EFFECT = (
        "odds-one-scar-effect",
        gettext_noop(
            "A territory holds at most one scar: give either its scar's effect on the dice or a "
            "Bunker or Ammo Shortage, not both."
        ),
    )
    ODDS_BEAR_ONE_POWER = (
        "odds-bear-one-power",
        gettext_noop(
            "The Enclave of the Bear keeps only one of its two starting powers: choose either "
            "the lower-die power or the three-of-a-kind power."
        ),
    )
    ODDS_MECHANIKER_ONE_POWER = (
        "odds-mechaniker-one-power",
        gettext_noop(
            "Die Mechaniker keeps only one of its two starting powers: choose either the "
            "fortified HQ or the double six."
        ),
    )
    ODDS_ATTACKERS_TWO = (
        "odds-attackers-two",
        gettext_noop(
            "An attack needs at least 2 troops on the attacking territory: one must stay behind."
        ),
    )
    ODDS_ATTACKERS_LIMIT = (
        "odds-attackers-limit",
        gettext_noop(
            "Odds can be worked out for at most %(limit)d troops on the attacking territory; "
            "%(count)d is too many."
        ),
    )
    ODDS_DEFENDERS_ONE = (
        "odds-defenders-one",
        gettext_noop(
            "There must be at least 1 defending troop: an empty territory is not attacked."
        ),
    )
    ODDS_DEFENDERS_LIMIT = (
        "odds-defenders-limit",
        gettext_noop(
            "Odds can be worked out for at most %(limit)d defending troops; %(count)d is too many."
        ),
    )
    ODDS_MISSILES_NEGATIVE = (
        "odds-missiles-negative",
        gettext_noop("The number of missiles cannot be negative."),
    )
    ODDS_MISSILE_TOKENS = (
        "odds-missile-tokens",
        gettext_noop("The box holds only %(most)d missile tokens; %(count)d is too many."),
    )
    ODDS_STOP_AT_ONE = (
        "odds-stop-at-one",
        gettext_noop("The attack must stop with at least 1 troop left on the attacking territory."),
    )
    ODDS_STOP_BELOW_ATTACKERS = (
        "odds-stop-below-attackers",
        gettext_noop(
            "With %(attackers)d troops on the attacking territory the attack must stop below "
            "%(attackers)d, so it can start; %(count)d is too many."
        ),
    )
    ODDS_CHANCE_NUMBER = (
        "odds-chance-number",
        gettext_noop("The chance must be a number between 0 and 1, not %(value)s."),
    )
    ODDS_CHANCE_BETWEEN = (
        "odds-chance-between",
        gettext_noop(
            "The chance must be between 0 and 1 (0.75 is three chances in four); a sure "
            "conquest never exists."
        ),
    )
    ODDS_TOO_BIG_WITH_MISSILES = (
        "odds-too-big-with-missiles",
        gettext_noop(
            "That is too big to work out exactly with missiles: %(states)d combinations of "
            "troops, missiles and fortification boxes, and the limit is %(limit)d. Try fewer "
            "troops or missiles."
        ),
    )
    ODDS_TOO_BIG_WITH_DEFENDER_MISSILES = (
        "odds-too-big-with-defender-missiles",
        gettext_noop(
            "That is too big to work out exactly with the defender's missiles: %(states)d "
            "combinations of troops, both sides' missiles and fortification boxes, and the limit "
            "is %(limit)d. Try fewer troops or missiles."
        ),
    )
    ODDS_BEAR_FIRST_ROLL_MISSILES = (
        "odds-bear-first-roll-missiles",
        gettext_noop(
            "With the Bear's power (a) on the first roll only, the odds are worked out for the "
            "attacker's missiles only: leave the defender's missiles at 0."
        ),
    )
    ODDS_TERRITORIES_LIST = (
        "odds-territories-list",
        gettext_noop("List the territories to take, in order."),
    )
    ODDS_TERRITORIES_EMPTY = (
        "odds-territories-empty",
        gettext_noop("List at least one territory to take."),
    )
    ODDS_TERRITORY_DEFENDERS = (
        "odds-territory-defenders",
        gettext_noop("Territory %(number)d needs its number of defenders."),
    )
    ODDS_ATTACK_DICE = "odds-attack-dice", gettext_noop("The attacker rolls 1, 2 or 3 dice.")
    ODDS_DEFENCE_DICE = "odds-defence-dice", gettext_noop("The defender rolls 1 or 2 dice.")
