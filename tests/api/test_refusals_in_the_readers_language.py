"""A refusal of the campaign's services is said in the reader's language over the API (the
``Accept-Language`` a script sends) and on the pages, naming the names it speaks of; its rule's
slug stays the same in every language. Test data is invented."""

from __future__ import annotations

import pytest

from campaigns import members
from tests.support.api import assert_error, client_for
from tests.support.pages import client_for as browser_for
from tests.support.pages import url

pytestmark = pytest.mark.django_db

SECOND_ADA_IN_RUSSIAN = (
    "Игрок по имени Ada уже есть. У каждого игрока за столом должно быть своё имя."
)
SECOND_ADA_IN_ENGLISH = (
    "There is already a player called Ada. Each player at the table needs a different name."
)


def base(campaign) -> str:
    return f"/api/v1/campaigns/{campaign.pk}/"


def add_player(campaign, name: str, language: str):
    return client_for(campaign.owner).post(
        base(campaign) + "players/", {"name": name}, format="json", HTTP_ACCEPT_LANGUAGE=language
    )


def test_a_second_ada_asked_for_in_russian_is_refused_in_russian_naming_ada(campaign):
    error = assert_error(add_player(campaign, "Ada", "ru"), 400, "rule", rule="player-name-unique")
    assert error["message"] == SECOND_ADA_IN_RUSSIAN
    assert error["fields"] == {"name": [SECOND_ADA_IN_RUSSIAN]}


def test_the_same_second_ada_asked_for_in_english_is_refused_in_english(campaign):
    error = assert_error(add_player(campaign, "Ada", "en"), 400, "rule", rule="player-name-unique")
    assert error["message"] == SECOND_ADA_IN_ENGLISH


def test_the_roster_page_in_russian_says_the_same_sentence_as_the_api(campaign, owner):
    api = assert_error(add_player(campaign, "Ada", "ru"), 400, "rule")["message"]
    page = browser_for(owner, "ru").post(url(campaign, "players/"), {"name": "Ada"})
    assert page.status_code == 200
    assert api == SECOND_ADA_IN_RUSSIAN and api in page.content.decode()


def test_a_roster_name_linked_to_the_owner_and_claimed_again_is_refused_naming_it(
    crew, owner, editor
):
    ada = crew.players.get(name="Ada")
    claim = base(crew) + f"players/{ada.pk}/claim/"
    assert client_for(owner).post(claim).status_code == 200  # the owner's claim links at once
    russian = client_for(editor).post(claim, HTTP_ACCEPT_LANGUAGE="ru")
    error = assert_error(russian, 409, "conflict", rule="name-linked-already")
    assert error["message"] == "Имя Ada уже привязано к другому участнику."
    english = client_for(editor).post(claim, HTTP_ACCEPT_LANGUAGE="en")
    error = assert_error(english, 409, "conflict", rule="name-linked-already")
    assert error["message"] == "The roster name Ada is linked to another member already."


def test_a_faction_name_taken_is_refused_in_russian_naming_the_faction(prepared_campaign, owner):
    api = client_for(owner)
    factions = base(prepared_campaign) + "factions/"
    assert api.post(factions, {"name": "Salt Guild"}, format="json").status_code == 201
    again = api.post(factions, {"name": "Salt Guild"}, format="json", HTTP_ACCEPT_LANGUAGE="ru")
    error = assert_error(again, 409, "conflict", rule="faction-name-taken")
    assert error["message"] == "В этой кампании уже есть фракция «Salt Guild»."


def test_an_archived_campaign_refuses_a_script_in_its_readers_language(campaign, owner):
    members.set_archived(campaign=campaign, archived=True, by=owner)
    russian = assert_error(add_player(campaign, "Zed", "ru"), 409, "conflict")
    assert russian["rule"] == "campaign-archived"
    assert russian["message"].startswith("Эта кампания в архиве")
    english = assert_error(add_player(campaign, "Zed", "en"), 409, "conflict")
    assert english["rule"] == "campaign-archived"
    assert english["message"] == (
        "This campaign is archived and read-only: its owner unarchives it to change it."
    )
