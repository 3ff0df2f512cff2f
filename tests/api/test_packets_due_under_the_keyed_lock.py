"""Where a phone's entry reads the packets it made due.

A keyed write (every entry a phone sends has an ``Idempotency-Key``) runs in one transaction
with its kept answer (``edge.idempotency``), so that a retry gets the first answer exactly. The
entry's own transaction is a savepoint of it: the campaign's lock is held until the answer is
kept. An entry that changes what the packets' triggers read (a red star) reads the packets due
under it, in the answer that is kept; one that changes nothing they read (a recruitment) reads
them before taking the lock, and keeps them when nothing they read changed meanwhile
(``recording.Ahead``). A write sent without a key reads them after its transaction, with the
lock given back. A second connection asking for the campaign's row while the packets are read
shows which.
"""

from __future__ import annotations

import threading

import pytest
from django.db import DatabaseError, connection, transaction

from campaigns.game.entries import recording
from campaigns.models import Campaign
from tests.support.api import client_for

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]


def held_by_another(campaign_id: int) -> bool:
    """Does another connection find the campaign's row locked right now?"""
    found: list[bool] = []

    def look() -> None:
        try:
            with transaction.atomic():
                rows = Campaign.objects.select_for_update(nowait=True).filter(pk=campaign_id)
                list(rows.values_list("pk", flat=True))
            found.append(False)
        except DatabaseError:
            found.append(True)
        finally:
            connection.close()

    other = threading.Thread(target=look)
    other.start()
    other.join()
    return found[0]


@pytest.fixture
def locked_while_due_is_read(monkeypatch):
    seen: list[bool] = []
    read = recording.packets_due

    def packets_due(campaign):
        seen.append(held_by_another(campaign.pk))
        return read(campaign)

    monkeypatch.setattr(recording, "packets_due", packets_due)
    return seen


def red_star(client, game, player, **headers):
    url = f"/api/v1/campaigns/{game.campaign_id}/games/{game.number}/events/red-star/"
    return client.post(url, {"player": player.pk}, format="json", **headers)


def recruitment(client, game, player, troops: int, **headers):
    url = f"/api/v1/campaigns/{game.campaign_id}/games/{game.number}/events/recruitment/"
    body = {"player": player.pk, "troops": troops}
    return client.post(url, body, format="json", **headers)


def test_a_keyed_entry_that_may_fire_a_trigger_reads_its_packets_due_under_the_lock(
    game, players, owner, locked_while_due_is_read
):
    # 30 troops or more may open Pocket 2: the triggers' version is bumped.
    answer = recruitment(client_for(owner), game, players["Ada"], 30, HTTP_IDEMPOTENCY_KEY="k-1")
    assert answer.status_code == 201
    assert locked_while_due_is_read == [True]


def test_an_entry_sent_without_a_key_reads_them_with_the_lock_given_back(
    game, players, owner, locked_while_due_is_read
):
    answer = red_star(client_for(owner), game, players["Ada"])
    assert answer.status_code == 201
    assert locked_while_due_is_read == [False]


def test_a_keyed_entry_that_changes_no_trigger_reads_them_before_taking_the_lock(
    game, players, owner, locked_while_due_is_read
):
    client = client_for(owner)
    placed = recruitment(client, game, players["Ada"], 3, HTTP_IDEMPOTENCY_KEY="k-2")
    bought = red_star(client, game, players["Boris"], HTTP_IDEMPOTENCY_KEY="k-3")
    assert placed.status_code == bought.status_code == 201
    assert placed.json()["packets_to_open"] == bought.json()["packets_to_open"] == []
    assert locked_while_due_is_read == [False, False]
