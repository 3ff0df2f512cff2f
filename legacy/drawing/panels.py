"""The board's panels and the whole layout: the title, the continents' key, the legend, the winners.

``layout(picture)`` is the list of primitives for a whole picture: the part that never changes
(``territories.static_primitives``) followed by the marks and the panels of this picture.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from legacy import names
from legacy.box import CAPITAL_CITY, WINNERS_LINES
from legacy.drawing.fonts import fit, text_width
from legacy.drawing.marks import (
    city_icon,
    css,
    mark_icon,
    territory_marks,
    white_sticker_icon,
)
from legacy.drawing.picture import (
    BONUS_DOWN,
    BONUS_UP,
    BORDER,
    CONTINENT_COLORS,
    INK,
    PANEL_EDGE,
    PAPER,
    DrawnContinent,
    Icon,
    Line,
    Rect,
    Text,
    load_geometry,
)
from legacy.drawing.territories import island_centres, island_primitives, static_primitives

if TYPE_CHECKING:
    from legacy.drawing.picture import BoardPicture, Primitive


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


LEGEND_ROW = 8.0


def _legend(picture: BoardPicture) -> list[Primitive]:
    """The key to the symbols that are not printed on the board: a World Capital, a cancelled
    scar's white sticker that still marks its territory, and each kind of unlocked mark by its
    symbol and the group's name for it. Nothing when none is drawn."""
    rows: list[tuple[tuple, str, str]] = []
    words = names.picture_words(picture.language)
    if any(t.city_kind == CAPITAL_CITY for t in picture.territories):
        rows.append((city_icon(CAPITAL_CITY), words["capital"], "legend-capital"))
    if any(t.scar_cancelled and not t.scar for t in picture.territories):
        rows.append((white_sticker_icon()[0], words["scar_cancelled"], "legend-scar-cancelled"))
    for symbol, name in picture.mark_legend:
        rows.append((mark_icon(symbol)[0], name, f"legend-mark mark-{css(symbol)}"))
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
            Text((x0 + 16, y + 0.2), fit(text, 4.4, "regular", x1 - x0 - 19), 4.4, INK, "lm")
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
        fields: tuple[Any, ...] = (*tuple(entry), None, None)
        line, name, slogan = fields[:3]
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
            name = fit(name, 5.0, "bold", x1 - x0 - 24)
            out.append(Text((x0 + 14, y + 0.2), name, 5.0, INK, "lm", "bold"))
            if slogan:
                nx = x0 + 14 + text_width(name, 5.0, "bold") + 3
                room = x1 - 7 - nx
                quote = fit(f"\u201c{slogan}\u201d", 4.5, "italic", room)
                if quote:
                    out.append(Text((nx, y + 0.2), quote, 4.5, "#4a4238", "lm", "italic"))
    return out


def dynamic_primitives(picture: BoardPicture) -> list[Primitive]:
    """What this world adds on top of the printed board: the islands packets added with their
    marks, the title, the panels, then the printed territories' marks."""
    language = names.language_of(picture.language)
    islands = tuple(picture.islands)
    centres = island_centres(islands) if islands else {}
    drawn_names = {i.slug: i.name.upper() for i in islands}
    seen = set()
    for t in picture.territories:
        if t.slug in seen:
            raise ValueError(f"territory {t.slug!r} is listed twice")
        seen.add(t.slug)
    out: list[Primitive] = []
    out.extend(island_primitives(islands, tuple(picture.added_sea_lines)))
    # An island's marks are drawn with it, under the panels, as the island is.
    for t in picture.territories:
        if t.slug in centres:
            out.extend(territory_marks(t, language, (centres[t.slug], drawn_names[t.slug])))
    out.extend(_title(picture))
    out.extend(_continent_legend(picture))
    out.extend(_winners(picture))
    out.extend(_legend(picture))
    for t in picture.territories:
        if t.slug not in centres:
            out.extend(territory_marks(t, language))
    return out


def layout(picture: BoardPicture) -> list[Primitive]:
    """All primitives of the picture in paint order (map units)."""
    return [*static_primitives(names.language_of(picture.language)), *dynamic_primitives(picture)]
