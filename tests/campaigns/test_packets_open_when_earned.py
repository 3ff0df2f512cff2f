"""A box packet opens when the campaign has earned it ("do not open them until you have earned
the right"), or when the group says how it earned it another way, which the history keeps."""

from __future__ import annotations

import pytest

from campaigns.game.packets import open_packet
from campaigns.game.table import eliminate_faction
from campaigns.models import AuditEntry
from campaigns.vocabulary import AuditAction
from legacy.errors import RuleViolation
from legacy.models import PacketOpening
from tests.support.api import client_for
from tests.support.games import start

pytestmark = pytest.mark.django_db


def test_pack_one_in_a_campaign_without_cities_is_refused_and_nothing_is_written(
    prepared_campaign, owner
):
    with pytest.raises(RuleViolation) as refused:
        open_packet(campaign=prepared_campaign, packet="pack-1", by=owner)
    assert refused.value.rule == "packet-not-earned"
    assert "Do not open it until you have earned the right" in refused.value.message
    assert not PacketOpening.objects.filter(campaign=prepared_campaign).exists()
    assert not AuditEntry.objects.filter(action=AuditAction.PACKET_OPENED).exists()


def test_a_packet_earned_another_way_opens_and_the_history_keeps_how(prepared_campaign, owner):
    open_packet(
        campaign=prepared_campaign,
        packet="pack-1",
        earned_otherwise="An event card told us to open it",
        by=owner,
    )
    entry = AuditEntry.objects.get(action=AuditAction.PACKET_OPENED)
    assert entry.data["earned_otherwise"] == "An event card told us to open it"
    assert str(entry).endswith("Earned another way: An event card told us to open it")


def test_a_packet_whose_trigger_fired_opens_without_a_word(prepared_campaign, owner, players):
    game = start(prepared_campaign, players)
    eliminate_faction(game=game, player=players["Chloe"].pk, can_rejoin=False)
    open_packet(campaign=prepared_campaign, packet="pack-2", by=owner)
    entry = AuditEntry.objects.get(action=AuditAction.PACKET_OPENED)
    assert "earned_otherwise" not in entry.data


def test_the_api_refuses_an_unearned_packet_and_opens_it_with_how_it_was_earned(
    prepared_campaign, owner
):
    url = f"/api/v1/campaigns/{prepared_campaign.pk}/packets/"
    refused = client_for(owner).post(url, {"packet": "pocket-2"}, format="json")
    assert refused.status_code == 409
    assert refused.json()["error"]["rule"] == "packet-not-earned"
    opened = client_for(owner).post(
        url, {"packet": "pocket-2", "earned_otherwise": "Our house rule"}, format="json"
    )
    assert opened.status_code == 201, opened.json()


def test_the_page_refuses_an_unearned_packet_with_the_rulebooks_reason(
    prepared_campaign, owner, client
):
    client.force_login(owner)
    response = client.post(f"/c/{prepared_campaign.pk}/packets/open/", {"packet": "pack-3"})
    assert response.status_code == 200
    assert "earned the right" in response.content.decode()
    assert not PacketOpening.objects.filter(campaign=prepared_campaign).exists()
