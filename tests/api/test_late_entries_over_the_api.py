"""Late entries over the API: an entry that would change what the log decided is answered 202,
awaiting the table's confirmation, with what it would change; the same request sent again with
its Idempotency-Key gets the same answer and writes nothing more; the table confirms it once
(events/{seq}/confirm/) or takes it back (events/{seq}/void/)."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from campaigns.game.packets import packets_due
from campaigns.models import Campaign, GameEvent
from campaigns.vocabulary import Role
from tests.support.api import assert_error, client_for
from tests.support.people import member

pytestmark = pytest.mark.django_db


def made(game, seconds: int) -> str:
    return (game.started_at + timedelta(seconds=seconds)).isoformat()


@pytest.fixture
def base(game):
    return f"/api/v1/campaigns/{game.campaign_id}/games/1/events/"


def send(api, base, path, body, key=None):
    headers = {"HTTP_IDEMPOTENCY_KEY": key} if key else {}
    return api.post(base + path, body, "json", **headers)


def boris_wins_and_ada_takes_chloes_hq_late(api, base, game, players):
    """Boris wins at 8 s (entry 2); Ada's HQ taken, made at 3 s, arrives after: it is harmless."""
    for seconds in (2, 8):
        body = {"player": players["Boris"].pk, "made_at": made(game, seconds)}
        assert send(api, base, "red-star/", body).status_code == 201
    taken = {"player": players["Ada"].pk, "hq_of": players["Chloe"].pk, "made_at": made(game, 3)}
    sent = send(api, base, "hq-taken/", taken)
    assert sent.status_code == 201 and sent.json()["status"] == "recorded", sent.json()


def test_a_late_entry_that_would_change_the_winner_is_answered_202_awaiting(
    game, players, owner, base
):
    api = client_for(owner)
    boris_wins_and_ada_takes_chloes_hq_late(api, base, game, players)
    late = {"player": players["Ada"].pk, "made_at": made(game, 5)}
    sent = send(api, base, "red-star/", late, key="ada-late-star")
    assert sent.status_code == 202, sent.json()
    body = sent.json()
    assert body["status"] == "awaiting-confirmation"
    assert body["event"]["status"] == "awaiting-confirmation"
    assert body["would_change"][0] == "It would make the winner Ada (entry 4), not Boris (entry 2)."
    # Sent again with its key (the network failed under the answer): the same answer, once.
    again = send(api, base, "red-star/", late, key="ada-late-star")
    assert (again.status_code, again.json()) == (202, body)
    assert GameEvent.objects.filter(game=game).count() == 4


def test_the_game_lists_an_entry_awaiting_confirmation_with_its_status(game, players, owner, base):
    api = client_for(owner)
    boris_wins_and_ada_takes_chloes_hq_late(api, base, game, players)
    send(api, base, "red-star/", {"player": players["Ada"].pk, "made_at": made(game, 5)})
    events = api.get(f"/api/v1/campaigns/{game.campaign_id}/games/1/").json()["events"]
    assert {e["seq"]: e["status"] for e in events}[4] == "awaiting-confirmation"


def test_confirming_over_the_api_takes_back_what_became_impossible_once(game, players, owner, base):
    api = client_for(owner)
    boris_wins_and_ada_takes_chloes_hq_late(api, base, game, players)
    send(api, base, "red-star/", {"player": players["Ada"].pk, "made_at": made(game, 5)})
    confirmed = api.post(base + "4/confirm/", HTTP_IDEMPOTENCY_KEY="confirm-4")
    assert confirmed.status_code == 200, confirmed.json()
    assert confirmed.json()["event"]["status"] == "recorded"
    assert confirmed.json()["taken_back"] == [2]
    replayed = api.post(base + "4/confirm/", HTTP_IDEMPOTENCY_KEY="confirm-4")
    assert (replayed.status_code, replayed.json()) == (200, confirmed.json())
    assert_error(api.post(base + "4/confirm/"), 409, "conflict", rule="entry-not-awaiting")


def test_taking_back_an_entry_awaiting_confirmation_over_the_api(game, players, owner, base):
    api = client_for(owner)
    boris_wins_and_ada_takes_chloes_hq_late(api, base, game, players)
    send(api, base, "red-star/", {"player": players["Ada"].pk, "made_at": made(game, 5)})
    voided = api.post(base + "4/void/", {"reason": "Not so."}, "json")
    assert voided.status_code == 200 and voided.json()["event"]["status"] == "taken-back"
    assert_error(api.post(base + "4/confirm/"), 409, "conflict", rule="entry-void-once")
    assert not GameEvent.objects.get(game=game, seq=2).voided


def test_confirming_an_entry_that_is_not_there_is_not_found(game, owner, base):
    error = assert_error(client_for(owner).post(base + "9/confirm/"), 404, "not_found")
    assert error["message"] == f"Game {game.number} has no entry 9."


def test_a_late_harmless_entry_costs_the_queries_of_one_made_in_order(game, players, owner, base):
    api = client_for(owner)
    # The packets due as any page leaves them read: an entry that changes no trigger reads
    # them from the cache before taking the lock (``recording.Ahead``), late or not.
    packets_due(Campaign.objects.get(pk=game.campaign_id))
    counts = []
    for seconds in (6, 3):  # the second is late, and changes nothing decided
        body = {"player": players["Ada"].pk, "made_at": made(game, seconds)}
        with CaptureQueriesContext(connection) as captured:
            sent = send(api, base, "red-star/", body, key=f"star-{seconds}")
        assert sent.status_code == 201, sent.json()
        counts.append(len(captured))
    recruited = {"player": players["Ada"].pk, "troops": 12}
    with CaptureQueriesContext(connection) as captured:
        assert send(api, base, "recruitment/", recruited, key="recruit").status_code == 201
    assert counts[0] == counts[1] == len(captured)


def test_a_viewer_may_not_confirm_a_late_entry(game, players, owner, base):
    api = client_for(owner)
    boris_wins_and_ada_takes_chloes_hq_late(api, base, game, players)
    send(api, base, "red-star/", {"player": players["Ada"].pk, "made_at": made(game, 5)})
    viewer = member(game.campaign, "vic", Role.VIEWER)
    refused = client_for(viewer).post(base + "4/confirm/")
    assert refused.status_code == 403, refused.content[:300]
    assert GameEvent.objects.get(game=game, seq=4).awaiting_confirmation
