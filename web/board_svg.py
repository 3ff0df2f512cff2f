"""The board in a page: the picture a reader may see, as an SVG whose territories are links.

``BoardContext`` is what the picture needs besides the world (names, who sees what);
``interactive_svg`` makes each territory a keyboard-reachable link whose tooltip names its marks,
with an unseen larger tap area for the territories too small to tap at the narrowest map.
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass, field

from django.templatetags.static import static
from django.urls import reverse
from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import get_language, gettext_lazy
from django.utils.translation import gettext as _

from campaigns.hiding import world_as_read
from campaigns.models import Campaign
from campaigns.pictures.state import picture_of_world
from campaigns.vocabulary import HIDDEN, HIDDEN_SHORT
from legacy import board, drawing
from legacy.models import CityKind, MarkKind
from legacy.world import World
from web.names import continent_name, faction_name, territory_name

# --- The board picture ---------------------------------------------------------------------------


@dataclass(frozen=True)
class BoardContext:
    """What the picture needs besides the world: names, labels and who sees what."""

    campaign: Campaign
    players: dict[int, str]
    scar_names: dict[str, str] = field(default_factory=dict)  # scar slug -> name ("?" if hidden)
    hqs: dict[str, str] = field(default_factory=dict)  # territory -> faction
    sees_unlocked: bool = True  # False: kinds of mark a packet unlocked are not named
    # The campaign's unlocked kinds of mark, (slug, name), in order; hidden ones as "(hidden)".
    mark_kinds: tuple[tuple[str, str], ...] = ()
    faction_colours: dict[str, str] = field(default_factory=dict)  # unlocked faction -> colour
    faction_names: dict[str, str] = field(default_factory=dict)  # unlocked faction -> name


def mark_kinds(campaign_id: int, sees_unlocked: bool, kinds=None) -> tuple[tuple[str, str], ...]:
    """The kinds of mark a packet unlocked, in the order entered, named for this reader;
    ``kinds``: the campaign's ``MarkKind`` rows in that order, when the caller has read them."""
    rows = (
        [(k.slug, k.name) for k in kinds]
        if kinds is not None
        else MarkKind.objects.filter(campaign_id=campaign_id)
        .order_by("id")
        .values_list("slug", "name")
    )
    return tuple((slug, name if sees_unlocked else str(HIDDEN_SHORT)) for slug, name in rows)


def board_picture(world: World, ctx: BoardContext) -> drawing.BoardPicture:
    """The same picture the snapshots draw (``campaigns.pictures``), with the names a reader
    may see (a hidden scar type is drawn as "?", a hidden World Capital as a minor city)."""
    world = world_as_read(world, ctx.sees_unlocked)
    winners = [(s.line, ctx.players.get(s.player, "?"), s.slogan) for s in world.signatures]
    return picture_of_world(
        world,
        title=ctx.campaign.name,
        scar_names=ctx.scar_names,
        winners=winners,
        hqs=ctx.hqs,
        language=get_language(),
        mark_kinds=ctx.mark_kinds,
        faction_colours=ctx.faction_colours,
    )


def svg_document(world: World, ctx: BoardContext) -> str:
    """The board as a stand-alone SVG file (for ``<img>`` and downloads)."""
    return drawing.render_svg(board_picture(world, ctx))


def territory_summary(world: World, slug: str, ctx: BoardContext) -> str:
    """One line about a territory's marks, for tooltips and screen readers."""
    t = world_as_read(world, ctx.sees_unlocked).territories[slug]
    parts = []
    if t.city:
        city = _("%(kind)s %(name)s") % {"kind": CityKind(t.city.kind).label, "name": t.city.name}
        if t.city.founder in ctx.players:
            city += " " + _("(founded by %(name)s)") % {"name": ctx.players[t.city.founder]}
        if t.city.fortification_works:
            city += ", " + _("fortified")
        elif t.city.fortified:
            city += ", " + _("its fortification worn out")
        parts.append(city)
    if t.scar:
        parts.append(_("scar: %(scar)s") % {"scar": ctx.scar_names.get(t.scar, t.scar)})
    elif t.scar_cancelled and world.cancelled_scars_mark:
        parts.append(_("a cancelled scar's white sticker"))
    kinds = dict(ctx.mark_kinds)
    for kind in t.other_marks:
        parts.append(kinds.get(kind, kind) if ctx.sees_unlocked else str(HIDDEN))
    if t.card_destroyed:
        parts.append(_("territory card destroyed"))
    else:
        parts.append(_("card: %(n)s coin(s)") % {"n": t.coins})
    if slug in ctx.hqs:
        parts.append(
            _("HQ of %(faction)s") % {"faction": faction_name(ctx.hqs[slug], ctx.faction_names)}
        )
    name = territory_name(slug) if slug in board.TERRITORY_BY_SLUG else world.board.name(slug)
    return f"{name}: " + "; ".join(p for p in parts if p)


_SVG_OPEN = re.compile(r"<svg ([^>]*?) width=\"[\d.]+\" height=\"[\d.]+\"")
_TERRITORY_PATH = re.compile(
    r'<(?P<tag>path|use) id="t-(?P<slug>[a-z-]+)" data-territory="[a-z-]+" class="territory"'
    r"(?P<rest>[^>]*)><title>[^<]*</title></(?P=tag)>"
)

# The part of the board that is the same for every campaign (``drawing.shapes_svg``): a static
# file with a hash of its content in its name, fetched once and cached by the browser.
SHAPES_FILE = "board/shapes.svg"


def shapes_url() -> str:
    """The address of the board's shapes file (hashed in production)."""
    return static(SHAPES_FILE)


MARK_LEGEND = (
    ("city-minor", gettext_lazy("A minor city")),
    ("city-major", gettext_lazy("A major city")),
    ("city-capital", gettext_lazy("The world capital")),
    ("fortification", gettext_lazy("A fortified city; beside it, the boxes used of 10")),
    ("scar-bunker", gettext_lazy("Scar: bunker")),
    ("scar-ammo-shortage", gettext_lazy("Scar: ammo shortage")),
    ("scar-other", gettext_lazy("Another scar, with its name")),
    ("coins", gettext_lazy("Coins on the territory card")),
    ("hq", gettext_lazy("A faction's HQ, in its colour")),
    ("card-destroyed", gettext_lazy("The territory card is destroyed")),
)
# Only where the campaign reads a cancelled scar's white sticker as a sticker (RULES.md 9).
WHITE_STICKER_LEGEND = (
    ("scar-cancelled", gettext_lazy("A cancelled scar's white sticker: the territory is marked")),
)


class BoardSvg(SafeString):
    """The interactive board's SVG, with the key to its marks (``legend``)."""

    __slots__ = ()
    white_stickers = False  # the campaign reads a cancelled scar's white sticker as a mark

    @property
    def legend(self) -> list[tuple[str, str]]:
        kinds = MARK_LEGEND + (WHITE_STICKER_LEGEND if self.white_stickers else ())
        return [(mark_safe(drawing.legend_icon_svg(kind)), words) for kind, words in kinds]  # noqa: S308 - drawn by legacy.drawing


class _BoardSvgWithWhiteStickers(BoardSvg):
    __slots__ = ()
    white_stickers = True


# A tap target is at least 24 CSS px each way: the map is never drawn narrower than 44rem
# (0.704 px per map unit), so a territory smaller than this many units gets an unseen hit area.
MIN_TARGET_UNITS = 35.0


@functools.cache
def small_territory_boxes() -> dict[str, tuple[float, float, float, float]]:
    """Territories too small to tap at the narrowest map, with the box (x, y, w, h, in map
    units) of the larger unseen area that answers for them."""
    out = {}
    for slug, t in drawing.load_geometry().territories.items():
        xs = [p[0] for poly in t["polygons"] for ring in poly for p in ring]
        ys = [p[1] for poly in t["polygons"] for ring in poly for p in ring]
        w, h = max(xs) - min(xs), max(ys) - min(ys)
        if min(w, h) >= MIN_TARGET_UNITS:
            continue
        cx, cy = (max(xs) + min(xs)) / 2, (max(ys) + min(ys)) / 2
        w, h = max(w, MIN_TARGET_UNITS), max(h, MIN_TARGET_UNITS)
        out[slug] = (cx - w / 2, cy - h / 2, w, h)
    return out


def interactive_svg(
    world: World,
    ctx: BoardContext,
    *,
    link=None,
    highlight: frozenset[str] | set[str] = frozenset(),
    label: str = "",
    chosen: frozenset[str] | set[str] = frozenset(),
) -> str:
    """The board to put inside a page: each territory a keyboard-reachable link (``link(slug)``
    gives its address) whose tooltip names its marks, and which carries its name, continent and
    marks for the page's panel; ``highlight`` territories are outlined, ``chosen`` ones (HQs
    chosen at setup) marked.
    """
    svg = drawing.render_svg(board_picture(world, ctx), shapes=shapes_url())
    svg = svg.split("?>", 1)[1] if svg.startswith("<?xml") else svg
    label = label or _("The board")
    svg = _SVG_OPEN.sub(
        lambda m: f'<svg {m.group(1)} class="board-svg" role="group" aria-label="{escape(label)}"',
        svg,
        count=1,
    )
    small = small_territory_boxes()

    def territory(m: re.Match) -> str:
        slug = m.group("slug")
        summary = territory_summary(world, slug, ctx)
        classes = "territory"
        if slug in highlight:
            classes += " legal"
        if slug in chosen:
            classes += " chosen"
        tag = m.group("tag")
        path = (
            f'<{tag} id="t-{slug}" data-territory="{slug}" class="{classes}"{m.group("rest")}>'
            f"<title>{escape(summary)}</title></{tag}>"
        )
        if link is None:
            return path
        if slug in small:
            x, y, w, h = small[slug]
            path = (
                f'<rect class="hit" x="{x:.1f}" y="{y:.1f}" width="{w:.1f}" height="{h:.1f}" '
                f'fill="#000" fill-opacity="0"/>' + path
            )
        name = territory_name(slug)
        marks = summary[len(name) + 2 :] if summary.startswith(f"{name}: ") else summary
        continent = continent_name(board.TERRITORY_BY_SLUG[slug].continent)
        return (
            f'<a href="{escape(link(slug))}" aria-label="{escape(summary)}" '
            f'data-name="{escape(name)}" data-continent="{escape(continent)}" '
            f'data-marks="{escape(marks)}">{path}</a>'
        )

    kind = _BoardSvgWithWhiteStickers if world.cancelled_scars_mark else BoardSvg
    return kind(_TERRITORY_PATH.sub(territory, svg))


def territory_url(campaign_id: int):
    def link(slug: str) -> str:
        return reverse("campaigns:territory", args=[campaign_id, slug])

    return link
