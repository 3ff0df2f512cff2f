"""The rulebook to the letter, where the campaign's services read it: each test quotes the
rulebook's line (the Russian translation the group plays with) it follows."""

from __future__ import annotations

import pytest

from campaigns.board import add_territory
from campaigns.game.finish import finish_game
from legacy.models import CoinSticker
from legacy.selectors import world_as_of

pytestmark = pytest.mark.django_db


def people(campaign):
    found = {p.name: p for p in campaign.players.all()}
    return found["Ada"], found["Boris"], found["Chloe"]


def test_a_coin_on_an_added_two_coin_territory_makes_three(game, owner):
    """«Добавьте одну наклейку ресурса на него. В будущих играх, достоинство карты будет
    больше.» A held-on coin adds one to what the card is worth: a card a packet added with two
    printed coins is worth three with it, not two."""
    add_territory(
        campaign=game.campaign,
        game=1,
        name="Quillowmere",
        continent="africa",
        connections=["madagascar"],
        coins=2,
        by=owner,
    )
    ada, boris, chloe = people(game.campaign)
    finish_game(
        game=game,
        results={ada.pk: "won", boris.pk: "held_on", chloe.pk: "eliminated"},
        controlled={boris.pk: ["quillowmere"]},
        winner_reward={"kind": "destroy-card", "territory": "china"},
        held_on_rewards={boris.pk: {"kind": "upgrade-card", "territory": "quillowmere"}},
    )
    assert world_as_of(game.campaign_id, 1).territories["quillowmere"].coins == 3
    sticker = CoinSticker.objects.get(campaign=game.campaign, territory="quillowmere")
    assert sticker.coins_after == 3
