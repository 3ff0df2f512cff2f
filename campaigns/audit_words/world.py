"""The sentences of the world's changes outside a game's entries: marks corrected and voided,
World Capitals, rule stickers, sealed components, factions and their powers, cards added."""

from __future__ import annotations

from collections.abc import Mapping

from django.utils.translation import get_language
from django.utils.translation import gettext as _

from campaigns.audit_words.common import (
    MARK_TYPE_LABELS,
    OWN_NAME,
    SECTION_LABELS,
    faction_words,
    reason_words,
    territory_words,
    words_for,
)
from campaigns.vocabulary import AuditAction
from legacy import names
from legacy.models import Deck


def _mark_type(d: Mapping) -> str:
    return str(MARK_TYPE_LABELS.get(d.get("mark_type", ""), _("a mark")))


@words_for(AuditAction.MARK_CORRECTED)
def _mark_corrected(d: Mapping) -> str:
    return _("%(what)s corrected: %(reason)s") % {"what": _mark_type(d), "reason": reason_words(d)}


@words_for(AuditAction.MARK_VOIDED)
def _mark_voided(d: Mapping) -> str:
    return _("%(what)s voided: %(reason)s") % {"what": _mark_type(d), "reason": reason_words(d)}


@words_for(AuditAction.WORLD_CAPITAL_FOUNDED)
def _world_capital_founded(d: Mapping) -> str:
    return _("World Capital %(name)s founded in %(territory)s.") % {
        "name": d.get("name", ""),
        "territory": territory_words(d.get("territory"), d.get("territory_name")),
    }


@words_for(AuditAction.STICKER_ADDED)
def _sticker_added(d: Mapping) -> str:
    return _("A rule sticker was pasted into “%(section)s” in game %(game)s.") % {
        "section": SECTION_LABELS.get(d.get("section", ""), d.get("section") or ""),
        "game": d.get("game"),
    }


@words_for(AuditAction.STICKER_VOIDED)
def _sticker_voided(d: Mapping) -> str:
    return _("A rule sticker was voided: %(reason)s") % {"reason": reason_words(d)}


@words_for(AuditAction.COMPONENT_ADDED)
def _component_added(d: Mapping) -> str:
    if d.get(OWN_NAME):
        return _("Sealed component %(name)s was added.") % {"name": d[OWN_NAME]}
    return _("A sealed component was added.")


@words_for(AuditAction.COMPONENT_REMOVED)
def _component_removed(d: Mapping) -> str:
    return _("A sealed component entered by mistake was removed.")


@words_for(AuditAction.COMPONENT_VOIDED)
def _component_voided(d: Mapping) -> str:
    if d.get(OWN_NAME):
        return _("Sealed component %(name)s was voided: %(reason)s") % {
            "name": d[OWN_NAME],
            "reason": reason_words(d),
        }
    return _("A sealed component was voided: %(reason)s") % {"reason": reason_words(d)}


@words_for(AuditAction.FACTION_ADDED)
def _faction_added(d: Mapping) -> str:
    return _("Faction %(name)s added after game %(game)s.") % {
        "name": d.get("name", ""),
        "game": d.get("game"),
    }


@words_for(AuditAction.POWER_PLACED)
def _power_placed(d: Mapping) -> str:
    words = {
        "name": d.get("name", ""),
        "card": faction_words(d.get("faction")),
        "game": d.get("game"),
        "old": d.get("covered_name", ""),
    }
    if d.get("covered_name"):
        if d.get("in_game"):
            text = _(
                "Power %(name)s placed on the %(card)s card in game %(game)s, covering %(old)s."
            )
        else:
            text = _(
                "Power %(name)s placed on the %(card)s card after game %(game)s, covering %(old)s."
            )
    elif d.get("in_game"):
        text = _("Power %(name)s placed on the %(card)s card in game %(game)s.")
    else:
        text = _("Power %(name)s placed on the %(card)s card after game %(game)s.")
    return text % words


@words_for(AuditAction.POWER_DESTROYED)
def _power_destroyed(d: Mapping) -> str:
    return _("Power %(name)s destroyed in game %(game)s.") % {
        "name": d.get("name", ""),
        "game": d.get("game"),
    }


@words_for(AuditAction.SCAR_DICE_EFFECT)
def _scar_dice_effect(d: Mapping) -> str:
    return _("A scar type's effect on the dice changed.")


@words_for(AuditAction.CARD_ADDED)
def _card_added(d: Mapping) -> str:
    if d.get("deck") == Deck.EVENT:
        text = _("An event card was added (%(packet)s).")
    else:
        text = _("A mission card was added (%(packet)s).")
    return text % {"packet": names.packet(str(d.get("packet") or ""), get_language())}
