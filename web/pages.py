"""What the web pages read: access to a campaign, the board picture, the history of marks.

Read-only helpers (selectors) for the pages (``web.views``). Every function here runs a fixed
number of queries whatever the number of games, so a page costs the same after game 1 and game 15.
Words shown to people are marked for translation. A game's log is worded by
``campaigns.game.event_words``, which the API uses too.
"""

from __future__ import annotations

import dataclasses
import functools
import re
from collections import defaultdict
from dataclasses import dataclass, field
from functools import cached_property

from django.http import Http404
from django.urls import reverse
from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import get_language, gettext_lazy
from django.utils.translation import gettext as _

from campaigns import access
from campaigns.audit_words import MARK_TYPE_LABELS, ROLE_LABELS, audit_text  # noqa: F401
from campaigns.game import derived
from campaigns.models import Campaign, Role
from campaigns.pictures.state import picture_of_world
from legacy import board, drawing, names
from legacy.box import FACTION_BY_SLUG, PACKET_BY_SLUG, STOCK_LABELS
from legacy.corrections import TYPE_OF_MODEL
from legacy.models import (
    BonusChange,
    City,
    CoinSticker,
    ContinentName,
    Correction,
    DestroyedCard,
    FactionPower,
    Fortification,
    MarkKind,
    OtherMark,
    PacketOpening,
    Scar,
    ScarKind,
    Signature,
    UnlockedContent,
    WorldName,
)
from legacy.world import World

# --- Access --------------------------------------------------------------------------------------

SHARE_SESSION_KEY = "earthbook_shares"


@dataclass
class Access:
    """Who is looking at a campaign, and what they may do.

    ``role`` is the member's role, or None for a visitor who reads through the share link or
    because the campaign is listed publicly.
    """

    campaign: Campaign
    role: str | None

    @property
    def is_member(self) -> bool:
        return self.role is not None

    @property
    def can_write(self) -> bool:
        return self.role in (Role.OWNER, Role.EDITOR)

    @property
    def is_owner(self) -> bool:
        return self.role == Role.OWNER

    @property
    def sees_unlocked(self) -> bool:
        level = access.ROLE_LEVEL.get(self.role, access.Level.READ)
        return access.sees_unlocked(self.campaign, level)


def campaign_access(request, pk: int) -> Access:
    """The campaign and the reader's role, or 404 for anyone who may not read it.

    A stranger reads a campaign only when it is listed publicly, or when it is shared and they
    came with its share link (``?share=<token>``, remembered in their session after that).
    """
    campaign = access.with_my_role(Campaign.objects.filter(pk=pk), request.user).first()
    if campaign is None:
        raise Http404
    role = getattr(campaign, "my_role", None)
    if role is None:
        shares = request.session.get(SHARE_SESSION_KEY, {})
        token = request.GET.get("share") or shares.get(str(campaign.pk))
        if access.access_level(campaign, role, token) == access.Level.NONE:
            raise Http404
        if access.share_matches(campaign, token) and shares.get(str(campaign.pk)) != token:
            request.session[SHARE_SESSION_KEY] = {**shares, str(campaign.pk): token}
    return Access(campaign=campaign, role=role)


# --- Words ---------------------------------------------------------------------------------------

RESULT_LABELS = {
    "won": gettext_lazy("won"),
    "held_on": gettext_lazy("held on"),
    "eliminated": gettext_lazy("eliminated"),
}
STATUS_LABELS = {
    "setup": gettext_lazy("being set up"),
    "in_progress": gettext_lazy("in progress"),
    "finished": gettext_lazy("finished"),
}
REWARD_LABELS = {
    "name-continent": gettext_lazy("Name a continent"),
    "major-city": gettext_lazy("Found a major city"),
    "world-capital": gettext_lazy("Found a World Capital"),
    "cancel-scar": gettext_lazy("Cancel a scar"),
    "change-bonus": gettext_lazy("Change a continent's bonus"),
    "fortify-city": gettext_lazy("Fortify a city"),
    "destroy-card": gettext_lazy("Destroy a territory card"),
    "minor-city": gettext_lazy("Found a minor city"),
    "upgrade-card": gettext_lazy("Add a coin to a territory card"),
}
STOCK_NAMES = {
    "first-game-coins": gettext_lazy("Coin stickers for before the first game"),
    "major-cities": gettext_lazy("Major cities"),
    "minor-cities": gettext_lazy("Minor cities"),
    "fortifications": gettext_lazy("Fortifications"),
    "scar-cancels": gettext_lazy("Scar-cancel stickers"),
    "bonus-plus": gettext_lazy("+1 continent bonus sticker"),
    "bonus-minus": gettext_lazy("−1 continent bonus sticker"),
    "held-on-coins": gettext_lazy("Coin stickers for players who held on"),
}
REMOVED_LABELS = {
    "covered": gettext_lazy("covered by another mark"),
    "cancelled": gettext_lazy("cancelled with a scar-cancel sticker"),
    "destroyed": gettext_lazy("destroyed"),
    "replaced": gettext_lazy("replaced"),
    "other": gettext_lazy("removed"),
}
CITY_LABELS = {
    "minor": gettext_lazy("minor city"),
    "major": gettext_lazy("major city"),
    "capital": gettext_lazy("world capital"),
}
CONTENT_LABELS = {
    "scar-type": gettext_lazy("New scar type"),
    "mark-kind": gettext_lazy("New kind of mark"),
    "power": gettext_lazy("Power"),
    "faction": gettext_lazy("Faction"),
    "event-card": gettext_lazy("Event card"),
    "mission-card": gettext_lazy("Mission card"),
    "world-capital": gettext_lazy("World Capitals may be founded"),
    "rule": gettext_lazy("Rule addition"),
    "other": gettext_lazy("Other"),
}
AUDIT_LABELS = {
    "campaign-created": gettext_lazy("Campaign created"),
    "player-added": gettext_lazy("Player added"),
    "first-game-setup": gettext_lazy("Before the first game"),
    "game-setup": gettext_lazy("Game set up"),
    "game-started": gettext_lazy("Game started"),
    "game-cancelled": gettext_lazy("Game cancelled"),
    "seat-fixed": gettext_lazy("Seat fixed"),
    "seat-corrected": gettext_lazy("Seat corrected"),
    "game-finished": gettext_lazy("Game finished"),
    "game-amended": gettext_lazy("Game amended"),
    "packet-opened": gettext_lazy("Packet opened"),
    "world-named": gettext_lazy("World named"),
    "invitation-created": gettext_lazy("Invitation created"),
    "invitation-revoked": gettext_lazy("Invitation withdrawn"),
    "member-joined": gettext_lazy("Member joined"),
    "member-role": gettext_lazy("Member's role changed"),
    "member-removed": gettext_lazy("Member removed"),
    "sharing": gettext_lazy("Sharing changed"),
    "language": gettext_lazy("Picture language changed"),
    "scar-dice-effect": gettext_lazy("Scar type's effect on the dice changed"),
    "world-capital-founded": gettext_lazy("World Capital founded"),
    "card-added": gettext_lazy("Card added to a deck"),
    "house-rules": gettext_lazy("House rules changed"),
    "member-added": gettext_lazy("Member added"),
    "entry-voided": gettext_lazy("Entry taken back"),
    "mark-corrected": gettext_lazy("Mark corrected"),
    "mark-voided": gettext_lazy("Mark voided"),
    "sticker-added": gettext_lazy("Rule sticker added"),
    "sticker-voided": gettext_lazy("Rule sticker voided"),
    "component-added": gettext_lazy("Sealed component added"),
    "component-removed": gettext_lazy("Sealed component removed"),
    "component-voided": gettext_lazy("Sealed component voided"),
    "faction-added": gettext_lazy("Faction added"),
    "power-placed": gettext_lazy("Power placed"),
    "power-destroyed": gettext_lazy("Power destroyed"),
    "photo-added": gettext_lazy("Photo added"),
    "photo-deleted": gettext_lazy("Photo deleted"),
}
# What a scar type does to the dice (``legacy.scar_effects``): stored as a code, worded here.
DICE_EFFECT_LABELS = {
    "none": gettext_lazy("No effect on the dice"),
    "defender-highest-up": gettext_lazy("+1 to the defender's highest die"),
    "defender-highest-down": gettext_lazy("−1 to the defender's highest die"),
    "defence-dice-up": gettext_lazy("+1 to both defence dice"),
    "defence-dice-down": gettext_lazy("−1 to both defence dice"),
    "attacker-highest-up": gettext_lazy("+1 to the attacker's highest die"),
    "attacker-highest-down": gettext_lazy("−1 to the attacker's highest die"),
}


def dice_effect_choices() -> list[tuple[str, str]]:
    return list(DICE_EFFECT_LABELS.items())


PACKET_TRIGGERS = {
    "pack-1": gettext_lazy("the ninth (last) minor city is founded and named."),
    "pack-2": gettext_lazy("a faction is eliminated for the first time."),
    "pack-3": gettext_lazy("a player signs the winners' section for the second time."),
    "pack-4": gettext_lazy("a certain mark, not available at first, appears on the board."),
    "pocket-1": gettext_lazy("a third missile is played on the same roll."),
    "pocket-2": gettext_lazy(
        "a player is about to place 30 or more troops in one recruitment while holding a missile."
    ),
}
HIDDEN = gettext_lazy("(hidden by the campaign's owner)")
OWN_COMPONENT = gettext_lazy("A sealed component of your own")
HIDDEN_SHORT = gettext_lazy("(hidden)")  # where room is short: the board's legend


# Printed names in the reader's language (``legacy.names``); a group's own names stay as written.


def territory_name(slug: str | None) -> str:
    return names.territory(slug or "", get_language())


def continent_name(slug: str | None) -> str:
    return names.continent(slug or "", get_language())


def faction_name(slug: str | None, factions: dict[str, str] | None = None) -> str:
    if slug in FACTION_BY_SLUG:
        return names.faction(slug, get_language())
    if factions and slug in factions:
        return factions[slug]
    return slug or ""


def is_box_power(power: FactionPower) -> bool:
    """One of the box's starting powers (its words are the box's, in each language)."""
    return power.unlocked_by_id is None and power.slot == "starting"


def power_words(power: FactionPower) -> tuple[str, str]:
    """(name, text) of a power on a faction card, in the reader's language when it is one of
    the box's starting powers; a power a packet added keeps the group's words."""
    if is_box_power(power):
        return names.power(power.faction, power.code, power.name, power.text, get_language())
    return power.name, power.text


class FactionNames(dict):
    """Faction slug -> name for the reader; ``colours`` holds the unlocked factions' colours
    (the box's five have theirs in the style sheet), read in the same query."""

    colours: dict[str, str]


def campaign_factions(campaign_id: int, sees_unlocked: bool = True) -> FactionNames:
    """The campaign's factions (one query), the box's named in the reader's language, and the
    unlocked ones by a placeholder when the campaign hides them from the reader."""
    found = derived.factions_of(campaign_id)
    names = FactionNames(
        (
            slug,
            faction_name(slug)
            if slug in FACTION_BY_SLUG
            else (f.name if sees_unlocked else str(UNLOCKED_FACTION)),
        )
        for slug, f in found.items()
    )
    names.colours = {slug: f.colour for slug, f in found.items() if f.unlocked}
    return names


UNLOCKED_FACTION = gettext_lazy("an unlocked faction")
UNLOCKED_POWER = gettext_lazy("an unlocked power")


def unlocked_factions_among(access: Access, slugs) -> dict[str, derived.FactionInfo]:
    """The unlocked factions among ``slugs`` (no query when there are none), named for the
    reader: a placeholder when the campaign hides its unlocked content from them."""
    found = derived.unlocked_among(access.campaign.pk, slugs)
    if not access.sees_unlocked:
        found = {
            s: dataclasses.replace(f, name=str(UNLOCKED_FACTION), text="") for s, f in found.items()
        }
    return found


def packet_name(slug: str) -> str:
    """A sealed packet's name (never its content) in the reader's language; one of the group's
    own sealed components is named by its kind only, as the campaign may hide what the group
    entered."""
    if slug not in PACKET_BY_SLUG:
        return str(OWN_COMPONENT)
    return names.packet(slug or "", get_language())


def reason_text(reason) -> str:
    """A rule's ``legacy.rules.Reason`` in the reader's language ("" for None)."""
    if reason is None:
        return ""
    where = {
        "territory": territory_name(reason.territory),
        "other": territory_name(reason.other),
        "city": reason.city,
    }
    if reason.code == "unknown-territory":
        return _("There is no such territory on the board.")
    if reason.code == "occupied":
        return _("%(territory)s is occupied: a start must be an empty territory.") % where
    if reason.code == "others-capital":
        return (
            _(
                "%(territory)s holds %(city)s, a World Capital founded by someone else: only its "
                "founder may start there."
            )
            % where
        )
    if reason.code == "others-major-city":
        return (
            _(
                "%(territory)s holds %(city)s, a major city founded by someone else: only its "
                "founder may start there."
            )
            % where
        )
    if reason.code == "marked":
        return (
            _("%(territory)s is marked: a start must be unmarked, or a major city you founded.")
            % where
        )
    if reason.code == "borders-hq":
        return (
            _(
                "%(territory)s borders the HQ already placed in %(other)s: HQs may not start "
                "side by side."
            )
            % where
        )
    return str(reason)


def stock_rows(world: World, allowances: dict[str, int]) -> list[dict]:
    return [
        {
            "slug": slug,
            "label": STOCK_NAMES.get(slug, STOCK_LABELS.get(slug, slug)),
            "left": world.stock_left.get(slug, 0),
            "total": total,
        }
        for slug, total in allowances.items()
    ]


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


def mark_kinds(campaign_id: int, sees_unlocked: bool) -> tuple[tuple[str, str], ...]:
    """The kinds of mark a packet unlocked, in the order entered, named for this reader."""
    rows = MarkKind.objects.filter(campaign_id=campaign_id).order_by("id")
    return tuple(
        (slug, name if sees_unlocked else str(HIDDEN_SHORT))
        for slug, name in rows.values_list("slug", "name")
    )


def scar_kind_name(kind: ScarKind) -> str:
    """A scar type's name: the box's two in the reader's language, a group's as written."""
    return names.base_scar(kind.slug, kind.name, get_language()) if kind.base else kind.name


def scar_names(campaign_id: int, sees_unlocked: bool) -> dict[str, str]:
    found = {}
    language = get_language()
    for slug, name, base in ScarKind.objects.filter(campaign_id=campaign_id).values_list(
        "slug", "name", "base"
    ):
        if base:
            found[slug] = names.base_scar(slug, name, language)
        else:
            found[slug] = name if sees_unlocked else "?"
    return found


def board_picture(world: World, ctx: BoardContext) -> drawing.BoardPicture:
    """The same picture the snapshots draw (``campaigns.pictures``), with the names a reader
    may see (a hidden scar type is drawn as "?")."""
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
    t = world.territories[slug]
    parts = []
    if t.city:
        city = _("%(kind)s %(name)s") % {"kind": CITY_LABELS[t.city.kind], "name": t.city.name}
        if t.city.founder in ctx.players:
            city += " " + _("(founded by %(name)s)") % {"name": ctx.players[t.city.founder]}
        if t.city.fortified:
            city += ", " + _("fortified")
        parts.append(city)
    if t.scar:
        parts.append(_("scar: %(scar)s") % {"scar": ctx.scar_names.get(t.scar, t.scar)})
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
    return f"{territory_name(slug)}: " + "; ".join(p for p in parts if p)


_SVG_OPEN = re.compile(r"<svg ([^>]*?) width=\"[\d.]+\" height=\"[\d.]+\"")
_TERRITORY_PATH = re.compile(
    r'<path id="t-(?P<slug>[a-z-]+)" data-territory="[a-z-]+" class="territory"'
    r"(?P<rest>[^>]*)><title>[^<]*</title></path>"
)


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


class BoardSvg(SafeString):
    """The interactive board's SVG, with the key to its marks (``legend``)."""

    __slots__ = ()

    @property
    def legend(self) -> list[tuple[str, str]]:
        return [(mark_safe(drawing.legend_icon_svg(kind)), words) for kind, words in MARK_LEGEND]  # noqa: S308 - drawn by legacy.drawing


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
    svg = drawing.render_svg(board_picture(world, ctx))
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
        path = (
            f'<path id="t-{slug}" data-territory="{slug}" class="{classes}"{m.group("rest")}>'
            f"<title>{escape(summary)}</title></path>"
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

    return BoardSvg(_TERRITORY_PATH.sub(territory, svg))


# --- The history of marks ------------------------------------------------------------------------


MARK_TYPE_OF_NAME = {model.__name__: slug for model, slug in TYPE_OF_MODEL.items()}


@dataclass
class MarkLine:
    """One mark, described for people: what, where, when placed, and when and why it stopped."""

    model: str
    pk: int
    text: str
    where: str  # territory slug, or "" for a mark elsewhere (a continent, a card, the board)
    placed_in_game: int
    placed_by: str = ""
    removed_in_game: int | None = None
    removed_reason: str = ""
    removed_note: str = ""
    voided: bool = False
    correction: str = ""  # why it was voided or corrected, if a correction says

    @property
    def where_name(self) -> str:
        return territory_name(self.where)

    @property
    def type_slug(self) -> str:
        """The type's name in the mark's own address (``legacy.corrections.MARK_TYPES``)."""
        return MARK_TYPE_OF_NAME[self.model]

    @property
    def status(self) -> str:
        if self.voided:
            return "voided"
        if self.removed_in_game is not None:
            return "removed"
        return "counts"


class MarkHistory:
    """Every mark of a campaign (or of one territory), in a fixed number of queries."""

    def __init__(
        self,
        campaign_id: int,
        players: dict[int, str],
        *,
        sees_unlocked: bool,
        territory: str | None = None,
    ):
        self.campaign_id = campaign_id
        self.players = players
        self.sees_unlocked = sees_unlocked
        self.territory = territory

    @cached_property
    def _unlocked_factions(self) -> dict[str, str]:
        """The names of the factions the group unlocked (read once, when a mark needs one)."""
        found = derived.unlocked_factions(self.campaign_id).values_list("slug", "name")
        if not self.sees_unlocked:
            return {slug: str(UNLOCKED_FACTION) for slug, _name in found}
        return dict(found)

    def _faction(self, slug: str) -> str:
        if slug in FACTION_BY_SLUG:
            return faction_name(slug)
        return self._unlocked_factions.get(slug, slug)

    def _qs(self, model, **extra):
        qs = model.objects.filter(campaign_id=self.campaign_id, **extra)
        return qs.order_by("placed_in_game", "id")

    def _line(self, mark, text: str, where: str = "") -> MarkLine:
        return MarkLine(
            model=type(mark).__name__,
            pk=mark.pk,
            text=text,
            where=where,
            placed_in_game=mark.placed_in_game,
            placed_by=self.players.get(mark.placed_by_id, ""),
            removed_in_game=mark.removed_in_game,
            removed_reason=str(REMOVED_LABELS.get(mark.removed_reason, mark.removed_reason)),
            removed_note=mark.removed_note,
            voided=mark.voided,
        )

    @cached_property
    def lines(self) -> list[MarkLine]:
        out: list[MarkLine] = []
        t = self.territory
        where = {"territory": t} if t else {}
        for c in self._qs(City, **where):
            text = _("%(kind)s %(name)s founded") % {"kind": CITY_LABELS[c.kind], "name": c.name}
            out.append(self._line(c, text[:1].upper() + text[1:], c.territory))
        for s in self._qs(Scar, **where).select_related("kind"):
            name = scar_kind_name(s.kind) if (s.kind.base or self.sees_unlocked) else str(HIDDEN)
            if s.territory:
                out.append(self._line(s, _("Scar: %(name)s") % {"name": name}, s.territory))
            elif not t:
                text = _("%(faction)s card: scar %(name)s") % {
                    "name": name,
                    "faction": self._faction(s.faction),
                }
                out.append(self._line(s, text))
        forts = self._qs(Fortification, **({"city__territory": t} if t else {}))
        for f in forts.select_related("city"):
            text = _("%(city)s fortified (%(used)s of 10 boxes marked)") % {
                "city": f.city.name,
                "used": f.boxes_used,
            }
            out.append(self._line(f, text, f.city.territory))
        for c in self._qs(CoinSticker, **where):
            text = _("Coin sticker: the card is worth %(n)s coins") % {"n": c.coins_after}
            out.append(self._line(c, text, c.territory))
        for d in self._qs(DestroyedCard, **where):
            out.append(self._line(d, _("Territory card destroyed"), d.territory))
        others = self._qs(OtherMark, **where).select_related("kind")
        for o in others:
            if t is None or o.territory:
                name = o.kind.name if self.sees_unlocked else str(HIDDEN)
                text = f"{name}{': ' + o.label if o.label and self.sees_unlocked else ''}"
                if o.faction:  # a mark on a faction card says which card
                    text = _("%(faction)s card: %(mark)s") % {
                        "faction": faction_name(o.faction),
                        "mark": text,
                    }
                out.append(self._line(o, text, o.territory or ""))
        if not t:
            for n in self._qs(ContinentName):
                text = _("%(continent)s named %(name)s") % {
                    "continent": continent_name(n.continent),
                    "name": n.name,
                }
                out.append(self._line(n, text))
            for b in self._qs(BonusChange):
                text = _("%(continent)s bonus %(delta)+d") % {
                    "continent": continent_name(b.continent),
                    "delta": b.delta,
                }
                out.append(self._line(b, text))
            for p in self._qs(FactionPower):
                hidden = not self.sees_unlocked and (
                    p.unlocked_by_id is not None or p.slot != "starting"
                )
                text = _("%(faction)s card: power %(name)s") % {
                    "faction": self._faction(p.faction),
                    "name": HIDDEN if hidden else power_words(p)[0],
                }
                out.append(self._line(p, text))
            for o in self._qs(PacketOpening):
                out.append(
                    self._line(o, _("%(packet)s opened") % {"packet": packet_name(o.packet)})
                )
            for s in self._qs(Signature):
                text = _("Line %(line)s of the winners' section signed by %(name)s") % {
                    "line": s.line,
                    "name": s.name,
                }
                if s.slogan:
                    text += f": “{s.slogan}”"
                out.append(self._line(s, text))
            for w in self._qs(WorldName):
                out.append(self._line(w, _("The World of %(name)s") % {"name": w.name}))
        corrections = Correction.objects.filter(campaign_id=self.campaign_id).order_by("made_at")
        why = {(c.mark_type, c.voided_id): c.reason for c in corrections if c.voided_id}
        for line in out:
            line.correction = why.get((line.model, line.pk), "")
        out.sort(key=lambda m: (m.placed_in_game, m.model, m.pk))
        return out

    def by_game(self) -> dict[int, list[MarkLine]]:
        games: dict[int, list[MarkLine]] = defaultdict(list)
        for line in self.lines:
            games[line.placed_in_game].append(line)
        return games

    def removed_by_game(self) -> dict[int, list[MarkLine]]:
        games: dict[int, list[MarkLine]] = defaultdict(list)
        for line in self.lines:
            if line.removed_in_game is not None and not line.voided:
                games[line.removed_in_game].append(line)
        return games


def unlocked_by_opening(campaign_id: int) -> dict[int, list[UnlockedContent]]:
    out: dict[int, list[UnlockedContent]] = defaultdict(list)
    for item in UnlockedContent.objects.filter(campaign_id=campaign_id).order_by("id"):
        item.kind_label = CONTENT_LABELS.get(item.kind, item.kind)
        out[item.opening_id].append(item)
    return out


def territory_url(campaign_id: int):
    def link(slug: str) -> str:
        return reverse("campaigns:territory", args=[campaign_id, slug])

    return link
