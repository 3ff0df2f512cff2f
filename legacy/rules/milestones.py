"""The campaign's milestones: founding a World Capital, the sealed packets a game's facts
open, and who names the world after the fifteenth game."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from legacy.box import CAPITAL_CITY
from legacy.errors import RuleViolation
from legacy.refusals import TableRule
from legacy.rules.rewards import (
    A_WORLD_CAPITAL,
    Reward,
    RewardChoice,
    require_name,
    require_territory,
)
from legacy.rules.starting import territory_name
from legacy.world import World

# --- World Capitals ------------------------------------------------------------------------------


def world_capitals(world: World) -> list[str]:
    """The territories holding a World Capital that counts now, in board order."""
    return [slug for slug, city in world.cities().items() if city.kind == CAPITAL_CITY]


def check_world_capital(
    world: World, *, territory: str | None, name: str, unlocked: bool, allowed: int
) -> None:
    """Refuse a World Capital (population 5) the campaign or the board does not allow now.

    Founding one is possible once a packet allowed it (``unlocked``); at most ``allowed`` may
    exist at once (a campaign setting); it is a city like any other: one per territory.
    """
    if not unlocked:
        raise RuleViolation(TableRule.WORLD_CAPITAL_LOCKED, conflict=True)
    choice = RewardChoice(kind=Reward.MAJOR_CITY, territory=territory, name=name)
    require_name(choice, A_WORLD_CAPITAL)
    slug = require_territory(choice, world.board)
    state = world.territories[slug]
    if state.city is not None:
        raise RuleViolation(
            TableRule.ONE_CITY_PER_TERRITORY,
            field="territory",
            territory=territory_name(slug, world.board),
        )
    if len(world_capitals(world)) >= allowed:
        raise RuleViolation(TableRule.WORLD_CAPITALS_ALLOWED, conflict=True)


# --- Sealed packets ------------------------------------------------------------------------------


@dataclass(frozen=True)
class TriggerFacts:
    """What has happened in the campaign so far, as far as the packet triggers care."""

    minor_cities_founded: int = 0
    most_signatures_by_one_player: int = 0
    factions_eliminated: int = 0
    most_missiles_on_one_roll: int = 0
    big_recruitment_with_missile: bool = False
    pack4_mark_placed: bool = False


# The packets whose trigger is a count: the fact counted, and the number that fires it.
TRIGGER_COUNTS = {
    "pack-1": ("minor_cities_founded", 9),
    "pack-2": ("factions_eliminated", 1),
    "pack-3": ("most_signatures_by_one_player", 2),
    "pocket-1": ("most_missiles_on_one_roll", 3),
}


def trigger_progress(facts: TriggerFacts) -> dict[str, tuple[int, int]]:
    """How far each counted trigger has come: (count so far, at most the number that fires it;
    the number), by packet."""
    return {
        slug: (min(int(getattr(facts, fact)), needed), needed)
        for slug, (fact, needed) in TRIGGER_COUNTS.items()
    }


def packets_triggered(facts: TriggerFacts) -> list[str]:
    """Every packet whose trigger these facts fire, in box order (opened or not)."""
    counted = {slug: n >= needed for slug, (n, needed) in trigger_progress(facts).items()}
    fired = {
        "pack-1": counted["pack-1"],
        "pack-2": counted["pack-2"],
        "pack-3": counted["pack-3"],
        "pack-4": facts.pack4_mark_placed,
        "pocket-1": counted["pocket-1"],
        "pocket-2": facts.big_recruitment_with_missile,
    }
    return [slug for slug, yes in fired.items() if yes]


def packets_to_open(facts: TriggerFacts, opened: Iterable[str]) -> list[str]:
    """The packets that must be opened now: triggered and still sealed."""
    opened = set(opened)
    return [slug for slug in packets_triggered(facts) if slug not in opened]


# --- After the fifteenth game -------------------------------------------------------------------


@dataclass(frozen=True)
class NamerDecision:
    namer: int | None  # the player who names the world, once decided
    tied: tuple[int, ...] = ()  # the players who must roll (again) when undecided


def world_namer(
    signature_counts: Mapping[int, int],
    *,
    continents_named: Mapping[int, int] | None = None,
    rolls: Mapping[int, int] | None = None,
) -> NamerDecision:
    """Who names the world after game 15.

    The player with the most signatures names it. On a tie the tied players roll a die and each
    adds 1 for every continent they named; the highest total names it, and a new tie rolls again.
    """
    if not signature_counts:
        return NamerDecision(None)
    most = max(signature_counts.values())
    tied = tuple(sorted(p for p, n in signature_counts.items() if n == most))
    untied = sorted(p for p in rolls or {} if p not in tied)
    if untied:
        raise RuleViolation(TableRule.NAMING_ROLL_UNTIED, field="rolls")
    if len(tied) == 1:
        return NamerDecision(tied[0])
    if not rolls:
        return NamerDecision(None, tied)
    missing = [p for p in tied if p not in rolls]
    if missing:
        raise RuleViolation(TableRule.NAMING_ROLL, field="rolls")
    for p in tied:
        if not 1 <= rolls[p] <= 6:
            raise RuleViolation(TableRule.NAMING_ROLL, field="rolls")
    named = continents_named or {}
    totals = {p: rolls[p] + named.get(p, 0) for p in tied}
    best = max(totals.values())
    top = tuple(p for p in tied if totals[p] == best)
    return NamerDecision(top[0]) if len(top) == 1 else NamerDecision(None, top)
