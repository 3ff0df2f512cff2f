"""The quick log's entry sent again with the same Idempotency-Key (the phone's retry after the
network dropped the answer) is noted once and answered as the first time."""

from __future__ import annotations

import pytest

from campaigns.models import EventKind
from tests.support.games import give
from tests.support.pages import url

pytestmark = pytest.mark.django_db


def missiles(game, players) -> dict:
    give(game, players["Boris"], missiles=3)
    return {"missiles-count": "1", "missiles-player": str(players["Boris"].pk)}


def test_an_entry_posted_three_times_with_one_key_is_noted_once(game, players, as_owner):
    data = missiles(game, players)
    answers = [
        as_owner.post(
            url(game.campaign, "games/1/log/missiles/"), data, HTTP_IDEMPOTENCY_KEY="entry-1"
        )
        for _ in range(3)
    ]
    assert {a.status_code for a in answers} == {302}
    assert len({a["Location"] for a in answers}) == 1
    assert game.events.filter(kind=EventKind.MISSILES).count() == 1


def test_a_form_posted_the_plain_way_carries_its_key_in_a_field(game, players, as_owner):
    data = {**missiles(game, players), "_idempotency_key": "entry-2"}
    for _ in range(2):
        as_owner.post(url(game.campaign, "games/1/log/missiles/"), data)
    assert game.events.filter(kind=EventKind.MISSILES).count() == 1


def test_a_key_sent_again_with_another_entry_is_refused_in_the_readers_language(
    game, players, as_owner
):
    data = missiles(game, players)
    page = url(game.campaign, "games/1/log/missiles/")
    as_owner.post(page, data, HTTP_IDEMPOTENCY_KEY="entry-3")
    other = {**data, "missiles-count": "2"}
    refused = as_owner.post(page, other, HTTP_IDEMPOTENCY_KEY="entry-3", HTTP_ACCEPT_LANGUAGE="ru")
    assert refused.status_code == 422
    assert "другим запросом" in refused.content.decode()
    assert game.events.filter(kind=EventKind.MISSILES).count() == 1


def test_the_quick_log_sends_a_key_with_each_entry():
    from pathlib import Path

    script = (Path(__file__).resolve().parents[2] / "static/js/live.js").read_text()
    assert "Idempotency-Key" in script and "randomUUID" in script
