"""An entry holds its campaign's lock only while it writes: the packets it makes due are read
just after its transaction, so another phone's entry does not wait for them; those read before
the lock (a keyed entry that changes no trigger) only while nothing they read has changed."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from campaigns.game.entries.recording import Ahead
from campaigns.game.packets import open_packet
from campaigns.game.table import buy_red_star, eliminate_faction
from campaigns.models import Campaign
from tests.support.games import EARNED_ANOTHER_WAY

pytestmark = pytest.mark.django_db


def test_the_packets_an_entry_makes_due_are_read_after_its_transaction(game, players):
    with CaptureQueriesContext(connection) as queries:
        result = buy_red_star(game=game, player=players["Boris"].pk)
    statements = [q["sql"] for q in queries.captured_queries]
    # The test runs in a transaction of its own: the entry's is a savepoint inside it.
    ended = next(i for i, sql in enumerate(statements) if sql.startswith("RELEASE SAVEPOINT"))
    assert any("INSERT INTO" in sql for sql in statements[:ended]), "the entry is written in it"
    assert not any("packetopening" in sql for sql in statements[:ended])
    assert any("packetopening" in sql for sql in statements[ended:])
    assert result.packets_to_open == []


def test_an_elimination_says_pack_two_must_open_and_keeps_saying_it_once_it_is_open(
    game, players, prepared_campaign
):
    result = eliminate_faction(game=game, player=players["Chloe"].pk, can_rejoin=False)
    open_packet(earned_otherwise=EARNED_ANOTHER_WAY, campaign=prepared_campaign, packet="pack-2")
    assert result.packets_to_open == ["pack-2"]  # what the entry made due, read as it was made


def test_packets_read_before_the_lock_are_kept_only_while_nothing_they_read_has_changed(
    prepared_campaign,
):
    campaign = Campaign.objects.get(pk=prepared_campaign.pk)
    now = (campaign.marks_version, campaign.triggers_version)
    assert Ahead(now, ["pack-2"]).due_in(campaign) == ["pack-2"]
    # Another write changed a trigger between the read and the lock: read again under it.
    before = (campaign.marks_version, campaign.triggers_version - 1)
    assert Ahead(before, ["pack-2"]).due_in(campaign) is None
