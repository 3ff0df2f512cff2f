"""The end-of-game page starts from what the log says and refuses an end that contradicts it."""

from __future__ import annotations

import pytest
from django.db.models import F
from django.test import Client

from campaigns.game.table import eliminate_faction
from campaigns.models import Campaign, Game, GameStatus
from legacy.box import Stock
from legacy.models import City, StockAllowance
from tests.support.pages import finish_data

pytestmark = pytest.mark.django_db


def finish_url(game):
    return f"/c/{game.campaign_id}/games/{game.number}/finish/"


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
        "The log says Chloe ends the game eliminated: eliminated for good at entry "
        f"{out.seq}." in response.content.decode()
    )
    assert Game.objects.get().status == GameStatus.IN_PROGRESS and not City.objects.exists()


def test_the_refusal_says_the_rule_in_russian_only(game, players, owner):
    chloe = players["Chloe"].pk
    out = eliminate_faction(game=game, player=chloe, can_rejoin=True).event
    client = Client(HTTP_ACCEPT_LANGUAGE="ru")
    client.force_login(owner)
    assert f"Выбита (запись {out.seq})" in client.get(finish_url(game)).content.decode()
    response = client.post(finish_url(game), finish_data(players, **{f"result_{chloe}": "held_on"}))
    page = response.content.decode()
    assert (
        f"Chloe заканчивает игру выбыванием: уничтожение без возвращения в войну, запись {out.seq}"
        in page
    )
    assert "did not rejoin" not in page


# --- Rewards for holding on -----------------------------------------------------------------------


def empty_stock(campaign, *stocks):
    StockAllowance.objects.filter(campaign=campaign, stock__in=stocks).update(quantity=0)
    Campaign.objects.filter(pk=campaign.pk).update(world_version=F("world_version") + 1)


def test_a_held_on_player_with_a_legal_reward_cannot_take_no_reward_on_the_page(
    game, players, as_owner
):
    boris = players["Boris"].pk
    form = as_owner.get(finish_url(game)).context["form"]
    assert "No reward" not in [str(label) for _, label in form.fields[f"h{boris}_kind"].choices]
    response = as_owner.post(finish_url(game), finish_data(players, **{f"h{boris}_kind": ""}))
    assert "Boris held on and chooses one reward while one is legal" in response.content.decode()
    assert Game.objects.get().status == GameStatus.IN_PROGRESS and not City.objects.exists()


def test_nothing_eligible_is_accepted_and_the_page_says_why(game, players, as_owner):
    boris = players["Boris"].pk
    response = as_owner.post(
        finish_url(game), finish_data(players, **{f"h{boris}_kind": "none"}), follow=True
    )
    page = response.content.decode()
    assert "Boris held on and gets no reward: they controlled nothing a reward could go on." in page
    assert City.objects.get().name == "Cairo"


def test_with_the_stocks_empty_no_reward_is_offered_and_the_page_says_which_ran_out(
    game, players, as_owner
):
    empty_stock(game.campaign, Stock.MINOR_CITIES, Stock.HELD_ON_COINS)
    boris = players["Boris"].pk
    page = as_owner.get(finish_url(game)).content.decode()
    assert "All minor city and coin stickers are used." in page
    response = as_owner.post(
        finish_url(game), finish_data(players, **{f"h{boris}_kind": ""}), follow=True
    )
    assert (
        "Boris held on and gets no reward: all minor city and coin stickers are used."
        in response.content.decode()
    )


def test_the_house_rule_on_the_settings_page_ends_held_on_rewards_with_either_stock(
    game, players, as_owner
):
    empty_stock(game.campaign, Stock.HELD_ON_COINS)
    settings_page = f"/c/{game.campaign_id}/settings/"
    assert "Held-on rewards end for everyone once either stock is empty" in (
        as_owner.get(settings_page).content.decode()
    )
    kinds = as_owner.get(finish_url(game)).context["form"].held_kinds
    assert kinds == ["minor-city"]
    response = as_owner.post(settings_page + "house-rules/", {"held_on_rewards_end_together": "on"})
    assert response.status_code == 302
    game.campaign.refresh_from_db()
    assert game.campaign.held_on_rewards_end_together
    page = as_owner.get(finish_url(game)).content.decode()
    assert (
        "The coin stickers are all used, and in this campaign held-on rewards end when either "
        "stock runs out." in page
    )


def test_the_settings_page_speaks_russian_about_the_house_rule(game, owner):
    client = Client(HTTP_ACCEPT_LANGUAGE="ru")
    client.force_login(owner)
    page = client.get(f"/c/{game.campaign_id}/settings/").content.decode()
    assert "Правила группы" in page and "Награды выстоявшим заканчиваются" in page
