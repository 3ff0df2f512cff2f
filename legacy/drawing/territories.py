"""The board that never changes: where a territory's name sits, and the sea, lines and names.

``name_lines`` breaks a printed name into lines that fit its territory; ``static_primitives`` lays
out the sea, sea lines, territories and their names once per language.
"""

from __future__ import annotations

import math
from functools import cache
from typing import TYPE_CHECKING

from PIL import ImageColor

from legacy import names
from legacy.drawing.fonts import text_width
from legacy.drawing.picture import (
    BORDER,
    CONTINENT_COLORS,
    INK,
    NAME_LINE,
    NAME_SIZE,
    ROW_GAP,
    SEA_LINE,
    Area,
    DrawnIsland,
    Line,
    Text,
    load_geometry,
)
from legacy.drawing.sea import in_the_sea, sea_spot

if TYPE_CHECKING:
    from legacy.drawing.picture import Point, Primitive


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
def rows(slug: str, language: str = "en") -> tuple[Point, float, float]:
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


def star(r_out: float, r_in: float, points: int = 5) -> tuple[Point, ...]:
    out = []
    for i in range(points * 2):
        r = r_out if i % 2 == 0 else r_in
        a = -math.pi / 2 + i * math.pi / points
        out.append((r * math.cos(a), r * math.sin(a)))
    return tuple(out)


def circle_ring(r: float, n: int = 20, start: float = 0.0, end: float = 2 * math.pi):
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
        (x, y), _, _ = rows(slug, language)
        lines = name_lines(slug, language)
        halo = _blend(CONTINENT_COLORS[t["continent"]], "#ffffff", 0.45)
        top = y - (len(lines) - 1) * NAME_LINE / 2
        for i, line in enumerate(lines):
            out.append(
                Text((x, top + i * NAME_LINE), line, NAME_SIZE, INK, "mm", "bold", halo, 0.55)
            )
    return tuple(out)


# ---------------------------------------------------------------------------------------------
# Territories a packet added: small islands with their sea lines.
# ---------------------------------------------------------------------------------------------

ISLAND_RADIUS = 9.0


def island_centres(islands: tuple[DrawnIsland, ...]) -> dict[str, Point]:
    """Where each added territory is drawn (map units), always in the sea: where the group
    placed it when that is sea, else a sea spot (``legacy.drawing.sea``) near the middle
    of the territories it joins (or near where the group placed it, on land) whose sea lines
    cross the least land; two islands never share a spot."""
    return dict(_island_centres(tuple(islands)))


@cache
def _island_centres(islands: tuple[DrawnIsland, ...]) -> tuple[tuple[str, Point], ...]:
    geo = load_geometry()
    centres: dict[str, Point] = {}

    def where(slug: str) -> Point | None:
        if slug in centres:
            return centres[slug]
        t = geo.territories.get(slug)
        return (float(t["anchor"][0]), float(t["anchor"][1])) if t else None

    for island in islands:
        placed = None
        if island.position is not None:
            fx, fy = island.position
            placed = (fx * geo.width, fy * geo.height)
            if in_the_sea(placed, ISLAND_RADIUS):
                centres[island.slug] = placed
                continue
        lines = [(c, p) for c in island.connections if (p := where(c)) is not None]
        # Between the territories it joins (or under the middle of the map, joined to none).
        middle = (
            (sum(p[0] for _, p in lines) / len(lines), sum(p[1] for _, p in lines) / len(lines))
            if lines
            else (geo.width / 2, geo.height - 60)
        )
        near = placed or middle
        centres[island.slug] = sea_spot(near, lines, centres.values())
    return tuple(centres.items())


def island_primitives(
    islands: tuple[DrawnIsland, ...], sea_lines: tuple[tuple[str, str], ...] = ()
) -> list[Primitive]:
    """Sea lines from each added territory to its connections (and those a packet added between
    printed territories), the island, then its name."""
    if not islands and not sea_lines:
        return []
    geo = load_geometry()
    centres = island_centres(islands)

    def where(slug: str) -> Point | None:
        if slug in centres:
            return centres[slug]
        t = geo.territories.get(slug)
        return (t["anchor"][0], t["anchor"][1]) if t else None

    out: list[Primitive] = []
    for a, b in sea_lines:
        one, other_end = where(a), where(b)
        if one is not None and other_end is not None:
            out.append(Line((one, other_end), SEA_LINE, 0.85, dash=(2.8, 1.6), ref=f"{a}:{b}"))
    drawn = {frozenset(pair) for pair in sea_lines}
    for island in islands:
        here = centres[island.slug]
        for other in island.connections:
            there = where(other)
            if there is not None and frozenset((island.slug, other)) not in drawn:
                drawn.add(frozenset((island.slug, other)))
                out.append(
                    Line(
                        (here, there), SEA_LINE, 0.85, dash=(2.8, 1.6), ref=f"{island.slug}:{other}"
                    )
                )
    for island in islands:
        x, y = centres[island.slug]
        ring = tuple((x + dx, y + dy) for dx, dy in circle_ring(ISLAND_RADIUS, 24))
        colour = CONTINENT_COLORS.get(island.continent, "#cccccc")
        out.append(Area((ring,), colour, BORDER, 0.6, title=island.name))
        halo = _blend(colour, "#ffffff", 0.45)
        out.append(
            Text(
                (x, y + ISLAND_RADIUS + NAME_LINE / 2 + 1),
                island.name.upper(),
                NAME_SIZE,
                INK,
                "mm",
                "bold",
                halo,
                0.55,
            )
        )
    return out
