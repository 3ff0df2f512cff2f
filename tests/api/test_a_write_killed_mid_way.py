"""A write sent with an Idempotency-Key, on the shipped gunicorn and PostgreSQL, while another
write holds its campaign's row: killed mid-way (kill -9, as a machine losing power), it leaves
nothing, and the phone's retry is recorded once at once; sent twice at the same moment, it is
recorded once and both are given the same answer."""

from __future__ import annotations

import os
import signal
import threading
import time
from pathlib import Path

import pytest
import requests
from django.db import transaction

from campaigns.models import Campaign, EventKind, GameEvent, IdempotentRequest
from tests.support.api import token_for
from tests.support.servers import Gunicorn
from tests.support.workers import database_url

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]


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
    token = token_for(owner)
    with Gunicorn({"DATABASE_URL": database_url()}, tmp_path / "web.log") as web:
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
            time.sleep(2)  # at the campaign's lock
            for worker in workers_of(web.process.pid):
                os.kill(worker, signal.SIGKILL)
            sending.join(timeout=30)
        assert not isinstance(answers[0], requests.Response)  # the connection died unanswered
        assert red_stars(history) == 0
        assert not IdempotentRequest.objects.filter(key="killed-mid-write").exists()

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


def test_a_red_star_sent_twice_at_once_with_one_key_is_bought_once_and_answered_alike(
    history, players, owner, tmp_path
):
    token = token_for(owner)
    env = {"DATABASE_URL": database_url(), "WEB_CONCURRENCY": "2"}
    with Gunicorn(env, tmp_path / "web.log") as web:
        url = f"http://127.0.0.1:{web.port}/api/v1/campaigns/{history.pk}/games/2/events/red-star/"
        headers = {"Authorization": f"Token {token}", "Idempotency-Key": "sent-twice-at-once"}
        answers: list = []

        def buy() -> None:
            answers.append(
                _sent(
                    lambda: requests.post(
                        url, json={"player": players["Ada"].pk}, headers=headers, timeout=30
                    )
                )
            )

        with transaction.atomic():
            # Another write holds the campaign's row: both requests are at work at once.
            Campaign.objects.select_for_update().get(pk=history.pk)
            sending = [threading.Thread(target=buy) for _ in range(2)]
            for thread in sending:
                thread.start()
            time.sleep(2)
        for thread in sending:
            thread.join(timeout=30)
    assert [a.status_code for a in answers] == [201, 201], [getattr(a, "text", a) for a in answers]
    assert answers[0].content == answers[1].content
    assert red_stars(history) == 1
