"""Kinds of marks a packet unlocked: on the board or on a faction card; only the board opens
Pack 4."""

import pytest

from campaigns.game.packets import open_packet, packets_to_open
from campaigns.game.territory_entries import place_mark
from tests.support.games import EARNED_ANOTHER_WAY, start

pytestmark = pytest.mark.django_db


@pytest.fixture
def game(prepared_campaign, players):
    open_packet(
        earned_otherwise=EARNED_ANOTHER_WAY,
        campaign=prepared_campaign,
        packet="pack-1",
        unlocked=[{"kind": "mark-kind", "title": "Beacon", "opens_pack_4": True}],
    )
    return start(prepared_campaign, players)


def test_a_mark_on_a_faction_card_does_not_open_pack_four(game):
    result = place_mark(game=game, kind="beacon", faction="khan-industries")
    assert result.packets_to_open == []
    assert "pack-4" not in packets_to_open(game.campaign_id)


def test_a_mark_on_a_territory_opens_pack_four(game):
    place_mark(game=game, kind="beacon", faction="khan-industries")
    assert place_mark(game=game, kind="beacon", territory="india").packets_to_open == ["pack-4"]
