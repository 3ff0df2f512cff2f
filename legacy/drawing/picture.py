"""What a board picture is made of: what the caller gives, the colours, the primitives, the map.

``DrawnTerritory``, ``DrawnContinent`` and ``BoardPicture`` describe the world as it should look;
``Area``, ``Line``, ``Circle``, ``Rect``, ``Text`` and ``Icon`` are the neutral primitives (map
units, y down) that the layout produces and both renderers draw; ``load_geometry`` reads the map
(``board_geometry.json``). Pure: the standard library only.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path

from legacy.box import CAPITAL_CITY, MAJOR_CITY, MINOR_CITY

GEOMETRY_PATH = Path(__file__).parent.with_name("board_geometry.json")

# ---------------------------------------------------------------------------------------------
# What the caller gives.
# ---------------------------------------------------------------------------------------------

CITY_KINDS = (MINOR_CITY, MAJOR_CITY, CAPITAL_CITY)
BASE_SCARS = ("bunker", "ammo-shortage")


@dataclass(frozen=True)
class DrawnTerritory:
    """The marks on one territory. Every field but ``slug`` defaults to "nothing there".

    ``coins`` is the number drawn in the coin badge (0: no badge); the caller decides whether it
    counts the coin printed on every territory card. ``fortification_boxes_used`` (0..10) is drawn
    next to the fortification ring when ``fortified``.
    """

    slug: str
    city_kind: str | None = None  # one of CITY_KINDS
    city_name: str | None = None
    scar: str | None = None  # a scar type slug: 'bunker', 'ammo-shortage' or a group's own
    scar_label: str | None = None  # the badge text of a scar that is not a base type
    fortified: bool = False
    fortification_boxes_used: int = 0
    card_destroyed: bool = False
    coins: int = 0
    hq_faction: str | None = None  # a faction slug: its HQ starts here
    marks: tuple[str, ...] = ()  # the symbols ("A", "B" ...) of unlocked marks placed here
    hq_color: str | None = None  # "#rrggbb" of a faction not in the box (an unlocked one)
    # A white sticker covers the scar it had, and the campaign reads it as a sticker (the
    # territory is still marked): a small white square is drawn. Unmarked again otherwise.
    scar_cancelled: bool = False


@dataclass(frozen=True)
class DrawnContinent:
    """``bonus`` is the printed base bonus (None: take it from the geometry file);
    ``bonus_change`` (-1, 0 or +1) is the sticker; the legend shows their sum."""

    slug: str
    name: str | None = None
    bonus: int | None = None
    bonus_change: int = 0


@dataclass(frozen=True)
class DrawnIsland:
    """A territory a packet added, drawn as a small island: ``position`` is where the group
    placed it (fractions of the map's width and height, None: a place in the sea next to its
    first connection), ``connections`` the territories its sea lines join."""

    slug: str
    name: str
    continent: str
    connections: tuple[str, ...] = ()
    position: tuple[float, float] | None = None


@dataclass(frozen=True)
class BoardPicture:
    """The whole world as it should be drawn. Territories and continents not listed are drawn
    unmarked/unnamed; a territory of ``islands`` is listed in ``territories`` too when it has
    marks, drawn on its island with the printed territories' icons. ``winners`` holds
    ``(line, name, slogan)`` for the signed lines (1..15)."""

    territories: Sequence[DrawnTerritory] = ()
    continents: Sequence[DrawnContinent] = ()
    winners: Sequence[tuple[int, str, str | None]] = ()
    world_name: str | None = None
    title: str = "Risk Legacy"
    language: str = "en"  # of the printed names and the legend's words (``legacy.names``)
    # The legend of the kinds of unlocked marks: ``(symbol, name)``, the symbol as drawn on
    # the territories' ``marks``. A World Capital on the board gets its legend line by itself.
    mark_legend: Sequence[tuple[str, str]] = ()
    # Territories packets added, in the order they came.
    islands: Sequence[DrawnIsland] = ()
    # Sea lines a packet added between two printed territories.
    added_sea_lines: Sequence[tuple[str, str]] = ()


# ---------------------------------------------------------------------------------------------
# Colours and sizes (map units: the geometry's canvas is 1000 wide).
# ---------------------------------------------------------------------------------------------

SEA = "#cfe0e6"
SEA_LINE = "#2c4e6e"
BORDER = "#3b352c"
INK = "#1e1a15"
PAPER = "#f8f3e6"
PANEL_EDGE = "#6d6253"

CONTINENT_COLORS = {
    "north-america": "#e9c25a",
    "south-america": "#dc7656",
    "europe": "#7f9fd6",
    "africa": "#d2a063",
    "asia": "#8cbc78",
    "australia": "#b18cc4",
}

CITY_FILL = {MINOR_CITY: "#ffffff", MAJOR_CITY: "#ffffff", CAPITAL_CITY: "#f6c21c"}
CITY_EDGE = "#1e1a15"
FORT_RING = "#4a5a6a"
SCAR_COLORS = {"bunker": "#4f5350", "ammo-shortage": "#c8322c"}
SCAR_OTHER = "#5e3a78"
MARK_FILL = "#0f6b6b"  # an unlocked kind of mark: a lettered diamond
WHITE_STICKER_EDGE = "#7d7466"  # a cancelled scar's white sticker, where it still marks
COIN_FILL = "#e8b923"
COIN_EDGE = "#7a5a06"
DESTROYED = "#c41d1d"
FACTION_COLORS = {
    "die-mechaniker": "#2f62c9",
    "enclave-of-the-bear": "#c22c2c",
    "imperial-balkania": "#2f8f46",
    "khan-industries": "#202020",
    "saharan-republic": "#e3b21b",
}
FACTION_OTHER = "#8a8a8a"
BONUS_UP = "#2f8f46"
BONUS_DOWN = "#c22c2c"

NAME_SIZE = 6.0
NAME_LINE = 6.0
CITY_SIZE = 4.9
SMALL_SIZE = 3.9
ROW_GAP = 4.9  # from the name block to the city row and to the badge row
SCAR_LABEL_MAX = 34.0  # longer scar labels and city names are cut with an ellipsis
CITY_NAME_MAX = 46.0

# ---------------------------------------------------------------------------------------------
# Primitives (map units, y down). Colours are "#rrggbb" strings.
# ---------------------------------------------------------------------------------------------

Point = tuple[float, float]


@dataclass(frozen=True, slots=True)
class Area:
    """Filled rings (all of one shape; holes by even-odd). ``territory`` is set on the 42
    territory shapes, and only there."""

    rings: tuple[tuple[Point, ...], ...]
    fill: str | None
    outline: str | None = None
    width: float = 0.0
    territory: str | None = None
    title: str | None = None


@dataclass(frozen=True, slots=True)
class Line:
    points: tuple[Point, ...]
    color: str
    width: float
    dash: tuple[float, float] | None = None
    ref: str | None = None


@dataclass(frozen=True, slots=True)
class Circle:
    center: Point
    radius: float
    fill: str | None
    outline: str | None = None
    width: float = 0.0


@dataclass(frozen=True, slots=True)
class Rect:
    box: tuple[float, float, float, float]
    fill: str | None
    outline: str | None = None
    width: float = 0.0
    radius: float = 0.0


@dataclass(frozen=True, slots=True)
class Text:
    """``anchor`` as in Pillow: horizontal l/m/r, then vertical m (middle) or s (baseline)."""

    pos: Point
    text: str
    size: float
    fill: str = INK
    anchor: str = "mm"
    style: str = "regular"  # 'regular', 'bold' or 'italic'
    halo: str | None = None
    halo_width: float = 0.0


@dataclass(frozen=True, slots=True)
class Icon:
    """A small picture made of primitives whose coordinates are relative to ``center``."""

    center: Point
    parts: tuple[Area | Line | Circle | Rect | Text, ...]
    kind: str = ""
    ref: str | None = None  # the territory it marks


Primitive = Area | Line | Circle | Rect | Text | Icon

# ---------------------------------------------------------------------------------------------
# Geometry.
# ---------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Geometry:
    width: float
    height: float
    territories: dict
    continents: dict
    sea_lines: list
    panels: dict
    connections: list = field(default_factory=list)
    land_borders: list = field(default_factory=list)


@cache
def load_geometry(path: str | None = None) -> Geometry:
    data = json.loads(Path(path or GEOMETRY_PATH).read_text(encoding="utf-8"))
    return Geometry(
        width=float(data["width"]),
        height=float(data["height"]),
        territories=data["territories"],
        continents=data["continents"],
        sea_lines=data["sea_lines"],
        panels=data["panels"],
        connections=data.get("connections", []),
        land_borders=data.get("land_borders", []),
    )


def output_size(width: int) -> tuple[int, int]:
    geo = load_geometry()
    return width, round(geo.height * width / geo.width)


def all_slugs() -> tuple[str, ...]:
    return tuple(load_geometry().territories)
