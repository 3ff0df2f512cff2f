"""A packet brought in as opened has what it unlocked entered the usual way (``open_packet``, as
the packets page and the API do), while the group brings the campaign in; once it is done, or
for a packet opened at the table, a packet opens once."""

from __future__ import annotations

import pytest

from campaigns import services
from campaigns.bring_in import bring_in, bringing_in_done
from campaigns.game.packets import open_packet
from campaigns.models import AuditEntry
from campaigns.vocabulary import AuditAction
from legacy.errors import RuleViolation
from legacy.models import DeckCard, PacketOpening, ScarKind, UnlockedContent
from legacy.refusals import ServiceRule

pytestmark = pytest.mark.django_db

THREE_GAMES = [
    {"number": 1, "winner": "Ada", "faction": "khan-industries"},
    {"number": 2, "winner": "Ada", "faction": "khan-industries"},
    {"number": 3, "winner": "Boris", "faction": "die-mechaniker"},
]
BUNKER_II = {"kind": "scar-type", "title": "Bunker II", "cards": 2}


@pytest.fixture
def brought(owner):
    """Three games played before Earthbook; Pack 1 was opened in game 2."""
    campaign = services.create_campaign(
        owner=owner,
        name="Old Earth",
        players=["Ada", "Boris", "Chloe", "Dmitri", "Esme"],
        brought_in_games=3,
    )
    bring_in(
        campaign=campaign, games=THREE_GAMES, packets=[{"packet": "pack-1", "game": 2}], by=owner
    )
    return campaign


def test_a_scar_type_pack_1_unlocked_is_entered_after_pack_1_was_brought_in(brought, owner):
    opening = open_packet(campaign=brought, packet="pack-1", unlocked=[BUNKER_II], by=owner)

    assert PacketOpening.objects.filter(campaign=brought).count() == 1
    assert opening.placed_in_game == 2 and opening.brought_in == "known"
    kind = ScarKind.objects.get(campaign=brought, name="Bunker II")
    assert kind.unlocked_by == opening and kind.cards == 2


def test_what_it_unlocked_is_entered_in_several_goes_an_event_card_joining_its_deck(brought, owner):
    open_packet(campaign=brought, packet="pack-1", unlocked=[BUNKER_II], by=owner)
    event = {"kind": "event-card", "title": "Famine", "text": "Lose a troop."}
    open_packet(campaign=brought, packet="pack-1", unlocked=[event], by=owner)

    titles = set(UnlockedContent.objects.filter(campaign=brought).values_list("title", flat=True))
    assert titles == {"Bunker II", "Famine"}
    assert DeckCard.objects.filter(campaign=brought, title="Famine").exists()
    said = AuditEntry.objects.filter(campaign=brought, action=AuditAction.BROUGHT_IN_CONTENTS)
    assert said.count() == 2


def test_a_name_already_taken_keeps_nothing_of_the_contents(brought, owner):
    open_packet(campaign=brought, packet="pack-1", unlocked=[BUNKER_II], by=owner)
    famine = {"kind": "event-card", "title": "Famine"}

    with pytest.raises(RuleViolation) as refused:
        open_packet(campaign=brought, packet="pack-1", unlocked=[famine, BUNKER_II], by=owner)

    assert refused.value.rule == ServiceRule.UNLOCK_NAME_TAKEN
    assert not UnlockedContent.objects.filter(title="Famine").exists()


def test_once_the_bring_in_is_done_a_brought_in_packet_opens_once(brought, owner):
    bringing_in_done(campaign=brought, by=owner)

    with pytest.raises(RuleViolation) as refused:
        open_packet(campaign=brought, packet="pack-1", unlocked=[BUNKER_II], by=owner)

    assert refused.value.rule == ServiceRule.PACKET_OPENED_ONCE
    assert not ScarKind.objects.filter(campaign=brought, name="Bunker II").exists()


def test_a_packet_opened_in_earthbook_opens_once_even_while_bringing_in(brought, owner):
    open_packet(
        campaign=brought, packet="pack-2", earned_otherwise="We agreed to open it", by=owner
    )

    with pytest.raises(RuleViolation) as refused:
        open_packet(campaign=brought, packet="pack-2", unlocked=[BUNKER_II], by=owner)

    assert refused.value.rule == ServiceRule.PACKET_OPENED_ONCE
