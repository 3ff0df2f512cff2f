"""The box's world number, archiving a campaign, and each packet's progress toward its trigger.
Test data is invented."""

from __future__ import annotations

import pytest
from django.urls import reverse

from campaigns.models import AuditEntry, Campaign, GameNote
from legacy.poster import poster_text
from tests.support.api import client_for as api_client_for
from tests.support.games import finish, start_next_game
from tests.support.pages import client_for

pytestmark = pytest.mark.django_db


def url(name, campaign, *args):
    return reverse(f"campaigns:{name}", args=[campaign.pk, *args])


def test_the_owner_writes_the_world_number_read_on_settings_the_chronicle_and_the_api(
    campaign, owner, as_owner
):
    saved = as_owner.post(url("world_number", campaign), {"world_number": " Earth  #00001234 "})
    assert saved.status_code == 302
    assert Campaign.objects.get(pk=campaign.pk).world_number == "Earth #00001234"
    assert 'value="Earth #00001234"' in as_owner.get(url("settings", campaign)).content.decode()
    chronicle = as_owner.get(url("chronicle", campaign)).content.decode()
    assert "World number Earth #00001234" in chronicle
    answer = api_client_for(owner).get(f"/api/v1/campaigns/{campaign.pk}/").json()
    assert answer["world_number"] == "Earth #00001234" and answer["archived"] is False


def test_a_world_number_over_30_characters_is_refused_over_the_api(campaign, owner):
    client = api_client_for(owner)
    refused = client.patch(
        f"/api/v1/campaigns/{campaign.pk}/", {"world_number": "#" * 31}, format="json"
    )
    assert refused.status_code == 400 and "error" in refused.json()
    assert Campaign.objects.get(pk=campaign.pk).world_number == ""


def test_the_poster_heading_carries_the_world_number_when_there_is_one():
    assert poster_text("Concord", [], "en", "Earth #00001234").heading == (
        "The World of Concord · Earth #00001234"
    )
    assert poster_text("Concord", [], "en").heading == "The World of Concord"


def test_an_archived_campaign_refuses_every_page_write_with_a_sentence(
    prepared_campaign, as_owner, as_editor
):
    game = start_next_game(prepared_campaign)
    assert as_owner.post(url("archive", prepared_campaign), {"archived": "1"}).status_code == 302
    refused = as_editor.post(url("game_notes", prepared_campaign, game.number), {"text": "Hi"})
    assert refused.status_code == 409
    assert "This campaign is archived and read-only" in refused.content.decode()
    assert (
        as_owner.post(url("world_number", prepared_campaign), {"world_number": "1"}).status_code
        == 409
    )
    assert not GameNote.objects.exists()
    assert (
        "archived: read-only" in as_editor.get(url("history", prepared_campaign)).content.decode()
    )
    assert as_owner.post(url("archive", prepared_campaign), {"archived": "0"}).status_code == 302
    added = as_editor.post(url("game_notes", prepared_campaign, game.number), {"text": "Hi"})
    assert added.status_code == 302 and GameNote.objects.count() == 1
    actions = list(AuditEntry.objects.values_list("action", flat=True))
    assert "archived" in actions and "unarchived" in actions


def test_an_archived_campaign_answers_409_to_every_api_write_until_unarchived(
    prepared_campaign, owner, editor
):
    game = start_next_game(prepared_campaign)
    base = f"/api/v1/campaigns/{prepared_campaign.pk}/"
    boss = api_client_for(owner)
    assert boss.patch(base, {"archived": True}, format="json").json()["archived"] is True
    note = api_client_for(editor).post(
        f"{base}games/{game.number}/notes/", {"text": "Hi"}, format="json"
    )
    assert note.status_code == 409 and note.json()["error"]["rule"] == "campaign-archived"
    assert boss.patch(base, {"shared": True}, format="json").status_code == 409
    assert api_client_for(editor).get(f"{base}games/{game.number}/notes/").status_code == 200
    assert boss.patch(base, {"archived": False}, format="json").json()["archived"] is False
    again = api_client_for(editor).post(
        f"{base}games/{game.number}/notes/", {"text": "Hi"}, format="json"
    )
    assert again.status_code == 201


def test_only_the_owner_archives(campaign, editor):
    refused = api_client_for(editor).patch(
        f"/api/v1/campaigns/{campaign.pk}/", {"archived": True}, format="json"
    )
    assert refused.status_code == 403
    assert not Campaign.objects.get(pk=campaign.pk).archived


def test_the_packets_page_says_how_far_each_counted_trigger_has_come(prepared_campaign, as_viewer):
    game = start_next_game(prepared_campaign)
    finish(game, {p.name: p for p in prepared_campaign.players.all()})  # Edo: a minor city
    page = as_viewer.get(url("packets", prepared_campaign)).content.decode()
    assert "minor cities 1 of 9" in page
    assert "most signatures by one player 1 of 2" in page
    assert "most missiles on one roll 0 of 3" in page


def test_the_progress_reads_in_russian_too(prepared_campaign, viewer):
    page = client_for(viewer, "ru").get(url("packets", prepared_campaign)).content.decode()
    assert "малых городов 0 из 9" in page
