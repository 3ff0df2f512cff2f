"""The chronicle's PDF over the API: asked for, followed, fetched; behind the campaign's rules."""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from campaigns.models import ChronicleExport, Membership, Role
from tests.support.chronicle import fifteen_games

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("eager_tasks")]


def api_for(user=None) -> APIClient:
    client = APIClient()
    if user is not None:
        client.force_authenticate(user)
    return client


def test_a_member_asks_for_the_pdf_follows_it_and_fetches_it(owner):
    campaign, _winners = fifteen_games(owner, games=3)
    api = api_for(owner)
    base = f"/api/v1/campaigns/{campaign.pk}/chronicle/pdf/"
    asked = api.post(base)
    assert asked.status_code == 202
    job = asked.json()
    assert job["status"] == "done" and job["progress"] == 100 and job["current"] is True
    assert job["language"] == "en" and job["file_url"].endswith(f"{job['id']}/file/")
    again = api.post(base)
    assert again.status_code == 200 and again.json()["id"] == job["id"]
    status = api.get(f"{base}{job['id']}/")
    assert status.status_code == 200 and status.json()["status"] == "done"
    pdf = api.get(f"{base}{job['id']}/file/")
    assert pdf.status_code == 200 and pdf["Content-Type"] == "application/pdf"
    assert b"".join(pdf.streaming_content).startswith(b"%PDF")


def test_a_pdf_not_made_yet_is_a_404_that_says_so(owner):
    campaign, _winners = fifteen_games(owner, games=1)
    job = ChronicleExport.objects.create(campaign=campaign, language="en")
    response = api_for(owner).get(f"/api/v1/campaigns/{campaign.pk}/chronicle/pdf/{job.pk}/file/")
    assert response.status_code == 404
    assert "not made yet" in response.json()["error"]["message"]


def test_a_stranger_gets_404_for_the_chronicle_pdf(owner, stranger):
    campaign, _winners = fifteen_games(owner, games=1)
    api = api_for(owner)
    job = api.post(f"/api/v1/campaigns/{campaign.pk}/chronicle/pdf/").json()
    them = api_for(stranger)
    base = f"/api/v1/campaigns/{campaign.pk}/chronicle/pdf/"
    assert them.post(base).status_code == 404
    assert them.get(f"{base}{job['id']}/").status_code == 404
    assert them.get(f"{base}{job['id']}/file/").status_code == 404
    assert ChronicleExport.objects.count() == 1


def test_a_viewer_is_refused_the_pdf_while_the_campaign_hides_unlocked_content(
    owner, django_user_model
):
    campaign, _winners = fifteen_games(owner, games=1)
    job = api_for(owner).post(f"/api/v1/campaigns/{campaign.pk}/chronicle/pdf/").json()
    campaign.hide_unlocked_content = True
    campaign.save(update_fields=["hide_unlocked_content"])
    viewer = django_user_model.objects.create_user(username="vic", password="pw-vic-123")
    Membership.objects.create(campaign=campaign, user=viewer, role=Role.VIEWER)
    api = api_for(viewer)
    base = f"/api/v1/campaigns/{campaign.pk}/chronicle/pdf/"
    assert api.post(base).status_code == 403
    assert api.get(f"{base}{job['id']}/file/").status_code == 403
    assert ChronicleExport.objects.count() == 1


def test_the_chronicle_pdf_is_in_the_schema():
    schema = api_for().get("/api/v1/schema/?format=json").json()
    paths = schema["paths"]
    assert "post" in paths["/api/v1/campaigns/{campaign_id}/chronicle/pdf/"]
    assert "get" in paths["/api/v1/campaigns/{campaign_id}/chronicle/pdf/{job_id}/"]
    assert "get" in paths["/api/v1/campaigns/{campaign_id}/chronicle/pdf/{job_id}/file/"]
