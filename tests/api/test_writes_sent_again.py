"""A write sent again with the same Idempotency-Key (a phone's retry on a flaky network) is
recorded once and answered as the first time; the key with another request is refused."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from campaigns import idempotency
from campaigns.members import remove_member
from campaigns.models import EventKind, GameEvent, IdempotentRequest, Membership, Role
from tests.support.api import assert_error, client_for
from tests.support.people import member

pytestmark = pytest.mark.django_db


def red_stars(campaign) -> int:
    return GameEvent.objects.filter(game__campaign=campaign, kind=EventKind.RED_STAR_BOUGHT).count()


def red_star_url(campaign) -> str:
    return f"/api/v1/campaigns/{campaign.pk}/games/2/events/red-star/"


def buy_red_star(client, campaign, player, key: str):
    """The red star bought by ``player``, sent with the Idempotency-Key ``key``."""
    return client.post(
        red_star_url(campaign), {"player": player.pk}, format="json", HTTP_IDEMPOTENCY_KEY=key
    )


def test_a_red_star_sent_five_times_with_one_key_is_bought_once(history, players, owner):
    client = client_for(owner)
    answers = [
        client.post(
            red_star_url(history),
            {"player": players["Ada"].pk},
            format="json",
            HTTP_IDEMPOTENCY_KEY="8e03978e-40d5-43e8-bc93-6894a57f9324",
        )
        for _ in range(5)
    ]
    assert red_stars(history) == 1
    assert {a.status_code for a in answers} == {201}
    assert len({a.content for a in answers}) == 1
    assert answers[0].json()["event"]["summary"] == "Ada buys a red star with 4 cards"


def test_two_keys_are_two_red_stars(history, players, owner):
    client = client_for(owner)
    for key in ("one", "two"):
        made = client.post(
            red_star_url(history),
            {"player": players["Ada"].pk},
            format="json",
            HTTP_IDEMPOTENCY_KEY=key,
        )
        assert made.status_code == 201
    assert red_stars(history) == 2


def test_a_key_sent_again_with_another_body_is_refused_and_writes_nothing(history, players, owner):
    client = client_for(owner)
    first = client.post(
        red_star_url(history),
        {"player": players["Ada"].pk},
        format="json",
        HTTP_IDEMPOTENCY_KEY="k-1",
    )
    assert first.status_code == 201
    other = client_for(owner)
    other.defaults["HTTP_ACCEPT_LANGUAGE"] = "ru"
    again = other.post(
        red_star_url(history),
        {"player": players["Boris"].pk},
        format="json",
        HTTP_IDEMPOTENCY_KEY="k-1",
    )
    error = assert_error(again, 422, "idempotency_key_reused")
    assert "Idempotency-Key" in error["message"] and "запрос" in error["message"]
    assert red_stars(history) == 1


def test_a_key_sent_again_to_another_address_is_refused(history, players, owner):
    client = client_for(owner)
    client.post(
        red_star_url(history),
        {"player": players["Ada"].pk},
        format="json",
        HTTP_IDEMPOTENCY_KEY="k-2",
    )
    url = f"/api/v1/campaigns/{history.pk}/games/2/events/recruitment/"
    again = client.post(
        url, {"player": players["Ada"].pk, "troops": 3}, format="json", HTTP_IDEMPOTENCY_KEY="k-2"
    )
    assert_error(again, 422, "idempotency_key_reused")
    assert not GameEvent.objects.filter(kind=EventKind.RECRUITMENT, game__campaign=history).exists()


def test_a_key_still_in_flight_is_answered_409(history, players, owner):
    client = client_for(owner)
    first = client.post(
        red_star_url(history),
        {"player": players["Ada"].pk},
        format="json",
        HTTP_IDEMPOTENCY_KEY="k-3",
    )
    assert first.status_code == 201
    IdempotentRequest.objects.filter(key="k-3").update(status=None)  # as if still at work
    again = buy_red_star(client, history, players["Ada"], "k-3")
    assert_error(again, 409, "conflict")
    assert red_stars(history) == 1


def test_a_refusal_is_answered_the_same_again_and_writes_nothing(history, owner):
    client = client_for(owner)
    answers = [
        client.post(
            red_star_url(history), {"player": 999999}, format="json", HTTP_IDEMPOTENCY_KEY="k-4"
        )
        for _ in range(2)
    ]
    assert answers[0].status_code == answers[1].status_code == 400
    assert answers[0].content == answers[1].content
    assert red_stars(history) == 0


def test_the_same_key_of_two_accounts_is_two_writes(history, players, owner, editor):
    for who in (owner, editor):
        made = client_for(who).post(
            red_star_url(history),
            {"player": players["Ada"].pk},
            format="json",
            HTTP_IDEMPOTENCY_KEY="shared",
        )
        assert made.status_code == 201, made.content[:300]
    assert red_stars(history) == 2


def test_a_key_is_forgotten_after_its_hours(history, players, owner, settings):
    client = client_for(owner)
    client.post(
        red_star_url(history),
        {"player": players["Ada"].pk},
        format="json",
        HTTP_IDEMPOTENCY_KEY="old",
    )
    long_ago = timezone.now() - timedelta(hours=settings.IDEMPOTENCY_KEY_TTL_HOURS + 1)
    IdempotentRequest.objects.filter(key="old").update(created_at=long_ago)
    again = client.post(
        red_star_url(history),
        {"player": players["Ada"].pk},
        format="json",
        HTTP_IDEMPOTENCY_KEY="old",
    )
    assert again.status_code == 201
    assert red_stars(history) == 2
    assert IdempotentRequest.objects.filter(key="old").count() == 1


@pytest.mark.parametrize("key", ["", "x" * 256, "ключ", "a\tb", '""'])
def test_a_key_that_is_not_visible_text_is_refused(history, players, owner, key):
    answer = client_for(owner).post(
        red_star_url(history),
        {"player": players["Ada"].pk},
        format="json",
        HTTP_IDEMPOTENCY_KEY=key,
    )
    assert_error(answer, 400, "invalid")
    assert red_stars(history) == 0


def test_every_write_documents_the_header_and_its_refusals(owner):
    schema = client_for(owner).get("/api/v1/schema/?format=json").json()
    writes = [
        operation
        for operations in schema["paths"].values()
        for method, operation in operations.items()
        if method in ("post", "put", "patch", "delete")
    ]
    assert writes
    for operation in writes:
        names = [p["name"] for p in operation["parameters"] if p["in"] == "header"]
        assert "Idempotency-Key" in names, operation["operationId"]
        assert {"409", "422"} <= set(operation["responses"])


def test_a_method_the_address_does_not_take_is_refused_as_always_whatever_its_key(
    history, players, owner
):
    client = client_for(owner)
    client.post(
        red_star_url(history),
        {"player": players["Ada"].pk},
        format="json",
        HTTP_IDEMPOTENCY_KEY="k-5",
    )
    wrong = client.put(
        red_star_url(history),
        {"player": players["Boris"].pk},
        format="json",
        HTTP_IDEMPOTENCY_KEY="k-5",
    )
    assert_error(wrong, 405, "method_not_allowed")
    nowhere = client.post(
        f"/api/v1/campaigns/{history.pk}/nothing-here/",
        {},
        format="json",
        HTTP_IDEMPOTENCY_KEY="k-5",
    )
    assert_error(nowhere, 404, "not_found")


def test_a_key_in_the_drafts_quotes_is_the_same_key(history, players, owner):
    client = client_for(owner)
    for key in ('"abc-1"', "abc-1"):
        client.post(
            red_star_url(history),
            {"player": players["Ada"].pk},
            format="json",
            HTTP_IDEMPOTENCY_KEY=key,
        )
    assert red_stars(history) == 1


def test_a_key_longer_than_255_characters_with_its_quotes_is_refused(history, players, owner):
    answer = client_for(owner).post(
        red_star_url(history),
        {"player": players["Ada"].pk},
        format="json",
        HTTP_IDEMPOTENCY_KEY='"' * 256,
    )
    assert_error(answer, 400, "invalid")


# --- A key left without its answer: a request lost, or so slow a retry took its key over -----


def lost_mid_write(key: str) -> None:
    """The key's row as a lost request left it when its key was claimed apart from its write
    (the backup import's way, or a row from before the write and its claim were one
    transaction): claimed, no answer, nothing of the write committed."""
    IdempotentRequest.objects.filter(key=key).update(status=None, body=b"", headers={})
    GameEvent.objects.filter(kind=EventKind.RED_STAR_BOUGHT).delete()


def test_a_write_whose_request_was_lost_is_recorded_by_the_retry_once_its_lease_is_over(
    history, players, owner, settings
):
    client = client_for(owner)
    buy_red_star(client, history, players["Ada"], "lost")
    lost_mid_write("lost")
    within = buy_red_star(client, history, players["Ada"], "lost")
    assert_error(within, 409, "conflict")  # it might still be at work
    assert red_stars(history) == 0
    over = timezone.now() - timedelta(seconds=settings.IDEMPOTENCY_LEASE_SECONDS + 1)
    IdempotentRequest.objects.filter(key="lost").update(created_at=over)
    retried = buy_red_star(client, history, players["Ada"], "lost")
    assert retried.status_code == 201
    assert red_stars(history) == 1
    again = buy_red_star(client, history, players["Ada"], "lost")
    assert again.status_code == 201 and again.content == retried.content
    assert red_stars(history) == 1


def test_a_write_that_fails_after_writing_leaves_nothing_and_its_retry_records_it_once(
    history, players, owner, monkeypatch
):
    from api.views import table

    bought = table.record_entry

    def bought_then_failed(kind, **given):
        bought(kind, **given)
        raise RuntimeError("the answer could not be made")

    monkeypatch.setattr(table, "record_entry", bought_then_failed)
    client = client_for(owner)
    client.raise_request_exception = False
    failed = buy_red_star(client, history, players["Ada"], "failed")
    assert failed.status_code == 500
    assert red_stars(history) == 0  # the write went with its answer
    assert not IdempotentRequest.objects.filter(key="failed").exists()
    monkeypatch.setattr(table, "record_entry", bought)
    retried = buy_red_star(client, history, players["Ada"], "failed")
    assert retried.status_code == 201
    assert red_stars(history) == 1


def test_a_request_whose_key_a_retry_took_over_keeps_neither_its_write_nor_its_answer(
    history, players, owner, monkeypatch
):
    from django.db.models import F

    from api.views import table

    bought = table.record_entry

    def bought_while_a_retry_takes_the_key(kind, **given):
        written = bought(kind, **given)
        # What a retry does once the lease is over (campaigns.idempotency).
        IdempotentRequest.objects.filter(key="slow").update(attempt=F("attempt") + 1)
        return written

    monkeypatch.setattr(table, "record_entry", bought_while_a_retry_takes_the_key)
    slow = buy_red_star(client_for(owner), history, players["Ada"], "slow")
    assert_error(slow, 409, "conflict")
    assert red_stars(history) == 0


def test_a_kept_answer_is_not_given_to_a_member_removed_since(history, players, owner):
    editor = member(history, "edda", Role.EDITOR)
    client = client_for(editor)
    first = buy_red_star(client, history, players["Ada"], "kept-for-edda")
    assert first.status_code == 201
    membership = Membership.objects.get(campaign=history, user=editor)
    remove_member(campaign=history, membership=membership, by=owner)
    again = buy_red_star(client, history, players["Ada"], "kept-for-edda")
    assert again.status_code == 404 and again.content != first.content
    assert red_stars(history) == 1


def test_a_kept_answer_is_not_given_to_an_account_switched_off(history, players, owner):
    client = client_for(owner)
    first = buy_red_star(client, history, players["Ada"], "kept-for-olga")
    assert first.status_code == 201
    owner.is_active = False
    owner.save(update_fields=["is_active"])
    again = buy_red_star(client, history, players["Ada"], "kept-for-olga")
    assert again.status_code == 401
    assert red_stars(history) == 1


def refused_red_star(client, campaign, key: str):
    return client.post(
        red_star_url(campaign), {"player": 999999}, format="json", HTTP_IDEMPOTENCY_KEY=key
    )


def test_a_kept_refusal_is_forgotten_after_minutes_and_an_entry_after_hours(
    history, players, owner, settings
):
    settings.IDEMPOTENCY_REFUSAL_TTL_MINUTES = 10
    settings.IDEMPOTENCY_SWEEP_SECONDS = 0  # the next keyed write sweeps
    client = client_for(owner)
    assert refused_red_star(client, history, "refused").status_code == 400
    assert buy_red_star(client, history, players["Ada"], "bought").status_code == 201
    IdempotentRequest.objects.update(created_at=timezone.now() - timedelta(minutes=11))
    refused_red_star(client, history, "another")  # the keyed write sweeps the expired keys
    kept = set(IdempotentRequest.objects.values_list("key", flat=True))
    assert kept == {"bought", "another"}


def test_an_account_keeps_a_few_refusals_the_oldest_forgotten(history, players, owner, settings):
    settings.IDEMPOTENCY_REFUSALS_PER_ACCOUNT = 2
    client = client_for(owner)
    for key in ("first", "second", "third"):
        assert refused_red_star(client, history, key).status_code == 400
    assert buy_red_star(client, history, players["Ada"], "bought").status_code == 201
    kept = set(IdempotentRequest.objects.values_list("key", flat=True))
    assert kept == {"second", "third", "bought"}


def test_a_key_past_its_lifetime_is_claimed_anew_before_any_sweep(
    history, players, owner, settings
):
    settings.IDEMPOTENCY_SWEEP_SECONDS = 3600
    client = client_for(owner)
    assert buy_red_star(client, history, players["Ada"], "old").status_code == 201
    long_ago = timezone.now() - timedelta(hours=settings.IDEMPOTENCY_KEY_TTL_HOURS + 1)
    IdempotentRequest.objects.filter(key="old").update(created_at=long_ago)
    idempotency.forget_expired(now=True)  # swept just before it aged: none due for an hour
    IdempotentRequest.objects.filter(key="old").update(created_at=long_ago)
    assert buy_red_star(client, history, players["Ada"], "old").status_code == 201
    assert red_stars(history) == 2
    assert IdempotentRequest.objects.filter(key="old").count() == 1


def test_a_keyed_write_sweeps_the_expired_keys_once_a_minute_not_each_time(
    history, players, owner, settings
):
    settings.IDEMPOTENCY_SWEEP_SECONDS = 60
    client = client_for(owner)
    idempotency.forget_expired(now=True)
    with CaptureQueriesContext(connection) as queries:
        assert buy_red_star(client, history, players["Ada"], "a").status_code == 201
    sweeps = [q for q in queries.captured_queries if q["sql"].startswith("DELETE")]
    assert sweeps == []
