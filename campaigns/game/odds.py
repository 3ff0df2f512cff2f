"""The odds of a battle on one territory as the campaign keeps it now.

``legacy.odds`` takes modifiers; this reads them from the campaign: the territory's scar and
that scar type's effect on the dice, its city's fortification and the boxes still unmarked,
whether it is the defender's starting HQ, the starting powers each faction holds now (a
power not chosen before the first game, or destroyed since, does nothing), and the campaign's
readings of the open points that change the dice (re-sorting, the Bear's power (a) on the
whole battle or its first roll, the Bear's three of a kind, a missile's 6 for the powers that
ask for natural dice, clamping the defence dice and the order of their modifiers). A
fixed number of queries, whatever the number of games played.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from campaigns.game.derived import BOX_FACTIONS, campaign_factions
from campaigns.hiding import territory_to_read, unknown_territory, world_as_read
from campaigns.models import Campaign, Seat
from campaigns.services import cached_world
from campaigns.vocabulary import (
    BearFirstAttack,
    BearThreeOfAKind,
    DefenceDiceClamp,
    DiceOrderAfterModifiers,
    MissileOrder,
    MissileSixNatural,
)
from legacy import odds, scar_effects
from legacy.box import FACTION_BY_SLUG, FORTIFICATION_BOXES
from legacy.errors import RuleViolation
from legacy.models import ACTIVE, FactionPower, ScarKind
from legacy.refusals import ServiceRule, TableRule

MECHANIKER = "die-mechaniker"
BEAR = "enclave-of-the-bear"
BALKANIA = "imperial-balkania"


def held_powers(campaign_id: int) -> dict[str, frozenset[str]]:
    """faction -> the codes ("a", "b") of the box's starting powers it holds now."""
    held: dict[str, set[str]] = {}
    rows = FactionPower.objects.filter(ACTIVE, campaign_id=campaign_id, slot="starting")
    for faction, code in rows.values_list("faction", "code"):
        starting = FACTION_BY_SLUG.get(faction)
        if starting and starting.power(code):
            held.setdefault(faction, set()).add(code)
    return {faction: frozenset(codes) for faction, codes in held.items()}


def reading_modifiers(campaign: Campaign) -> dict[str, bool | str]:
    """The campaign's readings of the rulebook's open points that change the dice, as the
    keywords of ``legacy.odds.Modifiers`` (RULES.md section 9)."""
    return {
        "resort": campaign.dice_order_after_modifiers == DiceOrderAfterModifiers.RESORT,
        "missile_six_is_natural": campaign.missile_six_natural == MissileSixNatural.NATURAL,
        "bear_three_as_rolled": campaign.bear_three_of_a_kind == BearThreeOfAKind.AS_ROLLED,
        "clamp_each": campaign.defence_dice_clamp == DefenceDiceClamp.CLAMP_EACH,
        "clamp_order": campaign.defence_clamp_order,
        "defender_missiles_first": campaign.missile_order == MissileOrder.DEFENDER_FIRST,
        "bear_first_roll_only": campaign.bear_first_attack == BearFirstAttack.FIRST_ROLL,
    }


def missile_orders(campaign: Campaign) -> dict[str, bool]:
    """The orders the odds show when both sides hold missiles, each with its value of
    ``defender_missiles_first``: both while the table declares who goes first at each roll
    (the campaign's default), or the one order the group fixed."""
    both = {MissileOrder.ATTACKER_FIRST.value: False, MissileOrder.DEFENDER_FIRST.value: True}
    if campaign.missile_order == MissileOrder.AS_DECLARED:
        return both
    return {campaign.missile_order: both[campaign.missile_order]}


def chances_by_missile_order(
    campaign: Campaign, result: odds.BattleOdds, modifiers: Mapping, *, stop_at: int = 1
) -> dict[str, float]:
    """The chance of conquest of the battle ``result`` answered, by who chooses their missiles
    first after a roll (``missile_orders``); empty when the defender holds none. ``modifiers``
    are the ones the battle was worked out with."""
    if not result.defender_missiles:
        return {}
    chances = {}
    for order, defender_first in missile_orders(campaign).items():
        if defender_first == modifiers.get("defender_missiles_first", False):
            chances[order] = result.p_conquer
            continue
        chances[order] = odds.battle_odds(
            result.attackers,
            result.defenders,
            missiles=result.missiles,
            defender_missiles=result.defender_missiles,
            stop_at=stop_at,
            **{**modifiers, "defender_missiles_first": defender_first},
        ).p_conquer
    return chances


def holds(powers: Mapping[str, frozenset[str]], faction: str | None, code: str) -> bool:
    return bool(faction and code in powers.get(faction, frozenset()))


def rounds_up(campaign_id: int, faction: str | None, player: int | None = None) -> bool:
    """Does this recruitment round up (Imperial Balkania holding its power (a))? The faction is
    the one given, or else the one ``player`` plays in the latest game."""
    if not faction and player is not None:
        faction = (
            Seat.objects.filter(game__campaign_id=campaign_id, player_id=player)
            .order_by("-game__number")
            .values_list("faction", flat=True)
            .first()
        )
    return faction == BALKANIA and holds(held_powers(campaign_id), faction, "a")


@dataclass(frozen=True)
class Battle:
    """What the campaign says about one battle, and the modifiers ``legacy.odds`` takes."""

    territory: str
    attacker_faction: str | None
    defender_faction: str | None
    scar: str | None  # the scar type's slug
    scar_name: str | None
    scar_base: bool  # one of the box's scar types (not unlocked from a packet)
    dice_effect: str  # the scar type's effect on the dice, a code of legacy.scar_effects
    fortified: bool  # a fortification still working (a box left unmarked)
    fortification_boxes: int
    defender_hq: bool  # the defender's starting HQ in the latest game
    powers: dict[str, frozenset[str]] = field(default_factory=dict)  # held now, by faction
    modifiers: dict = field(default_factory=dict)  # keywords of legacy.odds.Modifiers

    @property
    def powers_used(self) -> list[tuple[str, str]]:
        """(faction, code) of each power that changes this battle's dice."""
        used = []
        if self.modifiers.get("mechaniker_hq"):
            used.append((MECHANIKER, "a"))
        if self.modifiers.get("mechaniker_double_six"):
            used.append((MECHANIKER, "b"))
        if self.modifiers.get("bear_lower_die"):
            used.append((BEAR, "a"))
        if self.modifiers.get("bear_three_of_a_kind"):
            used.append((BEAR, "b"))
        return used


def _faction(slug: str | None, known: Mapping[str, str], field_name: str) -> str | None:
    if slug in (None, ""):
        return None
    if slug not in known:
        raise RuleViolation(TableRule.UNKNOWN_FACTION, field=field_name, faction=repr(slug))
    return slug


def battle(
    campaign: Campaign,
    territory: str,
    *,
    attacker_faction: str | None = None,
    defender_faction: str | None = None,
    bear_first_attack: bool = True,
    sees_unlocked: bool = True,
) -> Battle:
    """The battle for ``territory`` now. The Bear's power (a) counts for the first territory it
    attacks in a turn: ``bear_first_attack`` says whether this is that one.

    ``sees_unlocked`` False (a reader the campaign hides what its packets unlocked from): only
    the box's factions are known, so a guessed name of an unlocked faction is refused exactly
    as a name the campaign does not have, a territory a packet added as one nobody made, and
    a World Capital is a minor city."""
    world = world_as_read(cached_world(campaign), sees_unlocked)
    if not territory_to_read(world, territory, sees_unlocked):
        raise unknown_territory(territory, "territory", sees_unlocked)
    if sees_unlocked:
        known = campaign_factions(campaign.pk)
    else:
        known = {f.slug: f.name for f in BOX_FACTIONS}
    attacker = _faction(attacker_faction, known, "attacker_faction")
    defender = _faction(defender_faction, known, "defender_faction")
    if attacker and attacker == defender:
        raise RuleViolation(ServiceRule.ODDS_FACTIONS, field="defender_faction")
    state = world.territories[territory]
    kind = None
    if state.scar:
        kind = (
            ScarKind.objects.filter(campaign=campaign, slug=state.scar)
            .values("slug", "name", "base", "dice_effect")
            .first()
        )
    effect = kind["dice_effect"] if kind else scar_effects.NONE
    city = state.city
    fortified = bool(city and city.fortification_works)
    boxes = FORTIFICATION_BOXES - city.boxes_used if city and fortified else FORTIFICATION_BOXES
    powers = held_powers(campaign.pk)
    hq = False
    if defender:
        latest = Seat.objects.filter(game__campaign=campaign, faction=defender).order_by(
            "-game__number"
        )
        hq = latest.values_list("hq", flat=True).first() == territory
    modifiers = {
        "scar_effect": effect,
        "fortified": fortified,
        "fortification_boxes": boxes,
        "mechaniker_hq": defender == MECHANIKER and hq and holds(powers, defender, "a"),
        "mechaniker_double_six": defender == MECHANIKER and holds(powers, defender, "b"),
        "bear_lower_die": attacker == BEAR and bear_first_attack and holds(powers, attacker, "a"),
        "bear_three_of_a_kind": attacker == BEAR and holds(powers, attacker, "b"),
        **reading_modifiers(campaign),
    }
    return Battle(
        territory=territory,
        attacker_faction=attacker,
        defender_faction=defender,
        scar=kind["slug"] if kind else None,
        scar_name=kind["name"] if kind else None,
        scar_base=bool(kind and kind["base"]),
        dice_effect=effect,
        fortified=fortified,
        fortification_boxes=boxes,
        defender_hq=hq,
        powers=powers,
        modifiers=modifiers,
    )
