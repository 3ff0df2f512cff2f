"""The decisive facts on the game page's quick log and the end form: an HQ taken, a faction
with no legal start, a World Capital founded during the game, the winner the log names, and the
house rule for groups that read the World Capital as a start."""

from __future__ import annotations

import pytest

from campaigns.game.packets import open_packet
from campaigns.game.table import eliminate_faction, take_hq
from campaigns.models import Campaign, EventKind, GameEvent
from legacy.models import City
from tests.support.games import EARNED_ANOTHER_WAY, start
from tests.support.pages import url

pytestmark = pytest.mark.django_db


def log_form(response, kind: str):
    forms = response.context["log_forms"]
    return forms[[f["kind"] for f in forms].index(kind)]["form"]


def test_an_hq_taken_is_entered_from_the_quick_log_and_counts_as_a_red_star(
    game, players, as_owner
):
    ada, boris = players["Ada"].pk, players["Boris"].pk
    log = url(game.campaign, "games/1/log/")
    as_owner.post(log + "hq-taken/", {"hqtaken-player": ada, "hqtaken-hq_of": boris})
    assert list(GameEvent.objects.values_list("kind", "data")) == [
        (EventKind.HQ_TAKEN, {"hq_of": boris, "territory": "japan"})
    ]
    page = as_owner.get(url(game.campaign, "games/1/"))
    seats = {s.player.name: s.holding_words for s in page.context["seats"]}
    assert seats["Ada"].startswith("3 red stars, 2 HQs") and seats["Boris"].startswith("1 red")
    events = [e.text for e in page.context["shown_events"]]
    assert events == ["Ada takes the HQ of Boris in Japan"]


def test_an_eliminated_faction_is_refused_on_the_page_in_a_sentence_and_nothing_is_written(
    game, players, as_owner
):
    chloe = players["Chloe"].pk
    eliminate_faction(game=game, player=chloe, can_rejoin=False)
    log = url(game.campaign, "games/1/log/")
    response = as_owner.post(
        log + "recruitment/", {"recruitment-player": chloe, "recruitment-troops": 35}
    )
    errors = " ".join(log_form(response, "recruitment").non_field_errors())
    assert "Chloe was eliminated from this game" in errors
    assert not GameEvent.objects.filter(kind=EventKind.RECRUITMENT).exists()


def test_no_legal_start_is_entered_from_the_quick_log(game, players, as_owner):
    chloe = players["Chloe"].pk
    log = url(game.campaign, "games/1/log/")
    as_owner.post(log + "eliminated/", {"eliminated-player": chloe, "eliminated-can_rejoin": "on"})
    as_owner.post(
        log + "eliminated/", {"eliminated-player": chloe, "eliminated-no_legal_start": "on"}
    )
    last = GameEvent.objects.order_by("-seq").first()
    assert last.data == {"can_rejoin": False, "no_legal_start": True}
    page = as_owner.get(url(game.campaign, "games/1/"))
    assert "Chloe (Enclave of the Bear) is eliminated: no legal start is left" in [
        e.text for e in page.context["shown_events"]
    ]


def test_a_world_capital_is_founded_from_the_quick_log_once_a_packet_allows_it(
    prepared_campaign, players, as_owner
):
    game = start(prepared_campaign, players)
    page = as_owner.get(url(prepared_campaign, "games/1/"))
    assert "capital-founded" not in [f["kind"] for f in page.context["log_forms"]]
    open_packet(
        campaign=prepared_campaign,
        packet="pack-3",
        unlocked=[{"kind": "world-capital", "title": "Capitals"}],
        earned_otherwise=EARNED_ANOTHER_WAY,
    )
    log = url(prepared_campaign, "games/1/log/")
    as_owner.post(
        log + "capital-founded/",
        {
            "capital-territory": "india",
            "capital-name": "Nova",
            "capital-player": players["Ada"].pk,
        },
    )
    city = City.objects.get(campaign=prepared_campaign)
    assert (city.territory, city.kind, city.placed_in_game) == ("india", "capital", game.number)


def test_the_end_form_preselects_the_winner_of_the_war(game, players, as_owner):
    ada, boris, chloe = (players[n].pk for n in ("Ada", "Boris", "Chloe"))
    take_hq(game=game, player=ada, hq_of=boris)
    won = take_hq(game=game, player=ada, hq_of=chloe).event
    response = as_owner.get(f"/c/{game.campaign_id}/games/1/finish/")
    assert response.context["form"].initial[f"result_{ada}"] == "won"
    assert f"Won the war (entry {won.seq}): the log says won." in response.content.decode()


def test_the_world_capital_start_is_a_house_rule_on_the_settings_page(campaign, as_owner):
    page = as_owner.get(url(campaign, "settings/"))
    assert "world_capital_is_a_start" in page.context["rules_form"].fields
    as_owner.post(url(campaign, "settings/house-rules/"), {"world_capital_is_a_start": "on"})
    assert Campaign.objects.get(pk=campaign.pk).world_capital_is_a_start


def test_the_game_page_says_who_won_the_war_until_the_end_is_entered(game, players, as_owner):
    ada, boris, chloe = (players[n].pk for n in ("Ada", "Boris", "Chloe"))
    page = as_owner.get(url(game.campaign, "games/1/"))
    assert page.context["war_won"] == ""
    take_hq(game=game, player=ada, hq_of=boris)
    won = take_hq(game=game, player=ada, hq_of=chloe).event
    page = as_owner.get(url(game.campaign, "games/1/")).content.decode()
    assert f"Ada has 4 red stars (entry {won.seq}) and wins the game" in page


def test_the_end_form_preselects_the_last_one_standing_as_for_a_red_star_win(
    game, players, as_owner
):
    ada, boris, chloe = (players[n].pk for n in ("Ada", "Boris", "Chloe"))
    eliminate_faction(game=game, player=ada, can_rejoin=True)
    won = eliminate_faction(game=game, player=chloe, can_rejoin=True).event
    page = as_owner.get(url(game.campaign, "games/1/")).content.decode()
    assert f"Boris is the last faction standing (entry {won.seq}) and wins the game" in page
    response = as_owner.get(f"/c/{game.campaign_id}/games/1/finish/")
    assert response.context["form"].initial[f"result_{boris}"] == "won"
    assert response.context["form"].initial[f"result_{ada}"] == "eliminated"
    assert f"Won the war (entry {won.seq}): the log says won." in response.content.decode()
