"""The sea around the printed board: where a territory a packet added may be drawn.

``SEA_SPOTS`` are fixed places in open water (map units), each at least ``SHORE`` from every
printed shore and clear of the title and the panels, spread over every ocean.
``tests/legacy/test_sea_spots.py`` checks each against the board's shapes. ``sea_spot`` picks one
for an added territory, deterministically: among the free spots nearest to where it belongs (its
first connection, or where the group placed it on land), the one whose sea lines cross the least
land of other territories, then the nearest.
"""

from __future__ import annotations

import math
from functools import cache
from typing import TYPE_CHECKING

from legacy.drawing.picture import load_geometry

if TYPE_CHECKING:
    from collections.abc import Iterable

    from legacy.drawing.picture import Point

# Each spot is this far, at least, from every printed shore (an island's radius and its outline).
SHORE = 16.0
SEA_SPOTS: tuple[Point, ...] = (
    (118, 62), (454, 62), (568, 62), (628, 62), (676, 62), (778, 62), (826, 62), (874, 62),
    (46, 68), (946, 68), (496, 80), (304, 98), (982, 98), (16, 104), (430, 104), (322, 146),
    (382, 146), (970, 158), (16, 170), (82, 176), (874, 176), (928, 176), (352, 182), (412, 182),
    (46, 206), (118, 206), (892, 218), (322, 224), (400, 230), (136, 248), (286, 254), (862, 254),
    (328, 272), (820, 272), (388, 278), (154, 290), (652, 296), (712, 302), (196, 308), (850, 308),
    (352, 314), (898, 314), (406, 320), (238, 326), (622, 332), (670, 338), (478, 344), (934, 344),
    (718, 350), (430, 362), (898, 380), (388, 386), (472, 392), (268, 398), (580, 422), (916, 422),
    (358, 428), (502, 428), (820, 446), (544, 452), (328, 464), (892, 464), (850, 482), (358, 496),
)  # fmt: skip
# The nearest spots weighed for one island; two islands sit at least ``APART`` from each other.
NEAREST = 8
APART = 30.0
# A sea line is looked at every this many map units.
STEP = 3.0


@cache
def _rings() -> tuple[tuple[str, tuple[float, float, float, float], tuple[Point, ...]], ...]:
    """Every ring of every printed territory: its slug, its bounding box, its points."""
    out = []
    for slug, t in load_geometry().territories.items():
        for polygon in t["polygons"]:
            for ring in polygon:
                points = tuple((float(x), float(y)) for x, y in ring)
                xs, ys = [p[0] for p in points], [p[1] for p in points]
                out.append((slug, (min(xs), min(ys), max(xs), max(ys)), points))
    return tuple(out)


def _inside(ring: tuple[Point, ...], x: float, y: float) -> bool:
    found = False
    for (x0, y0), (x1, y1) in zip(ring, ring[1:] + ring[:1], strict=True):
        if (y0 > y) != (y1 > y) and x < x0 + (y - y0) * (x1 - x0) / (y1 - y0):
            found = not found
    return found


def land_at(point: Point) -> str | None:
    """The printed territory whose land holds ``point``, or None in the sea."""
    x, y = point
    for slug, (x0, y0, x1, y1), ring in _rings():
        if x0 <= x <= x1 and y0 <= y <= y1 and _inside(ring, x, y):
            return slug
    return None


def in_the_sea(point: Point, radius: float) -> bool:
    """Is the disc of ``radius`` around ``point`` clear of land and on the map?"""
    geo = load_geometry()
    x, y = point
    if not (radius <= x <= geo.width - radius and radius <= y <= geo.height - radius):
        return False
    around = [
        (x + radius * math.cos(i * math.pi / 8), y + radius * math.sin(i * math.pi / 8))
        for i in range(16)
    ]
    return all(land_at(p) is None for p in [point, *around])


def land_crossed(a: Point, b: Point, ends: Iterable[str] = ()) -> int:
    """How much land (in steps of ``STEP``) the line from ``a`` to ``b`` crosses, not counting
    the territories it joins (``ends``)."""
    joined = set(ends)
    steps = max(1, int(math.dist(a, b) / STEP))
    crossed = 0
    for i in range(1, steps):
        t = i / steps
        slug = land_at((a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t))
        if slug is not None and slug not in joined:
            crossed += 1
    return crossed


def sea_spot(
    near: Point, lines_to: Iterable[tuple[str, Point]] = (), taken: Iterable[Point] = ()
) -> Point:
    """The sea spot for an island that belongs near ``near``, joined by sea lines to each
    ``(slug, point)`` of ``lines_to``: among the ``NEAREST`` free spots (at least ``APART``
    from each of ``taken``), the one whose lines cross the least land of other territories,
    then the nearest to ``near``."""
    held = list(taken)
    free = [s for s in SEA_SPOTS if all(math.dist(s, t) >= APART for t in held)] or list(SEA_SPOTS)
    nearest = sorted(free, key=lambda s: (math.dist(s, near), s))[:NEAREST]
    lines = list(lines_to)

    def cost(spot: Point) -> tuple[int, float, Point]:
        crossed = sum(land_crossed(spot, there, (slug,)) for slug, there in lines)
        return crossed, math.dist(spot, near), spot

    return min(nearest, key=cost)
