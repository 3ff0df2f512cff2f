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

import re
from functools import cached_property

from django.utils.translation import get_language, ngettext
from django.utils.translation import gettext as _

from campaigns.game import derived, sealed
from campaigns.models import CARD_EVENTS, EventKind, Player
from campaigns.vocabulary import HIDDEN, OWN_COMPONENT, UNLOCKED_FACTION, VoidReason
from legacy import board, drawing, names
from legacy.box import FACTION_BY_SLUG, PACKET_BY_SLUG
from legacy.models import AddedTerritory, DeckCard, MarkKind, ScarKind


def void_reason_words(reason: str) -> str:
    """Why an entry was taken back, in the reader's language when the product gave the reason
    (stored as a ``VoidReason`` code; entries from before that stored its English words)."""
    for choice in VoidReason:
        if reason in (choice.value, ENGLISH_VOID_REASONS[choice]):
            return str(choice.label)
    return reason


# The English words a reason was stored as before it was stored as its code.
ENGLISH_VOID_REASONS = {VoidReason.ENTERED_BY_MISTAKE: "Entered by mistake."}


def kind_label(kind, sees_unlocked: bool = True) -> str:
    """An entry's kind in a few words (its kind's label), or the kind as stored if unknown. A
    World Capital is unlocked content: a reader it is hidden from reads of a city founded."""
    if kind == EventKind.WORLD_CAPITAL_FOUNDED and not sees_unlocked:
        return str(_("City founded"))
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
    with its player selected). Data an older entry lacks is left out of its words."""
    data = event.data if isinstance(event.data, dict) else {}
    who = event.seat.player.name if event.seat_id else ""
    territory = data.get("territory")
    where = words.territory(territory) if territory else ""
    if not where and data.get("faction"):
        where = _faction_name(data.get("faction"), words)
    kind = event.kind
    if kind == EventKind.SCAR_PLACED:
        text = _("%(scar)s on %(where)s") % {
            "scar": words.scars.get(data.get("scar", ""), data.get("scar")),
            "where": where,
        }
        if data.get("with_card") is False:
            text += _(", without a scar card (%(why)s)") % {"why": data.get("reason", "")}
    elif kind == EventKind.MISSILES:
        text = _("%(n)s missile(s) on one roll") % {"n": data.get("count")}
        roll = data.get("roll")
        if isinstance(roll, int) and roll != event.seq:
            text += _(" (the roll of entry %(n)s)") % {"n": roll}
    elif kind == EventKind.RECRUITMENT:
        text = _("%(who)s places %(n)s troops") % {"who": who, "n": data.get("troops")}
        if data.get("holds_missile"):
            text += _(", holding a missile")
        return text
    elif kind == EventKind.ELIMINATED:
        text = _("%(who)s (%(faction)s) is wiped out") % {
            "who": who,
            "faction": _faction_name(event.seat.faction if event.seat_id else "", words),
        }
        if data.get("no_legal_start"):
            return _("%(who)s (%(faction)s) is eliminated: no legal start is left") % {
                "who": who,
                "faction": _faction_name(event.seat.faction if event.seat_id else "", words),
            }
        if data.get("can_rejoin"):
            text += _(" and may rejoin")
        return text
    elif kind == EventKind.REJOINED:
        if territory:  # entries from before the territory was recorded have none
            return _("%(who)s joins the war again in %(where)s") % {"who": who, "where": where}
        return _("%(who)s joins the war again") % {"who": who}
    elif kind == EventKind.RED_STAR_BOUGHT:
        return _("%(who)s buys a red star with 4 cards") % {"who": who}
    elif kind == EventKind.HQ_TAKEN:
        hq_of = data.get("hq_of")
        owner = words.players.get(hq_of, "") if isinstance(hq_of, int) else ""
        if owner and owner == who:
            return _("%(who)s retakes their HQ in %(where)s") % {"who": who, "where": where}
        return _("%(who)s takes the HQ of %(owner)s in %(where)s") % {
            "who": who,
            "owner": owner,
            "where": where,
        }
    elif kind == EventKind.WORLD_CAPITAL_FOUNDED and not words.sees_unlocked:
        text = _("the city %(name)s founded in %(where)s") % {
            "name": data.get("name", ""),
            "where": where,
        }
    elif kind == EventKind.WORLD_CAPITAL_FOUNDED:
        text = _("the World Capital %(name)s founded in %(where)s") % {
            "name": data.get("name", ""),
            "where": where,
        }
    elif kind == EventKind.COIN_PILE_OUT:
        if data.get("red_star_to") and who:
            return _("a red star to %(who)s") % {"who": who}
        return _("no red star")
    elif kind == EventKind.MARK_PLACED:
        text = _("%(mark)s on %(where)s") % {
            "mark": words.marks.get(data.get("mark_kind", ""), str(HIDDEN)),
            "where": where,
        }
    elif kind == EventKind.CITY_DESTROYED:
        return _("a city destroyed in %(where)s") % {"where": where}
    elif kind == EventKind.PACKET_OPENED:
        return _packet_name(str(data.get("packet") or ""), words)
    elif kind in CARD_EVENTS:
        title = words.cards.get(data.get("card", 0), str(HIDDEN))
        deck = data.get("deck")
        if kind == EventKind.CARD_COMPLETED:
            stars = data.get("red_stars") or 0
            text = ngettext(
                "mission %(title)s completed: %(n)s red star",
                "mission %(title)s completed: %(n)s red stars",
                stars,
            ) % {"title": title, "n": stars}
        elif kind == EventKind.CARD_DESTROYED:
            text = (
                _("event card %(title)s destroyed")
                if deck == "event"
                else _("mission card %(title)s destroyed")
            ) % {"title": title}
        else:
            text = (
                _("event card %(title)s drawn") if deck == "event" else _("mission %(title)s drawn")
            ) % {"title": title}
    elif kind == EventKind.FORTIFICATION_ATTACKED:
        text = _("%(where)s attacked with 3 troops: box %(n)s of 10 marked") % {
            "where": where,
            "n": data.get("boxes_used"),
        }
        if data.get("worn_out"):
            text += _(", the fortification is worn out")
    else:  # a kind this installation does not know (it cannot be stored): its code
        text = kind_label(kind)
    return f"{text} — {who}" if who else text


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

# "Ada joins the war again in Western Australia." : the territory the sentence named.
_REJOINED_IN = re.compile(r" joins the war again in (?P<where>.+)\.$")


def data_from_summary(kind: str, seq: int, summary: str, data: dict) -> dict:
    """An older entry's data, completed with what its English sentence (``summary``, no longer
    stored) and its kind tell: what the words of the entry need and an older entry lacks.

    Scars placed before a scar could be placed without a card were all placed with one; missiles
    entered before one roll could be shared were played on their own roll; a rejoin names its
    territory in its sentence. Anything else is left as it was (its words leave out what is
    missing)."""
    data = dict(data) if isinstance(data, dict) else {}
    if kind == EventKind.SCAR_PLACED and "with_card" not in data:
        data["with_card"] = True
    elif kind == EventKind.MISSILES and "roll" not in data:
        data["roll"] = seq
    elif kind == EventKind.REJOINED and not data.get("territory"):
        found = _REJOINED_IN.search(summary or "")
        slug = _territory_named(found.group("where")) if found else None
        if slug:
            data["territory"] = slug
    return data


def _territory_named(name: str) -> str | None:
    wanted = name.strip().casefold()
    return next((t.slug for t in board.TERRITORIES if t.name.casefold() == wanted), None)
