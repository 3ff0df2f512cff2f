"""Draw a Risk Legacy world: one layout, two pictures (a PNG made with Pillow, and an SVG).

Pure drawing code: Pillow and the standard library only, no Django, no database. The caller
describes the world as it should look with plain frozen dataclasses:

- ``DrawnTerritory``: what is on one territory (city, scar, fortification, coins, HQ, a destroyed
  card's "x");
- ``DrawnContinent``: a continent's given name and bonus;
- ``BoardPicture``: all of it, plus the winners' section and the world's name.

``layout(picture)`` turns the map geometry (``board_geometry.json``, made by
``tools/make_board_geometry.py``) and the picture into a list of neutral primitives in map units
(``Area``, ``Line``, ``Circle``, ``Rect``, ``Text`` and ``Icon``, a small group of primitives drawn
around a point). ``render_png`` and ``render_svg`` draw that list. The part of the board that never
changes (sea, sea lines, territories, names) is laid out once and, for the PNG, drawn once per
output width.

Fonts: Pillow's own scalable font (``ImageFont.load_default(size=...)``) only has ASCII glyphs, so
the PNG uses DejaVu Sans (or Liberation/Noto/FreeSans) when the system has it, or the font named by
the ``EARTHBOOK_FONT`` environment variable; without any of them it falls back to Pillow's font
and spells text in Latin letters (Cyrillic transliterated, accents dropped) so that nothing turns
into empty boxes. The SVG leaves fonts to the browser.
"""

from __future__ import annotations

import io
import json
import math
import os
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import cache, lru_cache
from pathlib import Path
from xml.sax.saxutils import escape, quoteattr

from PIL import Image, ImageColor, ImageDraw, ImageFont

from legacy import names
from legacy.box import CAPITAL_CITY, MAJOR_CITY, MINOR_CITY, WINNERS_LINES

GEOMETRY_PATH = Path(__file__).with_name("board_geometry.json")

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


@dataclass(frozen=True)
class DrawnContinent:
    """``bonus`` is the printed base bonus (None: take it from the geometry file);
    ``bonus_change`` (-1, 0 or +1) is the sticker; the legend shows their sum."""

    slug: str
    name: str | None = None
    bonus: int | None = None
    bonus_change: int = 0


@dataclass(frozen=True)
class BoardPicture:
    """The whole world as it should be drawn. Territories and continents not listed are drawn
    unmarked/unnamed. ``winners`` holds ``(line, name, slogan)`` for the signed lines (1..15)."""

    territories: Sequence[DrawnTerritory] = ()
    continents: Sequence[DrawnContinent] = ()
    winners: Sequence[tuple[int, str, str | None]] = ()
    world_name: str | None = None
    title: str = "Risk Legacy"
    language: str = "en"  # of the printed names and the legend's words (``legacy.names``)
    # The legend of the kinds of unlocked marks: ``(symbol, name)``, the symbol as drawn on
    # the territories' ``marks``. A World Capital on the board gets its legend line by itself.
    mark_legend: Sequence[tuple[str, str]] = ()


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


# ---------------------------------------------------------------------------------------------
# Fonts and text.
# ---------------------------------------------------------------------------------------------

_FONT_DIRS = (
    "/usr/share/fonts/truetype/dejavu",
    "/usr/share/fonts/dejavu",
    "/usr/share/fonts/TTF",
    "/usr/share/fonts/truetype/liberation",
    "/usr/share/fonts/truetype/liberation2",
    "/usr/share/fonts/truetype/noto",
    "/usr/share/fonts/noto",
    "/usr/share/fonts/truetype/freefont",
    "/usr/local/share/fonts",
    "/Library/Fonts",
    "/System/Library/Fonts/Supplemental",
)
_FONT_FILES = {
    "regular": (
        "DejaVuSansCondensed.ttf",
        "DejaVuSans.ttf",
        "LiberationSansNarrow-Regular.ttf",
        "LiberationSans-Regular.ttf",
        "NotoSans-Regular.ttf",
        "FreeSans.ttf",
        "Arial.ttf",
    ),
    "bold": (
        "DejaVuSansCondensed-Bold.ttf",
        "DejaVuSans-Bold.ttf",
        "LiberationSansNarrow-Bold.ttf",
        "LiberationSans-Bold.ttf",
        "NotoSans-Bold.ttf",
        "FreeSansBold.ttf",
        "Arial Bold.ttf",
    ),
    "italic": (
        "DejaVuSansCondensed-Oblique.ttf",
        "DejaVuSans-Oblique.ttf",
        "LiberationSansNarrow-Italic.ttf",
        "LiberationSans-Italic.ttf",
        "NotoSans-Italic.ttf",
        "FreeSansOblique.ttf",
        "Arial Italic.ttf",
    ),
}
SVG_FONT_FAMILY = "'DejaVu Sans Condensed', 'Arial Narrow', 'Liberation Sans Narrow', sans-serif"


@cache
def font_file(style: str) -> str | None:
    """The TrueType file used for a text style, or None for Pillow's built-in font."""
    env = os.environ.get(f"EARTHBOOK_FONT_{style.upper()}") or os.environ.get("EARTHBOOK_FONT")
    if env == "builtin":
        return None
    if env and Path(env).is_file():
        return env
    for name in _FONT_FILES.get(style, _FONT_FILES["regular"]):
        for folder in _FONT_DIRS:
            candidate = Path(folder) / name
            if candidate.is_file():
                return str(candidate)
    if style != "regular":
        return font_file("regular")
    return None


@lru_cache(maxsize=256)
def _font(style: str, px: int) -> ImageFont.FreeTypeFont | ImageFont.ImageFont:
    px = max(px, 4)
    path = font_file(style)
    if path:
        try:
            return ImageFont.truetype(path, px)
        except OSError:
            pass
    return ImageFont.load_default(size=px)


def full_unicode_fonts() -> bool:
    """True when a system font covers Cyrillic and accented Latin; False when text is spelled
    in ASCII for Pillow's built-in font."""
    return font_file("regular") is not None


_CYRILLIC_LETTERS = "абвгдеёжзийклмнопрстуфхцчшщъыьэюяієїґў"
_CYRILLIC_LATIN = (
    "a b v g d e yo zh z i y k l m n o p r s t u f kh ts ch sh shch - y - e yu ya i ye yi g u"
)
_CYRILLIC = {
    c: ("" if latin == "-" else latin)
    for c, latin in zip(_CYRILLIC_LETTERS, _CYRILLIC_LATIN.split(), strict=True)
}
_PUNCTUATION = {"\u2014": "-", "\u2013": "-", "\u2019": "'", "\u201c": '"', "\u201d": '"'}


@lru_cache(maxsize=4096)
def printable(text: str) -> str:
    """The text as the PNG font can show it (unchanged when a Unicode font is present)."""
    if full_unicode_fonts() or text.isascii():
        return text
    out = []
    for ch in text:
        if ch.isascii():
            out.append(ch)
            continue
        low = ch.lower()
        if low in _CYRILLIC:
            latin = _CYRILLIC[low]
            out.append(latin.capitalize() if ch != low else latin)
            continue
        base = unicodedata.normalize("NFKD", ch).encode("ascii", "ignore").decode()
        out.append(base or _PUNCTUATION.get(ch, "?"))
    return "".join(out)


@lru_cache(maxsize=4096)
def text_width(text: str, size: float, style: str = "regular") -> float:
    """Width of a text in map units (measured with the PNG font at a large size)."""
    font = _font(style, 100)
    return font.getlength(printable(text)) * size / 100


# ---------------------------------------------------------------------------------------------
# Layout.
# ---------------------------------------------------------------------------------------------


def _span_at(rings: list, x: float, y: float) -> tuple[float, float]:
    """Left and right edge of the territory along the horizontal line through (x, y)."""
    left, right = -math.inf, math.inf
    for polygon in rings:
        for ring in polygon:
            n = len(ring)
            for i in range(n):
                (x0, y0), (x1, y1) = ring[i], ring[(i + 1) % n]
                if (y0 <= y < y1) or (y1 <= y < y0):
                    cx = x0 + (y - y0) * (x1 - x0) / (y1 - y0)
                    if cx <= x:
                        left = max(left, cx)
                    else:
                        right = min(right, cx)
    return left, right


@cache
def name_lines(slug: str, language: str = "en") -> tuple[str, ...]:
    """The printed name in capitals, on two lines when one would not fit its territory."""
    geo = load_geometry()
    t = geo.territories[slug]
    name = names.territory(slug, language).upper()
    x, y = t["anchor"]
    left, right = _span_at(t["polygons"], x, y)
    room = 2 * min(x - left, right - x) + 10  # a little overhang into the sea is fine
    words = name.split(" ")
    if len(words) == 1 or text_width(name, NAME_SIZE, "bold") <= room:
        return (name,)
    best = min(
        range(1, len(words)),
        key=lambda i: max(
            text_width(" ".join(words[:i]), NAME_SIZE, "bold"),
            text_width(" ".join(words[i:]), NAME_SIZE, "bold"),
        ),
    )
    return (" ".join(words[:best]), " ".join(words[best:]))


def _inside(point: Point, polygons: list) -> bool:
    x, y = point
    inside = False
    for polygon in polygons:
        for ring in polygon:
            n = len(ring)
            for i in range(n):
                (x0, y0), (x1, y1) = ring[i], ring[(i + 1) % n]
                if (y0 > y) != (y1 > y) and x < x0 + (y - y0) * (x1 - x0) / (y1 - y0):
                    inside = not inside
    return inside


@cache
def _rows(slug: str, language: str = "en") -> tuple[Point, float, float]:
    """Centre of the name, y of the city row, y of the badge row. The name sits on the
    geometry's anchor, moved down or up a little when the city spot would fall into the sea."""
    t = load_geometry().territories[slug]
    x, y = t["anchor"]
    half = len(name_lines(slug, language)) * NAME_LINE / 2
    for dy in (0, 1, 2, 3, 4, 5, 6, -1, -2, -3):
        if _inside((x, y + dy - half - ROW_GAP), t["polygons"]) and _inside(
            (x, y + dy), t["polygons"]
        ):
            y += dy
            break
    return (x, y), y - half - ROW_GAP, y + half + ROW_GAP


def _blend(color: str, other: str, t: float) -> str:
    a, b = ImageColor.getrgb(color), ImageColor.getrgb(other)
    r, g, b_ = (round(p + (q - p) * t) for p, q in zip(a, b, strict=True))
    return f"#{r:02x}{g:02x}{b_:02x}"


def _star(r_out: float, r_in: float, points: int = 5) -> tuple[Point, ...]:
    out = []
    for i in range(points * 2):
        r = r_out if i % 2 == 0 else r_in
        a = -math.pi / 2 + i * math.pi / points
        out.append((r * math.cos(a), r * math.sin(a)))
    return tuple(out)


def _circle_ring(r: float, n: int = 20, start: float = 0.0, end: float = 2 * math.pi):
    return tuple(
        (r * math.cos(start + (end - start) * i / n), r * math.sin(start + (end - start) * i / n))
        for i in range(n + 1)
    )


@cache
def static_primitives(language: str = "en") -> tuple[Primitive, ...]:
    """The part of the board that is the same for every world: sea lines, territories, names
    (in ``language``)."""
    geo = load_geometry()
    out: list[Primitive] = []
    for slug, t in geo.territories.items():
        rings = tuple(tuple((x, y) for x, y in ring) for poly in t["polygons"] for ring in poly)
        out.append(
            Area(
                rings,
                CONTINENT_COLORS[t["continent"]],
                BORDER,
                0.4,
                territory=slug,
                title=names.territory(slug, language),
            )
        )
    for sea in geo.sea_lines:
        for a, b in sea["segments"]:
            out.append(
                Line(
                    ((a[0], a[1]), (b[0], b[1])),
                    SEA_LINE,
                    0.85,
                    dash=(2.8, 1.6),
                    ref=f"{sea['a']}:{sea['b']}",
                )
            )
    for slug, t in geo.territories.items():
        (x, y), _, _ = _rows(slug, language)
        lines = name_lines(slug, language)
        halo = _blend(CONTINENT_COLORS[t["continent"]], "#ffffff", 0.45)
        top = y - (len(lines) - 1) * NAME_LINE / 2
        for i, line in enumerate(lines):
            out.append(
                Text((x, top + i * NAME_LINE), line, NAME_SIZE, INK, "mm", "bold", halo, 0.55)
            )
    return tuple(out)


MARK_SCALE = 1.15  # icons are designed at 1.0 and drawn this much larger


def _scaled(parts: tuple, k: float = MARK_SCALE) -> tuple:
    """Icon parts scaled by k around the icon's centre (texts keep their size)."""

    def pts(seq):
        return tuple((x * k, y * k) for x, y in seq)

    out = []
    for p in parts:
        if isinstance(p, Area):
            out.append(
                Area(
                    tuple(pts(r) for r in p.rings), p.fill, p.outline, p.width, p.territory, p.title
                )
            )
        elif isinstance(p, Line):
            out.append(Line(pts(p.points), p.color, p.width * k, p.dash, p.ref))
        elif isinstance(p, Circle):
            out.append(
                Circle((p.center[0] * k, p.center[1] * k), p.radius * k, p.fill, p.outline, p.width)
            )
        elif isinstance(p, Rect):
            b = p.box
            out.append(
                Rect(
                    (b[0] * k, b[1] * k, b[2] * k, b[3] * k),
                    p.fill,
                    p.outline,
                    p.width,
                    p.radius * k,
                )
            )
        elif isinstance(p, Text):
            out.append(
                Text(
                    (p.pos[0] * k, p.pos[1] * k),
                    p.text,
                    p.size,
                    p.fill,
                    p.anchor,
                    p.style,
                    p.halo,
                    p.halo_width,
                )
            )
        else:
            out.append(p)
    return tuple(out)


def _city_icon(kind: str) -> tuple:
    if kind == CAPITAL_CITY:
        return (Area((_star(4.4, 1.9),), CITY_FILL[CAPITAL_CITY], CITY_EDGE, 0.5),)
    if kind == MAJOR_CITY:
        return (
            Rect((-3.1, -3.1, 3.1, 3.1), CITY_FILL[MAJOR_CITY], CITY_EDGE, 0.75, radius=0.7),
            Rect((-1.9, -1.9, 1.9, 1.9), None, CITY_EDGE, 0.35),
        )
    return (Circle((0, 0), 2.3, CITY_FILL[MINOR_CITY], CITY_EDGE, 0.55),)


def _city_radius(kind: str) -> float:
    return {CAPITAL_CITY: 4.4, MAJOR_CITY: 3.6}.get(kind, 2.3) * MARK_SCALE


def _scar_icon(scar: str, label: str) -> tuple[tuple, float]:
    """The scar's icon parts and its width."""
    if scar == "bunker":
        color = SCAR_COLORS["bunker"]
        dome = ((-3.4, 1.9), *_circle_ring(3.4, 14, math.pi, 2 * math.pi)[1:-1], (3.4, 1.9))
        return (
            (
                Area((((-4.2, 1.8), (4.2, 1.8), (4.2, 3.0), (-4.2, 3.0)),), color, "#ffffff", 0.35),
                Area((dome,), color, "#ffffff", 0.35),
                Line(((-1.9, -1.3), (1.9, -1.3)), "#ffffff", 0.55),
            ),
            8.4,
        )
    if scar == "ammo-shortage":
        color = SCAR_COLORS["ammo-shortage"]
        parts: list = [Circle((0, 0), 3.4, color, "#ffffff", 0.35)]
        for dx in (-1.35, 1.35):  # two empty cartridges; the middle stays red
            parts.append(Rect((dx - 0.55, -0.6, dx + 0.55, 2.0), "#ffffff", None))
            parts.append(Area((((dx - 0.55, -0.6), (dx, -2.1), (dx + 0.55, -0.6)),), "#ffffff"))
        return tuple(parts), 6.8
    text = _fit(label or scar.replace("-", " ").capitalize(), SMALL_SIZE, "bold", SCAR_LABEL_MAX)
    w = text_width(text, SMALL_SIZE, "bold") + 3.0
    return (
        (
            Rect((-w / 2, -2.7, w / 2, 2.7), SCAR_OTHER, "#ffffff", 0.35, radius=1.4),
            Text((0, 0.1), text, SMALL_SIZE, "#ffffff", "mm", "bold"),
        ),
        w,
    )


def _coin_icon(coins: int) -> tuple[tuple, float]:
    label = f"{coins}"
    r = 2.9 if coins < 10 else 3.4
    return (
        (
            Circle((0, 0), r, COIN_FILL, COIN_EDGE, 0.45),
            Text((0, 0.15), label, 3.9, "#3a2a00", "mm", "bold"),
        ),
        2 * r,
    )


def _mark_icon(symbol: str) -> tuple[tuple, float]:
    """An unlocked kind of mark: a diamond holding its symbol (a letter; the legend names it)."""
    text = symbol[:2]
    r = 3.3 if len(text) < 2 else 3.9
    return (
        (
            Area((((0, -r), (r, 0), (0, r), (-r, 0)),), MARK_FILL, "#ffffff", 0.4),
            Text((0, 0.15), text, 3.4, "#ffffff", "mm", "bold"),
        ),
        2 * r,
    )


def _hq_icon(faction: str, own_color: str | None = None) -> tuple[tuple, float]:
    color = FACTION_COLORS.get(faction) or own_color or FACTION_OTHER
    return (
        (
            Line(((-2.2, 3.2), (-2.2, -3.6)), INK, 0.6),
            Area((((-2.0, -3.6), (3.4, -1.9), (-2.0, -0.2)),), color, "#ffffff", 0.35),
            Rect((-3.3, 2.7, -1.1, 3.4), INK, None),
        ),
        6.0,
    )


def _badges(t: DrawnTerritory) -> list[tuple[str, tuple, float]]:
    items = []
    if t.scar:
        items.append(("scar", *_scar_icon(t.scar, t.scar_label or "")))
    if t.coins > 0:
        items.append(("coins", *_coin_icon(t.coins)))
    if t.hq_faction:
        items.append(("hq", *_hq_icon(t.hq_faction, t.hq_color)))
    for i, symbol in enumerate(t.marks):
        items.append((f"mark-{i}", *_mark_icon(symbol)))
    return [(key, _scaled(parts), w * MARK_SCALE) for key, parts, w in items]


BADGE_GAP = 1.6


def mark_positions(t: DrawnTerritory, language: str = "en") -> dict[str, Point]:
    """Where the marks of a territory go, in map units: 'label' (centre of the name), 'city'
    (always, even with no city), and 'scar', 'coins', 'hq', 'destroyed' when present. The
    names' language matters: a name on two lines moves the marks around it."""
    (x, y), city_y, badge_y = _rows(t.slug, language)
    out = {"label": (x, y), "city": (x, city_y)}
    items = _badges(t)
    total = sum(w for _, _, w in items) + BADGE_GAP * max(len(items) - 1, 0)
    left = x - total / 2
    for key, _, w in items:
        out[key] = (left + w / 2, badge_y)
        left += w + BADGE_GAP
    if t.card_destroyed:
        lines = name_lines(t.slug, language)
        last_w = text_width(lines[-1], NAME_SIZE, "bold")
        last_y = y + (len(lines) - 1) * NAME_LINE / 2
        out["destroyed"] = (x + last_w / 2 + 3.0, last_y)
    return out


def territory_pixel_position(slug: str, width: int = 2000, language: str = "en") -> tuple[int, int]:
    """Pixel (x, y) of a territory's city anchor in a PNG of the given width (the city marker's
    centre; with no city, a spot of plain continent colour just above the name)."""
    return to_pixels(mark_positions(DrawnTerritory(slug), language)["city"], width)


def mark_pixel_positions(
    t: DrawnTerritory, width: int = 2000, language: str = "en"
) -> dict[str, tuple[int, int]]:
    """``mark_positions`` in pixels of a PNG of the given width."""
    return {k: to_pixels(p, width) for k, p in mark_positions(t, language).items()}


def to_pixels(point: Point, width: int) -> tuple[int, int]:
    s = width / load_geometry().width
    return int(point[0] * s), int(point[1] * s)


def _territory_marks(t: DrawnTerritory, language: str = "en") -> list[Primitive]:
    geo = load_geometry()
    if t.slug not in geo.territories:
        raise ValueError(f"unknown territory {t.slug!r}")
    pos = mark_positions(t, language)
    out: list[Primitive] = []
    cx, cy = pos["city"]
    if t.fortified:
        r = _city_radius(t.city_kind or MINOR_CITY) + 1.9
        out.append(
            Icon(
                (cx, cy),
                (
                    Circle((0, 0), r, "#ffffff", FORT_RING, 1.2),
                    Circle((0, 0), r - 1.6, None, FORT_RING, 0.35),
                ),
                "fortification",
                t.slug,
            )
        )
        boxes = max(0, min(10, t.fortification_boxes_used))
        out.append(
            Text(
                (cx - r - 1.0, cy),
                f"{boxes}/10",
                SMALL_SIZE,
                FORT_RING,
                "rm",
                "bold",
                "#ffffff",
                0.45,
            )
        )
    if t.city_kind:
        if t.city_kind not in CITY_KINDS:
            raise ValueError(f"unknown city kind {t.city_kind!r}")
        out.append(Icon((cx, cy), _scaled(_city_icon(t.city_kind)), f"city-{t.city_kind}", t.slug))
        if t.city_name:
            r = _city_radius(t.city_kind) + (1.9 if t.fortified else 0) + 1.2
            out.append(
                Text(
                    (cx + r, cy + 0.2),
                    _fit(t.city_name, CITY_SIZE, "italic", CITY_NAME_MAX),
                    CITY_SIZE,
                    INK,
                    "lm",
                    "italic",
                    "#ffffff",
                    0.5,
                )
            )
    for key, parts, _ in _badges(t):
        kind = key if key != "scar" else f"scar-{t.scar}"
        if key == "hq":  # a faction the group unlocked is not named (its name may be hidden)
            kind = f"hq hq-{t.hq_faction if t.hq_faction in FACTION_COLORS else 'unlocked'}"
        elif key.startswith("mark-"):
            kind = f"unlocked-mark mark-{_css(t.marks[int(key[5:])])}"
        out.append(Icon(pos[key], parts, kind, t.slug))
    if t.card_destroyed:
        dx, dy = pos["destroyed"]
        out.append(
            Icon(
                (dx, dy),
                (
                    Line(((-1.9, -1.9), (1.9, 1.9)), DESTROYED, 0.9),
                    Line(((-1.9, 1.9), (1.9, -1.9)), DESTROYED, 0.9),
                ),
                "card-destroyed",
                t.slug,
            )
        )
    return out


def _title(picture: BoardPicture) -> list[Primitive]:
    geo = load_geometry()
    x0, y0, x1, y1 = geo.panels["title"]
    cx = (x0 + x1) / 2
    if picture.world_name:
        return [
            Text(
                (cx, y0 + 15),
                names.picture_words(picture.language)["world"].format(name=picture.world_name),
                13,
                INK,
                "mm",
                "bold",
                "#ffffff",
                0.8,
            ),
            Text((cx, y0 + 27.5), picture.title, 5.5, "#4a4238", "mm", "italic"),
        ]
    return [Text((cx, y0 + 17), picture.title, 11, INK, "mm", "bold", "#ffffff", 0.8)]


def _panel(box: Sequence[float], heading: str) -> list[Primitive]:
    x0, y0, x1, y1 = box
    return [
        Rect((x0, y0, x1, y1), PAPER, PANEL_EDGE, 0.6, radius=3),
        Text(((x0 + x1) / 2, y0 + 7), heading, 6, INK, "mm", "bold"),
        Line(((x0 + 6, y0 + 11.5), (x1 - 6, y0 + 11.5)), PANEL_EDGE, 0.35),
    ]


def _continent_legend(picture: BoardPicture) -> list[Primitive]:
    geo = load_geometry()
    box = geo.panels["continents"]
    x0, y0, x1, y1 = box
    language = names.language_of(picture.language)
    out = _panel(box, names.picture_words(language)["continents"])
    given = {c.slug: c for c in picture.continents}
    unknown = set(given) - set(geo.continents)
    if unknown:
        raise ValueError(f"unknown continents {sorted(unknown)}")
    row_h = (y1 - y0 - 16) / len(geo.continents)
    for i, (slug, info) in enumerate(geo.continents.items()):
        c = given.get(slug) or DrawnContinent(slug)
        y = y0 + 16 + row_h * (i + 0.5)
        base = info["bonus"] if c.bonus is None else c.bonus
        out.append(Rect((x0 + 6, y - 3, x0 + 12, y + 3), CONTINENT_COLORS[slug], BORDER, 0.35))
        printed = names.continent(slug, language)
        if c.name:
            out.append(Text((x0 + 15, y - 1.9), c.name, 5.0, INK, "lm", "bold"))
            out.append(Text((x0 + 15, y + 3.0), printed, 3.4, "#5a5046", "lm", "italic"))
        else:
            out.append(Text((x0 + 15, y + 0.2), printed, 5.0, INK, "lm", "regular"))
        out.append(Text((x1 - 16, y + 0.2), str(base + c.bonus_change), 6.5, INK, "mm", "bold"))
        if c.bonus_change:
            up = c.bonus_change > 0
            sign = "+" if up else "\u2212"
            out.append(
                Icon(
                    (x1 - 8, y),
                    (
                        Rect(
                            (-3.4, -2.5, 3.4, 2.5), BONUS_UP if up else BONUS_DOWN, None, radius=1.2
                        ),
                        Text(
                            (0, 0.1), f"{sign}{abs(c.bonus_change)}", 3.6, "#ffffff", "mm", "bold"
                        ),
                    ),
                    "bonus-change",
                    slug,
                )
            )
    return out


def _css(symbol: str) -> str:
    return "".join(ch for ch in symbol.lower() if ch.isascii() and ch.isalnum()) or "x"


LEGEND_ROW = 8.0


def _legend(picture: BoardPicture) -> list[Primitive]:
    """The key to the symbols that are not printed on the board: a World Capital, and each kind
    of unlocked mark by its symbol and the group's name for it. Nothing when none is drawn."""
    rows: list[tuple[tuple, str, str]] = []
    words = names.picture_words(picture.language)
    if any(t.city_kind == CAPITAL_CITY for t in picture.territories):
        rows.append((_city_icon(CAPITAL_CITY), words["capital"], "legend-capital"))
    for symbol, name in picture.mark_legend:
        rows.append((_mark_icon(symbol)[0], name, f"legend-mark mark-{_css(symbol)}"))
    if not rows:
        return []
    x0, top, x1, y1 = LEGEND_BOX
    rows = rows[: int((y1 - top - 16) // LEGEND_ROW)]
    y0 = y1 - 18 - LEGEND_ROW * len(rows)  # as tall as its lines, standing on the bottom
    out = _panel((x0, y0, x1, y1), words["legend"])
    for i, (parts, text, kind) in enumerate(rows):
        y = y0 + 16 + LEGEND_ROW * (i + 0.5)
        out.append(Icon((x0 + 9, y), parts, kind, ""))
        out.append(
            Text((x0 + 16, y + 0.2), _fit(text, 4.4, "regular", x1 - x0 - 19), 4.4, INK, "lm")
        )
    return out


# The legend's place: the open sea east of Australia.
LEGEND_BOX = (903.0, 322.0, 996.0, 507.1)


def _winners(picture: BoardPicture) -> list[Primitive]:
    geo = load_geometry()
    box = geo.panels["winners"]
    x0, y0, x1, y1 = box
    out = _panel(box, names.picture_words(picture.language)["winners"])
    signed = {}
    for entry in picture.winners:
        line, name, slogan = (*tuple(entry), None, None)[:3]
        if not 1 <= int(line) <= WINNERS_LINES:
            raise ValueError(f"winners' line {line!r} is not between 1 and {WINNERS_LINES}")
        signed[int(line)] = (name, slogan)
    row_h = (y1 - y0 - 15) / WINNERS_LINES
    for i in range(1, WINNERS_LINES + 1):
        y = y0 + 14 + row_h * (i - 0.5)
        out.append(Text((x0 + 12, y + 0.2), f"{i}.", 4.2, "#5a5046", "rm", "regular"))
        out.append(Line(((x0 + 14, y + 2.4), (x1 - 6, y + 2.4)), "#cfc5b0", 0.3))
        if i in signed:
            name, slogan = signed[i]
            name = _fit(name, 5.0, "bold", x1 - x0 - 24)
            out.append(Text((x0 + 14, y + 0.2), name, 5.0, INK, "lm", "bold"))
            if slogan:
                nx = x0 + 14 + text_width(name, 5.0, "bold") + 3
                room = x1 - 7 - nx
                quote = _fit(f"\u201c{slogan}\u201d", 4.5, "italic", room)
                if quote:
                    out.append(Text((nx, y + 0.2), quote, 4.5, "#4a4238", "lm", "italic"))
    return out


def _fit(text: str, size: float, style: str, room: float) -> str:
    if text_width(text, size, style) <= room:
        return text
    while text and text_width(text + "\u2026", size, style) > room:
        text = text[:-1]
    return text + "\u2026" if text else ""


def dynamic_primitives(picture: BoardPicture) -> list[Primitive]:
    """What this world adds on top of the printed board: marks, legend, winners, title."""
    out: list[Primitive] = []
    out.extend(_title(picture))
    out.extend(_continent_legend(picture))
    out.extend(_winners(picture))
    out.extend(_legend(picture))
    seen = set()
    for t in picture.territories:
        if t.slug in seen:
            raise ValueError(f"territory {t.slug!r} is listed twice")
        seen.add(t.slug)
        out.extend(_territory_marks(t, names.language_of(picture.language)))
    return out


def layout(picture: BoardPicture) -> list[Primitive]:
    """All primitives of the picture in paint order (map units)."""
    return [*static_primitives(names.language_of(picture.language)), *dynamic_primitives(picture)]


# ---------------------------------------------------------------------------------------------
# PNG.
# ---------------------------------------------------------------------------------------------

SUPERSAMPLE = 3  # for icons (cached per scale); text is antialiased by FreeType anyway


@lru_cache(maxsize=64)
def _rgb(color: str) -> tuple[int, int, int]:
    return ImageColor.getrgb(color)


def _px(w: float, s: float) -> int:
    return max(1, round(w * s))


def _dashes(points: Sequence[Point], on: float, off: float) -> list[tuple[Point, Point]]:
    out = []
    for (x0, y0), (x1, y1) in zip(points, points[1:], strict=False):
        length = math.hypot(x1 - x0, y1 - y0)
        if length == 0:
            continue
        ux, uy = (x1 - x0) / length, (y1 - y0) / length
        pos = 0.0
        while pos < length:
            end = min(pos + on, length)
            out.append(((x0 + ux * pos, y0 + uy * pos), (x0 + ux * end, y0 + uy * end)))
            pos = end + off
    return out


def _draw(
    image: Image.Image, draw: ImageDraw.ImageDraw, p, s: float, ox: float = 0.0, oy: float = 0.0
) -> None:
    """Draw one primitive with scale s and offset (ox, oy) in pixels."""

    def pt(q: Point) -> tuple[float, float]:
        return (q[0] * s + ox, q[1] * s + oy)

    if isinstance(p, Area):
        for ring in p.rings:
            if len(ring) < 3:
                continue
            draw.polygon(
                [pt(q) for q in ring],
                fill=_rgb(p.fill) if p.fill else None,
                outline=_rgb(p.outline) if p.outline and p.width else None,
                width=_px(p.width, s) if p.outline and p.width else 0,
            )
    elif isinstance(p, Line):
        color, w = _rgb(p.color), _px(p.width, s)
        if p.dash:
            for a, b in _dashes(p.points, *p.dash):
                draw.line([pt(a), pt(b)], fill=color, width=w)
        else:
            draw.line([pt(q) for q in p.points], fill=color, width=w, joint="curve")
    elif isinstance(p, Circle):
        (cx, cy), r = pt(p.center), p.radius * s
        draw.ellipse(
            [cx - r, cy - r, cx + r, cy + r],
            fill=_rgb(p.fill) if p.fill else None,
            outline=_rgb(p.outline) if p.outline and p.width else None,
            width=_px(p.width, s) if p.outline and p.width else 0,
        )
    elif isinstance(p, Rect):
        x0, y0 = pt(p.box[:2])
        x1, y1 = pt(p.box[2:])
        kwargs = {
            "fill": _rgb(p.fill) if p.fill else None,
            "outline": _rgb(p.outline) if p.outline and p.width else None,
            "width": _px(p.width, s) if p.outline and p.width else 0,
        }
        if p.radius:
            draw.rounded_rectangle([x0, y0, x1, y1], radius=p.radius * s, **kwargs)
        else:
            draw.rectangle([x0, y0, x1, y1], **kwargs)
    elif isinstance(p, Text):
        halo = _px(p.halo_width, s) if p.halo and p.halo_width else 0
        key = (p.text, p.style, round(p.size * s), p.fill, p.halo if halo else None, halo)
        if ox or oy:  # inside an icon's sprite, drawn once: straight onto it
            _draw_text(draw, pt(p.pos), p.anchor, *key)
        else:
            sprite, (dx, dy) = _text_sprite(p.anchor, *key)
            x, y = pt(p.pos)
            image.paste(sprite, (round(x) + dx, round(y) + dy), sprite)
    elif isinstance(p, Icon):
        sprite, (ax, ay) = _sprite(p.parts, s)
        cx, cy = pt(p.center)
        image.paste(sprite, (round(cx - ax), round(cy - ay)), sprite)
    else:  # pragma: no cover - a new primitive type
        raise TypeError(p)


def _draw_text(draw, xy, anchor, text, style, px, fill, halo, halo_px) -> None:
    kwargs = {"stroke_width": halo_px, "stroke_fill": _rgb(halo)} if halo else {}
    draw.text(xy, printable(text), fill=_rgb(fill), font=_font(style, px), anchor=anchor, **kwargs)


@lru_cache(maxsize=4096)
def _text_sprite(anchor, text, style, px, fill, halo, halo_px):
    """A label drawn once on a transparent tile, and the offset of the tile's corner from the
    label's anchor point. Labels repeat from one picture of a campaign to the next (names,
    numbers, the legend), so each is rasterized once per process instead of every time."""
    font = _font(style, px)
    left, top, right, bottom = font.getbbox(
        printable(text), anchor=anchor, stroke_width=halo_px if halo else 0
    )
    left, top = math.floor(left) - 1, math.floor(top) - 1
    tile = Image.new("RGBA", (math.ceil(right) - left + 2, math.ceil(bottom) - top + 2))
    _draw_text(ImageDraw.Draw(tile), (-left, -top), anchor, text, style, px, fill, halo, halo_px)
    return tile, (left, top)


def _bounds(parts) -> tuple[float, float, float, float]:
    xs, ys = [], []
    for p in parts:
        if isinstance(p, Area):
            pad = p.width
            for ring in p.rings:
                xs += [q[0] - pad for q in ring] + [q[0] + pad for q in ring]
                ys += [q[1] - pad for q in ring] + [q[1] + pad for q in ring]
        elif isinstance(p, Line):
            xs += [q[0] - p.width for q in p.points] + [q[0] + p.width for q in p.points]
            ys += [q[1] - p.width for q in p.points] + [q[1] + p.width for q in p.points]
        elif isinstance(p, Circle):
            r = p.radius + p.width
            xs += [p.center[0] - r, p.center[0] + r]
            ys += [p.center[1] - r, p.center[1] + r]
        elif isinstance(p, Rect):
            xs += [p.box[0] - p.width, p.box[2] + p.width]
            ys += [p.box[1] - p.width, p.box[3] + p.width]
        elif isinstance(p, Text):
            w = text_width(p.text, p.size, p.style) + 2 * p.halo_width
            xs += [p.pos[0] - w, p.pos[0] + w]
            ys += [p.pos[1] - p.size, p.pos[1] + p.size]
    return min(xs), min(ys), max(xs), max(ys)


@lru_cache(maxsize=512)
def _sprite(parts: tuple, s: float) -> tuple[Image.Image, tuple[int, int]]:
    """An icon drawn once per scale: supersampled shapes, then text at the final size."""
    bx0, by0, bx1, by1 = _bounds(parts)
    pad = 2
    ax, ay = math.ceil(-bx0 * s) + pad, math.ceil(-by0 * s) + pad
    w, h = ax + math.ceil(bx1 * s) + pad, ay + math.ceil(by1 * s) + pad
    k = SUPERSAMPLE
    big = Image.new("RGBA", (w * k, h * k), (0, 0, 0, 0))
    draw = ImageDraw.Draw(big)
    shapes = [p for p in parts if not isinstance(p, Text)]
    for p in shapes:
        _draw(big, draw, p, s * k, ax * k, ay * k)
    sprite = big.resize((w, h), Image.Resampling.BOX)
    draw = ImageDraw.Draw(sprite)
    for p in parts:
        if isinstance(p, Text):
            _draw(sprite, draw, p, s, ax, ay)
    return sprite, (ax, ay)


@lru_cache(maxsize=4)
def _static_image(width: int, language: str = "en") -> Image.Image:
    geo = load_geometry()
    w, h = output_size(width)
    s = width / geo.width
    k = 3 if width <= 1200 else 2  # keeps the temporary image under ~30 MB
    big = Image.new("RGB", (w * k, h * k), _rgb(SEA))
    draw = ImageDraw.Draw(big)
    texts = []
    for p in static_primitives(language):
        if isinstance(p, Text):
            texts.append(p)
        else:
            _draw(big, draw, p, s * k)
    image = big.resize((w, h), Image.Resampling.BOX)
    draw = ImageDraw.Draw(image)
    for p in texts:
        _draw(image, draw, p, s)
    return image


def render_image(
    picture: BoardPicture, width: int = 2000, primitives: list[Primitive] | None = None
) -> Image.Image:
    """The board as an RGB image, ``width`` pixels wide (``primitives``: the picture's
    ``dynamic_primitives``, when the caller has them already)."""
    if width < 100:
        raise ValueError("width must be at least 100 pixels")
    image = _static_image(width, names.language_of(picture.language)).copy()
    draw = ImageDraw.Draw(image)
    s = width / load_geometry().width
    for p in dynamic_primitives(picture) if primitives is None else primitives:
        _draw(image, draw, p, s)
    return image


_PALETTES: dict[tuple, Image.Image] = {}
_MAX_PALETTES = 64


def _colours_of(picture: BoardPicture, width: int, primitives: list[Primitive]) -> tuple:
    """What decides a picture's palette: its size, language and every colour its marks use."""
    colours = set()
    for p in primitives:
        parts = p.parts if isinstance(p, Icon) else (p,)
        for part in parts:
            for name in ("fill", "outline", "color", "halo"):
                value = getattr(part, name, None)
                if value:
                    colours.add(value)
    return (width, names.language_of(picture.language), tuple(sorted(colours)))


def _to_palette(image: Image.Image, key: tuple) -> Image.Image:
    """The image in 256 colours, without dithering. The first picture with a given set of
    colours chooses the palette (fast octree); later ones with the same set reuse it, which
    is several times faster than choosing again and keeps a campaign's pictures alike."""
    palette = _PALETTES.get(key)
    if palette is not None:
        return image.quantize(palette=palette, dither=Image.Dither.NONE)
    quantized = image.quantize(256, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)
    if len(_PALETTES) >= _MAX_PALETTES:
        _PALETTES.pop(next(iter(_PALETTES)))
    _PALETTES[key] = quantized
    return quantized


# Stored pictures are drawn once and served many times: a smaller file is worth a few ms.
STORED_COMPRESS_LEVEL = 6


def render_png(
    picture: BoardPicture, width: int = 2000, compress_level: int = 1, palette: bool = True
) -> bytes:
    """The board as PNG bytes, ``width`` pixels wide.

    By default a palette PNG: the board is flat colour with anti-aliased edges, so 256 colours
    (fast octree, no dithering) keep every name as legible as full colour at about a third of
    the bytes (a fully marked 2000-pixel board: ~130 KB instead of ~360 KB).
    """
    primitives = dynamic_primitives(picture)
    image = render_image(picture, width, primitives)
    if palette:
        image = _to_palette(image, _colours_of(picture, width, primitives))
    buf = io.BytesIO()
    image.save(buf, "PNG", compress_level=compress_level)
    return buf.getvalue()


# ---------------------------------------------------------------------------------------------
# SVG.
# ---------------------------------------------------------------------------------------------


def _n(v: float) -> str:
    text = f"{v:.2f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def _svg(p, out: list[str], indent: str = "  ") -> None:
    if isinstance(p, Area):
        d = " ".join(
            "M" + " L".join(f"{_n(x)},{_n(y)}" for x, y in ring) + " Z" for ring in p.rings
        )
        attrs = [f'd="{d}"', f'fill="{p.fill or "none"}"', 'fill-rule="evenodd"']
        if p.outline and p.width:
            attrs += [
                f'stroke="{p.outline}"',
                f'stroke-width="{_n(p.width)}"',
                'stroke-linejoin="round"',
            ]
        if p.territory:
            attrs = [
                f'id="t-{p.territory}"',
                f'data-territory="{p.territory}"',
                'class="territory"',
                *attrs,
            ]
            title = f"<title>{escape(p.title or p.territory)}</title>"
            out.append(f"{indent}<path {' '.join(attrs)}>{title}</path>")
        else:
            out.append(f"{indent}<path {' '.join(attrs)}/>")
    elif isinstance(p, Line):
        pts = " ".join(f"{_n(x)},{_n(y)}" for x, y in p.points)
        attrs = [
            f'points="{pts}"',
            'fill="none"',
            f'stroke="{p.color}"',
            f'stroke-width="{_n(p.width)}"',
            'stroke-linecap="round"',
        ]
        if p.dash:
            attrs.append(f'stroke-dasharray="{_n(p.dash[0])} {_n(p.dash[1])}"')
        if p.ref:
            attrs.append(f"data-connection={quoteattr(p.ref)}")
        out.append(f"{indent}<polyline {' '.join(attrs)}/>")
    elif isinstance(p, Circle):
        attrs = [
            f'cx="{_n(p.center[0])}"',
            f'cy="{_n(p.center[1])}"',
            f'r="{_n(p.radius)}"',
            f'fill="{p.fill or "none"}"',
        ]
        if p.outline and p.width:
            attrs += [f'stroke="{p.outline}"', f'stroke-width="{_n(p.width)}"']
        out.append(f"{indent}<circle {' '.join(attrs)}/>")
    elif isinstance(p, Rect):
        x0, y0, x1, y1 = p.box
        attrs = [
            f'x="{_n(x0)}"',
            f'y="{_n(y0)}"',
            f'width="{_n(x1 - x0)}"',
            f'height="{_n(y1 - y0)}"',
            f'fill="{p.fill or "none"}"',
        ]
        if p.radius:
            attrs.append(f'rx="{_n(p.radius)}"')
        if p.outline and p.width:
            attrs += [f'stroke="{p.outline}"', f'stroke-width="{_n(p.width)}"']
        out.append(f"{indent}<rect {' '.join(attrs)}/>")
    elif isinstance(p, Text):
        h = {"l": "start", "m": "middle", "r": "end"}[p.anchor[0]]
        v = {"m": "central", "s": "alphabetic"}.get(p.anchor[1], "central")
        attrs = [
            f'x="{_n(p.pos[0])}"',
            f'y="{_n(p.pos[1])}"',
            f'font-size="{_n(p.size)}"',
            f'text-anchor="{h}"',
            f'dominant-baseline="{v}"',
        ]
        if p.style == "bold":
            attrs.append('font-weight="bold"')
        elif p.style == "italic":
            attrs.append('font-style="italic"')
        attrs.append(f'fill="{p.fill}"')
        body = escape(p.text)
        if p.halo and p.halo_width:
            # The halo is its own element under the text (paint-order is not everywhere).
            halo = [
                *attrs[:-1],
                f'fill="{p.halo}"',
                f'stroke="{p.halo}"',
                f'stroke-width="{_n(p.halo_width * 2)}"',
                'stroke-linejoin="round"',
                'aria-hidden="true"',
            ]
            out.append(f"{indent}<text {' '.join(halo)}>{body}</text>")
        out.append(f"{indent}<text {' '.join(attrs)}>{body}</text>")
    elif isinstance(p, Icon):
        attrs = [f'transform="translate({_n(p.center[0])} {_n(p.center[1])})"']
        if p.kind:
            attrs.append(f"class={quoteattr('mark ' + p.kind)}")
        if p.ref:
            attrs.append(f"data-for={quoteattr(p.ref)}")
        out.append(f"{indent}<g {' '.join(attrs)}>")
        for part in p.parts:
            _svg(part, out, indent + "  ")
        out.append(f"{indent}</g>")
    else:  # pragma: no cover
        raise TypeError(p)


def render_svg(picture: BoardPicture) -> str:
    """The board as an SVG document. Each territory is a ``<path id="t-<slug>"
    data-territory="<slug>">``; marks are ``<g class="mark ..." data-for="<slug>">``."""
    geo = load_geometry()
    w, h = _n(geo.width), _n(geo.height)
    out = [
        '<?xml version="1.0" encoding="UTF-8"?>',
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {w} {h}" width="{w}" '
        f'height="{h}" font-family={quoteattr(SVG_FONT_FAMILY)}>',
        f'  <rect x="0" y="0" width="{w}" height="{h}" fill="{SEA}"/>',
    ]
    static = static_primitives(names.language_of(picture.language))
    groups = (
        ("territories", [p for p in static if isinstance(p, Area)]),
        ("sea-lines", [p for p in static if isinstance(p, Line)]),
        ("names", [p for p in static if isinstance(p, Text)]),
        ("world", dynamic_primitives(picture)),
    )
    for name, prims in groups:
        out.append(f'  <g id="{name}">')
        for p in prims:
            _svg(p, out, "    ")
        out.append("  </g>")
    out.append("</svg>")
    return "\n".join(out) + "\n"


def reset_caches() -> None:
    """Forget fonts, measurements and pre-drawn images (after changing EARTHBOOK_FONT)."""
    for fn in (
        font_file,
        _font,
        printable,
        text_width,
        name_lines,
        _rows,
        static_primitives,
        _static_image,
        _sprite,
    ):
        fn.cache_clear()


def all_slugs() -> tuple[str, ...]:
    return tuple(load_geometry().territories)


# --- The key to the marks ------------------------------------------------------------------------


def _legend_parts(kind: str) -> tuple:
    if kind.startswith("city-"):
        return _scaled(_city_icon(kind[5:]))
    if kind == "fortification":
        r = _city_radius(MINOR_CITY) + 1.9
        return (
            Circle((0, 0), r, "#ffffff", FORT_RING, 1.2),
            Circle((0, 0), r - 1.6, None, FORT_RING, 0.35),
            *_scaled(_city_icon(MINOR_CITY)),
        )
    if kind.startswith("scar-"):
        scar = kind[5:]
        return _scaled(_scar_icon(scar, "…" if scar == "other" else "")[0])
    if kind == "coins":
        return _scaled(_coin_icon(2)[0])
    if kind == "hq":
        return _scaled(_hq_icon("")[0])
    if kind == "card-destroyed":
        return (
            Line(((-1.9, -1.9), (1.9, 1.9)), DESTROYED, 0.9),
            Line(((-1.9, 1.9), (1.9, -1.9)), DESTROYED, 0.9),
        )
    raise ValueError(f"no key for {kind!r}")


@cache
def legend_icon_svg(kind: str) -> str:
    """One mark's icon, as drawn on the board, in a small square SVG for the key to the marks."""
    parts = _legend_parts(kind)
    x0, y0, x1, y1 = _bounds(parts)
    side = max(x1 - x0, y1 - y0, 6.0) + 1.0
    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
    out: list[str] = []
    for p in parts:
        _svg(p, out, "")
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" class="legend-icon" width="24" height="24" '
        f'viewBox="{_n(cx - side / 2)} {_n(cy - side / 2)} {_n(side)} {_n(side)}" '
        f'font-family={quoteattr(SVG_FONT_FAMILY)} aria-hidden="true" focusable="false">'
        + "".join(out)
        + "</svg>"
    )
