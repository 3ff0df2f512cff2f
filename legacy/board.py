"""The printed board of Risk Legacy as plain data.

Forty-two territories in six continents, joined by 83 connections (land borders and printed sea
lines alike). Names are the ones printed on the Risk Legacy board; slugs are stable identifiers
used everywhere else (database rows, URLs, the map geometry).

Nothing here changes during a campaign: what the players change (names, bonuses, stickers) is
kept as marks, never as edits to these facts. A packet may add territories and sea connections:
``board_as_of`` builds a campaign's ``Board`` as of a game, the box's board plus what the group
entered up to that game; the module's constants are the box's board (``BOX``).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache


@dataclass(frozen=True)
class Continent:
    slug: str
    name: str
    bonus: int


@dataclass(frozen=True)
class Territory:
    slug: str
    name: str
    continent: str
    coins: int = 1  # on its territory card (the box's cards print one)
    added_in: int | None = None  # the game a packet added it in; None: printed on the board
    position: tuple[float, float] | None = None  # where the group placed it on the map (0..1)


def slugify(name: str) -> str:
    return name.lower().replace(" ", "-")


# Printed geographic hint, base bonus, then the territories printed in it.
_CONTINENTS: tuple[tuple[str, int, tuple[str, ...]], ...] = (
    (
        "North America",
        5,
        (
            "Alaska",
            "Northwest Territory",
            "Greenland",
            "Alberta",
            "Ontario",
            "Eastern Canada",
            "Western United States",
            "Eastern United States",
            "Central America",
        ),
    ),
    ("South America", 2, ("Venezuela", "Brazil", "Peru", "Argentina")),
    (
        "Europe",
        5,
        (
            "Iceland",
            "Great Britain",
            "Scandinavia",
            "Northern Europe",
            "Russia",
            "Western Europe",
            "Southern Europe",
        ),
    ),
    (
        "Africa",
        3,
        ("North Africa", "Egypt", "East Africa", "Central Africa", "South Africa", "Madagascar"),
    ),
    (
        "Asia",
        7,
        (
            "Middle East",
            "Afghanistan",
            "Ural",
            "Siberia",
            "Yakutsk",
            "Kamchatka",
            "Irkutsk",
            "Mongolia",
            "Japan",
            "China",
            "India",
            "Southeast Asia",
        ),
    ),
    ("Australia", 2, ("Indonesia", "New Guinea", "Western Australia", "Eastern Australia")),
)

# Each undirected connection once: a territory and the ones it touches later in this list.
_CONNECTIONS: dict[str, tuple[str, ...]] = {
    "Alaska": ("Northwest Territory", "Alberta", "Kamchatka"),
    "Northwest Territory": ("Alberta", "Ontario", "Greenland"),
    "Greenland": ("Ontario", "Eastern Canada", "Iceland"),
    "Alberta": ("Ontario", "Western United States"),
    "Ontario": ("Eastern Canada", "Western United States", "Eastern United States"),
    "Eastern Canada": ("Eastern United States",),
    "Western United States": ("Eastern United States", "Central America"),
    "Eastern United States": ("Central America",),
    "Central America": ("Venezuela",),
    "Venezuela": ("Brazil", "Peru"),
    "Brazil": ("Peru", "Argentina", "North Africa"),
    "Peru": ("Argentina",),
    "Iceland": ("Great Britain", "Scandinavia"),
    "Great Britain": ("Scandinavia", "Northern Europe", "Western Europe"),
    "Scandinavia": ("Northern Europe", "Russia"),
    "Northern Europe": ("Russia", "Western Europe", "Southern Europe"),
    "Russia": ("Southern Europe", "Ural", "Afghanistan", "Middle East"),
    "Western Europe": ("Southern Europe", "North Africa"),
    "Southern Europe": ("North Africa", "Egypt", "Middle East"),
    "North Africa": ("Egypt", "East Africa", "Central Africa"),
    "Egypt": ("East Africa", "Middle East"),
    "East Africa": ("Central Africa", "South Africa", "Madagascar", "Middle East"),
    "Central Africa": ("South Africa",),
    "South Africa": ("Madagascar",),
    "Middle East": ("Afghanistan", "India"),
    "Afghanistan": ("Ural", "China", "India"),
    "Ural": ("Siberia", "China"),
    "Siberia": ("China", "Mongolia", "Irkutsk", "Yakutsk"),
    "Yakutsk": ("Irkutsk", "Kamchatka"),
    "Kamchatka": ("Irkutsk", "Mongolia", "Japan"),
    "Irkutsk": ("Mongolia",),
    "Mongolia": ("China", "Japan"),
    "China": ("India", "Southeast Asia"),
    "India": ("Southeast Asia",),
    "Southeast Asia": ("Indonesia",),
    "Indonesia": ("New Guinea", "Western Australia"),
    "New Guinea": ("Western Australia", "Eastern Australia"),
    "Western Australia": ("Eastern Australia",),
}

CONTINENTS: tuple[Continent, ...] = tuple(
    Continent(slugify(name), name, bonus) for name, bonus, _ in _CONTINENTS
)
TERRITORIES: tuple[Territory, ...] = tuple(
    Territory(slugify(name), name, slugify(continent))
    for continent, _, names in _CONTINENTS
    for name in names
)
CONTINENT_BY_SLUG: dict[str, Continent] = {c.slug: c for c in CONTINENTS}
TERRITORY_BY_SLUG: dict[str, Territory] = {t.slug: t for t in TERRITORIES}
CONNECTIONS: frozenset[frozenset[str]] = frozenset(
    frozenset((slugify(a), slugify(b))) for a, bs in _CONNECTIONS.items() for b in bs
)

TERRITORY_CHOICES = [(t.slug, t.name) for t in TERRITORIES]
CONTINENT_CHOICES = [(c.slug, c.name) for c in CONTINENTS]


@cache
def neighbors(slug: str) -> frozenset[str]:
    """The territories that share a border or a printed sea line with this one."""
    return frozenset(other for pair in CONNECTIONS if slug in pair for other in pair - {slug})


def territories_of(continent: str) -> tuple[str, ...]:
    return tuple(t.slug for t in TERRITORIES if t.continent == continent)


def are_adjacent(a: str, b: str) -> bool:
    return frozenset((a, b)) in CONNECTIONS


# --- The board as data: the box's board plus what packets added ----------------------------------


@dataclass(frozen=True)
class Board:
    """A campaign's board as of one game: its territories in board order (the box's, then the
    added ones in the order they came), its continents and its connections."""

    territories: tuple[Territory, ...]
    continents: tuple[Continent, ...]
    connections: frozenset[frozenset[str]]

    @property
    def territory_by_slug(self) -> dict[str, Territory]:
        return {t.slug: t for t in self.territories}

    @property
    def continent_by_slug(self) -> dict[str, Continent]:
        return {c.slug: c for c in self.continents}

    @property
    def added(self) -> tuple[Territory, ...]:
        """The territories packets added, in the order they came."""
        return tuple(t for t in self.territories if t.added_in is not None)

    def has(self, slug: str) -> bool:
        return any(t.slug == slug for t in self.territories)

    def name(self, slug: str) -> str:
        t = self.territory_by_slug.get(slug)
        return t.name if t else slug

    def neighbors(self, slug: str) -> frozenset[str]:
        if self is BOX:
            return neighbors(slug)
        return frozenset(o for pair in self.connections if slug in pair for o in pair - {slug})

    def territories_of(self, continent: str) -> tuple[str, ...]:
        return tuple(t.slug for t in self.territories if t.continent == continent)

    def are_adjacent(self, a: str, b: str) -> bool:
        return frozenset((a, b)) in self.connections

    def added_connections(self) -> tuple[tuple[str, str], ...]:
        """The connections not printed on the box's board, each as a sorted pair."""
        return tuple(sorted(tuple(sorted(pair)) for pair in self.connections - CONNECTIONS))  # type: ignore[misc]


BOX = Board(TERRITORIES, CONTINENTS, CONNECTIONS)


@dataclass(frozen=True)
class AddedTerritory:
    """A territory a packet added, as the group entered it."""

    slug: str
    name: str
    continent: str
    game: int
    coins: int = 1
    position: tuple[float, float] | None = None


@dataclass(frozen=True)
class AddedConnection:
    """A connection a packet added between two territories (printed or added)."""

    a: str
    b: str
    game: int


def board_as_of(
    game: int | None,
    territories: Iterable[AddedTerritory] = (),
    connections: Iterable[AddedConnection] = (),
) -> Board:
    """The board as it stood at the end of game ``game`` (None: now): the box's board plus the
    territories and connections added in games up to ``game``."""
    upto = game if game is not None else 1 << 30
    added = [t for t in territories if t.game <= upto]
    pairs = [c for c in connections if c.game <= upto]
    if not added and not pairs:
        return BOX
    return Board(
        territories=TERRITORIES
        + tuple(
            Territory(t.slug, t.name, t.continent, t.coins, t.game, t.position)
            for t in sorted(added, key=lambda t: t.game)
        ),
        continents=CONTINENTS,
        connections=CONNECTIONS | frozenset(frozenset((c.a, c.b)) for c in pairs),
    )
