"""Recruitment: the troops a trade of cards buys, and the troops a turn starts with
(territories, continents, cities), as pure functions over plain data."""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping

from legacy.box import BASE_TRADE_CHART
from legacy.errors import RuleViolation
from legacy.refusals import TableRule
from legacy.world import World

# --- Recruitment -------------------------------------------------------------------------------


def trade_troops(coins: int, trade_chart: Mapping[int, int] = BASE_TRADE_CHART) -> int:
    """Troops for trading in cards worth ``coins`` coins: 0 for none, else read off the chart.

    A trade must be worth 2 to 10 coins; any other amount is refused.
    """
    if coins == 0:
        return 0
    if coins not in trade_chart:
        low, high = min(trade_chart), max(trade_chart)
        raise RuleViolation(
            TableRule.TRADE_CHART, field="trade_coins", low=low, high=high, coins=coins
        )
    return trade_chart[coins]


def troops_recruited(
    *,
    territories: int,
    population: int = 0,
    continent_bonuses: Iterable[int] = (),
    trade_coins: int = 0,
    trade_chart: Mapping[int, int] = BASE_TRADE_CHART,
    round_up: bool = False,
) -> int:
    """Troops a player recruits at the start of a turn.

    Territories controlled plus population, divided by 3 and rounded down (rounded up with
    Imperial Balkania's power), never under 3; then every continent bonus the player earns, then
    the troops for any cards traded in.
    """
    if territories < 0 or population < 0:
        raise RuleViolation(TableRule.RECRUITMENT)
    base = territories + population
    from_land = math.ceil(base / 3) if round_up else base // 3
    return max(3, from_land) + sum(continent_bonuses) + trade_troops(trade_coins, trade_chart)


def continent_bonus(world: World, continent: str, player: int | None) -> int:
    """A continent's bonus for a player who holds all of it: its current bonus, +1 for its namer."""
    state = world.continents[continent]
    namer_extra = 1 if player is not None and state.namer == player else 0
    return max(0, state.bonus + namer_extra)


def recruitment(
    world: World,
    *,
    player: int | None,
    controlled: Iterable[str],
    trade_coins: int = 0,
    round_up: bool = False,
    trade_chart: Mapping[int, int] = BASE_TRADE_CHART,
) -> int:
    """Troops recruited by a player controlling ``controlled`` in this world.

    Population is the sum of the cities in the territories they control; every continent they
    hold whole gives its bonus (and their own named continents one more).
    """
    held = set(controlled)
    unknown = held - set(world.territories)
    if unknown:
        raise RuleViolation(
            TableRule.UNKNOWN_TERRITORY, field="controlled", territory=repr(sorted(unknown)[0])
        )
    population = sum(
        city.population for slug in held if (city := world.territories[slug].city) is not None
    )
    bonuses = [
        continent_bonus(world, c.slug, player)
        for c in world.board.continents
        if set(world.board.territories_of(c.slug)) <= held
    ]
    return troops_recruited(
        territories=len(held),
        population=population,
        continent_bonuses=bonuses,
        trade_coins=trade_coins,
        trade_chart=trade_chart,
        round_up=round_up,
    )
