"""The audit trail in the reader's language.

An audit entry stores what happened as an action and its parameters (``AuditEntry.data``); the
sentence is made here when the entry is read, in the language active then. Entries written
before that keep the English summary they were stored with, shown as written.

Each ``AuditAction`` has one small function that words it, registered with ``words_for``; a
test checks that none is missing, so a new action cannot be recorded without its sentence.

Names of the box (territories, factions, packets) come from ``legacy.names``; the group's own
names (players, cities, a faction a packet added) stay as the group wrote them.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping

from django.utils.translation import get_language, gettext_lazy, ngettext
from django.utils.translation import gettext as _

from campaigns.vocabulary import (
    OWN_COMPONENT,
    READING_TITLES,
    READINGS,
    AuditAction,
    PictureLanguage,
    Role,
)
from legacy import board, names
from legacy.box import FACTION_BY_SLUG, PACKET_BY_SLUG
from legacy.models import Deck
from legacy.rulebook import SECTIONS

SECTION_LABELS = dict(SECTIONS)
# A sealed component the group found is never named in an entry's data: its name is the group's
# words (the campaign may hide them). The door that shows the audit gives the components the
# reader may read (``campaigns.game.sealed.own_components``) and the entry names it at read time
# (``OWN_NAME``); without them it is named by its kind.
OWN_NAME = "own_component_name"


def _packet_name(slug: str, d: Mapping | None = None) -> str:
    if slug not in PACKET_BY_SLUG:
        return str((d or {}).get(OWN_NAME) or OWN_COMPONENT)
    return names.packet(slug, get_language())


def _own_name(data: Mapping, components: Iterable) -> str:
    """The name of the group's own sealed component an entry is about, among ``components``."""
    slug, pk = data.get("packet"), data.get("component")
    for c in components:
        if (slug and c.slug == slug) or (pk and c.pk == pk):
            return c.name
    return ""


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


def role_label(role) -> str:
    """A member's role in the reader's language (an unknown one as stored)."""
    return str(Role(role).label) if role in Role.values else str(role or "")


def _faction(slug, stored_name=None) -> str:
    if slug in FACTION_BY_SLUG:
        return names.faction(slug, get_language())
    return str(stored_name or slug or "")


def _territory(slug, stored_name=None) -> str:
    """A printed territory in the reader's language; one a packet added by the name stored with
    the entry (the group's words)."""
    if slug in board.TERRITORY_BY_SLUG:
        return names.territory(slug, get_language())
    return str(stored_name or slug or "")


def _seat_changes(before: Mapping, after: Mapping) -> str:
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
                "before": _territory(before.get("hq"), before.get("hq_name")),
                "after": _territory(after.get("hq"), after.get("hq_name")),
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


# One sentence per action: ``WORDS[action](data)``. Each takes the entry's data and returns
# the sentence in the active language; ``audit_text`` capitalises it.
Words = Callable[[Mapping], str]
WORDS: dict[AuditAction, Words] = {}


def words_for(*actions: AuditAction) -> Callable[[Words], Words]:
    """Register the function as the sentence of ``actions``."""

    def register(fn: Words) -> Words:
        for action in actions:
            WORDS[action] = fn
        return fn

    return register


def _reason(d: Mapping) -> str:
    return str(d.get("reason") or "")


@words_for(AuditAction.CAMPAIGN_CREATED)
def _campaign_created(d: Mapping) -> str:
    return _("Campaign %(name)s created.") % {"name": d.get("name", "")}


@words_for(AuditAction.PLAYER_ADDED)
def _player_added(d: Mapping) -> str:
    return _("%(name)s joined the table.") % {"name": d.get("name", "")}


@words_for(AuditAction.FIRST_GAME_SETUP)
def _first_game_setup(d: Mapping) -> str:
    return _("Before the first game: starting powers chosen and coin stickers placed.")


@words_for(AuditAction.GAME_SETUP)
def _game_setup(d: Mapping) -> str:
    n = int(d.get("players") or 0)
    text = ngettext(
        "Game %(game)s set up with %(n)s player",
        "Game %(game)s set up with %(n)s players",
        n,
    ) % {"game": d.get("game"), "n": n}
    if d.get("dealt"):
        return text + _("; scar cards dealt.")
    return text + _("; no scar cards this game.")


@words_for(AuditAction.GAME_STARTED)
def _game_started(d: Mapping) -> str:
    return _("Game %(game)s started.") % {"game": d.get("game")}


@words_for(AuditAction.GAME_CANCELLED)
def _game_cancelled(d: Mapping) -> str:
    seats = d["seats"] if isinstance(d.get("seats"), list) else []
    return _("Game %(game)s (set up with %(n)s players) cancelled: %(reason)s") % {
        "game": d.get("game"),
        "n": len(seats),
        "reason": _reason(d),
    }


def _seat(text: str, d: Mapping) -> str:
    before = d["before"] if isinstance(d.get("before"), Mapping) else {}
    after = d["after"] if isinstance(d.get("after"), Mapping) else {}
    what = _seat_changes(before, after)
    text = text % {"game": d.get("game"), "seat": d.get("seat"), "what": what}
    if _reason(d):
        return text + _(". Why: %(reason)s") % {"reason": _reason(d)}
    return text + "."


@words_for(AuditAction.SEAT_FIXED)
def _seat_fixed(d: Mapping) -> str:
    return _seat(_("Game %(game)s, seat %(seat)s fixed: %(what)s"), d)


@words_for(AuditAction.SEAT_CORRECTED)
def _seat_corrected(d: Mapping) -> str:
    return _seat(_("Game %(game)s, seat %(seat)s corrected: %(what)s"), d)


@words_for(AuditAction.GAME_FINISHED)
def _game_finished(d: Mapping) -> str:
    return _("Game %(game)s finished: %(winner)s won.") % {
        "game": d.get("game"),
        "winner": d.get("winner", ""),
    }


@words_for(AuditAction.GAME_AMENDED)
def _game_amended(d: Mapping) -> str:
    return _("Game %(game)s amended: %(reason)s") % {"game": d.get("game"), "reason": _reason(d)}


@words_for(AuditAction.PACKET_OPENED)
def _packet_opened(d: Mapping) -> str:
    n = int(d.get("items") or 0)
    opened = ngettext(
        "%(packet)s opened (%(n)s item entered).",
        "%(packet)s opened (%(n)s items entered).",
        n,
    ) % {"packet": _packet_name(str(d.get("packet") or ""), d), "n": n}
    if d.get("earned_otherwise"):
        return (
            opened + " " + _("Earned another way: %(reason)s") % {"reason": d["earned_otherwise"]}
        )
    return opened


@words_for(AuditAction.WORLD_NAMED)
def _world_named(d: Mapping) -> str:
    return _("The World of %(name)s.") % {"name": d.get("name", "")}


@words_for(AuditAction.TERRITORY_ADDED)
def _territory_added(d: Mapping) -> str:
    return _("Game %(game)s: %(name)s added to the board (%(continent)s), joined to %(n)s.") % {
        "game": d.get("game"),
        "name": d.get("name", ""),
        "continent": names.continent(str(d.get("continent") or ""), get_language()),
        "n": ", ".join(str(n) for n in d.get("connections") or ()),
    }


@words_for(AuditAction.CONNECTION_ADDED)
def _connection_added(d: Mapping) -> str:
    return _("Game %(game)s: a connection added between %(a)s and %(b)s.") % {
        "game": d.get("game"),
        "a": d.get("a_name") or d.get("a"),
        "b": d.get("b_name") or d.get("b"),
    }


@words_for(AuditAction.ENTRY_VOIDED)
def _entry_voided(d: Mapping) -> str:
    return _("Game %(game)s, entry %(seq)s taken back: %(reason)s") % {
        "game": d.get("game"),
        "seq": d.get("seq"),
        "reason": _reason(d),
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


def _mark_type(d: Mapping) -> str:
    return str(MARK_TYPE_LABELS.get(d.get("mark_type", ""), _("a mark")))


@words_for(AuditAction.MARK_CORRECTED)
def _mark_corrected(d: Mapping) -> str:
    return _("%(what)s corrected: %(reason)s") % {"what": _mark_type(d), "reason": _reason(d)}


@words_for(AuditAction.MARK_VOIDED)
def _mark_voided(d: Mapping) -> str:
    return _("%(what)s voided: %(reason)s") % {"what": _mark_type(d), "reason": _reason(d)}


@words_for(AuditAction.WORLD_CAPITAL_FOUNDED)
def _world_capital_founded(d: Mapping) -> str:
    return _("World Capital %(name)s founded in %(territory)s.") % {
        "name": d.get("name", ""),
        "territory": _territory(d.get("territory"), d.get("territory_name")),
    }


@words_for(AuditAction.STICKER_ADDED)
def _sticker_added(d: Mapping) -> str:
    return _("A rule sticker was pasted into “%(section)s” in game %(game)s.") % {
        "section": SECTION_LABELS.get(d.get("section", ""), d.get("section") or ""),
        "game": d.get("game"),
    }


@words_for(AuditAction.STICKER_VOIDED)
def _sticker_voided(d: Mapping) -> str:
    return _("A rule sticker was voided: %(reason)s") % {"reason": _reason(d)}


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
            "reason": _reason(d),
        }
    return _("A sealed component was voided: %(reason)s") % {"reason": _reason(d)}


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
        "card": _faction(d.get("faction")),
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


@words_for(AuditAction.PHOTO_ADDED)
def _photo_added(d: Mapping) -> str:
    return _("A photo of the board was added to game %(game)s.") % {"game": d.get("game")}


@words_for(AuditAction.PHOTO_DELETED)
def _photo_deleted(d: Mapping) -> str:
    return _("A photo of the board was deleted from game %(game)s.") % {"game": d.get("game")}


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


def audit_text(entry, components: Iterable = ()) -> str:
    """What an audit entry says, in the active language: made from its action and data, or
    the English summary an older entry was stored with. ``components`` are the group's own
    sealed components the reader may read the names of: an entry about one names it."""
    if entry.summary:
        return entry.summary
    data = entry.data if isinstance(entry.data, Mapping) else {}
    own = _own_name(data, components) if components else ""
    if own:
        data = {**data, OWN_NAME: own}
    words = WORDS.get(entry.action)
    try:
        text = words(data) if words else None
    except (TypeError, ValueError):  # data of another shape (an imported backup): its action
        text = None
    if text is None:
        return entry.action
    return text[:1].upper() + text[1:]


@words_for(AuditAction.NOTE_ADDED)
def _note_added(d: Mapping) -> str:
    return _("A note was added to game %(game)s.") % {"game": d.get("game")}


@words_for(AuditAction.NOTE_EDITED)
def _note_edited(d: Mapping) -> str:
    return _("A note of game %(game)s was edited.") % {"game": d.get("game")}


@words_for(AuditAction.NOTE_DELETED)
def _note_deleted(d: Mapping) -> str:
    return _("A note of game %(game)s was deleted.") % {"game": d.get("game")}


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


@words_for(AuditAction.DRAFT_RECORDED)
def _draft_recorded(d: Mapping) -> str:
    return _("The draft of game %(game)s was entered.") % {"game": d.get("game")}


@words_for(AuditAction.NAME_CLAIMED)
def _name_claimed(d: Mapping) -> str:
    return _("%(name)s was claimed: the owner confirms.") % {"name": d.get("name", "")}


@words_for(AuditAction.NAME_LINKED)
def _name_linked(d: Mapping) -> str:
    return _("%(name)s is linked to a member's account.") % {"name": d.get("name", "")}
