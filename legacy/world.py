"""The world as plain, frozen data: what the board and the cards look like at one moment.

Selectors build a ``World`` from the stored marks (as of the end of any game); rule functions
read it. Nothing here touches the database, so the rules are tested with hand-made worlds.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from legacy import board
from legacy.board import BOX, Board
from legacy.box import CITY_POPULATION, FORTIFICATION_BOXES


@dataclass(frozen=True)
class City:
    kind: str  # MINOR_CITY, MAJOR_CITY or CAPITAL_CITY (``legacy.box``)
    name: str
    founder: int | None = None  # player id
    fortified: bool = False
    boxes_used: int = 0

    @property
    def population(self) -> int:
        return CITY_POPULATION[self.kind]

    @property
    def fortification_works(self) -> bool:
        return self.fortified and self.boxes_used < FORTIFICATION_BOXES


@dataclass(frozen=True)
class TerritoryState:
    slug: str
    city: City | None = None
    scar: str | None = None  # scar type slug
    coins: int = 1  # on this territory's card
    card_destroyed: bool = False
    other_marks: tuple[str, ...] = ()  # kinds of mark the group unlocked
    scar_cancelled: bool = False  # a white sticker covers the scar it had (none placed since)
    added_name: str = ""  # a territory a packet added: its name in the group's words

    @property
    def marked(self) -> bool:
        """A territory is marked when any sticker is on it: a city, a scar or another mark. A
        white sticker over a cancelled scar counts only where the campaign reads it so
        (``World.is_marked``)."""
        return self.city is not None or self.scar is not None or bool(self.other_marks)

    @property
    def name(self) -> str:
        t = board.TERRITORY_BY_SLUG.get(self.slug)
        return t.name if t else self.added_name or self.slug


@dataclass(frozen=True)
class ContinentState:
    slug: str
    name: str | None = None  # the name a winner gave it
    namer: int | None = None  # player id
    bonus_change: int = 0  # -1, 0 or +1

    @property
    def bonus(self) -> int:
        return board.CONTINENT_BY_SLUG[self.slug].bonus + self.bonus_change


@dataclass(frozen=True)
class Signature:
    line: int
    player: int
    game: int
    date: str  # ISO date
    slogan: str = ""


@dataclass(frozen=True)
class World:
    as_of_game: int | None  # None: the world right now, mid-game marks included
    territories: dict[str, TerritoryState]
    continents: dict[str, ContinentState]
    signatures: tuple[Signature, ...] = ()
    faction_scars: dict[str, str] = field(default_factory=dict)  # faction -> scar type slug
    faction_powers: dict[str, tuple[str, ...]] = field(default_factory=dict)
    packets_opened: frozenset[str] = frozenset()
    world_name: str | None = None
    world_namer: int | None = None
    stock_left: dict[str, int] = field(default_factory=dict)
    minor_cities_founded: int = 0  # ever, including destroyed ones
    # The campaign's reading of a cancelled scar: the white sticker still marks the territory.
    cancelled_scars_mark: bool = False
    # The board as of this world's game: the box's, plus the territories and connections packets
    # added by then. Rules read territories, continents and connections from here.
    board: Board = BOX

    def is_marked(self, slug: str) -> bool:
        """Whether a territory is marked, as the campaign reads a cancelled scar (unmarked
        again by default; still marked when the white sticker counts as a sticker)."""
        state = self.territories[slug]
        return state.marked or (self.cancelled_scars_mark and state.scar_cancelled)

    def signature_counts(self) -> dict[int, int]:
        counts: dict[int, int] = {}
        for s in self.signatures:
            counts[s.player] = counts.get(s.player, 0) + 1
        return counts

    def cities(self) -> dict[str, City]:
        return {slug: t.city for slug, t in self.territories.items() if t.city}


def empty_world(*, coins: dict[str, int] | None = None, on: Board = BOX) -> World:
    """A fresh board: every territory unmarked with its card's coins (the box's 42 with one coin
    each), unnamed continents."""
    coins = coins or {}
    return World(
        as_of_game=0,
        territories={t.slug: territory_state(t, coins=coins.get(t.slug)) for t in on.territories},
        continents={c.slug: ContinentState(c.slug) for c in on.continents},
        board=on,
    )


def territory_state(t: board.Territory, *, coins: int | None = None, **marks) -> TerritoryState:
    """A territory's state on the board: its card's coins unless stickers say more."""
    return TerritoryState(
        t.slug,
        coins=coins if coins is not None else t.coins,
        added_name=t.name if t.added_in is not None else "",
        **marks,
    )
