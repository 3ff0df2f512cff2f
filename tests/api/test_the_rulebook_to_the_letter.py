"""The rulebook to the letter, over the API: each test quotes the rulebook's line (the Russian
translation the group plays with) it follows."""

from __future__ import annotations

import pytest

from campaigns.game.draft import record_draft
from campaigns.models import GameEvent
from legacy.rules.draft import DraftPick
from tests.support.api import client_for

pytestmark = pytest.mark.django_db


def test_a_player_joining_the_war_places_half_of_what_their_seat_drafted(game, owner):
    """«Возьмите половину стартовых войск и разместите их в правовую начальную территорию. Но у
    вас не будет Штаба.» Half the 8 is 4; once the draft gives a seat 10 starting troops, that
    seat joins the war with 5."""
    ada = game.seats.get(player__name="Ada").player
    url = f"/api/v1/campaigns/{game.campaign_id}/legal-starts/"
    client = client_for(owner)
    before = client.get(url, {"player": ada.pk, "joining": "true"}).json()
    assert before["troops"] == 4
    seats = list(game.seats.order_by("order"))
    record_draft(
        game=game,
        picks={
            s.player_id: DraftPick(
                turn=n, placement=n, troops=10 if s.player_id == ada.pk else 8, coin_cards=0
            )
            for n, s in enumerate(seats, start=1)
        },
    )
    after = client.get(url, {"player": ada.pk, "joining": "true"}).json()
    assert after["troops"] == 5


def test_an_elimination_that_may_rejoin_with_no_legal_start_is_refused_in_both_languages(
    game, owner
):
    """«Вы можете вступить в войну при наличии правовых начальных территорий подходящих для
    вашего использования.» An entry saying the faction may rejoin and that no legal start is
    left contradicts itself: refused, named, and nothing is written."""
    ada = game.seats.get(player__name="Ada").player
    url = f"/api/v1/campaigns/{game.campaign_id}/games/1/events/elimination/"
    body = {"player": ada.pk, "can_rejoin": True, "no_legal_start": True}
    english = client_for(owner).post(url, body, format="json")
    assert english.status_code == 400
    assert english.json()["error"]["rule"] == "rejoin-with-no-start"
    assert "not both" in english.json()["error"]["fields"]["can_rejoin"][0]
    russian = client_for(owner).post(url, body, format="json", HTTP_ACCEPT_LANGUAGE="ru")
    assert "не оба сразу" in russian.json()["error"]["message"]
    assert not GameEvent.objects.filter(game=game).exists()
