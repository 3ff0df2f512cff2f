"""The rulebook to the letter, over the API: each test quotes the rulebook's line (the Russian
translation the group plays with) it follows."""

from __future__ import annotations

import pytest

from campaigns.game.draft import record_draft
from campaigns.models import GameEvent
from legacy.models import PacketOpening, Scar
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


def test_a_packet_earned_otherwise_by_its_name_alone_is_refused_and_nothing_is_written(
    prepared_campaign, owner
):
    """«Не открывайте их, пока вы не заработали право на это!» How the group earned it, in a
    few words: "Pocket 2" again, or "ok", says nothing."""
    url = f"/api/v1/campaigns/{prepared_campaign.pk}/packets/"
    for said in ("Pocket 2", "ok"):
        refused = client_for(owner).post(
            url, {"packet": "pocket-2", "earned_otherwise": said}, format="json"
        )
        assert refused.status_code == 400
        assert refused.json()["error"]["rule"] == "earned-otherwise-in-words"
        assert "earned_otherwise" in refused.json()["error"]["fields"]
    assert not PacketOpening.objects.filter(campaign=prepared_campaign).exists()


def test_a_scar_without_a_card_and_without_a_few_words_is_refused_and_nothing_is_written(
    game, owner
):
    """«Вы не можете покрыть существующий Шрам другим шрамом, если не указано иное.» A scar
    placed without its card says, in a few words, which rule places it."""
    url = f"/api/v1/campaigns/{game.campaign_id}/games/1/events/scar/"
    body = {"scar": "bunker", "territory": "brazil", "without_card": True, "reason": "x"}
    refused = client_for(owner).post(url, body, format="json")
    assert refused.status_code == 400
    assert refused.json()["error"]["rule"] == "scar-without-card-in-words"
    assert not Scar.objects.filter(campaign=game.campaign).exists()
    assert not GameEvent.objects.filter(game=game).exists()


def test_the_last_one_standing_wins_at_once_and_a_rejoin_after_it_is_refused_with_409(game, owner):
    """«Вы побеждаете сразу же ... если все остальные игроки выбывают.» Boris and Chloe are
    wiped out, both free to rejoin later: Ada wins at once, and nobody joins the war again."""
    ids = {s.player.name: s.player_id for s in game.seats.select_related("player")}
    client = client_for(owner)
    base = f"/api/v1/campaigns/{game.campaign_id}/games/1/"
    for name in ("Boris", "Chloe"):
        out = client.post(
            base + "events/elimination/", {"player": ids[name], "can_rejoin": True}, format="json"
        )
        assert out.status_code == 201, out.json()
    logged = {e["player"]: e["result"] for e in client.get(base).json()["results_from_log"]}
    assert logged == {ids["Ada"]: "won", ids["Boris"]: "eliminated", ids["Chloe"]: "eliminated"}
    rejoin = {"player": ids["Boris"], "territory": "india"}
    refused = client.post(base + "events/rejoin/", rejoin, format="json")
    assert refused.status_code == 409
    assert refused.json()["error"]["rule"] == "rejoin-after-last-standing"
    russian = client.post(base + "events/rejoin/", rejoin, format="json", HTTP_ACCEPT_LANGUAGE="ru")
    assert "последняя оставшаяся фракция" in russian.json()["error"]["message"]
    assert not GameEvent.objects.filter(game=game, kind="rejoined").exists()
