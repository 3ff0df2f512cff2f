"""The event and mission decks: the cards the group entered from the packets it opened, and
where each one is, read from the games' logs.

A card is drawn at the table (an entry of the game's log), a mission is completed by a player
(its red stars go to them), and any card may be destroyed: it leaves its deck for good. Each of
these is an entry like the others, so it can be taken back (voided with a reason), and where a
card is is always read from the entries that count. Between games the decks are shuffled again:
a card drawn or completed in an earlier game is back in its deck; only destroyed cards stay out.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.db import models, transaction
from django.utils.translation import gettext_lazy as _

from campaigns.game.common import EventResult, locked_game, log_event, require_in_progress, seat_of
from campaigns.game.packets import packets_to_open
from campaigns.game.table import at_war, in_the_war
from campaigns.models import CARD_EVENTS, Campaign, EventKind, Game, GameEvent
from campaigns.services import audit, lock_campaign
from campaigns.vocabulary import AuditAction
from legacy.errors import RuleViolation
from legacy.models import Deck, DeckCard, PacketOpening


class CardState(models.TextChoices):
    """Where a card is; the words take the game it happened in (``%(n)s``)."""

    IN_DECK = "in-deck", _("in the deck")
    DRAWN = "drawn", _("drawn in game %(n)s")
    COMPLETED = "completed", _("completed in game %(n)s")
    DESTROYED = "destroyed", _("destroyed in game %(n)s")


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
        GameEvent.objects.filter(game__campaign_id=campaign_id, voided=False, kind__in=CARD_EVENTS)
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


def _clean(value: str, limit: int, what: str, rule: str, field: str) -> str:
    text = (value or "").strip()
    if not text or len(text) > limit:
        raise RuleViolation(
            f"{what} needs a title of up to {limit} characters.", rule=rule, field=field
        )
    return text


@transaction.atomic
def add_card(
    *, campaign: Campaign, deck: str, title: str, text: str = "", packet: str, by=None
) -> DeckCard:
    """A card a packet added to the event or mission deck, in the group's own words."""
    campaign = lock_campaign(campaign)
    if deck not in Deck.values:
        raise RuleViolation(
            f"There is no deck called {deck!r}: event or mission.",
            rule="unknown-deck",
            field="deck",
        )
    title = _clean(title, 100, "A card", "card-title", "title")
    if len(text or "") > 2000:
        raise RuleViolation(
            "A card's text fits in 2000 characters.", rule="card-text", field="text"
        )
    opening = PacketOpening.objects.filter(campaign=campaign, packet=packet, voided=False).first()
    if opening is None:
        raise RuleViolation(
            "A card comes from a packet this campaign has opened.",
            rule="card-packet-not-open",
            field="packet",
        )
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


def _card(campaign: Campaign, card: int) -> DeckCard:
    found = (
        DeckCard.objects.filter(campaign=campaign, pk=card).first()
        if isinstance(card, int) and not isinstance(card, bool)
        else None
    )
    if found is None:
        raise RuleViolation(
            "This campaign has no such event or mission card.", rule="unknown-card", field="card"
        )
    return found


def _not_destroyed(where: Where) -> None:
    if where.state == CardState.DESTROYED:
        raise RuleViolation(
            f"That card was destroyed in game {where.game}: it left its deck for good.",
            rule="card-destroyed-for-good",
            conflict=True,
        )


@transaction.atomic
def draw_card(*, game: Game, card: int, player: int | None = None, by=None) -> EventResult:
    """A card drawn from its deck at the table (an event turned over, a mission laid out)."""
    campaign, game = locked_game(game)
    require_in_progress(game)
    found = _card(campaign, card)
    where = where_is(campaign.pk, found)
    _not_destroyed(where)
    if where.state in (CardState.DRAWN, CardState.COMPLETED) and where.game == game.number:
        raise RuleViolation(
            f"That card was already drawn in game {game.number}: a card is drawn once a game.",
            rule="card-drawn-once-a-game",
            conflict=True,
        )
    seat = seat_of(game, player) if player is not None else None
    event = log_event(game, EventKind.CARD_DRAWN, by, seat, card=found.pk, deck=found.deck)
    return EventResult(event, packets_to_open(campaign.pk))


@transaction.atomic
def complete_mission(
    *, game: Game, card: int, player: int, red_stars: int = 1, by=None
) -> EventResult:
    """A player completes the mission laid out: the card goes back in the box for this game and
    they take the red stars it names (one or two)."""
    campaign, game = locked_game(game)
    require_in_progress(game)
    found = _card(campaign, card)
    if found.deck != Deck.MISSION:
        raise RuleViolation(
            "An event card is played, not completed: only a mission is completed.",
            rule="event-card-not-completed",
            field="card",
        )
    where = where_is(campaign.pk, found)
    _not_destroyed(where)
    if where.game != game.number or where.state == CardState.IN_DECK:
        raise RuleViolation(
            f"That mission was not drawn in game {game.number}: draw it first.",
            rule="mission-not-drawn",
            conflict=True,
        )
    if where.state == CardState.COMPLETED:
        raise RuleViolation(
            f"That mission was already completed in game {game.number}.",
            rule="mission-completed-once",
            conflict=True,
        )
    if type(red_stars) is not int or red_stars not in (1, 2):
        raise RuleViolation(
            "A mission gives one or two red stars.", rule="mission-red-stars", field="red_stars"
        )
    seats, replayed = at_war(game)
    seat = seat_of(game, player, seats)
    in_the_war(seat, replayed, "mission")
    event = log_event(
        game,
        EventKind.CARD_COMPLETED,
        by,
        seat,
        card=found.pk,
        deck=found.deck,
        red_stars=red_stars,
    )
    return EventResult(event, packets_to_open(campaign.pk))


@transaction.atomic
def destroy_card(*, game: Game, card: int, player: int | None = None, by=None) -> EventResult:
    """A card destroyed at the table: it leaves its deck for good (unless the entry is taken
    back)."""
    campaign, game = locked_game(game)
    require_in_progress(game)
    found = _card(campaign, card)
    _not_destroyed(where_is(campaign.pk, found))
    seat = seat_of(game, player) if player is not None else None
    event = log_event(
        game,
        EventKind.CARD_DESTROYED,
        by,
        seat,
        card=found.pk,
        deck=found.deck,
    )
    return EventResult(event, packets_to_open(campaign.pk))
