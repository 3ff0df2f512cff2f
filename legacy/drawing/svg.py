"""Draw the layout as an SVG, and one mark's icon for the key to the marks.

The SVG leaves fonts to the browser; ``legend_icon_svg`` draws a single icon exactly as the board
draws it.
"""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING
from xml.sax.saxutils import escape, quoteattr

from legacy import names
from legacy.box import MINOR_CITY
from legacy.drawing.fonts import SVG_FONT_FAMILY
from legacy.drawing.marks import (
    city_icon,
    city_radius,
    coin_icon,
    hq_icon,
    scaled_by,
    scar_icon,
    white_sticker_icon,
)
from legacy.drawing.panels import dynamic_primitives
from legacy.drawing.picture import (
    DESTROYED,
    FORT_RING,
    SEA,
    Area,
    Circle,
    Icon,
    Line,
    Rect,
    Text,
    load_geometry,
)
from legacy.drawing.png import bounds
from legacy.drawing.territories import static_primitives

if TYPE_CHECKING:
    from legacy.drawing.picture import BoardPicture


# ---------------------------------------------------------------------------------------------
# SVG.
# ---------------------------------------------------------------------------------------------


def _n(v: float) -> str:
    text = f"{v:.2f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def _svg(p, out: list[str], indent: str = "  ", shapes: str = "") -> None:
    if isinstance(p, Area) and p.territory and shapes:
        # The outline is the board's shapes file's; this page's element only says which.
        attrs = [
            f'id="t-{p.territory}"',
            f'data-territory="{p.territory}"',
            'class="territory"',
            f"href={quoteattr(f'{shapes}#t-{p.territory}')}",
        ]
        title = f"<title>{escape(p.title or p.territory)}</title>"
        out.append(f"{indent}<use {' '.join(attrs)}>{title}</use>")
    elif isinstance(p, Area):
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
        if p.halo and p.halo_width and shapes:
            # In a page (the shapes file is only for browsers, which all paint in the order
            # asked): one element, its halo a stroke painted under its letters.
            attrs += [
                f'stroke="{p.halo}"',
                f'stroke-width="{_n(p.halo_width * 2)}"',
                'stroke-linejoin="round"',
                'paint-order="stroke"',
            ]
        elif p.halo and p.halo_width:
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
            _svg(part, out, indent + "  ", shapes)
        out.append(f"{indent}</g>")
    else:  # pragma: no cover
        raise TypeError(p)


def render_svg(picture: BoardPicture, *, shapes: str = "") -> str:
    """The board as an SVG document. Each territory is a ``<path id="t-<slug>"
    data-territory="<slug>">``; marks are ``<g class="mark ..." data-for="<slug>">``.

    With ``shapes`` (the address of ``shapes_svg``'s file), the territories' outlines and the
    sea lines are not written out but referenced from that file (``<use href=...>``), which a
    browser fetches once and keeps: each territory is a ``<use id="t-<slug>" ...>`` and takes
    its border from the group around it."""
    geo = load_geometry()
    w, h = _n(geo.width), _n(geo.height)
    out = [
        '<?xml version="1.0" encoding="UTF-8"?>',
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {w} {h}" width="{w}" '
        f'height="{h}" font-family={quoteattr(SVG_FONT_FAMILY)}>',
        f'  <rect x="0" y="0" width="{w}" height="{h}" fill="{SEA}"/>',
    ]
    static = static_primitives(names.language_of(picture.language))
    areas = [p for p in static if isinstance(p, Area)]
    lines = [p for p in static if isinstance(p, Line)]
    groups = (
        ("territories", areas),
        ("sea-lines", [] if shapes else lines),
        ("names", [p for p in static if isinstance(p, Text)]),
        ("world", dynamic_primitives(picture)),
    )
    for name, prims in groups:
        if name == "territories" and shapes:
            out.append(f'  <g id="{name}" {_border_attrs()}>')
        elif name == "sea-lines" and shapes:
            out.append(f'  <g id="{name}"><use href={quoteattr(shapes + "#sea-lines")}/>')
        else:
            out.append(f'  <g id="{name}">')
        for p in prims:
            _svg(p, out, "    ", shapes)
        out.append("  </g>")
    out.append("</svg>")
    return "\n".join(out) + "\n"


def _tenths(v: int) -> str:
    """A whole number of tenths as SVG path data writes it shortest (``-.5``, ``12.3``)."""
    text = _n(v / 10)
    return text.replace("0.", ".", 1) if text.startswith(("0.", "-0.")) else text


def _numbers(values: list[str]) -> str:
    """Numbers of path data, a space between two only where a minus sign does not part them."""
    return "".join(v if i == 0 or v.startswith("-") else " " + v for i, v in enumerate(values))


def _compact_ring(ring) -> str:
    """A closed ring as short path data: the first point, then each step from the one before
    (``l``), in tenths of a unit, the precision of the geometry (so nothing moves)."""
    points = [(round(x * 10), round(y * 10)) for x, y in ring]
    (x0, y0), steps = points[0], []
    for (px, py), (x, y) in zip(points, points[1:], strict=False):
        steps += [_tenths(x - px), _tenths(y - py)]
    return f"M{_numbers([_tenths(x0), _tenths(y0)])}l{_numbers(steps)}z"


@cache
def _border_attrs() -> str:
    area = next(p for p in static_primitives() if isinstance(p, Area))
    return (
        f'stroke="{area.outline}" stroke-width="{_n(area.width)}" stroke-linejoin="round"'
        if area.outline and area.width
        else ""
    )


def shapes_svg() -> str:
    """The part of the board that is the same for every campaign and language, as a file of
    its own: the territories' outlines (``<path id="t-<slug>">``, filled with their
    continent's colour; the border is drawn by the group, so a page's ``<use>`` of one may set
    its own) and the sea lines (``<g id="sea-lines">``). Deterministic: the same geometry
    always gives the same bytes."""
    geo = load_geometry()
    w, h = _n(geo.width), _n(geo.height)
    out = [
        '<?xml version="1.0" encoding="UTF-8"?>',
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {w} {h}" width="{w}" height="{h}">',
        f'<rect x="0" y="0" width="{w}" height="{h}" fill="{SEA}"/>',
        f'<g id="territories" {_border_attrs()}>',
    ]
    static = static_primitives()
    for p in static:
        if isinstance(p, Area) and p.territory:
            d = "".join(_compact_ring(ring) for ring in p.rings)
            out.append(
                f'<path id="t-{p.territory}" d="{d}" fill="{p.fill or "none"}" '
                'fill-rule="evenodd"/>'
            )
    out.append("</g>")
    out.append('<g id="sea-lines">')
    for p in static:
        if isinstance(p, Line):
            _svg(p, out, "")
    out.append("</g>")
    out.append("</svg>")
    return "\n".join(out) + "\n"


# --- The key to the marks ------------------------------------------------------------------------


def _legend_parts(kind: str) -> tuple:
    if kind.startswith("city-"):
        return scaled_by(city_icon(kind[5:]))
    if kind == "fortification":
        r = city_radius(MINOR_CITY) + 1.9
        return (
            Circle((0, 0), r, "#ffffff", FORT_RING, 1.2),
            Circle((0, 0), r - 1.6, None, FORT_RING, 0.35),
            *scaled_by(city_icon(MINOR_CITY)),
        )
    if kind == "scar-cancelled":
        return scaled_by(white_sticker_icon()[0])
    if kind.startswith("scar-"):
        scar = kind[5:]
        return scaled_by(scar_icon(scar, "…" if scar == "other" else "")[0])
    if kind == "coins":
        return scaled_by(coin_icon(2)[0])

    if kind == "hq":
        return scaled_by(hq_icon("")[0])
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
    x0, y0, x1, y1 = bounds(parts)
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
