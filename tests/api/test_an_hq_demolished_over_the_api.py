"""An HQ demolished over the API: its route is made from its entry, it counts for nobody, and a
second demolition is refused (409) without writing anything."""

from __future__ import annotations

import pytest

from tests.support.api import client_for

pytestmark = pytest.mark.django_db


def test_an_hq_demolished_over_the_api_counts_for_nobody(game, trio, owner):
    ada, boris, _chloe = trio
    api = client_for(owner)
    base = f"/api/v1/campaigns/{game.campaign_id}/games/1/"
    sent = api.post(base + "events/hq-demolished/", {"hq_of": boris.pk, "player": ada.pk}, "json")
    assert sent.status_code == 201, sent.json()
    assert sent.json()["event"]["kind"] == "hq-demolished"
    holdings = {h["player"]: h for h in api.get(base).json()["holdings"]}
    assert (holdings[boris.pk]["hqs"], holdings[boris.pk]["red_stars_counted"]) == (0, 1)
    again = api.post(base + "events/hq-demolished/", {"hq_of": boris.pk}, "json")
    assert again.status_code == 409 and again.json()["error"]["rule"] == "hq-demolished"
    assert game.events.count() == 1


def test_an_hq_demolished_names_whose_hq_it_is(game, owner):
    api = client_for(owner)
    base = f"/api/v1/campaigns/{game.campaign_id}/games/1/"
    sent = api.post(base + "events/hq-demolished/", {}, "json")
    assert sent.status_code == 400 and "hq_of" in str(sent.json())
    assert not game.events.exists()


def test_a_red_star_on_the_board_over_the_api(game, trio, owner):
    ada, boris, _chloe = trio
    api = client_for(owner)
    base = f"/api/v1/campaigns/{game.campaign_id}/games/1/"
    gained = api.post(base + "events/board-red-star/", {"player": ada.pk}, "json")
    assert gained.status_code == 201, gained.json()
    taken = api.post(
        base + "events/board-red-star/", {"player": boris.pk, "from_player": ada.pk}, "json"
    )
    assert taken.status_code == 201
    holdings = {h["player"]: h for h in api.get(base).json()["holdings"]}
    assert (holdings[ada.pk]["board_stars"], holdings[boris.pk]["board_stars"]) == (0, 1)
    assert holdings[boris.pk]["red_stars_counted"] == 3
    nobody = api.post(base + "events/board-red-star/", {}, "json")
    assert nobody.status_code == 400 and nobody.json()["error"]["rule"] == "board-star-nobody"
    assert game.events.count() == 2
