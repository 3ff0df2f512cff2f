"""The event and mission decks: cards the group entered, drawn, completed and destroyed at the
table as entries of the game's log that can be taken back."""

import pytest

from campaigns.game.decks import (
    CardState,
    add_card,
    card_states,
    complete_mission,
    destroy_card,
    draw_card,
)
from campaigns.game.holdings import holdings_of
from campaigns.game.packets import open_packet
from campaigns.game.taking_back import void_event
from campaigns.models import EventKind
from legacy.errors import RuleViolation
from legacy.models import DeckCard
from tests.support.games import EARNED_ANOTHER_WAY, start

pytestmark = pytest.mark.django_db


@pytest.fixture
def game(prepared_campaign, players):
    open_packet(
        earned_otherwise=EARNED_ANOTHER_WAY,
        campaign=prepared_campaign,
        packet="pack-2",
        unlocked=[
            {"kind": "event-card", "title": "Long Winter", "text": "Our own words."},
            {"kind": "mission-card", "title": "Hold the Poles", "text": "Our own words."},
        ],
    )
    return start(prepared_campaign, players)


def card(game, deck):
    return DeckCard.objects.get(campaign=game.campaign, deck=deck)


def test_unlocked_event_and_mission_cards_form_two_decks(game):
    decks = dict(DeckCard.objects.filter(campaign=game.campaign).values_list("deck", "title"))
    assert decks == {"event": "Long Winter", "mission": "Hold the Poles"}
    assert card(game, "event").opening.packet == "pack-2"


def test_a_card_entered_later_names_an_opened_packet(game):
    added = add_card(campaign=game.campaign, deck="mission", title="Cross the Sea", packet="pack-2")
    assert added.opening.packet == "pack-2"
    with pytest.raises(RuleViolation) as refused:
        add_card(campaign=game.campaign, deck="mission", title="Another", packet="pack-3")
    assert refused.value.rule == "card-packet-not-open"


def test_drawing_completing_and_destroying_cards_are_entries_that_can_be_taken_back(game, players):
    ada = players["Ada"]
    mission, event = card(game, "mission"), card(game, "event")
    drawn = draw_card(game=game, card=mission.pk).event
    done = complete_mission(game=game, card=mission.pk, player=ada.pk, red_stars=2).event
    gone = destroy_card(game=game, card=event.pk).event
    assert [drawn.kind, done.kind, gone.kind] == [
        EventKind.CARD_DRAWN,
        EventKind.CARD_COMPLETED,
        EventKind.CARD_DESTROYED,
    ]
    states = card_states(game.campaign_id)
    assert (states[mission.pk].state, states[mission.pk].game) == (CardState.COMPLETED, 1)
    assert states[event.pk].state == CardState.DESTROYED
    seat = game.seats.get(player=ada)
    assert holdings_of(game).holdings[seat.pk].red_stars == 1 + 2

    void_event(game=game, seq=done.seq, reason="Misread the card.")
    void_event(game=game, seq=gone.seq, reason="Wrong card.")
    states = card_states(game.campaign_id)
    assert states[mission.pk].state == CardState.DRAWN
    assert event.pk not in states  # back in its deck
    assert holdings_of(game).holdings[seat.pk].red_stars == 1


def test_a_destroyed_card_cannot_be_drawn_again(game):
    event = card(game, "event")
    destroy_card(game=game, card=event.pk)
    with pytest.raises(RuleViolation) as refused:
        draw_card(game=game, card=event.pk)
    assert refused.value.rule == "card-destroyed-for-good"
    assert game.events.filter(kind=EventKind.CARD_DRAWN).count() == 0


def test_an_event_card_is_not_completed(game, players):
    event = card(game, "event")
    draw_card(game=game, card=event.pk)
    with pytest.raises(RuleViolation) as refused:
        complete_mission(game=game, card=event.pk, player=players["Ada"].pk)
    assert refused.value.rule == "event-card-not-completed"


def test_a_mission_not_drawn_is_not_completed(game, players):
    with pytest.raises(RuleViolation) as refused:
        complete_mission(game=game, card=card(game, "mission").pk, player=players["Ada"].pk)
    assert refused.value.rule == "mission-not-drawn"


def test_a_card_is_drawn_once_a_game(game):
    event = card(game, "event")
    draw_card(game=game, card=event.pk)
    with pytest.raises(RuleViolation) as refused:
        draw_card(game=game, card=event.pk)
    assert refused.value.rule == "card-drawn-once-a-game"


def test_a_card_of_another_campaign_is_unknown(game, owner):
    from campaigns import services

    other = services.create_campaign(owner=owner, name="Elsewhere")
    with pytest.raises(RuleViolation) as refused:
        draw_card(game=game, card=card(game, "event").pk + 1000)
    assert refused.value.rule == "unknown-card"
    assert other.deck_cards.count() == 0
