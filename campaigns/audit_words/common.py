"""What the sentences of the audit share: the names of the box and of the group in the reader's
language, the labels of the kinds of mark, and the table of sentences (``WORDS``) each action
registers its own in with ``words_for``."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping

from django.utils.translation import get_language, gettext_lazy

from campaigns.reasons import reason_words as said_reason
from campaigns.vocabulary import OWN_COMPONENT, AuditAction, Role
from legacy import board, names
from legacy.box import FACTION_BY_SLUG, PACKET_BY_SLUG
from legacy.rulebook import SECTIONS

SECTION_LABELS = dict(SECTIONS)
# A sealed component the group found is never named in an entry's data: its name is the group's
# words (the campaign may hide them). The door that shows the audit gives the components the
# reader may read (``campaigns.game.sealed.own_components``) and the entry names it at read time
# (``OWN_NAME``); without them it is named by its kind.
OWN_NAME = "own_component_name"


def packet_name(slug: str, d: Mapping | None = None) -> str:
    if slug not in PACKET_BY_SLUG:
        return str((d or {}).get(OWN_NAME) or OWN_COMPONENT)
    return names.packet(slug, get_language())


def own_name(data: Mapping, components: Iterable) -> str:
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


def faction_words(slug, stored_name=None) -> str:
    if slug in FACTION_BY_SLUG:
        return names.faction(slug, get_language())
    return str(stored_name or slug or "")


def territory_words(slug, stored_name=None) -> str:
    """A printed territory in the reader's language; one a packet added by the name stored with
    the entry (the group's words)."""
    if slug in board.TERRITORY_BY_SLUG:
        return names.territory(slug, get_language())
    return str(stored_name or slug or "")


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


def reason_words(d: Mapping) -> str:
    """The entry's reason: a code of the product's worded in the reader's language (an entry
    taken back by mistake, a mark voided from the admin), a person's as typed."""
    return said_reason(str(d.get("reason") or ""))
