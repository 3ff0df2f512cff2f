"""The rules of Risk Legacy that a campaign keeper enforces, as pure functions.

Each function takes plain data (numbers, slugs, a frozen ``World``) and returns plain data or
raises ``RuleViolation`` with a message for the players. Nothing here reads or writes the
database: services gather the facts, ask these functions, and write what they allow.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, replace
from enum import StrEnum

from legacy import board
from legacy.box import (
    BASE_TRADE_CHART,
    CAMPAIGN_GAMES,
    CAPITAL_CITY,
    FIRST_GAME_MAX_COINS,
    MAJOR_CITY,
    MINOR_CITY,
    TERRITORY_CARD_MAX_COINS,
    Stock,
)
from legacy.errors import RuleViolation
from legacy.world import City, World

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
            f"Cards traded in must be worth {low} to {high} coins in total, not {coins}.",
            rule="trade-chart",
            field="trade_coins",
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
        raise RuleViolation("Territories and population cannot be negative.", rule="recruitment")
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
    unknown = held - set(board.TERRITORY_BY_SLUG)
    if unknown:
        raise RuleViolation(
            f"There is no territory called {sorted(unknown)[0]!r} on the board.",
            rule="unknown-territory",
            field="controlled",
        )
    population = sum(
        city.population for slug in held if (city := world.territories[slug].city) is not None
    )
    bonuses = [
        continent_bonus(world, c.slug, player)
        for c in board.CONTINENTS
        if set(board.territories_of(c.slug)) <= held
    ]
    return troops_recruited(
        territories=len(held),
        population=population,
        continent_bonuses=bonuses,
        trade_coins=trade_coins,
        trade_chart=trade_chart,
        round_up=round_up,
    )


# --- Before every game ---------------------------------------------------------------------------


# Cities whose founder (and only they) may start on them: a major city, and a World Capital.
FOUNDERS_START_CITIES = (MAJOR_CITY, CAPITAL_CITY)


@dataclass(frozen=True)
class Reason:
    """Why a rule says no, as data: a stable ``code`` and its parameters (territory slugs, a
    city's name), so that each door words it in its reader's language. ``str()`` is the
    English sentence, for the services' refusals and for logs."""

    code: str
    territory: str = ""
    other: str = ""  # a second territory (the HQ next door)
    city: str = ""  # a city's name, as the group wrote it

    def __str__(self) -> str:
        name = _territory_name(self.territory)
        if self.code == "unknown-territory":
            return f"There is no territory called {self.territory!r} on the board."
        if self.code == "occupied":
            return f"{name} is occupied: a start must be an empty territory."
        if self.code == "others-capital":
            return (
                f"{name} holds {self.city}, a World Capital founded by someone else: only its "
                "founder may start there."
            )
        if self.code == "others-major-city":
            return (
                f"{name} holds {self.city}, a major city founded by someone else: only its "
                "founder may start there."
            )
        if self.code == "marked":
            return f"{name} is marked: a start must be unmarked, or a major city you founded."
        if self.code == "borders-hq":
            other = _territory_name(self.other)
            return (
                f"{name} borders the HQ already placed in {other}: HQs may not start side by side."
            )
        return self.code


def start_reason(
    world: World,
    territory: str,
    *,
    player: int | None,
    occupied: Iterable[str] = (),
    hqs: Iterable[str] = (),
) -> Reason | None:
    """Why ``player`` may not start on ``territory`` (a ``Reason``), or None if they may.

    A start must be unoccupied, and either unmarked or holding a major city that this same
    player founded (scarred or not); it may not touch an HQ already placed. A World Capital is
    the bigger major city and is read the same way: a legal start for its founder only.
    """
    if territory not in board.TERRITORY_BY_SLUG:
        return Reason("unknown-territory", territory)
    if territory in set(occupied) or territory in set(hqs):
        return Reason("occupied", territory)
    state = world.territories[territory]
    city = (
        state.city if state.city is not None and state.city.kind in FOUNDERS_START_CITIES else None
    )
    own_major_city = city is not None and player is not None and city.founder == player
    if state.marked and not own_major_city:
        if city is not None and city.kind == CAPITAL_CITY:
            return Reason("others-capital", territory, city=city.name)
        if city is not None:
            return Reason("others-major-city", territory, city=city.name)
        return Reason("marked", territory)
    touching = sorted(h for h in hqs if board.are_adjacent(h, territory))
    if touching:
        return Reason("borders-hq", territory, other=touching[0])
    return None


def starting_refusal(
    world: World,
    territory: str,
    *,
    player: int | None,
    occupied: Iterable[str] = (),
    hqs: Iterable[str] = (),
) -> str | None:
    """``start_reason`` in English words, or None if ``player`` may start there."""
    reason = start_reason(world, territory, player=player, occupied=occupied, hqs=hqs)
    return None if reason is None else str(reason)


def legal_starting_territories(
    world: World,
    *,
    player: int | None,
    occupied: Iterable[str] = (),
    hqs: Iterable[str] = (),
) -> list[str]:
    """Every territory where ``player`` may place their HQ now, in board order."""
    occupied, hqs = frozenset(occupied), frozenset(hqs)
    return [
        t.slug
        for t in board.TERRITORIES
        if start_reason(world, t.slug, player=player, occupied=occupied, hqs=hqs) is None
    ]


JOINING_TROOPS = 4  # Join the War: half the 8 starting troops, and no HQ


def joining_refusal(
    world: World, territory: str, *, player: int | None, occupied: Iterable[str] = ()
) -> str | None:
    """Why ``player``, joining the war mid-game, may not place their troops on ``territory``, or
    None if they may.

    Joining uses the legal starts (unoccupied; unmarked or a major city this player founded), but
    the joining player places no HQ, so "an HQ may not start next to another HQ" does not apply:
    HQs on the board are occupied territories like any other and close nothing around them.
    """
    return starting_refusal(world, territory, player=player, occupied=occupied)


def legal_joining_territories(
    world: World, *, player: int | None, occupied: Iterable[str] = ()
) -> list[str]:
    """Every territory where ``player`` may join the war now, in board order. None at all means
    the player is eliminated for this game, even if one opens later."""
    return legal_starting_territories(world, player=player, occupied=occupied)


@dataclass(frozen=True)
class StartingTokens:
    red_stars: int
    missiles: int


def starting_tokens(signatures: int) -> StartingTokens:
    """What a player takes before a game: a red star if they never signed, else a missile per
    signature."""
    if signatures < 0:
        raise ValueError("signatures cannot be negative")
    return StartingTokens(red_stars=0, missiles=signatures) if signatures else StartingTokens(1, 0)


def scar_cards_dealt(*, available: int, players: int) -> bool:
    """Scar cards are dealt (one each) only when there are at least as many as players."""
    return players > 0 and available >= players


# --- Before the first game -----------------------------------------------------------------------


def check_first_game_coins(placements: Iterable[str], *, stock: int = 12) -> dict[str, int]:
    """Check the coin stickers placed before the first game; return each card's coins.

    There are ``stock`` stickers (12 in the box), all of them go on territory cards, and no card
    may hold more than 3 coins before the first game (its printed coin and two stickers).
    """
    placements = list(placements)
    for slug in placements:
        if slug not in board.TERRITORY_BY_SLUG:
            raise RuleViolation(
                f"There is no territory called {slug!r} on the board.",
                rule="unknown-territory",
                field="coins",
            )
    if len(placements) != stock:
        raise RuleViolation(
            f"Before the first game all {stock} coin stickers go on territory cards; "
            f"{len(placements)} were given.",
            rule="first-game-coins",
            field="coins",
        )
    coins = {t.slug: 1 for t in board.TERRITORIES}
    for slug in placements:
        coins[slug] += 1
        if coins[slug] > FIRST_GAME_MAX_COINS:
            raise RuleViolation(
                f"{board.TERRITORY_BY_SLUG[slug].name} would hold {coins[slug]} coins: no card may "
                f"hold more than {FIRST_GAME_MAX_COINS} before the first game.",
                rule="first-game-coin-limit",
                field="coins",
            )
    return coins


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
    territories = world.territories.values()
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
    held = [slug for slug in world.territories if slug in set(controlled)]
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


def _territory_name(slug: str | None) -> str:
    t = board.TERRITORY_BY_SLUG.get(slug or "")
    return t.name if t else repr(slug)


def _require_territory(choice: RewardChoice) -> str:
    if choice.territory not in board.TERRITORY_BY_SLUG:
        raise RuleViolation(
            f"There is no territory called {choice.territory!r} on the board.",
            rule="unknown-territory",
            field="territory",
        )
    return choice.territory


def _require_name(choice: RewardChoice, what: str) -> str:
    name = (choice.name or "").strip()
    if not name:
        raise RuleViolation(f"{what} needs a name.", rule="name-required", field="name")
    if len(name) > 60:
        raise RuleViolation(
            f"{what}: a name fits in 60 characters.", rule="name-too-long", field="name"
        )
    return name


def check_winner_reward(world: World, choice: RewardChoice) -> None:
    """Refuse a winner's reward that the world or the stock does not allow now."""
    kind = choice.kind
    if kind not in WINNER_REWARDS:
        raise RuleViolation(
            f"{reward_in_english(kind)} is not a winner's reward.",
            rule="winner-reward",
            field="kind",
        )
    if kind == Reward.NAME_CONTINENT or kind == Reward.CHANGE_BONUS:
        if choice.continent not in board.CONTINENT_BY_SLUG:
            raise RuleViolation(
                f"There is no continent called {choice.continent!r}.",
                rule="unknown-continent",
                field="continent",
            )
        continent = world.continents[choice.continent]
        label = continent.name or board.CONTINENT_BY_SLUG[choice.continent].name
        if kind == Reward.NAME_CONTINENT:
            _require_name(choice, "A continent")
            if continent.name is not None:
                raise RuleViolation(
                    f"{label} already has a name: each continent is named once.",
                    rule="continent-named-once",
                    field="continent",
                )
            return
        if choice.delta not in (1, -1):
            raise RuleViolation(
                "A continent's bonus changes by +1 or -1.", rule="bonus-change", field="delta"
            )
        if continent.bonus_change != 0:
            raise RuleViolation(
                f"{label}'s bonus was already changed: each continent can be changed once.",
                rule="bonus-changed-once",
                field="continent",
            )
        stock = Stock.BONUS_PLUS if choice.delta == 1 else Stock.BONUS_MINUS
        if _stock(world, stock) <= 0:
            sign = "+1" if choice.delta == 1 else "-1"
            raise RuleViolation(
                f"The {sign} bonus sticker is already used.", rule="stock-empty", field="delta"
            )
        return
    slug = _require_territory(choice)
    state = world.territories[slug]
    name = _territory_name(slug)
    if kind == Reward.MAJOR_CITY:
        _require_name(choice, "A major city")
        if state.city is not None:
            raise RuleViolation(
                f"{name} already has a city: one city per territory.",
                rule="one-city-per-territory",
                field="territory",
            )
        if _stock(world, Stock.MAJOR_CITIES) <= 0:
            raise RuleViolation(
                "All 5 major city stickers are used.", rule="stock-empty", field="kind"
            )
    elif kind == Reward.WORLD_CAPITAL:
        _require_name(choice, "A World Capital")
        if state.city is not None:
            raise RuleViolation(
                f"{name} already has a city: one city per territory.",
                rule="one-city-per-territory",
                field="territory",
            )
        if _stock(world, Stock.WORLD_CAPITALS) <= 0:
            raise RuleViolation(
                "No World Capital may be founded now: no opened packet allows one, or the "
                "campaign has as many as it allows.",
                rule="world-capitals-allowed",
                field="kind",
            )
    elif kind == Reward.CANCEL_SCAR:
        if state.scar is None:
            raise RuleViolation(
                f"{name} has no scar to cancel.", rule="cancel-needs-scar", field="territory"
            )
        if _stock(world, Stock.SCAR_CANCELS) <= 0:
            raise RuleViolation(
                "All scar-cancel stickers are used.", rule="stock-empty", field="kind"
            )
    elif kind == Reward.FORTIFY_CITY:
        if state.city is None:
            raise RuleViolation(
                f"{name} has no city to fortify.", rule="fortify-needs-city", field="territory"
            )
        if _stock(world, Stock.FORTIFICATIONS) <= 0:
            raise RuleViolation(
                "All fortification stickers are used.", rule="stock-empty", field="kind"
            )
    elif kind == Reward.DESTROY_CARD and state.card_destroyed:
        raise RuleViolation(
            f"{name}'s territory card is already destroyed.",
            rule="card-destroyed-once",
            field="territory",
        )


def check_held_on_reward(
    world: World, choice: RewardChoice, *, controlled: Iterable[str], end_together: bool = False
) -> None:
    """Refuse a held-on reward that the world, the stock or the player's end position forbids.

    With ``end_together`` (a campaign setting) neither reward is given once either stock is
    empty."""
    if choice.kind not in HELD_ON_REWARDS:
        raise RuleViolation(
            f"{reward_in_english(choice.kind)} is not a reward for holding on.",
            rule="held-on-reward",
            field="kind",
        )
    if end_together and not held_on_stocks_left(world, end_together=True):
        raise RuleViolation(
            f"{_stocks_out_sentence(world)[0].upper()}{_stocks_out_sentence(world)[1:]} are "
            "used, and in this campaign held-on rewards end when either stock runs out.",
            rule="held-on-rewards-ended",
            field="kind",
        )
    slug = _require_territory(choice)
    name = _territory_name(slug)
    if slug not in set(controlled):
        raise RuleViolation(
            f"You did not control {name} at the end of the game.",
            rule="held-on-controlled",
            field="territory",
        )
    state = world.territories[slug]
    if choice.kind == Reward.MINOR_CITY:
        _require_name(choice, "A minor city")
        if state.city is not None:
            raise RuleViolation(
                f"{name} already has a city: one city per territory.",
                rule="one-city-per-territory",
                field="territory",
            )
        if _stock(world, Stock.MINOR_CITIES) <= 0:
            raise RuleViolation(
                "All 9 minor city stickers are used.", rule="stock-empty", field="kind"
            )
        return
    if state.card_destroyed:
        raise RuleViolation(
            f"{name}'s territory card was destroyed.", rule="card-destroyed", field="territory"
        )
    if state.coins >= TERRITORY_CARD_MAX_COINS:
        raise RuleViolation(
            f"{name}'s card already holds {TERRITORY_CARD_MAX_COINS} coins, the most a card holds.",
            rule="card-coin-limit",
            field="territory",
        )
    if _stock(world, Stock.HELD_ON_COINS) <= 0:
        raise RuleViolation("All coin stickers are used.", rule="stock-empty", field="kind")


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
        raise RuleViolation(
            "No opened packet allows founding a World Capital yet.",
            rule="world-capital-locked",
            conflict=True,
        )
    choice = RewardChoice(kind=Reward.MAJOR_CITY, territory=territory, name=name)
    _require_name(choice, "A World Capital")
    slug = _require_territory(choice)
    state = world.territories[slug]
    if state.city is not None:
        raise RuleViolation(
            f"{_territory_name(slug)} already has a city: one city per territory.",
            rule="one-city-per-territory",
            field="territory",
        )
    if len(world_capitals(world)) >= allowed:
        raise RuleViolation(
            f"This campaign allows {allowed} World Capital(s), and that many exist already.",
            rule="world-capitals-allowed",
            conflict=True,
        )


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


def packets_triggered(facts: TriggerFacts) -> list[str]:
    """Every packet whose trigger these facts fire, in box order (opened or not)."""
    fired = {
        "pack-1": facts.minor_cities_founded >= 9,
        "pack-2": facts.factions_eliminated >= 1,
        "pack-3": facts.most_signatures_by_one_player >= 2,
        "pack-4": facts.pack4_mark_placed,
        "pocket-1": facts.most_missiles_on_one_roll >= 3,
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
        raise RuleViolation(
            "Only the players tied for the most signatures roll to name the world.",
            rule="naming-roll-untied",
            field="rolls",
        )
    if len(tied) == 1:
        return NamerDecision(tied[0])
    if not rolls:
        return NamerDecision(None, tied)
    missing = [p for p in tied if p not in rolls]
    if missing:
        raise RuleViolation(
            "Every tied player rolls: a roll is missing.", rule="naming-roll", field="rolls"
        )
    for p in tied:
        if not 1 <= rolls[p] <= 6:
            raise RuleViolation(
                "A roll is a number from 1 to 6.", rule="naming-roll", field="rolls"
            )
    named = continents_named or {}
    totals = {p: rolls[p] + named.get(p, 0) for p in tied}
    best = max(totals.values())
    top = tuple(p for p in tied if totals[p] == best)
    return NamerDecision(top[0]) if len(top) == 1 else NamerDecision(None, top)


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
