"""The sentences of bringing a campaign in: how many games the group played before Earthbook,
what was brought in, taken out again, and the group saying it is done."""

from __future__ import annotations

from collections.abc import Mapping

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from campaigns.audit_words.common import MARK_TYPE_LABELS, packet_name, words_for
from campaigns.vocabulary import AuditAction


def _count(d: Mapping, key: str) -> int:
    value = d.get(key)
    return value if type(value) is int else 0


@words_for(AuditAction.BRINGING_IN)
def _bringing_in(d: Mapping) -> str:
    n = _count(d, "games")
    return ngettext(
        "Brought in: the group played %(n)d game before Earthbook.",
        "Brought in: the group played %(n)d games before Earthbook.",
        n,
    ) % {"n": n}


@words_for(AuditAction.BROUGHT_IN)
def _brought_in(d: Mapping) -> str:
    return _(
        "Brought in: %(games)d games, %(marks)d marks, %(packets)d packets, "
        "%(stickers)d rule stickers."
    ) % {
        "games": _count(d, "games"),
        "marks": _count(d, "marks"),
        "packets": _count(d, "packets"),
        "stickers": _count(d, "stickers"),
    }


@words_for(AuditAction.BROUGHT_IN_TAKEN_OUT)
def _taken_out(d: Mapping) -> str:
    if "game" in d:
        return _("Brought-in game %(game)s taken out.") % {"game": d.get("game")}
    what = MARK_TYPE_LABELS.get(d.get("mark_type", ""), _("a mark"))
    return _("Brought-in mark taken out: %(what)s.") % {"what": what}


@words_for(AuditAction.BROUGHT_IN_DONE)
def _done(d: Mapping) -> str:
    return _("Everything brought in: the next game is game %(next)d.") % {
        "next": _count(d, "games") + 1
    }


@words_for(AuditAction.BROUGHT_IN_CONTENTS)
def _contents(d: Mapping) -> str:
    n = _count(d, "items")
    return ngettext(
        "What brought-in %(packet)s unlocked: %(n)d item entered.",
        "What brought-in %(packet)s unlocked: %(n)d items entered.",
        n,
    ) % {"packet": packet_name(str(d.get("packet") or ""), d), "n": n}
