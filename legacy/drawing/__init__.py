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

The modules, in the order a picture is made:

- ``picture``: what the caller gives, the colours and sizes, the primitives, the map geometry;
- ``fonts``: which font draws the PNG, and how wide a text is;
- ``territories``: the board that never changes, and where a territory's name sits;
- ``marks``: the icons of the marks on a territory, and where each sits;
- ``panels``: the title, the continents' key, the legend, the winners, and the whole layout;
- ``png`` and ``svg``: the two renderers (and the key's icons, drawn as the board draws them).

Fonts: Pillow's own scalable font (``ImageFont.load_default(size=...)``) only has ASCII glyphs, so
the PNG uses DejaVu Sans (or Liberation/Noto/FreeSans) when the system has it, or the font named by
the ``EARTHBOOK_FONT`` environment variable; without any of them it falls back to Pillow's font
and spells text in Latin letters (Cyrillic transliterated, accents dropped) so that nothing turns
into empty boxes. The SVG leaves fonts to the browser.
"""

from __future__ import annotations

from legacy.drawing.fonts import full_unicode_fonts, printable
from legacy.drawing.marks import mark_pixel_positions, mark_positions, territory_pixel_position
from legacy.drawing.panels import LEGEND_BOX, layout
from legacy.drawing.picture import (
    BASE_SCARS,
    CITY_FILL,
    CITY_KINDS,
    CONTINENT_COLORS,
    FACTION_COLORS,
    SCAR_COLORS,
    Area,
    BoardPicture,
    Circle,
    DrawnContinent,
    DrawnIsland,
    DrawnTerritory,
    Icon,
    Line,
    Point,
    Primitive,
    Rect,
    Text,
    all_slugs,
    load_geometry,
    output_size,
)
from legacy.drawing.png import STORED_COMPRESS_LEVEL, render_image, render_png, reset_caches
from legacy.drawing.svg import legend_icon_svg, render_svg, shapes_svg
from legacy.drawing.territories import name_lines

__all__ = [
    "BASE_SCARS",
    "CITY_FILL",
    "CITY_KINDS",
    "CONTINENT_COLORS",
    "FACTION_COLORS",
    "LEGEND_BOX",
    "SCAR_COLORS",
    "STORED_COMPRESS_LEVEL",
    "Area",
    "BoardPicture",
    "Circle",
    "DrawnContinent",
    "DrawnIsland",
    "DrawnTerritory",
    "Icon",
    "Line",
    "Point",
    "Primitive",
    "Rect",
    "Text",
    "all_slugs",
    "full_unicode_fonts",
    "layout",
    "legend_icon_svg",
    "load_geometry",
    "mark_pixel_positions",
    "mark_positions",
    "name_lines",
    "output_size",
    "printable",
    "render_image",
    "render_png",
    "render_svg",
    "reset_caches",
    "shapes_svg",
    "territory_pixel_position",
]
