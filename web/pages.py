"""Words the pages show: a packet's name and trigger, a rule's reasons, the stock's rows.

Words shown to people are marked for translation. A game's log is worded by
``campaigns.game.event_words``, which the API uses too. Access is in ``web.access``, names in
``web.names``, the board's SVG in ``web.board_svg`` and the history of marks in
``campaigns.selectors.history``.
"""

from __future__ import annotations

from collections import defaultdict

from django.utils.translation import get_language, gettext_lazy
from django.utils.translation import gettext as _

from campaigns.audit_words import MARK_TYPE_LABELS, OWN_COMPONENT, audit_text, role_label  # noqa: F401
from legacy import names, scar_effects
from legacy.box import PACKET_BY_SLUG, STOCK_LABELS
from legacy.models import (
    UnlockedContent,
)
from legacy.world import World
from web.names import territory_name

# --- Words ---------------------------------------------------------------------------------------


def dice_effect_label(code: str) -> str:
    """An effect on the dice in the reader's language (its words are the rules',
    ``legacy.scar_effects.LABELS``); an unknown code as stored."""
    return gettext_lazy(scar_effects.LABELS[code]) if code in scar_effects.LABELS else code


def dice_effect_choices() -> list[tuple[str, str]]:
    return [(code, dice_effect_label(code)) for code in scar_effects.CODES]


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


# How far a counted trigger has come, by packet (``legacy.rules.trigger_progress``).
TRIGGER_PROGRESS = {
    "pack-1": gettext_lazy("minor cities %(n)s of %(needed)s"),
    "pack-2": gettext_lazy("factions eliminated %(n)s of %(needed)s"),
    "pack-3": gettext_lazy("most signatures by one player %(n)s of %(needed)s"),
    "pocket-1": gettext_lazy("most missiles on one roll %(n)s of %(needed)s"),
}


def trigger_progress_words(slug: str, n: int, needed: int) -> str:
    return str(TRIGGER_PROGRESS[slug]) % {"n": n, "needed": needed}


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
            "label": gettext_lazy(STOCK_LABELS[slug]) if slug in STOCK_LABELS else slug,
            "left": world.stock_left.get(slug, 0),
            "total": total,
        }
        for slug, total in allowances.items()
    ]


def unlocked_by_opening(campaign_id: int) -> dict[int, list[UnlockedContent]]:
    out: dict[int, list[UnlockedContent]] = defaultdict(list)
    for item in UnlockedContent.objects.filter(campaign_id=campaign_id).order_by("id"):
        item.kind_label = item.get_kind_display()
        out[item.opening_id].append(item)
    return out
