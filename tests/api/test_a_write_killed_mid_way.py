"""A write whose web worker is killed mid-way (kill -9, as a machine losing power) leaves nothing
half done: the phone's retry with the same Idempotency-Key is refused while the first request
might still be at work, then recorded once when its key's lease is over. The shipped gunicorn on
PostgreSQL, the worker killed while its write waits for the campaign's row."""

from __future__ import annotations

import os
import signal
import threading
import time
from pathlib import Path

import pytest
import requests
from django.db import transaction
from rest_framework.authtoken.models import Token

from campaigns.models import Campaign, EventKind, GameEvent, IdempotentRequest
from tests.support.servers import Gunicorn
from tests.support.workers import database_url

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]

LEASE = 6  # seconds; the server's request timeout is shorter, as the settings require


def workers_of(master: int) -> list[int]:
    """The processes gunicorn's master started."""
    found = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[1]) == master:
            found.append(int(stat.parent.name))
    return found


def red_stars(campaign) -> int:
    return GameEvent.objects.filter(game__campaign=campaign, kind=EventKind.RED_STAR_BOUGHT).count()


def test_a_red_star_whose_worker_was_killed_mid_write_is_bought_once_by_the_retry(
    history, players, owner, tmp_path
):
    env = {
        "DATABASE_URL": database_url(),
        "GUNICORN_TIMEOUT": str(LEASE - 1),
        "IDEMPOTENCY_LEASE_SECONDS": str(LEASE),
    }
    token = Token.objects.get_or_create(user=owner)[0].key
    with Gunicorn(env, tmp_path / "web.log") as web:
        url = f"http://127.0.0.1:{web.port}/api/v1/campaigns/{history.pk}/games/2/events/red-star/"
        headers = {"Authorization": f"Token {token}", "Idempotency-Key": "killed-mid-write"}

        def buy() -> requests.Response:
            return requests.post(
                url, json={"player": players["Ada"].pk}, headers=headers, timeout=30
            )

        answers: list = []
        with transaction.atomic():
            # Another write holds the campaign's row: the red star waits for it, its key claimed.
            Campaign.objects.select_for_update().get(pk=history.pk)
            sending = threading.Thread(target=lambda: answers.append(_sent(buy)))
            sending.start()
            deadline = time.monotonic() + 20
            while not IdempotentRequest.objects.filter(key="killed-mid-write").exists():
                assert time.monotonic() < deadline, web.log()
                time.sleep(0.1)
            time.sleep(0.5)  # at the campaign's lock
            for worker in workers_of(web.process.pid):
                os.kill(worker, signal.SIGKILL)
            sending.join(timeout=30)
        assert not isinstance(answers[0], requests.Response)  # the connection died unanswered
        assert red_stars(history) == 0

        refused = buy()  # within the lease: the first might still be at work
        assert refused.status_code == 409 and refused.json()["error"]["code"] == "conflict"
        time.sleep(LEASE + 0.5)
        retried = buy()
        assert retried.status_code == 201, retried.text[:400]
        again = buy()
        assert again.status_code == 201 and again.content == retried.content
    assert red_stars(history) == 1


def _sent(send):
    try:
        return send()
    except requests.RequestException as error:
        return error
