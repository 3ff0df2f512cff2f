"""Words the pages show: label tables, a rule's reasons, and what an event says.

Words shown to people are marked for translation; stored summaries are shown as written. Access
is in ``web.access``, names in ``web.names``, the board's SVG in ``web.board_svg`` and the history
of marks in ``campaigns.selectors.history``.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field

from django.utils.translation import get_language, gettext_lazy, ngettext
from django.utils.translation import gettext as _

from campaigns.audit_words import MARK_TYPE_LABELS, OWN_COMPONENT, audit_text, role_label  # noqa: F401
from legacy import drawing, names
from legacy.box import PACKET_BY_SLUG, STOCK_LABELS
from legacy.models import (
    DeckCard,
    MarkKind,
    UnlockedContent,
)
from legacy.world import World
from web.names import faction_name, scar_names, territory_name

# --- Words ---------------------------------------------------------------------------------------

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
EVENT_LABELS = {
    "scar-placed": gettext_lazy("Scar placed"),
    "missiles": gettext_lazy("Missiles on one roll"),
    "recruitment": gettext_lazy("Big recruitment"),
    "eliminated": gettext_lazy("Faction wiped out"),
    "rejoined": gettext_lazy("Faction rejoined the war"),
    "coin-pile-out": gettext_lazy("Coin pile ran out"),
    "mark-placed": gettext_lazy("Mark placed"),
    "city-destroyed": gettext_lazy("City destroyed"),
    "packet-opened": gettext_lazy("Packet opened"),
    "red-star-bought": gettext_lazy("Red star bought"),
    "fort-attacked": gettext_lazy("Fortification box marked"),
    "card-drawn": gettext_lazy("Card drawn"),
    "card-completed": gettext_lazy("Mission completed"),
    "card-destroyed": gettext_lazy("Card destroyed"),
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
HIDDEN_SHORT = gettext_lazy("(hidden)")  # where room is short: the board's legend


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


@dataclass(frozen=True)
class EventWords:
    """Names an event's description needs: scar types and kinds of mark (hidden ones as
    "(hidden ...)") and factions."""

    scars: dict[str, str]
    marks: dict[str, str]
    factions: dict[str, str]
    cards: dict[int, str] = field(default_factory=dict)  # event and mission cards' titles

    @classmethod
    def load(cls, campaign_id: int, factions: dict[str, str], sees_unlocked: bool):
        marks = {
            slug: name if sees_unlocked else str(HIDDEN)
            for slug, name in MarkKind.objects.filter(campaign_id=campaign_id).values_list(
                "slug", "name"
            )
        }
        scars = {
            slug: name if sees_unlocked or slug in drawing.BASE_SCARS else str(HIDDEN)
            for slug, name in scar_names(campaign_id, True).items()
        }
        cards = {
            pk: title if sees_unlocked else str(HIDDEN)
            for pk, title in DeckCard.objects.filter(campaign_id=campaign_id).values_list(
                "pk", "title"
            )
        }
        return cls(scars=scars, marks=marks, factions=factions, cards=cards)


def event_text(event, words: EventWords) -> str:
    """What happened, in the reader's language, from the event's data (``event.seat`` with its
    player selected); the summary stored in English for a kind this does not know."""
    data = event.data or {}
    who = event.seat.player.name if event.seat_id else ""
    where = territory_name(data.get("territory")) or faction_name(
        data.get("faction"), words.factions
    )
    kind = event.kind
    if kind == "scar-placed":
        text = _("%(scar)s on %(where)s") % {
            "scar": words.scars.get(data.get("scar"), data.get("scar")),
            "where": where,
        }
        if data.get("with_card") is False:
            text += _(", without a scar card (%(why)s)") % {"why": data.get("reason", "")}
    elif kind == "missiles":
        text = _("%(n)s missile(s) on one roll") % {"n": data.get("count")}
        roll = data.get("roll")
        if isinstance(roll, int) and roll != event.seq:
            text += _(" (the roll of entry %(n)s)") % {"n": roll}
    elif kind == "recruitment":
        text = _("%(who)s places %(n)s troops") % {"who": who, "n": data.get("troops")}
        if data.get("holds_missile"):
            text += _(", holding a missile")
        return text
    elif kind == "eliminated":
        text = _("%(who)s (%(faction)s) is wiped out") % {
            "who": who,
            "faction": faction_name(event.seat.faction if event.seat_id else "", words.factions),
        }
        if data.get("can_rejoin"):
            text += _(" and may rejoin")
        return text
    elif kind == "rejoined":
        if data.get("territory"):  # entries from before the territory was recorded have none
            return _("%(who)s joins the war again in %(where)s") % {"who": who, "where": where}
        return _("%(who)s joins the war again") % {"who": who}
    elif kind == "red-star-bought":
        return _("%(who)s buys a red star with 4 cards") % {"who": who}
    elif kind == "coin-pile-out":
        if data.get("red_star_to") and who:
            return _("a red star to %(who)s") % {"who": who}
        return _("no red star")
    elif kind == "mark-placed":
        text = _("%(mark)s on %(where)s") % {
            "mark": words.marks.get(data.get("mark_kind"), str(HIDDEN)),
            "where": where,
        }
    elif kind == "city-destroyed":
        return _("a city destroyed in %(where)s") % {"where": where}
    elif kind == "packet-opened":
        return packet_name(data.get("packet", ""))
    elif kind in ("card-drawn", "card-completed", "card-destroyed"):
        title = words.cards.get(data.get("card"), str(HIDDEN))
        deck = data.get("deck")
        if kind == "card-completed":
            text = ngettext(
                "mission %(title)s completed: %(n)s red star",
                "mission %(title)s completed: %(n)s red stars",
                data.get("red_stars") or 0,
            ) % {"title": title, "n": data.get("red_stars") or 0}
        elif kind == "card-destroyed":
            text = (
                _("event card %(title)s destroyed")
                if deck == "event"
                else _("mission card %(title)s destroyed")
            ) % {"title": title}
        else:
            text = (
                _("event card %(title)s drawn") if deck == "event" else _("mission %(title)s drawn")
            ) % {"title": title}
    elif kind == "fort-attacked":
        text = _("%(where)s attacked with 3 troops: box %(n)s of 10 marked") % {
            "where": where,
            "n": data.get("boxes_used"),
        }
        if data.get("worn_out"):
            text += _(", the fortification is worn out")
    else:
        return event.summary
    return f"{text} — {who}" if who else text


def holding_words(held, scar_names: dict[str, str]) -> str:
    """What a seat holds now, in a few words: red stars, missiles, its scar card, or that it is
    out of the war."""
    parts = []
    if held.red_stars:
        parts.append(
            ngettext("%(n)s red star", "%(n)s red stars", held.red_stars) % {"n": held.red_stars}
        )
    if held.missiles:
        parts.append(
            ngettext("%(n)s missile", "%(n)s missiles", held.missiles) % {"n": held.missiles}
        )
    if held.scar_cards:
        kind = scar_names.get(held.scar_card_kind) if held.scar_card_kind else None
        parts.append(_("a %(kind)s scar card") % {"kind": kind} if kind else _("a scar card"))
    if held.out_for_good:
        parts.append(_("eliminated"))
    elif held.out:
        parts.append(_("wiped out, may rejoin"))
    return ", ".join(parts) or _("nothing")


def unlocked_by_opening(campaign_id: int) -> dict[int, list[UnlockedContent]]:
    out: dict[int, list[UnlockedContent]] = defaultdict(list)
    for item in UnlockedContent.objects.filter(campaign_id=campaign_id).order_by("id"):
        item.kind_label = item.get_kind_display()
        out[item.opening_id].append(item)
    return out
