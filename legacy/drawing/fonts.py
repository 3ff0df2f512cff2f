"""Fonts and text for the board: which font file draws the PNG, and how wide a text is.

Pillow's own scalable font only has ASCII glyphs, so the PNG uses DejaVu Sans (or Liberation,
Noto, FreeSans) when the system has it, or the font named by ``EARTHBOOK_FONT``; without any of
them ``printable`` spells text in Latin letters so that nothing turns into empty boxes.
"""

from __future__ import annotations

import os
import unicodedata
from functools import cache, lru_cache
from pathlib import Path

from PIL import ImageFont

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
def font_of(style: str, px: int) -> ImageFont.FreeTypeFont | ImageFont.ImageFont:
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
CYRILLIC_LATIN = _CYRILLIC  # a Cyrillic letter spelled in Latin letters (slugs use it too)
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
    font = font_of(style, 100)
    return font.getlength(printable(text)) * size / 100


def fit(text: str, size: float, style: str, room: float) -> str:
    if text_width(text, size, style) <= room:
        return text
    while text and text_width(text + "\u2026", size, style) > room:
        text = text[:-1]
    return text + "\u2026" if text else ""
