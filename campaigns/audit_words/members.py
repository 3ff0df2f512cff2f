"""The sentences of the campaign's own actions: its members and invitations, its sharing, its
language and house rules, its world number, its archiving and the players' names claimed."""

from __future__ import annotations

from collections.abc import Mapping

from django.utils.translation import gettext as _

from campaigns.audit_words.common import role_label, words_for
from campaigns.vocabulary import READING_TITLES, READINGS, AuditAction, PictureLanguage


def _sharing(d: Mapping) -> str:
    on, off = _("on"), _("off")
    words = _("share link %(shared)s, listed publicly %(public)s, packet content hidden %(hidden)s")
    return words % {
        "shared": on if d.get("shared") else off,
        "public": on if d.get("public") else off,
        "hidden": on if d.get("hidden") else off,
    }


@words_for(AuditAction.INVITATION_CREATED)
def _invitation_created(d: Mapping) -> str:
    if d.get("single_use"):
        text = _("Single-use invitation link created for a new %(role)s.")
    else:
        text = _("Invitation link created for a new %(role)s.")
    return text % {"role": role_label(d.get("role"))}


@words_for(AuditAction.INVITATION_REVOKED)
def _invitation_revoked(d: Mapping) -> str:
    if d.get("member"):
        return _("The invitation link %(name)s joined by was revoked.") % {"name": d["member"]}
    return _("An invitation link was revoked.")


@words_for(AuditAction.MEMBER_JOINED, AuditAction.MEMBER_ADDED)
def _member_joined(d: Mapping) -> str:
    return _("%(name)s joined as %(role)s.") % {
        "name": d.get("username", ""),
        "role": role_label(d.get("role")),
    }


@words_for(AuditAction.MEMBER_ROLE)
def _member_role(d: Mapping) -> str:
    return _("%(name)s is now %(role)s.") % {
        "name": d.get("username", ""),
        "role": role_label(d.get("role")),
    }


@words_for(AuditAction.MEMBER_REMOVED)
def _member_removed(d: Mapping) -> str:
    return _("%(name)s left the campaign.") % {"name": d.get("username", "")}


@words_for(AuditAction.SHARING)
def _sharing_changed(d: Mapping) -> str:
    if d.get("new_link"):
        return _("Sharing changed: %(what)s; new share link.") % {"what": _sharing(d)}
    return _("Sharing changed: %(what)s.") % {"what": _sharing(d)}


@words_for(AuditAction.LANGUAGE)
def _language(d: Mapping) -> str:
    code = d.get("language")
    return _("Board pictures are now drawn in %(language)s.") % {
        "language": PictureLanguage(code).label if code in PictureLanguage.values else code
    }


@words_for(AuditAction.HOUSE_RULES)
def _house_rules(d: Mapping) -> str:
    reading = READINGS.get(d.get("setting", ""))
    if reading is not None:
        value = d.get("reading")
        return _("%(setting)s: %(reading)s.") % {
            "setting": READING_TITLES[d["setting"]],
            "reading": reading(value).label if value in reading.values else value,
        }
    if "world_capitals_allowed" in d:
        return _("World Capitals allowed at once: %(n)s.") % {"n": d["world_capitals_allowed"]}
    if "world_capital_is_a_start" in d:
        if d["world_capital_is_a_start"]:
            return _("A World Capital is now a legal start for its founder.")
        return _("A World Capital is no longer a legal start, not even for its founder.")
    if d.get("held_on_rewards_end_together"):
        return _("Held-on rewards now end when either stock runs out.")
    return _("Held-on rewards now end with their own stock only.")


@words_for(AuditAction.WORLD_NUMBER)
def _world_number(d: Mapping) -> str:
    if not d.get("number"):
        return _("The box's world number was cleared.")
    return _("The box's world number is %(number)s.") % {"number": d.get("number")}


@words_for(AuditAction.ARCHIVED)
def _archived(d: Mapping) -> str:
    return _("The campaign was archived: it is read-only.")


@words_for(AuditAction.UNARCHIVED)
def _unarchived(d: Mapping) -> str:
    return _("The campaign was unarchived: it may be changed again.")


@words_for(AuditAction.NAME_CLAIMED)
def _name_claimed(d: Mapping) -> str:
    return _("%(name)s was claimed: the owner confirms.") % {"name": d.get("name", "")}


@words_for(AuditAction.NAME_LINKED)
def _name_linked(d: Mapping) -> str:
    return _("%(name)s is linked to a member's account.") % {"name": d.get("name", "")}
