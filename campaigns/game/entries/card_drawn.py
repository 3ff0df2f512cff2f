"""A card drawn from its deck at the table (an event turned over, a mission laid out)."""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.translation import gettext as _

from campaigns.game.entries import cards, fields
from campaigns.game.entries.base import EntryKind, Said, Seating, Table, Written
from campaigns.models import EventKind
from legacy.errors import RuleViolation
from legacy.refusals import EntryRule


@dataclass(frozen=True)
class CardDrawn:
    card: int = fields.an_id("The card's id, from /decks/.")
    player: int | None = fields.player("The seated player, if any.", optional=True)


def check(table: Table, params: CardDrawn) -> None:
    game = table.game
    found = cards.card_of(table.campaign, params.card)
    where = cards.where_is(table.campaign.pk, found)
    cards.not_destroyed(where)
    if where.state in (cards.CardState.DRAWN, cards.CardState.COMPLETED) and (
        where.game == game.number
    ):
        raise RuleViolation(EntryRule.CARD_DRAWN_ONCE_A_GAME, conflict=True, game=game.number)
    table.facts = found


def record(table: Table, params: CardDrawn) -> Written:
    return Written({"card": table.facts.pk, "deck": table.facts.deck})


def words(said: Said) -> str:
    said_title = {"title": cards.title(said)}
    if cards.is_event(said):
        return said.by(_("event card %(title)s drawn") % said_title)
    return said.by(_("mission %(title)s drawn") % said_title)


ENTRY = EntryKind(
    EventKind.CARD_DRAWN,
    words,
    params=CardDrawn,
    check=check,
    record=record,
    war=False,
    seating=Seating.OPTIONAL,
    needs="the card must be in one of the campaign's decks",
    path="card-drawn",
    description="A card drawn from its deck (an event turned over, a mission laid out). A "
    "destroyed card, or one drawn already in this game, is refused (409).",
)
