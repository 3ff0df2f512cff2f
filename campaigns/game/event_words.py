"""A game's log in the reader's language.

An entry of the log stores what happened as its kind (``EventKind``) and its parameters
(``GameEvent.data``: a scar type's slug, a territory, a count); the words are made here when the
entry is read, in the language active then. The pages and the API both word entries with this
module, so a log entry reads the same on a page and in an answer.

Names of the box (territories, factions, packets, base scars) come from ``legacy.names``; the
group's own names (players, scar types and marks a packet added, cards) stay as the group wrote
them, or a placeholder when the campaign hides what its packets unlocked from the reader.
"""

from __future__ import annotations

from functools import cached_property

from django.utils.translation import get_language, ngettext
from django.utils.translation import gettext as _

from campaigns.game import derived, sealed
from campaigns.game.entries.base import Said
from campaigns.game.entries.registry import ENTRIES
from campaigns.models import EventKind, Player
from campaigns.reasons import reason_words
from campaigns.vocabulary import HIDDEN, OWN_COMPONENT, UNLOCKED_FACTION
from legacy import board, drawing, names
from legacy.box import FACTION_BY_SLUG, PACKET_BY_SLUG
from legacy.models import AddedTerritory, DeckCard, MarkKind, ScarKind


def void_reason_words(reason: str) -> str:
    """Why an entry was taken back, in the reader's language when the product gave the reason
    (stored as a ``VoidReason`` code; entries from before that stored its English words)."""
    return reason_words(reason)


def kind_label(kind, sees_unlocked: bool = True) -> str:
    """An entry's kind in a few words (its kind's label), or the kind as stored if unknown. An
    entry of unlocked content (a World Capital) reads as its kind's ``hidden_label`` to a reader
    it is hidden from."""
    entry = ENTRIES.get(kind)
    if entry is not None and entry.hidden_label is not None and not sees_unlocked:
        return str(entry.hidden_label)
    try:
        return str(EventKind(kind).label)
    except ValueError:
        return str(kind or "")


def _faction_name(slug: str | None, words: EventWords) -> str:
    if slug in FACTION_BY_SLUG:
        return names.faction(slug, get_language())
    if not slug:
        return ""
    return words.factions.get(slug) or slug


def _packet_name(slug: str, words: EventWords | None = None) -> str:
    """A box packet's name; one of the group's own components by the name the group gave it,
    or by its kind when the campaign hides it from the reader."""
    if slug not in PACKET_BY_SLUG:
        own = words.components.get(slug) if words is not None else None
        return own.name if own is not None else str(OWN_COMPONENT)
    return names.packet(slug, get_language())


class EventWords:
    """The campaign's names an entry's words need, read once per reading and only those the
    entries read need: scar types, kinds of mark, event and mission cards, factions. Hidden
    ones (``sees_unlocked`` false) are a placeholder."""

    def __init__(
        self, campaign_id: int, sees_unlocked: bool, factions: dict[str, str] | None = None
    ):
        self.campaign_id = campaign_id
        self.sees_unlocked = sees_unlocked
        if factions is not None:
            self.__dict__["factions"] = factions

    @classmethod
    def load(
        cls,
        campaign_id: int,
        factions: dict[str, str] | None,
        sees_unlocked: bool,
        *,
        scar_kinds=None,
    ):
        """``scar_kinds``: the campaign's ``ScarKind`` rows, when the caller has read them."""
        words = cls(campaign_id, sees_unlocked, factions)
        if scar_kinds is not None:
            words.__dict__["scars"] = words._scar_words(
                (k.slug, k.name, k.base) for k in scar_kinds
            )
        return words

    @cached_property
    def factions(self) -> dict[str, str]:
        return {
            slug: f.name if self.sees_unlocked else str(UNLOCKED_FACTION)
            for slug, f in derived.factions_of(self.campaign_id).items()
            if slug not in FACTION_BY_SLUG
        }

    @cached_property
    def components(self) -> dict:
        """The group's own sealed components this reader may read the names of, by slug."""
        return sealed.names_by_slug(sealed.own_components(self.campaign_id, self.sees_unlocked))

    @cached_property
    def players(self) -> dict[int, str]:
        """The campaign's players' names, by id (an HQ taken names its owner)."""
        return dict(Player.objects.filter(campaign_id=self.campaign_id).values_list("pk", "name"))

    @cached_property
    def scars(self) -> dict[str, str]:
        rows = ScarKind.objects.filter(campaign_id=self.campaign_id)
        return self._scar_words(rows.values_list("slug", "name", "base"))

    def _scar_words(self, rows) -> dict[str, str]:
        language = get_language()
        found = {}
        for slug, name, base in rows:
            if not self.sees_unlocked and slug not in drawing.BASE_SCARS:
                found[slug] = str(HIDDEN)
            else:
                found[slug] = names.base_scar(slug, name, language) if base else name
        return found

    @cached_property
    def marks(self) -> dict[str, str]:
        return {
            slug: name if self.sees_unlocked else str(HIDDEN)
            for slug, name in MarkKind.objects.filter(campaign_id=self.campaign_id).values_list(
                "slug", "name"
            )
        }

    @cached_property
    def added_territories(self) -> dict[str, str]:
        """The territories the campaign's packets added, named in the group's words (a
        placeholder for a reader the campaign hides them from), by slug."""
        return {
            slug: name if self.sees_unlocked else str(HIDDEN)
            for slug, name in AddedTerritory.objects.filter(
                campaign_id=self.campaign_id, voided=False
            ).values_list("slug", "name")
        }

    def faction_name(self, slug: str | None) -> str:
        """A faction's name: the box's in the reader's language, the group's as written."""
        return _faction_name(slug, self)

    def packet_name(self, slug: str) -> str:
        """A packet's name: the box's in the reader's language, the group's own component's as
        the group named it (or its kind, hidden)."""
        return _packet_name(slug, self)

    def territory(self, slug: str) -> str:
        """A territory's name: the box's in the reader's language, an added one as the group
        wrote it (read only when an entry names one)."""
        if slug in board.TERRITORY_BY_SLUG:
            return names.territory(slug, get_language())
        return self.added_territories.get(slug, slug)

    @cached_property
    def cards(self) -> dict[int, str]:
        return {
            pk: title if self.sees_unlocked else str(HIDDEN)
            for pk, title in DeckCard.objects.filter(campaign_id=self.campaign_id).values_list(
                "pk", "title"
            )
        }


def event_text(event, words: EventWords) -> str:
    """What happened, in the reader's language, from the entry's kind and data (``event.seat``
    with its player selected): its kind's ``words``. Data an older entry lacks is left out of
    its words."""
    data = event.data if isinstance(event.data, dict) else {}
    who = event.seat.player.name if event.seat_id else ""
    territory = data.get("territory")
    where = words.territory(territory) if territory else ""
    if not where and data.get("faction"):
        where = words.faction_name(data.get("faction"))
    said = Said(event, data, who, where, words)
    entry = ENTRIES.get(event.kind)
    if entry is None:  # a kind this installation does not know (it cannot be stored): its code
        return said.by(kind_label(event.kind))
    return entry.words(said)


def holding_words(held, scar_names: dict[str, str]) -> str:
    """What a seat holds now, in a few words: red stars (tokens and HQs, as the box counts
    them), HQs, missiles, its scar card, or that it is out of the war."""
    parts = []
    stars = held.red_stars_counted
    if stars:
        parts.append(ngettext("%(n)s red star", "%(n)s red stars", stars) % {"n": stars})
    if held.hqs:
        parts.append(ngettext("%(n)s HQ", "%(n)s HQs", held.hqs) % {"n": held.hqs})
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


# --- Entries stored with an English sentence ------------------------------------------------------


def data_from_summary(kind: str, seq: int, summary: str, data: dict) -> dict:
    """An older entry's data, completed with what its English sentence (``summary``, no longer
    stored) and its kind tell (its kind's ``older``): what the words of the entry need and an
    older entry lacks. Anything else is left as it was (its words leave out what is missing)."""
    data = dict(data) if isinstance(data, dict) else {}
    entry = ENTRIES.get(kind)
    if entry is not None and entry.older is not None:
        entry.older(data, seq, summary or "")
    return data
