"""The audit trail in the reader's language.

An audit entry stores what happened as an action and its parameters (``AuditEntry.data``); the
sentence is made here when the entry is read, in the language active then. Entries written
before that keep the English summary they were stored with, shown as written.

Names of the box (territories, factions, packets) come from ``legacy.names``; the group's own
names (players, cities, a faction a packet added) stay as the group wrote them.
"""

from __future__ import annotations

from collections.abc import Mapping

from django.utils.translation import get_language, gettext_lazy, ngettext
from django.utils.translation import gettext as _

from legacy import names
from legacy.box import FACTION_BY_SLUG, PACKET_BY_SLUG
from legacy.rulebook import SECTIONS

SECTION_LABELS = dict(SECTIONS)
# A sealed component the group found is named by its kind only: its name is the group's words,
# which the audit never holds (the campaign may hide them).
OWN_COMPONENT = gettext_lazy("A sealed component of your own")


def _packet_name(slug: str) -> str:
    if slug not in PACKET_BY_SLUG:
        return str(OWN_COMPONENT)
    return names.packet(slug, get_language())


ROLE_LABELS = {
    # ``campaigns.models.Role``'s values (the models word their entries with this module).
    "owner": gettext_lazy("owner"),
    "editor": gettext_lazy("editor"),
    "viewer": gettext_lazy("viewer"),
}
MARK_TYPE_LABELS = {
    "City": gettext_lazy("a city"),
    "Scar": gettext_lazy("a scar"),
    "Fortification": gettext_lazy("a fortification"),
    "CoinSticker": gettext_lazy("a coin sticker"),
    "DestroyedCard": gettext_lazy("a destroyed territory card"),
    "ContinentName": gettext_lazy("a continent's name"),
    "BonusChange": gettext_lazy("a change of a continent's bonus"),
    "FactionPower": gettext_lazy("a faction's power"),
    "PacketOpening": gettext_lazy("a packet opened"),
    "Signature": gettext_lazy("a signature in the winners' section"),
    "WorldName": gettext_lazy("the world's name"),
    "OtherMark": gettext_lazy("a mark"),
}
LANGUAGE_LABELS = {"en": gettext_lazy("English"), "ru": gettext_lazy("Russian")}


def role_label(role) -> str:
    return str(ROLE_LABELS.get(role, role or ""))


def _faction(slug, stored_name=None) -> str:
    if slug in FACTION_BY_SLUG:
        return names.faction(slug, get_language())
    return str(stored_name or slug or "")


def _seat_changes(before: Mapping, after: Mapping) -> str:
    language = get_language()
    parts = []
    if before.get("player") != after.get("player"):
        parts.append(
            _("player %(before)s → %(after)s")
            % {"before": before.get("player"), "after": after.get("player")}
        )
    if before.get("faction") != after.get("faction"):
        parts.append(
            _("faction %(before)s → %(after)s")
            % {
                "before": _faction(before.get("faction"), before.get("faction_name")),
                "after": _faction(after.get("faction"), after.get("faction_name")),
            }
        )
    if before.get("hq") != after.get("hq"):
        parts.append(
            _("HQ %(before)s → %(after)s")
            % {
                "before": names.territory(str(before.get("hq") or ""), language),
                "after": names.territory(str(after.get("hq") or ""), language),
            }
        )
    return "; ".join(parts)


def _sharing(d: Mapping) -> str:
    on, off = _("on"), _("off")
    words = _("share link %(shared)s, listed publicly %(public)s, packet content hidden %(hidden)s")
    return words % {
        "shared": on if d.get("shared") else off,
        "public": on if d.get("public") else off,
        "hidden": on if d.get("hidden") else off,
    }


def _render(action: str, d: Mapping) -> str | None:  # noqa: C901 - one branch per action
    game = d.get("game")
    reason = str(d.get("reason") or "")
    if action == "campaign-created":
        return _("Campaign %(name)s created.") % {"name": d.get("name", "")}
    if action == "player-added":
        return _("%(name)s joined the table.") % {"name": d.get("name", "")}
    if action == "first-game-setup":
        return _("Before the first game: starting powers chosen and coin stickers placed.")
    if action == "game-setup":
        n = int(d.get("players") or 0)
        text = ngettext(
            "Game %(game)s set up with %(n)s player",
            "Game %(game)s set up with %(n)s players",
            n,
        ) % {"game": game, "n": n}
        if d.get("dealt"):
            return text + _("; scar cards dealt.")
        return text + _("; no scar cards this game.")
    if action == "game-started":
        return _("Game %(game)s started.") % {"game": game}
    if action == "game-cancelled":
        seats = d["seats"] if isinstance(d.get("seats"), list) else []
        return _("Game %(game)s (set up with %(n)s players) cancelled: %(reason)s") % {
            "game": game,
            "n": len(seats),
            "reason": reason,
        }
    if action in ("seat-fixed", "seat-corrected"):
        before = d["before"] if isinstance(d.get("before"), Mapping) else {}
        after = d["after"] if isinstance(d.get("after"), Mapping) else {}
        if action == "seat-corrected":
            text = _("Game %(game)s, seat %(seat)s corrected: %(what)s")
        else:
            text = _("Game %(game)s, seat %(seat)s fixed: %(what)s")
        text = text % {"game": game, "seat": d.get("seat"), "what": _seat_changes(before, after)}
        if reason:
            return text + _(". Why: %(reason)s") % {"reason": reason}
        return text + "."
    if action == "game-finished":
        return _("Game %(game)s finished: %(winner)s won.") % {
            "game": game,
            "winner": d.get("winner", ""),
        }
    if action == "game-amended":
        return _("Game %(game)s amended: %(reason)s") % {"game": game, "reason": reason}
    if action == "packet-opened":
        n = int(d.get("items") or 0)
        return ngettext(
            "%(packet)s opened (%(n)s item entered).",
            "%(packet)s opened (%(n)s items entered).",
            n,
        ) % {"packet": _packet_name(str(d.get("packet") or "")), "n": n}
    if action == "world-named":
        return _("The World of %(name)s.") % {"name": d.get("name", "")}
    if action == "entry-voided":
        return _("Game %(game)s, entry %(seq)s taken back: %(reason)s") % {
            "game": game,
            "seq": d.get("seq"),
            "reason": reason,
        }
    if action == "invitation-created":
        if d.get("single_use"):
            text = _("Single-use invitation link created for a new %(role)s.")
        else:
            text = _("Invitation link created for a new %(role)s.")
        return text % {"role": role_label(d.get("role"))}
    if action == "invitation-revoked":
        if d.get("member"):
            return _("The invitation link %(name)s joined by was revoked.") % {"name": d["member"]}
        return _("An invitation link was revoked.")
    if action in ("member-joined", "member-added"):
        return _("%(name)s joined as %(role)s.") % {
            "name": d.get("username", ""),
            "role": role_label(d.get("role")),
        }
    if action == "member-role":
        return _("%(name)s is now %(role)s.") % {
            "name": d.get("username", ""),
            "role": role_label(d.get("role")),
        }
    if action == "member-removed":
        return _("%(name)s left the campaign.") % {"name": d.get("username", "")}
    if action == "sharing":
        if d.get("new_link"):
            return _("Sharing changed: %(what)s; new share link.") % {"what": _sharing(d)}
        return _("Sharing changed: %(what)s.") % {"what": _sharing(d)}
    if action == "language":
        return _("Board pictures are now drawn in %(language)s.") % {
            "language": LANGUAGE_LABELS.get(d.get("language", ""), d.get("language"))
        }
    if action == "house-rules":
        if "world_capitals_allowed" in d:
            return _("World Capitals allowed at once: %(n)s.") % {"n": d["world_capitals_allowed"]}
        if d.get("held_on_rewards_end_together"):
            return _("Held-on rewards now end when either stock runs out.")
        return _("Held-on rewards now end with their own stock only.")
    if action in ("mark-corrected", "mark-voided"):
        what = str(MARK_TYPE_LABELS.get(d.get("mark_type", ""), _("a mark")))
        if action == "mark-corrected":
            return _("%(what)s corrected: %(reason)s") % {"what": what, "reason": reason}
        return _("%(what)s voided: %(reason)s") % {"what": what, "reason": reason}
    if action == "world-capital-founded":
        return _("World Capital %(name)s founded in %(territory)s.") % {
            "name": d.get("name", ""),
            "territory": names.territory(str(d.get("territory") or ""), get_language()),
        }
    if action == "sticker-added":
        return _("A rule sticker was pasted into “%(section)s” in game %(game)s.") % {
            "section": SECTION_LABELS.get(d.get("section", ""), d.get("section") or ""),
            "game": game,
        }
    if action == "sticker-voided":
        return _("A rule sticker was voided: %(reason)s") % {"reason": reason}
    if action == "component-added":
        return _("A sealed component was added.")
    if action == "component-removed":
        return _("A sealed component entered by mistake was removed.")
    if action == "component-voided":
        return _("A sealed component was voided: %(reason)s") % {"reason": reason}
    if action == "faction-added":
        return _("Faction %(name)s added after game %(game)s.") % {
            "name": d.get("name", ""),
            "game": game,
        }
    if action == "power-placed":
        words = {
            "name": d.get("name", ""),
            "card": _faction(d.get("faction")),
            "game": game,
            "old": d.get("covered_name", ""),
        }
        if d.get("covered_name"):
            if d.get("in_game"):
                return (
                    _(
                        "Power %(name)s placed on the %(card)s card in game %(game)s, "
                        "covering %(old)s."
                    )
                    % words
                )
            return (
                _(
                    "Power %(name)s placed on the %(card)s card after game %(game)s, "
                    "covering %(old)s."
                )
                % words
            )
        if d.get("in_game"):
            return _("Power %(name)s placed on the %(card)s card in game %(game)s.") % words
        return _("Power %(name)s placed on the %(card)s card after game %(game)s.") % words
    if action == "power-destroyed":
        return _("Power %(name)s destroyed in game %(game)s.") % {
            "name": d.get("name", ""),
            "game": game,
        }
    if action == "photo-added":
        return _("A photo of the board was added to game %(game)s.") % {"game": game}
    if action == "photo-deleted":
        return _("A photo of the board was deleted from game %(game)s.") % {"game": game}
    if action == "scar-dice-effect":
        return _("A scar type's effect on the dice changed.")
    if action == "card-added":
        deck = d.get("deck")
        text = (
            _("An event card was added (%(packet)s).")
            if deck == "event"
            else _("A mission card was added (%(packet)s).")
        )
        return text % {"packet": names.packet(str(d.get("packet") or ""), get_language())}
    return None


def audit_text(entry) -> str:
    """What an audit entry says, in the active language: made from its action and data, or
    the English summary an older entry was stored with."""
    if entry.summary:
        return entry.summary
    data = entry.data if isinstance(entry.data, Mapping) else {}
    try:
        text = _render(entry.action, data)
    except (TypeError, ValueError):  # data of another shape (an imported backup): its action
        text = None
    if text is None:
        return entry.action
    return text[:1].upper() + text[1:]
