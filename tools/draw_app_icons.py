"""Draw Earthbook's app icons (the home-screen icons of the installed web app) as PNG files.

The mark is the favicon's, simplified: a globe in the sea's blue with two land masses, on the
site's paper colour, ringed by the accent red, with a red star (the game's victory token) at the
top right. The maskable icon keeps the whole mark inside the central 80% circle that every mask
shape leaves visible, on a full-bleed background.

    .venv/bin/python tools/draw_app_icons.py     # writes static/icons/*.png

The files are committed; run this again only when the artwork changes.
"""

from __future__ import annotations

import math
from pathlib import Path

from PIL import Image, ImageDraw

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "static" / "icons"

PAPER = (247, 243, 234)
INK = (29, 35, 48)
ACCENT = (155, 44, 44)
SEA = (127, 159, 214)
LAND = (140, 188, 120)
SAND = (210, 160, 99)

SCALE = 4  # drawn four times larger, then reduced: smooth edges without a vector renderer


def star(cx: float, cy: float, outer: float, inner: float) -> list[tuple[float, float]]:
    points = []
    for i in range(10):
        radius = outer if i % 2 == 0 else inner
        angle = -math.pi / 2 + i * math.pi / 5
        points.append((cx + radius * math.cos(angle), cy + radius * math.sin(angle)))
    return points


def draw(size: int, *, maskable: bool) -> Image.Image:
    big = size * SCALE
    image = Image.new("RGBA", (big, big), PAPER + (255,) if maskable else (0, 0, 0, 0))
    pen = ImageDraw.Draw(image)
    # Every mark is laid out on a 100-unit square; a maskable icon shrinks it into the safe zone.
    zone = 0.72 if maskable else 1.0
    unit = big * zone / 100
    left = (big - 100 * unit) / 2

    def at(x: float, y: float) -> tuple[float, float]:
        return (left + x * unit, left + y * unit)

    def box(x0: float, y0: float, x1: float, y1: float) -> list[tuple[float, float]]:
        return [at(x0, y0), at(x1, y1)]

    if not maskable:
        pen.rounded_rectangle(box(2, 2, 98, 98), radius=18 * unit, fill=PAPER)
    pen.ellipse(box(8, 8, 92, 92), fill=ACCENT)
    pen.ellipse(box(14, 14, 86, 86), fill=INK)
    pen.ellipse(box(17, 17, 83, 83), fill=SEA)
    # Two land masses, as on the favicon: a long northern one and a small southern one.
    north = [
        (28, 42),
        (36, 34),
        (46, 38),
        (54, 32),
        (64, 35),
        (72, 44),
        (63, 50),
        (54, 47),
        (47, 52),
        (38, 48),
        (31, 50),
    ]
    south = [(40, 62), (48, 58), (56, 61), (60, 68), (52, 74), (45, 71), (41, 68)]
    pen.polygon([at(x, y) for x, y in north], fill=LAND, outline=INK, width=max(1, int(unit)))
    pen.polygon([at(x, y) for x, y in south], fill=SAND, outline=INK, width=max(1, int(unit)))
    # The red star, ringed in paper so that it reads on the globe's edge.
    pen.polygon([at(x, y) for x, y in star(77, 23, 21, 9)], fill=PAPER)
    pen.polygon([at(x, y) for x, y in star(77, 23, 16, 6.5)], fill=ACCENT)
    return image.resize((size, size), Image.LANCZOS)


ICONS = {
    "earthbook-192.png": (192, False),
    "earthbook-512.png": (512, False),
    "earthbook-maskable-512.png": (512, True),
    "earthbook-apple-180.png": (180, True),  # iOS rounds the corners itself: full bleed
}


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    for name, (size, maskable) in ICONS.items():
        draw(size, maskable=maskable).save(OUT / name, optimize=True)
        print(OUT.relative_to(ROOT) / name)


if __name__ == "__main__":
    main()
