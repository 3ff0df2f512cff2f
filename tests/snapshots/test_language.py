"""The board pictures are drawn in the campaign's language, set when it is created and changed
by its owner (every picture already drawn is then drawn again); the pages speak each reader's
own language, names of the board included."""

from __future__ import annotations

import pytest
from django.test import Client
from rest_framework.test import APIClient

from campaigns import members, services
from campaigns.models import AuditEntry, Campaign, JobStatus, Snapshot
from campaigns.pictures.state import picture_for
from legacy import drawing
from legacy.errors import RuleViolation
from tests.support.games import play_first_game

pytestmark = pytest.mark.django_db


@pytest.fixture
def drawn(prepared_campaign, players, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        play_first_game(prepared_campaign, players)
    return prepared_campaign


def texts(picture) -> set[str]:
    return {p.text for p in drawing.layout(picture) if isinstance(p, drawing.Text)}


def test_a_russian_campaigns_picture_is_drawn_in_russian(drawn):
    Campaign.objects.filter(pk=drawn.pk).update(language="ru")
    picture = picture_for(drawn.pk, 1)
    assert picture.language == "ru"
    assert picture.title == "Our Earth \u2014 после игры 1"
    assert {"ЕГИПЕТ", "Победители", "Континенты"} <= texts(picture)
    assert "Cairo" in texts(picture)  # the group's own names stay as they wrote them


def test_changing_the_language_draws_every_picture_again(
    drawn, owner, django_capture_on_commit_callbacks
):
    before = Snapshot.objects.get(campaign=drawn, game_number=1)
    with django_capture_on_commit_callbacks(execute=True):
        members.set_language(campaign=drawn, language="ru", by=owner)
    after = Snapshot.objects.get(campaign=drawn, game_number=1)
    assert after.status == JobStatus.DONE and after.state_hash != before.state_hash
    assert after.attempts == before.attempts + 1
    assert AuditEntry.objects.filter(campaign=drawn, action="language").count() == 1
    # Asking for the language it already has draws nothing and records nothing.
    with django_capture_on_commit_callbacks(execute=True):
        members.set_language(campaign=drawn, language="ru", by=owner)
    assert Snapshot.objects.get(pk=after.pk).attempts == after.attempts
    assert AuditEntry.objects.filter(campaign=drawn, action="language").count() == 1


def test_only_english_and_russian_are_drawn(drawn, owner):
    with pytest.raises(RuleViolation, match="English \\(en\\) or Russian \\(ru\\)"):
        members.set_language(campaign=drawn, language="de", by=owner)
    with pytest.raises(RuleViolation, match="English"):
        services.create_campaign(owner=owner, name="Unsere Erde", language="de")
    assert Campaign.objects.get(pk=drawn.pk).language == "en"
    assert not Campaign.objects.filter(name="Unsere Erde").exists()


def test_only_the_owner_changes_it(drawn, stranger):
    with pytest.raises(RuleViolation):
        members.set_language(campaign=drawn, language="ru", by=stranger)
    assert Campaign.objects.get(pk=drawn.pk).language == "en"


# --- Over the API ---------------------------------------------------------------------------------


def api(user) -> APIClient:
    client = APIClient()
    client.force_authenticate(user)
    return client


def test_the_api_creates_and_changes_the_language(owner, django_capture_on_commit_callbacks):
    created = api(owner).post(
        "/api/v1/campaigns/", {"name": "Наша Земля", "language": "ru"}, format="json"
    )
    assert created.status_code == 201 and created.json()["language"] == "ru"
    plain = api(owner).post("/api/v1/campaigns/", {"name": "Our Earth"}, format="json")
    assert plain.json()["language"] == "en"
    address = f"/api/v1/campaigns/{created.json()['id']}/"
    changed = api(owner).patch(address, {"language": "en"}, format="json")
    assert changed.status_code == 200 and changed.json()["language"] == "en"
    audit = AuditEntry.objects.filter(campaign_id=created.json()["id"])
    assert list(audit.values_list("action", flat=True).order_by("id")) == [
        "campaign-created",
        "language",
    ]  # changing the language alone records no change of sharing


@pytest.mark.parametrize("language", ["de", "", None, 7, ["ru"]])
def test_the_api_refuses_a_language_it_does_not_draw(drawn, owner, language):
    response = api(owner).patch(
        f"/api/v1/campaigns/{drawn.pk}/", {"language": language}, format="json"
    )
    assert response.status_code == 400
    assert "language" in response.json()["error"]["fields"]
    assert Campaign.objects.get(pk=drawn.pk).language == "en"


def test_a_member_who_is_not_the_owner_may_not_change_it(drawn, stranger):
    from campaigns.models import Membership, Role

    Membership.objects.create(campaign=drawn, user=stranger, role=Role.EDITOR)
    response = api(stranger).patch(
        f"/api/v1/campaigns/{drawn.pk}/", {"language": "ru"}, format="json"
    )
    assert response.status_code == 403
    assert Campaign.objects.get(pk=drawn.pk).language == "en"


# --- On the pages ---------------------------------------------------------------------------------


def browser(user, language="en") -> Client:
    client = Client(HTTP_ACCEPT_LANGUAGE=language)
    client.force_login(user)
    return client


def test_a_new_campaign_takes_the_language_its_creator_reads(owner):
    page = browser(owner, "ru").get("/c/new/").content.decode()
    assert '<option value="ru" selected>' in page
    response = browser(owner, "ru").post(
        "/c/new/", {"name": "Наша Земля", "players": "Ада\nБорис\nЧлоя", "language": "ru"}
    )
    assert response.status_code == 302
    assert Campaign.objects.get(name="Наша Земля").language == "ru"


def test_the_owner_changes_it_on_the_settings_page(
    drawn, owner, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        response = browser(owner).post(f"/c/{drawn.pk}/settings/language/", {"language": "ru"})
    assert response.status_code == 302
    assert Campaign.objects.get(pk=drawn.pk).language == "ru"
    refused = browser(owner).post(f"/c/{drawn.pk}/settings/language/", {"language": "xx"})
    assert refused.status_code == 200 and "xx" in refused.content.decode()
    assert Campaign.objects.get(pk=drawn.pk).language == "ru"


def test_russian_pages_name_the_board_in_russian(drawn, owner):
    page = browser(owner, "ru").get(f"/c/{drawn.pk}/territories/egypt/").content.decode()
    assert "<h1>Египет" in page and "Африка" in page
    dashboard = browser(owner, "ru").get(f"/c/{drawn.pk}/").content.decode()
    assert "Египет" in dashboard and "Северная Америка" in dashboard
    factions = browser(owner, "ru").get(f"/c/{drawn.pk}/factions/").content.decode()
    assert "Сахарская Республика" in factions
    english = browser(owner, "en").get(f"/c/{drawn.pk}/territories/egypt/").content.decode()
    assert "<h1>Egypt" in english
