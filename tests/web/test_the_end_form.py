"""The end-of-game page starts from what the log says and refuses an end that contradicts it."""

from __future__ import annotations

import pytest
from django.test import Client

from campaigns.game.table import eliminate_faction
from campaigns.models import Game, GameStatus
from legacy.models import City
from tests.web.conftest import start_next_game

pytestmark = pytest.mark.django_db


@pytest.fixture
def game(prepared_campaign):
    return start_next_game(prepared_campaign)


def finish_url(game):
    return f"/c/{game.campaign_id}/games/{game.number}/finish/"


def finish_data(players, **extra):
    ada, boris, chloe = (players[n].pk for n in ("Ada", "Boris", "Chloe"))
    data = {
        f"result_{ada}": "won",
        f"result_{boris}": "held_on",
        f"result_{chloe}": "eliminated",
        "winner_kind": "major-city",
        "w_major-city_target": "egypt",
        "w_major-city_name": "Cairo",
        f"h{boris}_kind": "minor-city",
        f"h{boris}_minor-city_target": "japan",
        f"h{boris}_name": "Edo",
    }
    data.update(extra)
    return data


def test_the_end_form_preselects_eliminated_for_a_seat_wiped_out_and_not_back(
    game, players, as_owner
):
    chloe = players["Chloe"].pk
    out = eliminate_faction(game=game, player=chloe, can_rejoin=True).event
    response = as_owner.get(finish_url(game))
    assert response.context["form"].initial[f"result_{chloe}"] == "eliminated"
    assert f"result_{players['Ada'].pk}" not in response.context["form"].initial
    page = response.content.decode()
    assert f"Wiped out (entry {out.seq}) and did not rejoin: the log says eliminated." in page
    assert [r["seat"].player.name for r in response.context["held_rows"]] == ["Ada", "Boris"]


def test_the_end_form_refuses_held_on_for_a_seat_eliminated_for_good(game, players, as_owner):
    chloe = players["Chloe"].pk
    out = eliminate_faction(game=game, player=chloe, can_rejoin=False).event
    response = as_owner.post(
        finish_url(game), finish_data(players, **{f"result_{chloe}": "held_on"})
    )
    assert response.status_code == 200
    assert (
        f"Chloe was eliminated (entry {out.seq}): Chloe ends the game eliminated."
        in response.content.decode()
    )
    assert Game.objects.get().status == GameStatus.IN_PROGRESS and not City.objects.exists()


def test_the_refusal_leads_with_the_rule_in_russian(game, players, owner):
    chloe = players["Chloe"].pk
    out = eliminate_faction(game=game, player=chloe, can_rejoin=True).event
    client = Client(HTTP_ACCEPT_LANGUAGE="ru")
    client.force_login(owner)
    assert f"Выбита (запись {out.seq})" in client.get(finish_url(game)).content.decode()
    response = client.post(finish_url(game), finish_data(players, **{f"result_{chloe}": "held_on"}))
    page = response.content.decode()
    assert "Фракция, выбывшая" in page and "did not rejoin" in page
