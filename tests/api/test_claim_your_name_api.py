"""Claim your name over the API: a member's entries name the player their account is linked to,
and their campaigns answer with that player's seat and record. Test data is invented."""

from __future__ import annotations

import pytest

from campaigns.models import Player
from tests.support.api import client_for, count_queries
from tests.support.games import play, start_next_game

pytestmark = pytest.mark.django_db


def link(campaign, name, user) -> Player:
    player = Player.objects.get(campaign=campaign, name=name)
    Player.objects.filter(pk=player.pk).update(user=user)
    return player


def recruit(client, campaign, game, player) -> dict:
    url = f"/api/v1/campaigns/{campaign.pk}/games/{game.number}/events/recruitment/"
    response = client.post(url, {"player": player.pk, "troops": 12}, format="json")
    assert response.status_code == 201, response.content[:300]
    return response.json()["event"]


def test_an_entry_made_by_the_account_linked_to_ada_is_entered_by_ada(crew, editor, owner):
    ada = link(crew, "Ada", editor)
    boris = Player.objects.get(campaign=crew, name="Boris")
    game = start_next_game(crew)
    answered = recruit(client_for(editor), crew, game, boris)
    assert answered["credited_to"] == {"player": ada.pk, "name": "Ada"}
    recruit(client_for(owner), crew, game, boris)
    events = client_for(owner).get(f"/api/v1/campaigns/{crew.pk}/games/{game.number}/").json()
    credits = [e["credited_to"] for e in events["events"]]
    assert credits == [
        {"player": ada.pk, "name": "Ada"},
        {"player": None, "name": owner.username},  # the owner claimed no name
    ]
    # The entry still names the seat it is about, as before.
    assert [e["player"] for e in events["events"]] == [boris.pk, boris.pk]


def test_an_entry_nobody_is_known_to_have_made_is_entered_by_nobody(crew):
    play(crew, 1)  # the games of the test helpers are entered by no account
    events = client_for(crew.owner).get(f"/api/v1/campaigns/{crew.pk}/games/1/").json()["events"]
    assert events and all(e["credited_to"] is None for e in events)


def test_my_campaigns_answer_my_name_my_seat_now_and_my_record(crew, editor, viewer):
    ada = link(crew, "Ada", editor)
    play(crew, 2)  # Ada wins both
    start_next_game(crew)
    mine = client_for(editor).get("/api/v1/auth/me/campaigns/").json()
    assert mine == [
        {
            "id": crew.pk,
            "name": crew.name,
            "role": "editor",
            "player": {
                "id": ada.pk,
                "name": "Ada",
                "played": 2,
                "won": 2,
                "seat": {
                    "game": 3,
                    "now": True,
                    "faction": "khan-industries",
                    "faction_name": "Khan Industries",
                    "result": "",
                },
            },
        }
    ]
    russian = client_for(editor).get("/api/v1/auth/me/campaigns/", HTTP_ACCEPT_LANGUAGE="ru")
    assert russian.json()[0]["player"]["seat"]["faction_name"] == "Индустриальные ханы"
    # A member linked to no name is answered their campaign without a player.
    theirs = client_for(viewer).get("/api/v1/auth/me/campaigns/").json()
    assert [(c["id"], c["role"], c["player"]) for c in theirs] == [(crew.pk, "viewer", None)]


def test_between_games_my_seat_is_the_last_game_i_played(crew, editor):
    link(crew, "Chloe", editor)
    play(crew, 1)  # Chloe is eliminated
    seat = client_for(editor).get("/api/v1/auth/me/campaigns/").json()[0]["player"]["seat"]
    assert seat["game"] == 1 and seat["now"] is False and seat["result"] == "eliminated"


def test_my_campaigns_ask_who_i_am(crew):
    assert client_for().get("/api/v1/auth/me/campaigns/").status_code == 401


def test_a_scar_and_a_note_made_by_the_account_linked_to_ada_are_credited_to_ada(
    crew, editor, owner
):
    ada = link(crew, "Ada", editor)
    game = start_next_game(crew)
    client = client_for(editor)
    url = f"/api/v1/campaigns/{crew.pk}/games/{game.number}/"
    scar = {"scar": "bunker", "territory": "brazil", "player": ada.pk, "without_card": True}
    scar["reason"] = "Our event card"
    placed = client.post(url + "events/scar/", scar, format="json")
    assert placed.status_code == 201, placed.content[:300]
    note = client.post(url + "notes/", {"text": "Ada rolls sixes."}, format="json").json()
    credit = {"player": ada.pk, "name": "Ada"}
    assert note["credited_to"] == credit and note["author"] == "eve"
    listed = client_for(owner).get(url + "notes/").json()
    assert [n["credited_to"] for n in listed] == [credit]
    marks = client_for(owner).get(f"/api/v1/campaigns/{crew.pk}/marks/scars/").json()["results"]
    brazil = [m for m in marks if m["details"]["territory"] == "brazil"]
    assert [(m["entered_by"], m["credited_to"]) for m in brazil] == [(editor.pk, credit)]


def test_my_campaigns_cost_the_same_for_one_campaign_and_for_three(crew, editor):
    from campaigns import services

    link(crew, "Ada", editor)
    play(crew, 1)
    one = count_queries(client_for(editor), "/api/v1/auth/me/campaigns/")
    for name in ("Second Earth", "Third Earth"):
        more = services.create_campaign(owner=editor, name=name, players=["Ada", "Dora"])
        link(more, "Dora", editor)
    answer = client_for(editor).get("/api/v1/auth/me/campaigns/").json()
    assert [c["player"]["name"] for c in answer] == ["Dora", "Dora", "Ada"]
    assert count_queries(client_for(editor), "/api/v1/auth/me/campaigns/") == one
