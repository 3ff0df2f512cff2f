"""Where each event and mission card is, read from the games' logs, and what the three card
entries (drawn, mission completed, destroyed) share.

A card is drawn at the table, a mission is completed by a player (its red stars go to them),
and any card may be destroyed: it leaves its deck for good. Each of these is an entry like the
others, so it can be taken back, and where a card is is always read from the entries that
count. Between games the decks are shuffled again: a card drawn or completed in an earlier game
is back in its deck; only destroyed cards stay out.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.db import models
from django.utils.translation import gettext_lazy

from campaigns.game.entries.base import Said
from campaigns.models import CARD_EVENTS, Campaign, EventKind, Game, GameEvent
from campaigns.vocabulary import HIDDEN
from legacy.errors import RuleViolation
from legacy.models import DeckCard
from legacy.refusals import EntryRule


class CardState(models.TextChoices):
    """Where a card is; the words take the game it happened in (``%(n)s``)."""

    IN_DECK = "in-deck", gettext_lazy("in the deck")
    DRAWN = "drawn", gettext_lazy("drawn in game %(n)s")
    COMPLETED = "completed", gettext_lazy("completed in game %(n)s")
    DESTROYED = "destroyed", gettext_lazy("destroyed in game %(n)s")


STATES = tuple(CardState.values)


@dataclass(frozen=True)
class Where:
    state: str
    game: int | None = None  # the game it was drawn, completed or destroyed in


def card_states(campaign_id: int, latest: int | None = None) -> dict[int, Where]:
    """Where every card of the campaign is now, by card id, in two queries (one when the
    caller knows the number of the campaign's ``latest`` game).

    Destroyed in any game (by an entry that counts): out for good. Drawn or completed in the
    campaign's latest game: so, in that game. Otherwise: in its deck.
    """
    if latest is None:
        latest = (
            Game.objects.filter(campaign_id=campaign_id)
            .order_by("-number")
            .values_list("number", flat=True)
        ).first()
    found: dict[int, Where] = {}
    entries = (
        GameEvent.objects.standing()
        .filter(game__campaign_id=campaign_id, kind__in=CARD_EVENTS)
        .order_by("game__number", "seq")
        .values_list("kind", "data", "game__number")
    )
    for kind, data, number in entries:
        card = (data or {}).get("card")
        if not isinstance(card, int) or isinstance(card, bool):
            continue
        if found.get(card, Where(CardState.IN_DECK)).state == CardState.DESTROYED:
            continue
        if kind == EventKind.CARD_DESTROYED:
            found[card] = Where(CardState.DESTROYED, number)
        elif number == latest:
            state = CardState.DRAWN if kind == EventKind.CARD_DRAWN else CardState.COMPLETED
            if not (state == CardState.DRAWN and card in found and found[card].game == number):
                found[card] = Where(state, number)
    return found


def where_is(campaign_id: int, card: DeckCard) -> Where:
    return card_states(campaign_id).get(card.pk, Where(CardState.IN_DECK))


def card_of(campaign: Campaign, card: int) -> DeckCard:
    """The campaign's card ``card`` (its id), or a refusal."""
    found = (
        DeckCard.objects.filter(campaign=campaign, pk=card).first()
        if isinstance(card, int) and not isinstance(card, bool)
        else None
    )
    if found is None:
        raise RuleViolation(EntryRule.UNKNOWN_CARD, field="card")
    return found


def not_destroyed(where: Where) -> None:
    if where.state == CardState.DESTROYED:
        raise RuleViolation(EntryRule.CARD_DESTROYED_FOR_GOOD, conflict=True, game=where.game)


def title(said: Said) -> str:
    """The card's title as this reader may read it."""
    return said.words.cards.get(said.data.get("card", 0), str(HIDDEN))


def is_event(said: Said) -> bool:
    return said.data.get("deck") == "event"
