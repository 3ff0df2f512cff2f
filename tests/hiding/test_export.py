"""The export holds everything the packets unlocked: with hiding on, only the campaign's editors
and owner may export it, and their export still makes the same campaign again, byte for byte."""

from __future__ import annotations

import json

import pytest

from campaigns import backup
from tests.support.hiding import ODD_WORDS, SECRET_WORDS, api_client, page_client

pytestmark = pytest.mark.django_db


def export_address(campaign) -> str:
    return f"/api/v1/campaigns/{campaign.pk}/export/"


def test_a_viewer_may_not_export_a_campaign_that_hides_its_packets(hidden, viewer):
    response = api_client(viewer).get(export_address(hidden))
    assert response.status_code == 403
    assert "owner and editors" in response.json()["error"]["message"]


def test_a_viewer_exports_a_campaign_that_does_not_hide_them(hidden, viewer):
    hidden.hide_unlocked_content = False
    hidden.save(update_fields=["hide_unlocked_content"])
    assert api_client(viewer).get(export_address(hidden)).status_code == 200


def test_a_share_link_reader_never_exports(hidden):
    response = api_client().get(export_address(hidden) + f"?share={hidden.share_token}")
    assert response.status_code == 401


@pytest.mark.parametrize("who", ["owner", "editor"])
def test_the_owner_and_editors_export_everything_the_packets_unlocked(hidden, who, request):
    response = api_client(request.getfixturevalue(who)).get(export_address(hidden))
    assert response.status_code == 200
    text = response.content.decode()
    assert [w for w in SECRET_WORDS if w not in text] == []


def test_the_owners_export_of_a_hiding_campaign_makes_the_same_campaign_again(hidden, owner):
    document = json.loads(api_client(owner).get(export_address(hidden)).content)
    saved = backup.dumps(document)
    assert saved == backup.dumps(backup.export_campaign(hidden.pk))
    copy_ = backup.import_campaign(backup.loads(saved), owner=owner)
    assert copy_.pk != hidden.pk
    assert backup.dumps(backup.export_campaign(copy_.pk)) == saved


def test_the_settings_page_says_who_may_export_a_hiding_campaign(hidden, owner):
    english = page_client(owner).get(f"/c/{hidden.pk}/settings/").content.decode()
    russian = page_client(owner, "ru").get(f"/c/{hidden.pk}/settings/").content.decode()
    assert "only editors and the owner may export the campaign" in english
    assert "выгружать кампанию могут только редакторы и владелец" in russian


def test_the_owners_export_with_markup_and_cyrillic_names_makes_the_same_campaign_again(odd, owner):
    response = api_client(owner).get(export_address(odd))
    assert response.status_code == 200
    saved = backup.dumps(json.loads(response.content))
    copy_ = backup.import_campaign(backup.loads(saved), owner=owner)
    assert backup.dumps(backup.export_campaign(copy_.pk)) == saved
    assert [w for w in ODD_WORDS if w not in saved] == []
