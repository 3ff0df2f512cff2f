"""A log entry stores its kind and data; the API words it in the language of each request, as
the pages word it in the reader's."""

from __future__ import annotations

import pytest

from campaigns.models import EventKind, GameEvent
from tests.support.api import client_for

pytestmark = pytest.mark.django_db


def in_language(user, language: str):
    client = client_for(user)
    client.defaults["HTTP_ACCEPT_LANGUAGE"] = language
    return client


def game_two(campaign) -> str:
    return f"/api/v1/campaigns/{campaign.pk}/games/2/"


def test_an_entry_is_answered_in_the_language_it_was_asked_in(history, players, owner):
    ada = players["Ada"].pk
    url = game_two(history) + "events/red-star/"
    russian = in_language(owner, "ru").post(url, {"player": ada}, format="json")
    english = in_language(owner, "en").post(url, {"player": ada}, format="json")
    assert russian.status_code == english.status_code == 201
    assert russian.json()["event"]["summary"] == "Ada покупает красную звезду за 4 карты"
    assert english.json()["event"]["summary"] == "Ada buys a red star with 4 cards"


def test_the_log_of_a_game_reads_in_russian_and_in_english(history, players, owner):
    scar = {"scar": "bunker", "territory": "iceland", "player": players["Boris"].pk}
    made = client_for(owner).post(game_two(history) + "events/scar/", scar, format="json")
    assert made.status_code == 201, made.content[:300]
    russian = in_language(owner, "ru").get(game_two(history)).json()["events"]
    english = in_language(owner, "en").get(game_two(history)).json()["events"]
    assert russian[-1]["summary"] == "Бункер: Исландия — Boris"
    assert english[-1]["summary"] == "Bunker on Iceland — Boris"
    assert russian[-1]["kind"] == english[-1]["kind"] == EventKind.SCAR_PLACED


def test_no_words_are_stored_with_an_entry(history, players, owner):
    url = game_two(history) + "events/recruitment/"
    client_for(owner).post(url, {"player": players["Ada"].pk, "troops": 31}, format="json")
    entry = GameEvent.objects.get(game__campaign=history, kind=EventKind.RECRUITMENT)
    assert set(entry.data) == {"troops", "holds_missile"} and entry.data["troops"] == 31
    assert not hasattr(entry, "summary")
