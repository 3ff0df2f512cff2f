"""Before a game: where a faction may start or join the war and why (a ``Reason``), the
tokens its signatures give, whether scar cards are dealt, and the 12 coins placed before the
first game."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from legacy import board
from legacy.box import CAMPAIGN_GAMES, CAPITAL_CITY, FIRST_GAME_MAX_COINS, MAJOR_CITY
from legacy.errors import RuleViolation
from legacy.refusals import TableRule
from legacy.world import World


def territory_name(slug: str | None, on: board.Board = board.BOX) -> str:
    t = on.territory_by_slug.get(slug or "")
    return t.name if t else repr(slug)


# --- Before every game ---------------------------------------------------------------------------


# Cities that only their founder may start on: a major city, and a World Capital (which the
# rulebook does not make a legal start even for its founder, unless the group reads it so).
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
        name = territory_name(self.territory)
        if self.code == "unknown-territory":
            return f"There is no territory called {self.territory!r} on the board."
        if self.code == "occupied":
            return f"{name} is occupied: a start must be an empty territory."
        if self.code == "others-capital":
            return (
                f"{name} holds {self.city}, a World Capital founded by someone else: only its "
                "founder may start there."
            )
        if self.code == "own-capital":
            return (
                f"{name} holds {self.city}, a World Capital: a World Capital is not a legal "
                "start, even for its founder (only a major city they founded is)."
            )
        if self.code == "others-major-city":
            return (
                f"{name} holds {self.city}, a major city founded by someone else: only its "
                "founder may start there."
            )
        if self.code == "marked":
            return f"{name} is marked: a start must be unmarked, or a major city you founded."
        if self.code == "borders-hq":
            other = territory_name(self.other)
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
    capital_starts: bool = False,
) -> Reason | None:
    """Why ``player`` may not start on ``territory`` (a ``Reason``), or None if they may.

    A start must be unoccupied, and either unmarked or holding a major city that this same
    player founded (scarred or not); it may not touch an HQ already placed. A World Capital is
    not a legal start, not even for its founder; ``capital_starts`` is for a group that reads
    it as the bigger major city, a legal start for its founder only.
    """
    if territory not in world.territories:
        return Reason("unknown-territory", territory)
    if territory in set(occupied) or territory in set(hqs):
        return Reason("occupied", territory)
    state = world.territories[territory]
    city = (
        state.city if state.city is not None and state.city.kind in FOUNDERS_START_CITIES else None
    )
    own_city = city is not None and player is not None and city.founder == player
    own_major_city = city is not None and own_city and (city.kind == MAJOR_CITY or capital_starts)
    if world.is_marked(territory) and not own_major_city:
        if own_city and city is not None and city.kind == CAPITAL_CITY:
            return Reason("own-capital", territory, city=city.name)
        if city is not None and city.kind == CAPITAL_CITY:
            return Reason("others-capital", territory, city=city.name)
        if city is not None:
            return Reason("others-major-city", territory, city=city.name)
        return Reason("marked", territory)
    touching = sorted(h for h in hqs if world.board.are_adjacent(h, territory))
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
    capital_starts: bool = False,
) -> str | None:
    """``start_reason`` in English words, or None if ``player`` may start there."""
    reason = start_reason(
        world, territory, player=player, occupied=occupied, hqs=hqs, capital_starts=capital_starts
    )
    return None if reason is None else str(reason)


def legal_starting_territories(
    world: World,
    *,
    player: int | None,
    occupied: Iterable[str] = (),
    hqs: Iterable[str] = (),
    capital_starts: bool = False,
) -> list[str]:
    """Every territory where ``player`` may place their HQ now, in board order."""
    occupied, hqs = frozenset(occupied), frozenset(hqs)
    return [
        t.slug
        for t in world.board.territories
        if start_reason(
            world, t.slug, player=player, occupied=occupied, hqs=hqs, capital_starts=capital_starts
        )
        is None
    ]


BASE_STARTING_TROOPS = 8  # (published rules) each player places their HQ and 8 troops


def joining_troops(drafted: int | None = None) -> int:
    """The troops a player joining the war places (and no HQ): half their starting troops,
    rounded down. That is half the 8 of the base game, so 4, until Pack 1's draft is in use;
    then half of what the seat drafted (``drafted``)."""
    start = BASE_STARTING_TROOPS if drafted is None else drafted
    if start < 0:
        raise ValueError("starting troops cannot be negative")
    return start // 2


JOINING_TROOPS = joining_troops()  # before any draft: half the 8 starting troops


def joining_refusal(
    world: World,
    territory: str,
    *,
    player: int | None,
    occupied: Iterable[str] = (),
    capital_starts: bool = False,
) -> str | None:
    """Why ``player``, joining the war mid-game, may not place their troops on ``territory``, or
    None if they may.

    Joining uses the legal starts (unoccupied; unmarked or a major city this player founded), but
    the joining player places no HQ, so "an HQ may not start next to another HQ" does not apply:
    HQs on the board are occupied territories like any other and close nothing around them.
    """
    return starting_refusal(
        world, territory, player=player, occupied=occupied, capital_starts=capital_starts
    )


def legal_joining_territories(
    world: World, *, player: int | None, occupied: Iterable[str] = (), capital_starts: bool = False
) -> list[str]:
    """Every territory where ``player`` may join the war now, in board order. None at all means
    the player is eliminated for this game, even if one opens later."""
    return legal_starting_territories(
        world, player=player, occupied=occupied, capital_starts=capital_starts
    )


@dataclass(frozen=True)
class StartingTokens:
    red_stars: int
    missiles: int


def starting_tokens(signatures: int, *, games_won: int | None = None) -> StartingTokens:
    """What a player takes before a game: a red star if they never signed, else a missile per
    signature (the setup text). With ``games_won`` given, the campaign reads the components
    text instead: a missile per game won, and a red star for a player who never won (the two
    differ after game 15, when winners no longer sign)."""
    earned = signatures if games_won is None else games_won
    if earned < 0:
        raise ValueError("signatures and games won cannot be negative")
    return StartingTokens(red_stars=0, missiles=earned) if earned else StartingTokens(1, 0)


def world_named_before(next_game: int, world_name: str | None) -> bool:
    """Games after the campaign's last (game 15) are played in a named world: the world is
    named at the end of game 15, so game 16 waits for it."""
    return next_game <= CAMPAIGN_GAMES or bool(world_name)


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
            raise RuleViolation(TableRule.UNKNOWN_TERRITORY, field="coins", territory=repr(slug))
    if len(placements) != stock:
        raise RuleViolation(
            TableRule.FIRST_GAME_COINS, field="coins", count=stock, given=len(placements)
        )
    coins = {t.slug: 1 for t in board.TERRITORIES}
    for slug in placements:
        coins[slug] += 1
        if coins[slug] > FIRST_GAME_MAX_COINS:
            raise RuleViolation(
                TableRule.FIRST_GAME_COIN_LIMIT,
                field="coins",
                territory=board.TERRITORY_BY_SLUG[slug].name,
                count=coins[slug],
                most=FIRST_GAME_MAX_COINS,
            )
    return coins
