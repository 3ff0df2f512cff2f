"""An entry over the API names its game by number: the game is read once, under the campaign's
lock. A game that is not there is answered 404, whatever the state of its campaign, and nothing
is written."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from campaigns.models import Campaign, GameEvent
from tests.support.api import client_for

pytestmark = pytest.mark.django_db


def versions(campaign) -> tuple:
    return tuple(
        Campaign.objects.filter(pk=campaign.pk).values_list(
            "world_version", "marks_version", "triggers_version"
        )[0]
    )


def test_a_recruitment_in_the_game_played_is_logged_once(owner, game, trio):
    ada = trio[0]
    api = client_for(owner)
    url = f"/api/v1/campaigns/{game.campaign_id}/games/{game.number}/events/recruitment/"
    answer = api.post(url, {"player": ada.pk, "troops": 5}, format="json")
    assert answer.status_code == 201, answer.json()
    assert answer.json()["event"]["player"] == ada.pk
    assert answer.json()["event"]["data"]["troops"] == 5
    assert GameEvent.objects.filter(game=game, kind="recruitment").count() == 1


def test_a_recruitment_in_a_game_never_set_up_is_not_found(owner, game, trio):
    api = client_for(owner)
    before = versions(game.campaign)
    url = f"/api/v1/campaigns/{game.campaign_id}/games/9/events/recruitment/"
    answer = api.post(url, {"player": trio[0].pk, "troops": 5}, format="json")
    assert answer.status_code == 404
    assert "There is no game 9 in this campaign." in str(answer.json())
    assert versions(game.campaign) == before
    assert not GameEvent.objects.filter(kind="recruitment").exists()


def test_taking_back_an_entry_of_a_game_never_set_up_is_not_found(owner, game):
    api = client_for(owner)
    url = f"/api/v1/campaigns/{game.campaign_id}/games/9/events/1/void/"
    answer = api.post(url, {"reason": "typed in the wrong game"}, format="json")
    assert answer.status_code == 404
    assert "There is no game 9 in this campaign." in str(answer.json())


def test_an_archived_campaign_answers_a_game_never_set_up_as_not_found(owner, game, trio):
    Campaign.objects.filter(pk=game.campaign_id).update(archived=True)
    api = client_for(owner)
    url = f"/api/v1/campaigns/{game.campaign_id}/games/9/events/recruitment/"
    answer = api.post(url, {"player": trio[0].pk, "troops": 5}, format="json")
    assert answer.status_code == 404
    played = f"/api/v1/campaigns/{game.campaign_id}/games/{game.number}/events/recruitment/"
    assert api.post(played, {"player": trio[0].pk, "troops": 5}, format="json").status_code == 409


def test_a_recruitment_reads_its_game_once(owner, game, trio):
    api = client_for(owner)
    url = f"/api/v1/campaigns/{game.campaign_id}/games/{game.number}/events/recruitment/"
    with CaptureQueriesContext(connection) as captured:
        answer = api.post(url, {"player": trio[0].pk, "troops": 5}, format="json")
    assert answer.status_code == 201
    reads = [q["sql"] for q in captured.captured_queries if q["sql"].startswith("SELECT")]
    assert sum(1 for sql in reads if 'FROM "campaigns_game"' in sql) == 1
