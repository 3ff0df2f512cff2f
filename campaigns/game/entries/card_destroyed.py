"""A card destroyed at the table: it leaves its deck for good (unless the entry is taken
back)."""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.translation import gettext as _

from campaigns.game.entries import cards, fields
from campaigns.game.entries.base import EntryKind, Said, Seating, Table, Written
from campaigns.models import EventKind


@dataclass(frozen=True)
class CardDestroyed:
    card: int = fields.an_id("The card's id, from /decks/.")
    player: int | None = fields.player("The seated player, if any.", optional=True)


def check(table: Table, params: CardDestroyed) -> None:
    found = cards.card_of(table.campaign, params.card)
    cards.not_destroyed(cards.where_is(table.campaign.pk, found))
    table.facts = found


def record(table: Table, params: CardDestroyed) -> Written:
    return Written({"card": table.facts.pk, "deck": table.facts.deck})


def words(said: Said) -> str:
    said_title = {"title": cards.title(said)}
    if cards.is_event(said):
        return said.by(_("event card %(title)s destroyed") % said_title)
    return said.by(_("mission card %(title)s destroyed") % said_title)


ENTRY = EntryKind(
    EventKind.CARD_DESTROYED,
    words,
    params=CardDestroyed,
    check=check,
    record=record,
    war=False,
    seating=Seating.OPTIONAL,
    needs="the card must be one of the campaign's",
    path="card-destroyed",
    description="A card destroyed at the table: it leaves its deck for good (unless the entry "
    "is taken back).",
)
