"""Charts drawn on the server as SVG: bars, a line and a heat map of the board.

No script and no outside library: each chart is a small ``<svg role="img">`` with a ``<title>``
(what a screen reader says) and its words in the reader's language, passed in by the view.

Sized for a phone first: the bar and line charts are 360 units wide, about the width of the
page's column on a 390-pixel screen, so a text of ``FONT`` units is drawn about that many pixels
high there (and larger on a wider screen, where the chart grows with its column). Every text is
dark on a light ground; the colours of the bars also differ in lightness, and each bar carries
its number as text, so no colour has to be told apart to read a chart.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from xml.sax.saxutils import escape, quoteattr

from django.utils.safestring import SafeString, mark_safe

from legacy.drawing import load_geometry
from legacy.drawing.picture import DrawnIsland
from legacy.drawing.territories import ISLAND_RADIUS, island_centres

WIDTH = 360
FONT = 14
SMALL = 13
INK = "#1e1a15"
GRID = "#8c8273"
PAPER = "#ffffff"
LABEL_ROOM = 2 * FONT  # the line above each bar holding its label

# Colours of the heat map's steps, from no mark to the most marked territory.
HEAT_STEPS = ("#efece4", "#f7d7a9", "#ec9a55", "#cc5326", "#8f1f12")
HEAT_FONT = 36  # units of the 1000-unit-wide board: about 13 px on a phone


@dataclass(frozen=True)
class Series:
    key: str
    label: str
    colour: str


def _n(v: float) -> str:
    text = f"{v:.1f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def _text(x, y, text, *, size=FONT, anchor="start", weight="normal", fill=INK) -> str:
    return (
        f'<text x="{_n(x)}" y="{_n(y)}" font-size="{size}" text-anchor="{anchor}" '
        f'font-weight="{weight}" fill="{fill}">{escape(str(text))}</text>'
    )


def _fit(text: str, size: float, room: float) -> str:
    """Cut a label that would run past ``room`` units (an average letter is ~0.56 em)."""
    most = max(3, int(room / (size * 0.56)))
    return text if len(text) <= most else text[: most - 1] + "…"


def _svg(height: float, title: str, body: list[str], width: float = WIDTH) -> SafeString:
    head = (
        f'<svg xmlns="http://www.w3.org/2000/svg" class="chart" role="img" '
        f'viewBox="0 0 {_n(width)} {_n(height)}" preserveAspectRatio="xMinYMin meet" '
        f'font-family="sans-serif" aria-label={quoteattr(title)}>'
        f"<title>{escape(title)}</title>"
    )
    return mark_safe(head + "".join(body) + "</svg>")  # noqa: S308 - every text escaped above


def _legend(series: Sequence[Series], y: float) -> tuple[list[str], float]:
    """Swatches with their words, as many on a line as fit; returns the parts and the y below."""
    parts, x = [], 0.0
    for s in series:
        room = FONT + 6 + len(s.label) * SMALL * 0.56 + 14
        if x and x + room > WIDTH:
            x, y = 0.0, y + FONT + 8
        parts.append(
            f'<rect x="{_n(x)}" y="{_n(y - FONT + 2)}" width="{FONT}" height="{FONT}" '
            f'fill="{s.colour}" stroke="{INK}" stroke-width="0.5"/>'
        )
        parts.append(_text(x + FONT + 5, y, s.label, size=SMALL))
        x += room
    return parts, y + FONT + 10


def bar_chart(rows: Sequence[dict], series: Sequence[Series], *, title: str) -> SafeString:
    """Horizontal stacked bars: one per row (``{"label", <series key>: n...}``), its parts in
    the series' colours, its total written after it. The longest bar fills the width."""
    legend, y = _legend(series, FONT) if len(series) > 1 else ([], 0.0)
    body = list(legend)
    totals = [sum(int(r.get(s.key, 0)) for s in series) for r in rows]
    most = max(totals, default=0) or 1
    room = WIDTH - 4 * FONT  # leave space for the total after the longest bar
    for row, total in zip(rows, totals, strict=True):
        y += LABEL_ROOM
        body.append(_text(0, y - 6, _fit(str(row["label"]), FONT, WIDTH)))
        x = 0.0
        for s in series:
            value = int(row.get(s.key, 0))
            if not value:
                continue
            w = room * value / most
            body.append(
                f'<rect x="{_n(x)}" y="{_n(y)}" width="{_n(w)}" height="{FONT + 2}" '
                f'fill="{s.colour}"><title>{escape(f"{s.label}: {value}")}</title></rect>'
            )
            x += w
        body.append(_text(x + 5, y + FONT - 1, total, weight="bold"))
        y += FONT + 8
    return _svg(max(y + 4, FONT * 2), title, body)


def line_chart(
    points: Sequence[tuple[int, int]], *, title: str, x_label: str, height: int = 200
) -> SafeString:
    """One line through ``(x, y)`` points (x: a game's number), with its axes, the first and
    last value written at their points and a few numbers on each axis."""
    left, right, top = 3 * FONT, WIDTH - FONT, FONT
    bottom = height - 2 * FONT - 10
    if not points:
        return _svg(2 * FONT, title, [_text(0, FONT, "–")])
    xs = [x for x, _ in points]
    ys = [y for _, y in points]
    x0, x1 = min(xs), max(max(xs), min(xs) + 1)
    y1 = max(max(ys), 1)

    def px(x):
        return left + (right - left) * (x - x0) / (x1 - x0)

    def py(y):
        return bottom - (bottom - top) * y / y1

    body = [
        f'<line x1="{left}" y1="{_n(bottom)}" x2="{right}" y2="{_n(bottom)}" stroke="{GRID}"/>',
        f'<line x1="{left}" y1="{top}" x2="{left}" y2="{_n(bottom)}" stroke="{GRID}"/>',
    ]
    for v in sorted({0, y1 // 2, y1}):
        body.append(_text(left - 6, py(v) + SMALL / 2 - 1, v, size=SMALL, anchor="end"))
    ticks = sorted({x0, x1, *(xs[:: max(1, len(xs) // 4)])})
    for v in ticks:
        body.append(_text(px(v), bottom + SMALL + 6, v, size=SMALL, anchor="middle"))
    body.append(_text((left + right) / 2, height - 6, x_label, size=SMALL, anchor="middle"))
    path = " ".join(f"{_n(px(x))},{_n(py(y))}" for x, y in points)
    body.append(
        f'<polyline points="{path}" fill="none" stroke="#1f5f8b" stroke-width="2.5" '
        f'stroke-linejoin="round"/>'
    )
    for x, y in points:
        body.append(
            f'<circle cx="{_n(px(x))}" cy="{_n(py(y))}" r="3.5" fill="#1f5f8b">'
            f"<title>{escape(f'{x}: {y}')}</title></circle>"
        )
    return _svg(height, title, body)


def heat_step(count: int, most: int) -> int:
    """The step (0 for none, 1..4) of a territory with ``count`` marks, the most being ``most``."""
    if count <= 0 or most <= 0:
        return 0
    return max(1, min(len(HEAT_STEPS) - 1, -(-4 * count // most)))


def heat_map(
    counts: dict[str, int],
    *,
    title: str,
    names: dict[str, str],
    legend: tuple[str, str],
    islands: tuple[DrawnIsland, ...] = (),
) -> SafeString:
    """The board with each territory shaded by its count of marks, and a key below it from
    ``legend`` (the words for "none" and "most"). Each territory says its name and count; one a
    packet added (``islands``) is a small island where the board's picture draws it."""
    geo = load_geometry()
    most = max(counts.values(), default=0)
    body = [f'<rect x="0" y="0" width="{_n(geo.width)}" height="{_n(geo.height)}" fill="#dfe9ee"/>']
    for slug, t in geo.territories.items():
        d = " ".join(
            "M" + " L".join(f"{_n(x)},{_n(y)}" for x, y in ring) + " Z"
            for poly in t["polygons"]
            for ring in poly
        )
        n = counts.get(slug, 0)
        fill = HEAT_STEPS[heat_step(n, most)]
        body.append(
            f'<path d="{d}" fill="{fill}" fill-rule="evenodd" stroke="#5a5046" '
            f'stroke-width="0.6" data-territory="{slug}" data-count="{n}">'
            f"<title>{escape(f'{names.get(slug, slug)}: {n}')}</title></path>"
        )
    for slug, (cx, cy) in island_centres(islands).items():
        n = counts.get(slug, 0)
        fill = HEAT_STEPS[heat_step(n, most)]
        body.append(
            f'<circle cx="{_n(cx)}" cy="{_n(cy)}" r="{_n(ISLAND_RADIUS)}" fill="{fill}" '
            f'stroke="#5a5046" stroke-width="0.6" data-territory="{slug}" data-count="{n}">'
            f"<title>{escape(f'{names.get(slug, slug)}: {n}')}</title></circle>"
        )
    y = geo.height + HEAT_FONT + 14
    box = HEAT_FONT
    x = 0.0
    body.append(_text(x, y, legend[0], size=HEAT_FONT))
    x += len(legend[0]) * HEAT_FONT * 0.56 + 16
    for colour in HEAT_STEPS:
        body.append(
            f'<rect x="{_n(x)}" y="{_n(y - box + 6)}" width="{box}" height="{box}" '
            f'fill="{colour}" stroke="{INK}" stroke-width="1"/>'
        )
        x += box + 6
    body.append(_text(x + 10, y, f"{legend[1]} ({most})", size=HEAT_FONT))
    return _svg(y + 20, title, body, width=geo.width)
