"""The rewards at the end of a game: which ones a winner and those who held on may choose,
where, when none is left, the checks of a choice, the world once it is applied, and the order
in which those who held on choose."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, replace
from enum import StrEnum
from typing import TypeVar

from legacy import board
from legacy.box import (
    CAMPAIGN_GAMES,
    CAPITAL_CITY,
    MAJOR_CITY,
    MINOR_CITY,
    TERRITORY_CARD_MAX_COINS,
    Stock,
)
from legacy.errors import RuleViolation
from legacy.refusals import TableRule
from legacy.rules.starting import territory_name
from legacy.words import Words
from legacy.world import City, World

# --- Rewards at the end of a game ----------------------------------------------------------------


def gettext_noop(words: str) -> str:
    """Marks words for the translation catalogue (the name is the one ``makemessages`` looks
    for) and returns them as they are: the pages and the API translate a label when they show
    it (``gettext(Reward.X.label)``), so the rules import nothing from Django."""
    return words


class Reward(StrEnum):
    """A reward at the end of a game, and its words (``label``, in English; translated by the
    door that shows it).

    A plain ``StrEnum`` rather than Django's ``TextChoices``, so the rules stay free of Django.
    """

    label: str

    def __new__(cls, value: str, label: str = ""):
        member = str.__new__(cls, value)
        member._value_ = value
        member.label = label
        return member

    NAME_CONTINENT = "name-continent", gettext_noop("Name a continent")
    MAJOR_CITY = "major-city", gettext_noop("Found a major city")
    WORLD_CAPITAL = "world-capital", gettext_noop("Found a World Capital")
    CANCEL_SCAR = "cancel-scar", gettext_noop("Cancel a scar")
    CHANGE_BONUS = "change-bonus", gettext_noop("Change a continent's bonus")
    FORTIFY_CITY = "fortify-city", gettext_noop("Fortify a city")
    DESTROY_CARD = "destroy-card", gettext_noop("Destroy a territory card")
    MINOR_CITY = "minor-city", gettext_noop("Found a minor city")
    UPGRADE_CARD = "upgrade-card", gettext_noop("Add a coin to a territory card")


WINNER_REWARDS = (
    Reward.NAME_CONTINENT,
    Reward.MAJOR_CITY,
    Reward.WORLD_CAPITAL,
    Reward.CANCEL_SCAR,
    Reward.CHANGE_BONUS,
    Reward.FORTIFY_CITY,
    Reward.DESTROY_CARD,
)
HELD_ON_REWARDS = (Reward.MINOR_CITY, Reward.UPGRADE_CARD)


def reward_in_english(kind: str) -> str:
    """A reward's words in English, as the rules word their refusals; an unknown kind as given."""
    if kind not in tuple(Reward):
        return str(kind)
    return Reward(kind).label


def _reward_words(kind: str) -> Words:
    """A reward's label, said in the reader's language in a refusal that names it."""
    return Words(reward_in_english(kind))


NAME_MOST_CHARACTERS = 60
# What needs a name, in the words of the refusal that asks for one.
A_CONTINENT = Words(gettext_noop("A continent"))
A_MAJOR_CITY = Words(gettext_noop("A major city"))
A_MINOR_CITY = Words(gettext_noop("A minor city"))
A_WORLD_CAPITAL = Words(gettext_noop("A World Capital"))
# The stickers a reward uses, in the words of the refusal once they are all used.
STICKERS = {
    Stock.MAJOR_CITIES: Words(gettext_noop("5 major city stickers")),
    Stock.MINOR_CITIES: Words(gettext_noop("9 minor city stickers")),
    Stock.SCAR_CANCELS: Words(gettext_noop("scar-cancel stickers")),
    Stock.FORTIFICATIONS: Words(gettext_noop("fortification stickers")),
    Stock.HELD_ON_COINS: Words(gettext_noop("coin stickers")),
}
# The held-on stocks used up (``held_on_stocks_out``), in words.
HELD_ON_STOCKS_OUT = {
    (Stock.MINOR_CITIES,): Words(gettext_noop("All 9 minor city stickers")),
    (Stock.HELD_ON_COINS,): Words(gettext_noop("All coin stickers")),
    (Stock.MINOR_CITIES, Stock.HELD_ON_COINS): Words(
        gettext_noop("All 9 minor city stickers and all coin stickers")
    ),
}


@dataclass(frozen=True)
class RewardChoice:
    """One reward as a player chose it; which fields matter depends on the kind."""

    kind: Reward
    territory: str | None = None
    continent: str | None = None
    name: str = ""
    delta: int = 0


def rewards_given(game_number: int) -> bool:
    """Winner and held-on rewards are given after games 1 to 15 only."""
    return 1 <= game_number <= CAMPAIGN_GAMES


def _stock(world: World, stock: str) -> int:
    return world.stock_left.get(stock, 0)


def winner_reward_targets(world: World) -> dict[Reward, list]:
    """Every winner's reward available now, with the legal targets of each.

    A reward whose stock is gone, or that has nothing left to act on, is left out.
    """
    # Every territory on the board as of the world's game takes marks, the added ones too.
    territories = [t for t in world.territories.values() if world.board.has(t.slug)]
    targets: dict[Reward, list] = {
        Reward.NAME_CONTINENT: [c.slug for c in world.continents.values() if c.name is None],
        Reward.MAJOR_CITY: (
            [t.slug for t in territories if t.city is None]
            if _stock(world, Stock.MAJOR_CITIES) > 0
            else []
        ),
        Reward.WORLD_CAPITAL: (
            [t.slug for t in territories if t.city is None]
            if _stock(world, Stock.WORLD_CAPITALS) > 0
            else []
        ),
        Reward.CANCEL_SCAR: (
            [t.slug for t in territories if t.scar is not None]
            if _stock(world, Stock.SCAR_CANCELS) > 0
            else []
        ),
        Reward.CHANGE_BONUS: [
            (c.slug, delta)
            for c in world.continents.values()
            if c.bonus_change == 0
            for delta, stock in ((1, Stock.BONUS_PLUS), (-1, Stock.BONUS_MINUS))
            if _stock(world, stock) > 0
        ],
        Reward.FORTIFY_CITY: (
            [t.slug for t in territories if t.city is not None]
            if _stock(world, Stock.FORTIFICATIONS) > 0
            else []
        ),
        Reward.DESTROY_CARD: [t.slug for t in territories if not t.card_destroyed],
    }
    return {kind: options for kind, options in targets.items() if options}


def held_on_stocks_left(world: World, *, end_together: bool = False) -> tuple[Reward, ...]:
    """The held-on rewards whose stock is not empty, in box order.

    Each reward ends when its own stock runs out; with ``end_together`` (a campaign setting:
    the rulebook's "no more coins or minor cities") both end as soon as either stock is empty.
    """
    left = tuple(
        kind
        for kind, stock in (
            (Reward.MINOR_CITY, Stock.MINOR_CITIES),
            (Reward.UPGRADE_CARD, Stock.HELD_ON_COINS),
        )
        if _stock(world, stock) > 0
    )
    if end_together and len(left) < len(HELD_ON_REWARDS):
        return ()
    return left


def held_on_reward_targets(
    world: World, controlled: Iterable[str], *, end_together: bool = False
) -> dict[Reward, list[str]]:
    """Every held-on reward available to a player who controlled ``controlled`` at the end."""
    left = held_on_stocks_left(world, end_together=end_together)
    held = [t.slug for t in world.board.territories if t.slug in set(controlled)]
    targets = {
        Reward.MINOR_CITY: (
            [s for s in held if world.territories[s].city is None]
            if Reward.MINOR_CITY in left
            else []
        ),
        Reward.UPGRADE_CARD: (
            [
                s
                for s in held
                if not world.territories[s].card_destroyed
                and world.territories[s].coins < TERRITORY_CARD_MAX_COINS
            ]
            if Reward.UPGRADE_CARD in left
            else []
        ),
    }
    return {kind: options for kind, options in targets.items() if options}


def held_on_stocks_out(world: World) -> tuple[str, ...]:
    """The held-on stocks that are empty (``Stock.MINOR_CITIES``, ``Stock.HELD_ON_COINS``)."""
    return tuple(s for s in (Stock.MINOR_CITIES, Stock.HELD_ON_COINS) if _stock(world, s) <= 0)


def _stocks_out_sentence(world: World) -> str:
    out = []
    if _stock(world, Stock.MINOR_CITIES) <= 0:
        out.append("all 9 minor city stickers")
    if _stock(world, Stock.HELD_ON_COINS) <= 0:
        out.append("all coin stickers")
    return " and ".join(out)


def no_held_on_reward_reason(
    world: World, controlled: Iterable[str] | None, *, end_together: bool = False
) -> str | None:
    """Why a player who held on gets no reward, or None when some reward is legal for them.

    ``controlled`` is what they controlled at the end; None when nobody said, in which case
    only empty stocks excuse them (they might have controlled anything).
    """
    left = held_on_stocks_left(world, end_together=end_together)
    if not left:
        used = _stocks_out_sentence(world)
        if end_together and len(used.split(" and ")) < 2:
            return (
                f"{used[0].upper()}{used[1:]} are used, and in this campaign held-on rewards "
                "end when either stock runs out."
            )
        return f"{used[0].upper()}{used[1:]} are used."
    if controlled is None:
        return None
    if held_on_reward_targets(world, controlled, end_together=end_together):
        return None
    wanted = {
        Reward.MINOR_CITY: "no territory without a city",
        Reward.UPGRADE_CARD: "no territory whose card can take another coin",
    }
    nothing = " and ".join(wanted[k] for k in left)
    used = _stocks_out_sentence(world)
    return f"They controlled {nothing} at the end" + (f" ({used} are used)." if used else ".")


def require_territory(choice: RewardChoice, on: board.Board = board.BOX) -> str:
    """The territory a reward goes on, when the board as of the game (``on``) has it."""
    if choice.territory is None or not on.has(choice.territory):
        raise RuleViolation(
            TableRule.UNKNOWN_TERRITORY, field="territory", territory=repr(choice.territory)
        )
    return choice.territory


def require_name(choice: RewardChoice, what: Words) -> str:
    """The name given for ``what`` (a city, a continent), trimmed: needed, and short."""
    name = (choice.name or "").strip()
    if not name:
        raise RuleViolation(TableRule.NAME_REQUIRED, field="name", what=what)
    if len(name) > NAME_MOST_CHARACTERS:
        raise RuleViolation(
            TableRule.NAME_TOO_LONG, field="name", what=what, most=NAME_MOST_CHARACTERS
        )
    return name


def check_winner_reward(world: World, choice: RewardChoice) -> None:
    """Refuse a winner's reward that the world or the stock does not allow now."""
    kind = choice.kind
    if kind not in WINNER_REWARDS:
        raise RuleViolation(TableRule.WINNERS_REWARD_KIND, field="kind", reward=_reward_words(kind))
    if kind == Reward.NAME_CONTINENT or kind == Reward.CHANGE_BONUS:
        if choice.continent not in board.CONTINENT_BY_SLUG:
            raise RuleViolation(
                TableRule.UNKNOWN_CONTINENT, field="continent", continent=repr(choice.continent)
            )
        continent = world.continents[choice.continent]
        label = continent.name or board.CONTINENT_BY_SLUG[choice.continent].name
        if kind == Reward.NAME_CONTINENT:
            require_name(choice, A_CONTINENT)
            if continent.name is not None:
                raise RuleViolation(
                    TableRule.CONTINENT_NAMED_ONCE, field="continent", continent=label
                )
            return
        if choice.delta not in (1, -1):
            raise RuleViolation(TableRule.BONUS_CHANGE, field="delta")
        if continent.bonus_change != 0:
            raise RuleViolation(TableRule.BONUS_CHANGED_ONCE, field="continent", continent=label)
        stock = Stock.BONUS_PLUS if choice.delta == 1 else Stock.BONUS_MINUS
        if _stock(world, stock) <= 0:
            sign = "+1" if choice.delta == 1 else "-1"
            raise RuleViolation(TableRule.BONUS_STICKER_USED, field="delta", sign=sign)
        return
    slug = require_territory(choice, world.board)
    state = world.territories[slug]
    name = territory_name(slug, world.board)
    if kind == Reward.MAJOR_CITY:
        require_name(choice, A_MAJOR_CITY)
        if state.city is not None:
            raise RuleViolation(TableRule.ONE_CITY_PER_TERRITORY, field="territory", territory=name)
        if _stock(world, Stock.MAJOR_CITIES) <= 0:
            raise RuleViolation(
                TableRule.STICKERS_USED, field="kind", stickers=STICKERS[Stock.MAJOR_CITIES]
            )
    elif kind == Reward.WORLD_CAPITAL:
        require_name(choice, A_WORLD_CAPITAL)
        if state.city is not None:
            raise RuleViolation(TableRule.ONE_CITY_PER_TERRITORY, field="territory", territory=name)
        if _stock(world, Stock.WORLD_CAPITALS) <= 0:
            raise RuleViolation(TableRule.WORLD_CAPITALS_ALLOWED, field="kind")
    elif kind == Reward.CANCEL_SCAR:
        if state.scar is None:
            raise RuleViolation(TableRule.CANCEL_NEEDS_SCAR, field="territory", territory=name)
        if _stock(world, Stock.SCAR_CANCELS) <= 0:
            raise RuleViolation(
                TableRule.STICKERS_USED, field="kind", stickers=STICKERS[Stock.SCAR_CANCELS]
            )
    elif kind == Reward.FORTIFY_CITY:
        if state.city is None:
            raise RuleViolation(TableRule.FORTIFY_NEEDS_CITY, field="territory", territory=name)
        if _stock(world, Stock.FORTIFICATIONS) <= 0:
            raise RuleViolation(
                TableRule.STICKERS_USED, field="kind", stickers=STICKERS[Stock.FORTIFICATIONS]
            )
    elif kind == Reward.DESTROY_CARD and state.card_destroyed:
        raise RuleViolation(TableRule.CARD_DESTROYED_ONCE, field="territory", territory=name)


def check_held_on_reward(
    world: World, choice: RewardChoice, *, controlled: Iterable[str], end_together: bool = False
) -> None:
    """Refuse a held-on reward that the world, the stock or the player's end position forbids.

    With ``end_together`` (a campaign setting) neither reward is given once either stock is
    empty."""
    if choice.kind not in HELD_ON_REWARDS:
        raise RuleViolation(
            TableRule.HELD_ON_REWARD, field="kind", reward=_reward_words(choice.kind)
        )
    if end_together and not held_on_stocks_left(world, end_together=True):
        raise RuleViolation(
            TableRule.HELD_ON_REWARDS_ENDED,
            field="kind",
            stickers=HELD_ON_STOCKS_OUT[held_on_stocks_out(world)],
        )
    slug = require_territory(choice, world.board)
    name = territory_name(slug, world.board)
    if slug not in set(controlled):
        raise RuleViolation(TableRule.HELD_ON_CONTROLLED, field="territory", territory=name)
    state = world.territories[slug]
    if choice.kind == Reward.MINOR_CITY:
        require_name(choice, A_MINOR_CITY)
        if state.city is not None:
            raise RuleViolation(TableRule.ONE_CITY_PER_TERRITORY, field="territory", territory=name)
        if _stock(world, Stock.MINOR_CITIES) <= 0:
            raise RuleViolation(
                TableRule.STICKERS_USED, field="kind", stickers=STICKERS[Stock.MINOR_CITIES]
            )
        return
    if state.card_destroyed:
        raise RuleViolation(TableRule.CARD_DESTROYED, field="territory", territory=name)
    if state.coins >= TERRITORY_CARD_MAX_COINS:
        raise RuleViolation(
            TableRule.CARD_COIN_LIMIT,
            field="territory",
            territory=name,
            count=TERRITORY_CARD_MAX_COINS,
        )
    if _stock(world, Stock.HELD_ON_COINS) <= 0:
        raise RuleViolation(
            TableRule.STICKERS_USED, field="kind", stickers=STICKERS[Stock.HELD_ON_COINS]
        )


def world_after_reward(world: World, choice: RewardChoice, *, player: int | None) -> World:
    """The world once a (checked) reward is applied, so the next player's choice sees it."""
    territories = dict(world.territories)
    continents = dict(world.continents)
    stock = dict(world.stock_left)
    minor_founded = world.minor_cities_founded

    def spend(name: str) -> None:
        stock[name] = stock.get(name, 0) - 1

    kind = choice.kind
    # A checked reward names the continent or the territory its kind needs.
    if kind == Reward.NAME_CONTINENT:
        assert choice.continent is not None
        continents[choice.continent] = replace(
            continents[choice.continent], name=choice.name.strip(), namer=player
        )
    elif kind == Reward.CHANGE_BONUS:
        assert choice.continent is not None
        continents[choice.continent] = replace(
            continents[choice.continent], bonus_change=choice.delta
        )
        spend(Stock.BONUS_PLUS if choice.delta == 1 else Stock.BONUS_MINUS)
    else:
        assert choice.territory is not None
        t = territories[choice.territory]
        if kind == Reward.WORLD_CAPITAL:
            t = replace(t, city=City(CAPITAL_CITY, choice.name.strip(), founder=player))
            spend(Stock.WORLD_CAPITALS)
        elif kind in (Reward.MAJOR_CITY, Reward.MINOR_CITY):
            city_kind = MAJOR_CITY if kind == Reward.MAJOR_CITY else MINOR_CITY
            t = replace(t, city=City(city_kind, choice.name.strip(), founder=player))
            spend(Stock.MAJOR_CITIES if city_kind == MAJOR_CITY else Stock.MINOR_CITIES)
            minor_founded += city_kind == MINOR_CITY
        elif kind == Reward.CANCEL_SCAR:
            t = replace(t, scar=None)
            spend(Stock.SCAR_CANCELS)
        elif kind == Reward.FORTIFY_CITY:
            assert t.city is not None
            t = replace(t, city=replace(t.city, fortified=True, boxes_used=0))
            spend(Stock.FORTIFICATIONS)
        elif kind == Reward.DESTROY_CARD:
            t = replace(t, card_destroyed=True)
        elif kind == Reward.UPGRADE_CARD:
            t = replace(t, coins=t.coins + 1)
            spend(Stock.HELD_ON_COINS)
        territories[choice.territory] = t
    return replace(
        world,
        territories=territories,
        continents=continents,
        stock_left=stock,
        minor_cities_founded=minor_founded,
    )


def held_on_order(seat_orders: Mapping[int, int], winner: int) -> list[int]:
    """Players in seating order, clockwise from the winner (who comes first)."""
    ordered = sorted(seat_orders, key=seat_orders.__getitem__)
    i = ordered.index(winner)
    return ordered[i:] + ordered[:i]


T = TypeVar("T")


def marks_a_city_covers(marks: Iterable[T], *, city_covers_marks: bool) -> list[T]:
    """The group's own marks on a territory that a city founded there takes off the board. The
    rulebook names no such mark: by default none is taken off, and the mark stays beside the
    city. A group that reads the city's sticker as covering it (``city_covers_marks``) takes
    every one off."""
    return list(marks) if city_covers_marks else []
