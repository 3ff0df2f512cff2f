"""The marks on a territory: cities, scars, coins, HQs and destroyed cards, as icons.

Each icon is designed at scale 1.0 around a point and drawn ``MARK_SCALE`` larger;
``mark_positions`` tells where each of a territory's marks sits (the page's tap targets use it).
A territory a packet added takes the same icons on its small island: the city (and its
fortification ring) in the island's middle, the badges in a row above it.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from legacy.box import CAPITAL_CITY, MAJOR_CITY, MINOR_CITY
from legacy.drawing.fonts import fit, text_width
from legacy.drawing.picture import (
    BASE_SCARS,
    CITY_EDGE,
    CITY_FILL,
    CITY_KINDS,
    CITY_NAME_MAX,
    CITY_SIZE,
    COIN_EDGE,
    COIN_FILL,
    DESTROYED,
    FACTION_COLORS,
    FACTION_OTHER,
    FORT_RING,
    INK,
    MARK_FILL,
    NAME_LINE,
    NAME_SIZE,
    SCAR_COLORS,
    SCAR_LABEL_MAX,
    SCAR_OTHER,
    SMALL_SIZE,
    WHITE_STICKER_EDGE,
    Area,
    Circle,
    DrawnTerritory,
    Icon,
    Line,
    Rect,
    Text,
    load_geometry,
)
from legacy.drawing.territories import ISLAND_RADIUS, circle_ring, name_lines, rows, star

if TYPE_CHECKING:
    from legacy.drawing.picture import Point, Primitive


MARK_SCALE = 1.15  # icons are designed at 1.0 and drawn this much larger


def scaled_by(parts: tuple, k: float = MARK_SCALE) -> tuple:
    """Icon parts scaled by k around the icon's centre (texts keep their size)."""

    def pts(seq):
        return tuple((x * k, y * k) for x, y in seq)

    out: list[Primitive] = []
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


def city_icon(kind: str) -> tuple:
    if kind == CAPITAL_CITY:
        return (Area((star(4.4, 1.9),), CITY_FILL[CAPITAL_CITY], CITY_EDGE, 0.5),)
    if kind == MAJOR_CITY:
        return (
            Rect((-3.1, -3.1, 3.1, 3.1), CITY_FILL[MAJOR_CITY], CITY_EDGE, 0.75, radius=0.7),
            Rect((-1.9, -1.9, 1.9, 1.9), None, CITY_EDGE, 0.35),
        )
    return (Circle((0, 0), 2.3, CITY_FILL[MINOR_CITY], CITY_EDGE, 0.55),)


def city_radius(kind: str) -> float:
    return {CAPITAL_CITY: 4.4, MAJOR_CITY: 3.6}.get(kind, 2.3) * MARK_SCALE


def scar_icon(scar: str, label: str) -> tuple[tuple, float]:
    """The scar's icon parts and its width."""
    if scar == "bunker":
        color = SCAR_COLORS["bunker"]
        dome = ((-3.4, 1.9), *circle_ring(3.4, 14, math.pi, 2 * math.pi)[1:-1], (3.4, 1.9))
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
    text = fit(label or scar.replace("-", " ").capitalize(), SMALL_SIZE, "bold", SCAR_LABEL_MAX)
    w = text_width(text, SMALL_SIZE, "bold") + 3.0
    return (
        (
            Rect((-w / 2, -2.7, w / 2, 2.7), SCAR_OTHER, "#ffffff", 0.35, radius=1.4),
            Text((0, 0.1), text, SMALL_SIZE, "#ffffff", "mm", "bold"),
        ),
        w,
    )


def white_sticker_icon() -> tuple[tuple, float]:
    """A cancelled scar's white sticker: a small white square (drawn only where the campaign
    reads it as a sticker that still marks the territory)."""
    return (
        (
            Rect((-2.6, -2.6, 2.6, 2.6), "#ffffff", WHITE_STICKER_EDGE, 0.5, radius=0.6),
            Line(((-1.4, 1.2), (1.4, -1.2)), WHITE_STICKER_EDGE, 0.35),
        ),
        5.2,
    )


def coin_icon(coins: int) -> tuple[tuple, float]:
    label = f"{coins}"
    r = 2.9 if coins < 10 else 3.4
    return (
        (
            Circle((0, 0), r, COIN_FILL, COIN_EDGE, 0.45),
            Text((0, 0.15), label, 3.9, "#3a2a00", "mm", "bold"),
        ),
        2 * r,
    )


def mark_icon(symbol: str) -> tuple[tuple, float]:
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


def hq_icon(faction: str, own_color: str | None = None) -> tuple[tuple, float]:
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
        items.append(("scar", *scar_icon(t.scar, t.scar_label or "")))
    elif t.scar_cancelled:
        items.append(("scar-cancelled", *white_sticker_icon()))
    if t.coins > 0:
        items.append(("coins", *coin_icon(t.coins)))
    if t.hq_faction:
        items.append(("hq", *hq_icon(t.hq_faction, t.hq_color)))
    for i, symbol in enumerate(t.marks):
        items.append((f"mark-{i}", *mark_icon(symbol)))
    return [(key, scaled_by(parts), w * MARK_SCALE) for key, parts, w in items]


BADGE_GAP = 1.6
ISLAND_BADGE_GAP = 4.6  # from an island's shore up to the middle of its badges' row


def mark_positions(
    t: DrawnTerritory, language: str = "en", island: tuple[Point, str] | None = None
) -> dict[str, Point]:
    """Where the marks of a territory go, in map units: 'label' (centre of the name), 'city'
    (always, even with no city), and 'scar' (or 'scar-cancelled': a white sticker that still
    marks), 'coins', 'hq', 'destroyed' when present. The names' language matters: a name on two
    lines moves the marks around it.

    ``island``: the territory is one a packet added, drawn as a small island: its centre and
    its name as drawn. Its city sits in the middle of the island, its badges in a row above
    it (its name is under it)."""
    if island is not None:
        (x, y), name = island
        label_y = y + ISLAND_RADIUS + NAME_LINE / 2 + 1
        out = {"label": (x, label_y), "city": (x, y)}
        _badge_row(t, out, x, y - ISLAND_RADIUS - ISLAND_BADGE_GAP)
        if t.card_destroyed:
            out["destroyed"] = (x + text_width(name, NAME_SIZE, "bold") / 2 + 3.0, label_y)
        return out
    (x, y), city_y, badge_y = rows(t.slug, language)
    out = {"label": (x, y), "city": (x, city_y)}
    _badge_row(t, out, x, badge_y)
    if t.card_destroyed:
        lines = name_lines(t.slug, language)
        last_w = text_width(lines[-1], NAME_SIZE, "bold")
        last_y = y + (len(lines) - 1) * NAME_LINE / 2
        out["destroyed"] = (x + last_w / 2 + 3.0, last_y)
    return out


def _badge_row(t: DrawnTerritory, out: dict[str, Point], x: float, y: float) -> None:
    """The badges of ``t`` (scar, coins, HQ, unlocked marks) in one row centred on ``x``."""
    items = _badges(t)
    total = sum(w for _, _, w in items) + BADGE_GAP * max(len(items) - 1, 0)
    left = x - total / 2
    for key, _, w in items:
        out[key] = (left + w / 2, y)
        left += w + BADGE_GAP


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


def territory_marks(
    t: DrawnTerritory, language: str = "en", island: tuple[Point, str] | None = None
) -> list[Primitive]:
    """The marks of a printed territory, or of one a packet added (``island``: its centre and
    its name as drawn, see ``mark_positions``), with the same icons."""
    geo = load_geometry()
    if island is None and t.slug not in geo.territories:
        raise ValueError(f"unknown territory {t.slug!r}")
    pos = mark_positions(t, language, island)
    out: list[Primitive] = []
    cx, cy = pos["city"]
    if t.fortified:
        r = city_radius(t.city_kind or MINOR_CITY) + 1.9
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
        out.append(Icon((cx, cy), scaled_by(city_icon(t.city_kind)), f"city-{t.city_kind}", t.slug))
        if t.city_name:
            r = city_radius(t.city_kind) + (1.9 if t.fortified else 0) + 1.2
            out.append(
                Text(
                    (cx + r, cy + 0.2),
                    fit(t.city_name, CITY_SIZE, "italic", CITY_NAME_MAX),
                    CITY_SIZE,
                    INK,
                    "lm",
                    "italic",
                    "#ffffff",
                    0.5,
                )
            )
    for key, parts, _ in _badges(t):
        # A class never spells a group's words: a scar type of the box by its code, any other
        # as "scar-other" (its name may be hidden, and may hold any character).
        kind = key if key != "scar" else f"scar-{t.scar if t.scar in BASE_SCARS else 'other'}"
        if key == "hq":  # a faction the group unlocked is not named (its name may be hidden)
            kind = f"hq hq-{t.hq_faction if t.hq_faction in FACTION_COLORS else 'unlocked'}"
        elif key.startswith("mark-"):
            kind = f"unlocked-mark mark-{css(t.marks[int(key[5:])])}"
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


def css(symbol: str) -> str:
    return "".join(ch for ch in symbol.lower() if ch.isascii() and ch.isalnum()) or "x"
