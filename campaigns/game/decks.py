"""The event and mission decks: the cards the group entered from the packets it opened, and
where each one is, read from the games' logs.

A card is drawn at the table (an entry of the game's log), a mission is completed by a player
(its red stars go to them), and any card may be destroyed: it leaves its deck for good. Each of
these is an entry like the others, so it can be taken back (voided with a reason), and where a
card is is always read from the entries that count. Between games the decks are shuffled again:
a card drawn or completed in an earlier game is back in its deck; only destroyed cards stay out.
"""

from __future__ import annotations

from django.db import transaction

from campaigns.game.common import EventResult
from campaigns.game.entries.card_completed import CardCompleted
from campaigns.game.entries.card_destroyed import CardDestroyed
from campaigns.game.entries.card_drawn import CardDrawn
from campaigns.game.entries.cards import STATES, CardState, Where, card_states, where_is
from campaigns.game.entries.recording import record_entry
from campaigns.models import Campaign, EventKind, Game
from campaigns.services import audit, lock_campaign
from campaigns.vocabulary import AuditAction
from legacy.errors import RuleViolation
from legacy.models import Deck, DeckCard, PacketOpening
from legacy.refusals import EntryRule

__all__ = ["STATES", "CardState", "Where", "card_states", "where_is"]


TITLE_LIMIT = 100
TEXT_LIMIT = 2000


@transaction.atomic
def add_card(
    *, campaign: Campaign, deck: str, title: str, text: str = "", packet: str, by=None
) -> DeckCard:
    """A card a packet added to the event or mission deck, in the group's own words."""
    campaign = lock_campaign(campaign)
    if deck not in Deck.values:
        raise RuleViolation(EntryRule.UNKNOWN_DECK, field="deck", deck=repr(deck))
    title = (title or "").strip()
    if not title or len(title) > TITLE_LIMIT:
        raise RuleViolation(EntryRule.CARD_TITLE, field="title", limit=TITLE_LIMIT)
    if len(text or "") > TEXT_LIMIT:
        raise RuleViolation(EntryRule.CARD_TEXT, field="text", limit=TEXT_LIMIT)
    opening = PacketOpening.objects.filter(campaign=campaign, packet=packet, voided=False).first()
    if opening is None:
        raise RuleViolation(EntryRule.CARD_PACKET_NOT_OPEN, field="packet")
    card = DeckCard.objects.create(
        campaign=campaign,
        deck=deck,
        title=title,
        text=(text or "").strip(),
        opening=opening,
        entered_by=by if getattr(by, "is_authenticated", False) else None,
    )
    audit(
        campaign,
        by,
        AuditAction.CARD_ADDED,
        card=card.pk,
        packet=packet,
        deck=deck,
    )
    return card


def draw_card(*, game: Game, card: int, player: int | None = None, by=None) -> EventResult:
    """A card drawn from its deck at the table (``entries.card_drawn``)."""
    params = CardDrawn(card, player)
    return record_entry(EventKind.CARD_DRAWN, game=game, params=params, by=by)


def complete_mission(
    *, game: Game, card: int, player: int, red_stars: int = 1, by=None
) -> EventResult:
    """A player completes the mission laid out (``entries.card_completed``)."""
    params = CardCompleted(card, player, red_stars)
    return record_entry(EventKind.CARD_COMPLETED, game=game, params=params, by=by)


def destroy_card(*, game: Game, card: int, player: int | None = None, by=None) -> EventResult:
    """A card destroyed at the table (``entries.card_destroyed``)."""
    params = CardDestroyed(card, player)
    return record_entry(EventKind.CARD_DESTROYED, game=game, params=params, by=by)
