"""Factions the group unlocked and the powers on the cards, over the API (invented names only)."""

from __future__ import annotations

import pytest

from campaigns.game.packets import open_packet
from legacy.models import FactionPower
from tests.support.api import assert_error, client_for
from tests.support.games import EARNED_ANOTHER_WAY, seats

pytestmark = pytest.mark.django_db

TIDE = "tidewater-league"


def base(campaign) -> str:
    return f"/api/v1/campaigns/{campaign.pk}/"


@pytest.fixture
def unlocked(history, owner):
    """Game 1 finished, game 2 being played; Pack 1 opened with a faction and a yellow scar."""
    open_packet(
        earned_otherwise=EARNED_ANOTHER_WAY,
        campaign=history,
        packet="pack-1",
        unlocked=[
            {"kind": "faction", "title": "Tidewater League", "colour": "#1f9a8a"},
            {"kind": "scar-type", "title": "Rust", "cards": 3, "on_faction_card": True},
        ],
        by=owner,
    )
    return history


def test_the_campaigns_factions_list_the_box_five_and_the_unlocked_one(unlocked, viewer):
    found = client_for(viewer).get(base(unlocked) + "factions/").json()
    assert [f["slug"] for f in found][-1] == TIDE
    assert found[-1] | {"text": ""} == {
        "slug": TIDE,
        "name": "Tidewater League",
        "colour": "#1f9a8a",
        "unlocked": True,
        "appeared_in_game": 2,
        "text": "",
    }
    assert len(found) == 6


def test_a_scar_on_an_unlocked_factions_card_is_201_and_a_second_is_refused_not_500(
    unlocked, editor
):
    api = client_for(editor)
    url = base(unlocked) + "games/2/events/scar/"
    body = {"scar": "rust", "faction": TIDE, "without_card": True, "reason": "Our house rule"}
    assert api.post(url, body, format="json").status_code == 201
    second = api.post(url, body, format="json")
    assert second.status_code == 400
    assert second.json()["error"]["rule"] == "one-scar-per-faction-card"


def test_a_second_power_of_the_same_type_is_409_and_covering_it_is_201(unlocked, editor):
    api = client_for(editor)
    url = base(unlocked) + "powers/"
    body = {"faction": TIDE, "slot": "red", "name": "Undertow", "game": 2}
    first = api.post(url, body, format="json")
    assert first.status_code == 201 and first.json()["placed_in_game"] == 2
    again = api.post(url, {**body, "name": "Riptide"}, format="json")
    assert again.status_code == 409
    assert again.json()["error"]["rule"] == "one-power-per-type"
    covering = api.post(url, {**body, "name": "Riptide", "covers": True}, format="json")
    assert covering.status_code == 201
    now = api.get(url).json()
    assert [(p["name"], p["slot"]) for p in now if p["faction"] == TIDE] == [("Riptide", "red")]


def test_a_power_is_destroyed_over_the_api_once(unlocked, editor):
    api = client_for(editor)
    power = api.post(
        base(unlocked) + "powers/",
        {"faction": TIDE, "slot": "red", "name": "Undertow", "game": 2},
        format="json",
    ).json()
    url = base(unlocked) + "powers/destroy/"
    gone = api.post(url, {"power": power["id"], "game": 2}, format="json")
    assert gone.status_code == 200 and gone.json()["removed_reason"] == "destroyed"
    again = api.post(url, {"power": power["id"], "game": 2}, format="json")
    assert again.status_code == 409 and again.json()["error"]["rule"] == "power-gone"


def test_the_card_backs_show_the_powers_as_of_an_earlier_game(unlocked, editor, owner, players):
    from campaigns.game.finish import finish_game
    from campaigns.models import Game
    from tests.support.games import finish_kwargs

    api = client_for(editor)
    api.post(
        base(unlocked) + "powers/",
        {"faction": "khan-industries", "slot": "red", "name": "Quick March", "game": 2},
        format="json",
    )
    kwargs = finish_kwargs(players)
    kwargs["winner_reward"] = {"kind": "destroy-card", "territory": "alaska"}
    kwargs["held_on_rewards"] = {
        players["Boris"].pk: {"kind": "upgrade-card", "territory": "japan"}
    }
    finish_game(game=Game.objects.get(campaign=unlocked, number=2), by=owner, **kwargs)

    def cards(query=""):
        found = api.get(base(unlocked) + "faction-cards/" + query).json()
        return {c["faction"]: c for c in found}

    then, now = cards("?game=1"), cards()
    assert TIDE not in then and TIDE in now
    assert "Quick March" not in [p["name"] for p in then["khan-industries"]["powers"]]
    assert then["khan-industries"]["powers"]  # its starting power was there already
    assert "Quick March" in [p["name"] for p in now["khan-industries"]["powers"]]
    assert now[TIDE]["colour"] == "#1f9a8a"
    assert api.get(base(unlocked) + "faction-cards/?game=9").status_code == 404


def test_a_faction_is_added_between_games_over_the_api(crew, editor, viewer, players):
    api = client_for(editor)
    added = api.post(
        base(crew) + "factions/", {"name": "Salt Guild", "colour": "#8c6239"}, format="json"
    )
    assert added.status_code == 201 and added.json()["slug"] == "salt-guild"
    taken = api.post(base(crew) + "factions/", {"name": "Salt Guild"}, format="json")
    assert taken.status_code == 409 and taken.json()["error"]["rule"] == "faction-name-taken"
    bad = api.post(base(crew) + "factions/", {"name": "Ash", "colour": "red"}, format="json")
    assert bad.status_code == 400 and bad.json()["error"]["rule"] == "faction-colour"
    assert client_for(viewer).post(base(crew) + "factions/", {"name": "X"}).status_code == 403
    plan = seats(players)
    plan[2]["faction"] = "salt-guild"
    assert api.post(base(crew) + "games/", {"seats": plan}, format="json").status_code == 201


def test_a_hidden_campaign_names_no_unlocked_faction_or_power_to_a_viewer(unlocked, editor, viewer):
    client_for(editor).post(
        base(unlocked) + "powers/",
        {"faction": TIDE, "slot": "red", "name": "Undertow", "text": "Secret", "game": 2},
        format="json",
    )
    unlocked.hide_unlocked_content = True
    unlocked.save()
    api = client_for(viewer)
    factions = api.get(base(unlocked) + "factions/").json()
    assert factions[-1]["name"] == "an unlocked faction"
    hidden_slug = factions[-1]["slug"]  # its slug spells its name: an opaque one stands for it
    assert hidden_slug != TIDE
    powers = api.get(base(unlocked) + "powers/").json()
    assert [p["name"] for p in powers if p["faction"] == hidden_slug] == ["an unlocked power"]
    cards = api.get(base(unlocked) + "faction-cards/").content.decode()
    assert "Tidewater" not in cards and "Undertow" not in cards and "Secret" not in cards
    shown = client_for(editor).get(base(unlocked) + "factions/").json()
    assert shown[-1]["name"] == "Tidewater League"


def test_a_power_type_in_words_is_refused_naming_the_codes(unlocked, owner):
    refused = client_for(owner).post(
        base(unlocked) + "powers/",
        {"faction": TIDE, "slot": "зелёный", "name": "Undertow", "game": 2},
        format="json",
    )
    error = assert_error(refused, 400, "invalid")
    assert "slot" in error["fields"]
    assert not FactionPower.objects.filter(name="Undertow").exists()
