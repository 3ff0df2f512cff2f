"""Draw the layout as a PNG with Pillow.

The part of the board that never changes is drawn once per output width; icons are drawn
supersampled once per scale and pasted; a picture is stored as a palette PNG when its colours
allow it.
"""

from __future__ import annotations

import io
import math
from collections.abc import Sequence
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from PIL import Image, ImageColor, ImageDraw

from legacy import names
from legacy.drawing.fonts import font_file, font_of, printable, text_width
from legacy.drawing.panels import dynamic_primitives
from legacy.drawing.picture import (
    SEA,
    Area,
    Circle,
    Icon,
    Line,
    Rect,
    Text,
    load_geometry,
    output_size,
)
from legacy.drawing.territories import name_lines, rows, static_primitives

if TYPE_CHECKING:
    from legacy.drawing.picture import BoardPicture, Point, Primitive


# ---------------------------------------------------------------------------------------------
# PNG.
# ---------------------------------------------------------------------------------------------

SUPERSAMPLE = 3  # for icons (cached per scale); text is antialiased by FreeType anyway


@lru_cache(maxsize=64)
def _rgb(color: str) -> tuple[int, int, int] | tuple[int, int, int, int]:
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
        kwargs: dict[str, Any] = {
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
    draw.text(
        xy, printable(text), fill=_rgb(fill), font=font_of(style, px), anchor=anchor, **kwargs
    )


@lru_cache(maxsize=4096)
def _text_sprite(anchor, text, style, px, fill, halo, halo_px):
    """A label drawn once on a transparent tile, and the offset of the tile's corner from the
    label's anchor point. Labels repeat from one picture of a campaign to the next (names,
    numbers, the legend), so each is rasterized once per process instead of every time."""
    font = font_of(style, px)
    left, top, right, bottom = font.getbbox(
        printable(text), anchor=anchor, stroke_width=halo_px if halo else 0
    )
    left, top = math.floor(left) - 1, math.floor(top) - 1
    tile = Image.new("RGBA", (math.ceil(right) - left + 2, math.ceil(bottom) - top + 2))
    _draw_text(ImageDraw.Draw(tile), (-left, -top), anchor, text, style, px, fill, halo, halo_px)
    return tile, (left, top)


def bounds(parts) -> tuple[float, float, float, float]:
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
    bx0, by0, bx1, by1 = bounds(parts)
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


def reset_caches() -> None:
    """Forget fonts, measurements and pre-drawn images (after changing EARTHBOOK_FONT)."""
    for fn in (
        font_file,
        font_of,
        printable,
        text_width,
        name_lines,
        rows,
        static_primitives,
        _static_image,
        _sprite,
    ):
        fn.cache_clear()
