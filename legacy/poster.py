"""The end poster: the final board with the world's name above it and the winners of the games
below, one large PNG to download once the world is named. Pure: plain data in, PNG out.

The board is ``legacy.drawing``'s own picture, drawn with its fonts (DejaVu when installed, so
Cyrillic names come out as written); this module only frames it.
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from dataclasses import dataclass

from PIL import Image, ImageDraw

from legacy import names
from legacy.drawing import BoardPicture, printable, render_image
from legacy.drawing.fonts import font_of

WIDTH = 2400
WINNERS_SHOWN = 15
COLUMNS = 3
DARK = "#1e1a15"
LIGHT = "#f8f3e6"
GOLD = "#e8b923"

POSTER_WORDS = {
    "en": {
        "world": "The World of {name}",
        "winners": "The winners",
        "line": "Game {game}: {name} ({faction})",
    },
    "ru": {
        "world": "Мир \u00ab{name}\u00bb",
        "winners": "Победители",
        "line": "Игра {game}: {name} ({faction})",
    },
}


@dataclass(frozen=True)
class Winner:
    game: int
    name: str
    faction: str  # the faction's name, as the poster writes it


@dataclass(frozen=True)
class PosterText:
    heading: str
    winners_heading: str
    lines: tuple[str, ...]


def poster_text(
    world_name: str, winners: Sequence[Winner], language: str = "en", world_number: str = ""
) -> PosterText:
    """The words of the poster: "The World of <name>" (with the box's printed world number when
    the group entered it), and one line per winner in the order of the games, the first
    fifteen."""
    words = POSTER_WORDS[names.language_of(language)]
    ordered = sorted(winners, key=lambda w: w.game)[:WINNERS_SHOWN]
    heading = words["world"].format(name=world_name)
    return PosterText(
        heading=f"{heading} · {world_number}" if world_number else heading,
        winners_heading=words["winners"],
        lines=tuple(
            words["line"].format(game=w.game, name=w.name, faction=w.faction) for w in ordered
        ),
    )


def _fit(draw, text: str, style: str, px: int, room: float) -> str:
    """The text, cut with an ellipsis when it is wider than ``room`` pixels."""
    font = font_of(style, px)
    text = printable(text)
    if draw.textlength(text, font=font) <= room:
        return text
    while text and draw.textlength(text + "…", font=font) > room:
        text = text[:-1]
    return text.rstrip() + "…"


def render_poster(picture: BoardPicture, text: PosterText, width: int = WIDTH) -> bytes:
    """The poster as PNG bytes, ``width`` pixels wide: a band with the world's name, the board,
    and the winners in three columns."""
    board = render_image(picture, width)
    unit = width / 100
    title_px = round(5 * unit)
    head_h = round(title_px * 2.2)
    line_px = round(1.7 * unit)
    line_h = round(line_px * 1.6)
    rows = -(-max(len(text.lines), 1) // COLUMNS)
    foot_h = round(3 * unit + line_px * 2 + rows * line_h)
    image = Image.new("RGB", (width, head_h + board.height + foot_h), DARK)
    image.paste(board, (0, head_h))
    draw = ImageDraw.Draw(image)
    margin = 2 * unit
    heading = _fit(draw, text.heading, "bold", title_px, width - 2 * margin)
    draw.text(
        (width / 2, head_h / 2), heading, font=font_of("bold", title_px), fill=GOLD, anchor="mm"
    )
    y = head_h + board.height + 1.5 * unit
    draw.text(
        (margin, y), printable(text.winners_heading), font=font_of("bold", line_px), fill=LIGHT
    )
    y += line_px * 1.8
    column = (width - 2 * margin) / COLUMNS
    font = font_of("regular", line_px)
    for i, line in enumerate(text.lines):
        x = margin + (i // rows) * column
        fitted = _fit(draw, line, "regular", line_px, column - unit)
        draw.text((x, y + (i % rows) * line_h), fitted, font=font, fill=LIGHT)
    buf = io.BytesIO()
    image.save(buf, "PNG", compress_level=6)
    return buf.getvalue()
