"""What a visitor and an operator reach first: the home page, the health check, the printed
board over the API, the API's own documentation, and the demo account of a new installation."""

from __future__ import annotations

import re
from io import StringIO

import pytest
from django.contrib.auth import get_user_model
from django.contrib.staticfiles import finders
from django.core.management import call_command
from django.http import HttpRequest
from django.test import override_settings

from campaigns.models import Campaign
from legacy.selectors import world_as_of

pytestmark = pytest.mark.django_db


def test_the_home_page_says_what_earthbook_is(client):
    response = client.get("/")
    assert response.status_code == 200
    text = response.content.decode()
    assert "Earthbook" in text
    assert "Risk Legacy" in text and "campaign" in text


def test_the_home_page_lists_public_campaigns_only(client, campaign, owner):
    Campaign.objects.create(name="The Open Table", owner=owner, public=True)
    text = client.get("/").content.decode()
    assert "The Open Table" in text
    assert campaign.name not in text


def test_a_member_sees_their_own_campaigns_on_the_home_page(client, campaign, owner):
    client.force_login(owner)
    assert campaign.name in client.get("/").content.decode()


def test_the_health_check_answers_ok_and_names_each_dependency(client):
    response = client.get("/health/")
    assert response.status_code == 200
    body = response.json()
    assert body["status"] == "ok"
    assert body["database"] == {"status": "ok"} and body["cache"] == {"status": "ok"}
    assert body["broker"]["status"] in ("ok", "not configured")


def test_anyone_can_read_the_printed_board_over_the_api(client):
    response = client.get("/api/v1/board/")
    assert response.status_code == 200
    board = response.json()
    assert set(board) == {"continents", "territories"}
    assert len(board["continents"]) == 6
    assert len(board["territories"]) == 42
    for continent in board["continents"]:
        assert set(continent) == {"slug", "name", "bonus"}
        assert isinstance(continent["bonus"], int)
    continents = {c["slug"] for c in board["continents"]}
    territories = {t["slug"]: t for t in board["territories"]}
    assert len(territories) == 42
    for territory in board["territories"]:
        assert set(territory) == {"slug", "name", "continent", "neighbors"}
        assert territory["continent"] in continents
        assert isinstance(territory["neighbors"], list) and territory["neighbors"]
        assert set(territory["neighbors"]) <= set(territories)


def test_the_board_over_the_api_has_its_printed_bonuses_and_borders(client):
    board = client.get("/api/v1/board/").json()
    bonuses = {c["name"]: c["bonus"] for c in board["continents"]}
    assert sum(bonuses.values()) == 5 + 2 + 5 + 3 + 7 + 2
    territories = {t["slug"]: t for t in board["territories"]}
    for slug, territory in territories.items():
        for other in territory["neighbors"]:
            assert slug in territories[other]["neighbors"], (slug, other)
    assert sum(len(t["neighbors"]) for t in territories.values()) == 2 * 83
    assert "kamchatka" in territories["alaska"]["neighbors"]


def test_the_api_schema_and_its_docs_answer_without_a_login(client):
    schema = client.get("/api/v1/schema/")
    assert schema.status_code == 200
    assert b"/api/v1/board/" in schema.content
    assert client.get("/api/v1/docs/").status_code == 200


def test_the_api_docs_load_their_scripts_and_styles_from_this_server(client):
    html = client.get("/api/v1/docs/").content.decode()
    assets = re.findall(r'(?:src|href)="([^"]+)"', html)
    assert any(a.endswith(".js") for a in assets) and any(a.endswith(".css") for a in assets)
    for asset in assets:
        assert asset.startswith("/") and not asset.startswith("//"), asset
        if asset.startswith("/static/"):
            assert finders.find(asset.removeprefix("/static/")), asset
    for cdn in ("cdn.", "unpkg.com", "jsdelivr", "cdnjs", "googleapis"):
        assert cdn not in html


# --- The demo account --------------------------------------------------------------------------


def seed_demo() -> str:
    out = StringIO()
    call_command("seed_demo", stdout=out)
    return out.getvalue()


@override_settings(DEMO_ACCOUNT=True)
def test_a_new_installation_in_debug_gets_a_demo_account_with_a_campaign(client):
    out = seed_demo()
    assert "demo" in out
    demo = get_user_model().objects.get(username="demo")
    assert demo.check_password("demo") and demo.is_superuser
    campaign = Campaign.objects.get(owner=demo)
    assert campaign.prepared_at is not None
    assert world_as_of(campaign.pk, 0).stock_left["first-game-coins"] == 0
    assert client.login(request=HttpRequest(), username="demo", password="demo")
    assert campaign.name in client.get("/").content.decode()


@override_settings(DEMO_ACCOUNT=True)
def test_the_demo_account_is_created_once(client):
    seed_demo()
    assert "no demo data added" in seed_demo()
    assert get_user_model().objects.count() == 1
    assert Campaign.objects.count() == 1


@override_settings(DEMO_ACCOUNT=True)
def test_an_installation_with_accounts_gets_no_demo_account(owner):
    assert "no demo data added" in seed_demo()
    assert not get_user_model().objects.filter(username="demo").exists()
    assert not Campaign.objects.exists()


@override_settings(DEMO_ACCOUNT=False)
def test_a_server_with_debug_off_gets_no_demo_account():
    assert "no demo account" in seed_demo()
    assert not get_user_model().objects.exists()
