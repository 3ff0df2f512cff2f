"""A player completes the mission laid out: the card goes back in the box for this game and
they take the red stars it names (one or two)."""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.translation import gettext_noop, ngettext

from campaigns.game.entries import cards, fields
from campaigns.game.entries.base import EntryKind, Said, Seating, Table, Written
from campaigns.game.entries.state import Step, count
from campaigns.models import EventKind
from legacy.errors import RuleViolation
from legacy.models import Deck
from legacy.refusals import EntryRule
from legacy.words import Words


@dataclass(frozen=True)
class CardCompleted:
    card: int = fields.an_id("The mission card's id, from /decks/.")
    player: int | None = fields.player("The seated player who completed it.")
    red_stars: int = fields.whole(1, 2, "As the card says.", default=1)


def check(table: Table, params: CardCompleted) -> None:
    game = table.game
    found = cards.card_of(table.campaign, params.card)
    if found.deck != Deck.MISSION:
        raise RuleViolation(EntryRule.EVENT_CARD_NOT_COMPLETED, field="card")
    where = cards.where_is(table.campaign.pk, found)
    cards.not_destroyed(where)
    if where.game != game.number or where.state == cards.CardState.IN_DECK:
        raise RuleViolation(EntryRule.MISSION_NOT_DRAWN, conflict=True, game=game.number)
    if where.state == cards.CardState.COMPLETED:
        raise RuleViolation(EntryRule.MISSION_COMPLETED_ONCE, conflict=True, game=game.number)
    if type(params.red_stars) is not int or params.red_stars not in (1, 2):
        raise RuleViolation(EntryRule.MISSION_RED_STARS, field="red_stars")
    table.facts = found


def record(table: Table, params: CardCompleted) -> Written:
    found = table.facts
    return Written({"card": found.pk, "deck": found.deck, "red_stars": params.red_stars})


def replay(step: Step) -> None:
    if step.held is not None:  # a mission's reward: the red stars its card names
        step.held.red_stars += count(step.data.get("red_stars"))


def words(said: Said) -> str:
    stars = said.data.get("red_stars") or 0
    text = ngettext(
        "mission %(title)s completed: %(n)s red star",
        "mission %(title)s completed: %(n)s red stars",
        stars,
    ) % {"title": cards.title(said), "n": stars}
    return said.by(text)


ENTRY = EntryKind(
    EventKind.CARD_COMPLETED,
    words,
    params=CardCompleted,
    check=check,
    record=record,
    replay=replay,
    seating=Seating.REQUIRED,
    what=Words(gettext_noop("mission")),
    decisive=True,
    needs="a drawn mission, a seated player",
    path="mission-completed",
    description="A mission drawn in this game completed by a player, who takes its red stars. "
    "An event card is not completed (400, rule 'event-card-not-completed').",
)
