"""The questions the history answers: which factions have won, how often, and on which continent
each started, as of any game, on a page and over the API. Test data is invented."""

from __future__ import annotations

import pytest
from django.urls import reverse

from campaigns.models import Seat
from campaigns.selectors.faction_past import faction_past
from tests.support.api import client_for as api_client_for
from tests.support.games import play
from tests.support.pages import client_for

pytestmark = pytest.mark.django_db


@pytest.fixture
def two_won_by_ada(prepared_campaign):
    """Ada wins games 1 and 2, starting in Egypt both times; Chloe is eliminated in both."""
    return play(prepared_campaign, 2)


def adas_faction(campaign) -> str:
    return Seat.objects.get(game__campaign=campaign, game__number=1, player__name="Ada").faction


def test_adas_faction_won_twice_both_times_from_africa(two_won_by_ada):
    past = {p.faction: p for p in faction_past(two_won_by_ada.pk)}
    ada = past[adas_faction(two_won_by_ada)]
    assert (ada.played, ada.wins, ada.won_in) == (2, 2, [1, 2])
    assert ada.continents == {"africa": 2} and ada.won_from == {"africa": 2}
    assert faction_past(two_won_by_ada.pk)[0].faction == ada.faction  # most wins first
    others = [p for p in past.values() if p.faction != ada.faction]
    assert others and all(p.wins == 0 for p in others)


def test_as_of_game_1_the_faction_had_won_once(two_won_by_ada):
    past = {p.faction: p for p in faction_past(two_won_by_ada.pk, 1)}
    assert past[adas_faction(two_won_by_ada)].won_in == [1]


def test_the_page_answers_in_both_languages(two_won_by_ada, viewer):
    address = reverse("campaigns:faction_past", args=[two_won_by_ada.pk])
    english = client_for(viewer, "en").get(address).content.decode()
    assert "2 wins in 2 games" in english and "Africa (2)" in english
    as_of_1 = client_for(viewer, "en").get(address + "?game=1").content.decode()
    assert "1 win in 1 games" in as_of_1
    russian = client_for(viewer, "ru").get(address).content.decode()
    assert "2 победы в 2 партиях" in russian


def test_the_api_answers_as_of_any_game(two_won_by_ada, viewer):
    client = api_client_for(viewer)
    address = f"/api/v1/campaigns/{two_won_by_ada.pk}/factions/past/"
    first = client.get(address).json()[0]
    assert first["faction"] == adas_faction(two_won_by_ada)
    assert (first["wins"], first["won_in"], first["continents"]) == (2, [1, 2], {"africa": 2})
    assert client.get(address + "?as_of_game=1").json()[0]["won_in"] == [1]
    assert client.get(address + "?as_of_game=9").status_code == 404
    assert client.get(address + "?as_of_game=x").status_code == 400
