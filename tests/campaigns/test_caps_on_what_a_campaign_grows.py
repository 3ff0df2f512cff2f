"""Caps on what a campaign grows, set by the installation: territories a packet adds,
territories one is joined to, notes of a game and their length. Each is refused with a
sentence in the reader's language, and nothing is written."""

from __future__ import annotations

import pytest
from django.test import override_settings

from bench.long import extend_with_games
from campaigns.board import add_connection, add_territory
from campaigns.game.notes import add_note
from campaigns.models import GameNote
from legacy.errors import RuleViolation
from legacy.models import AddedConnection, AddedTerritory
from tests.support.api import client_for as api_client_for
from tests.support.games import play

pytestmark = pytest.mark.django_db


@pytest.fixture
def seven_games(prepared_campaign):
    play(prepared_campaign, 2)
    extend_with_games(prepared_campaign.pk, 7)
    return prepared_campaign


def added(campaign, name, joined, owner):
    return add_territory(
        campaign=campaign, game=7, name=name, continent="africa", connections=joined, by=owner
    )


@override_settings(EARTHBOOK_ADDED_TERRITORIES_MAX=2)
def test_a_third_added_territory_is_refused_when_the_cap_is_two(seven_games, owner):
    added(seven_games, "Atlantis", ["brazil"], owner)
    added(seven_games, "Lemuria", ["madagascar"], owner)
    with pytest.raises(RuleViolation) as refused:
        added(seven_games, "Mu", ["peru"], owner)
    assert refused.value.rule == "added-territories-cap"
    assert str(refused.value) == "A campaign adds at most 2 territories to the board."
    assert AddedTerritory.objects.filter(campaign=seven_games).count() == 2


@override_settings(EARTHBOOK_CONNECTIONS_PER_TERRITORY_MAX=7)
def test_a_territory_joined_to_more_than_the_cap_is_refused(seven_games, owner):
    # Egypt is joined to 4 territories on the box's board; three more make 7, a fourth 8.
    added(seven_games, "Atlantis", ["egypt", "brazil"], owner)
    added(seven_games, "Lemuria", ["egypt"], owner)
    add_connection(campaign=seven_games, game=7, a="egypt", b="peru", by=owner)
    with pytest.raises(RuleViolation) as refused:
        add_connection(campaign=seven_games, game=7, a="egypt", b="alaska", by=owner)
    assert refused.value.rule == "connections-cap"
    assert str(refused.value) == "Egypt may be joined to at most 7 territories."
    with pytest.raises(RuleViolation, match="Mu may be joined to at most 7"):
        many = ["brazil", "peru", "argentina", "venezuela", "india", "china", "japan", "ural"]
        added(seven_games, "Mu", many, owner)
    assert AddedConnection.objects.filter(campaign=seven_games).count() == 4  # no more
    assert not AddedTerritory.objects.filter(campaign=seven_games, name="Mu").exists()


@override_settings(EARTHBOOK_NOTES_PER_GAME_MAX=2)
def test_a_third_note_of_a_game_is_refused_in_the_readers_language(prepared_campaign, owner):
    game = play(prepared_campaign, 1).games.get(number=1)
    add_note(game=game, text="One.", by=owner)
    add_note(game=game, text="Two.", by=owner)
    base = f"/api/v1/campaigns/{prepared_campaign.pk}/games/1/notes/"
    refused = api_client_for(owner).post(base, {"text": "Three."}, content_type="application/json")
    assert refused.status_code == 409 or refused.status_code == 400
    assert refused.json()["error"]["rule"] == "notes-cap"
    russian = api_client_for(owner).post(
        base, {"text": "Три."}, content_type="application/json", HTTP_ACCEPT_LANGUAGE="ru"
    )
    assert "не больше 2 заметок" in russian.json()["error"]["message"]
    assert GameNote.objects.filter(game=game).count() == 2


@override_settings(EARTHBOOK_NOTE_MAX_CHARACTERS=10)
def test_a_note_longer_than_the_setting_is_refused(prepared_campaign, owner):
    game = play(prepared_campaign, 1).games.get(number=1)
    with pytest.raises(RuleViolation, match="up to 10 characters"):
        add_note(game=game, text="Eleven long", by=owner)
    assert not GameNote.objects.filter(game=game).exists()
