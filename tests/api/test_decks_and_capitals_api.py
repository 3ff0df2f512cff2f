"""Over the API: the decks and where each card is, the table's card entries, taking one back,
World Capitals and the house rule that caps them."""

import pytest

from campaigns.game.packets import open_packet
from legacy.models import City, DeckCard
from tests.support.api import client_for
from tests.support.games import EARNED_ANOTHER_WAY

pytestmark = pytest.mark.django_db

CARDS = [
    {"kind": "event-card", "title": "Long Winter", "text": "Our own words."},
    {"kind": "mission-card", "title": "Hold the Poles", "text": "Our own words."},
]


@pytest.fixture
def decked(history):
    open_packet(
        earned_otherwise=EARNED_ANOTHER_WAY, campaign=history, packet="pack-2", unlocked=CARDS
    )
    return history


def card(campaign, deck):
    return DeckCard.objects.get(campaign=campaign, deck=deck).pk


def entry(api, campaign, what, **body):
    return api.post(f"/api/v1/campaigns/{campaign.pk}/games/2/events/{what}/", body, format="json")


def decks(api, campaign):
    return api.get(f"/api/v1/campaigns/{campaign.pk}/decks/").json()


def test_the_decks_show_where_each_card_is(decked, owner, players):
    api = client_for(owner)
    mission = card(decked, "mission")
    assert entry(api, decked, "card-drawn", card=mission).status_code == 201
    done = entry(api, decked, "mission-completed", card=mission, player=players["Ada"].pk)
    assert done.status_code == 201
    body = decks(api, decked)
    assert [(c["title"], c["state"], c["game"]) for c in body["mission"]] == [
        ("Hold the Poles", "completed", 2)
    ]
    assert [(c["title"], c["state"], c["packet"]) for c in body["event"]] == [
        ("Long Winter", "in-deck", "pack-2")
    ]
    detail = api.get(f"/api/v1/campaigns/{decked.pk}/games/2/").json()
    assert [e["kind"] for e in detail["events"]][-2:] == ["card-drawn", "card-completed"]


def test_a_destroyed_card_drawn_over_the_api_is_refused_until_the_entry_is_taken_back(
    decked, owner
):
    api = client_for(owner)
    event = card(decked, "event")
    gone = entry(api, decked, "card-destroyed", card=event).json()["event"]
    refused = entry(api, decked, "card-drawn", card=event)
    assert refused.status_code == 409
    assert refused.json()["error"]["rule"] == "card-destroyed-for-good"
    void = api.post(
        f"/api/v1/campaigns/{decked.pk}/games/2/events/{gone['seq']}/void/",
        {"reason": "Wrong card."},
        format="json",
    )
    assert void.status_code == 200
    assert entry(api, decked, "card-drawn", card=event).status_code == 201


def test_completing_an_event_card_is_refused_over_the_api(decked, owner, players):
    api = client_for(owner)
    event = card(decked, "event")
    entry(api, decked, "card-drawn", card=event)
    refused = entry(api, decked, "mission-completed", card=event, player=players["Ada"].pk)
    assert refused.status_code == 400
    assert refused.json()["error"]["rule"] == "event-card-not-completed"


def test_a_card_is_entered_in_a_deck_over_the_api(decked, editor):
    response = client_for(editor).post(
        f"/api/v1/campaigns/{decked.pk}/decks/",
        {"deck": "event", "title": "Dust Storm", "packet": "pack-2"},
        format="json",
    )
    assert response.status_code == 201
    assert response.json()["state"] == "in-deck"
    assert DeckCard.objects.filter(campaign=decked, title="Dust Storm").exists()


def test_hidden_card_titles_read_as_a_placeholder(decked, owner, viewer):
    decked.hide_unlocked_content = True
    decked.save()
    titles = [c["title"] for c in decks(client_for(viewer), decked)["event"]]
    assert titles == ["(hidden)"]
    assert [c["title"] for c in decks(client_for(owner), decked)["event"]] == ["Long Winter"]


def test_a_card_id_that_is_not_a_number_is_refused_with_the_error_shape(decked, owner):
    refused = entry(client_for(owner), decked, "card-drawn", card="1")
    assert refused.status_code == 400
    assert "error" in refused.json()


def test_a_world_capital_is_founded_over_the_api_and_the_house_rule_caps_them(crew, owner, players):
    api = client_for(owner)
    base = f"/api/v1/campaigns/{crew.pk}/"
    locked = api.post(
        base + "world-capitals/", {"territory": "egypt", "name": "Nova"}, format="json"
    )
    assert locked.status_code == 409
    assert locked.json()["error"]["rule"] == "world-capital-locked"
    open_packet(
        earned_otherwise=EARNED_ANOTHER_WAY,
        campaign=crew,
        packet="pack-3",
        unlocked=[{"kind": "world-capital", "title": "Ours"}],
    )
    founded = api.post(
        base + "world-capitals/",
        {"territory": "egypt", "name": "Nova", "player": players["Ada"].pk},
        format="json",
    )
    assert founded.status_code == 201
    assert (founded.json()["allowed"], founded.json()["founded"]) == (1, 1)
    second = api.post(
        base + "world-capitals/", {"territory": "peru", "name": "Alta"}, format="json"
    )
    assert second.status_code == 409
    assert second.json()["error"]["rule"] == "world-capitals-allowed"
    patched = api.patch(base, {"world_capitals_allowed": 2}, format="json")
    assert patched.json()["world_capitals_allowed"] == 2
    again = api.post(base + "world-capitals/", {"territory": "peru", "name": "Alta"}, format="json")
    assert again.status_code == 201
    assert City.objects.filter(campaign=crew, kind="capital").count() == 2
    territories = {t["slug"]: t for t in api.get(base + "world/").json()["territories"]}
    assert (territories["egypt"]["city"]["kind"], territories["egypt"]["city"]["population"]) == (
        "capital",
        5,
    )


def test_the_world_capitals_setting_takes_only_a_whole_number(crew, owner):
    refused = client_for(owner).patch(
        f"/api/v1/campaigns/{crew.pk}/", {"world_capitals_allowed": "2"}, format="json"
    )
    assert refused.status_code == 400
    crew.refresh_from_db()
    assert crew.world_capitals_allowed == 1
