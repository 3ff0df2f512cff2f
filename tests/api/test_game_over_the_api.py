"""A whole campaign recorded over HTTP, as a script at the table would: the world it shows
after each step, and the world as of an earlier game."""

from __future__ import annotations

import pytest

from tests.support.api import client_for
from tests.support.games import FACTIONS, give

pytestmark = pytest.mark.django_db


@pytest.fixture
def api(owner):
    return client_for(owner)


def territory(world: dict, slug: str) -> dict:
    return next(t for t in world["territories"] if t["slug"] == slug)


def test_a_full_game_recorded_over_the_api_shows_in_the_world(api):
    made = api.post(
        "/api/v1/campaigns/",
        {"name": "Table Two", "players": ["Ada", "Boris", "Chloe"]},
        format="json",
    )
    assert made.status_code == 201
    base = f"/api/v1/campaigns/{made.json()['id']}/"
    roster = {p["name"]: p["id"] for p in api.get(base + "players/").json()}
    ada, boris, chloe = roster["Ada"], roster["Boris"], roster["Chloe"]

    first = api.post(
        base + "first-game/",
        {
            "powers": {f: "a" for f in [*FACTIONS, "imperial-balkania", "saharan-republic"]},
            "random_coins": True,
            "seed": 7,
        },
        format="json",
    )
    assert first.status_code == 201 and sum(n - 1 for n in first.json()["coins"].values()) == 12
    legal = api.get(base + f"legal-starts/?player={ada}").json()["territories"]
    assert "egypt" in legal and len(legal) == 42

    setup = api.post(
        base + "games/",
        {
            "seats": [
                {"player": ada, "faction": FACTIONS[0], "hq": "egypt"},
                {"player": boris, "faction": FACTIONS[1], "hq": "japan"},
                {"player": chloe, "faction": FACTIONS[2], "hq": "peru"},
            ]
        },
        format="json",
    )
    assert setup.status_code == 201, setup.json()
    assert setup.json()["number"] == 1 and setup.json()["status"] == "setup"
    assert [s["red_stars"] for s in setup.json()["seats"]] == [1, 1, 1]
    assert api.post(base + "games/1/start/").json()["status"] == "in_progress"

    scar = api.post(
        base + "games/1/events/scar/",
        {"scar": "bunker", "territory": "brazil", "player": ada},
        format="json",
    )
    assert scar.status_code == 201 and scar.json()["event"]["kind"] == "scar-placed"
    # Nobody has signed yet, so nobody holds a missile in game 1.
    missiles = api.post(
        base + "games/1/events/missiles/", {"count": 3, "player": ada}, format="json"
    )
    assert missiles.status_code == 400 and missiles.json()["error"]["rule"] == "missiles-held"
    pile = api.post(
        base + "games/1/events/coin-pile-out/",
        {"territories": {str(ada): 15, str(boris): 12, str(chloe): 10}},
        format="json",
    )
    assert pile.json()["red_star_to"] == ada
    out = api.post(base + "games/1/events/elimination/", {"player": chloe}, format="json")
    assert out.status_code == 201
    assert api.get(base + "packets/").json()["to_open"] == ["pack-2"]
    opened = api.post(
        base + "packets/",
        {
            "packet": "pack-2",
            "unlocked": [{"kind": "rule", "title": "The fallen speak", "text": "Our words."}],
        },
        format="json",
    )
    assert opened.status_code == 201 and opened.json()["unlocked"][0]["title"] == "The fallen speak"

    finished = api.post(
        base + "games/1/finish/",
        {
            "results": {str(ada): "won", str(boris): "held_on", str(chloe): "eliminated"},
            "controlled": {str(boris): ["japan", "china"]},
            "winner_reward": {"kind": "major-city", "territory": "egypt", "name": "Cairo"},
            "held_on_rewards": {
                str(boris): {"kind": "minor-city", "territory": "japan", "name": "Edo"}
            },
            "slogan": "First blood",
        },
        format="json",
    )
    assert finished.status_code == 200, finished.json()
    body = finished.json()
    assert body["game"]["status"] == "finished" and body["game"]["revision"] == 1
    assert [e["kind"] for e in body["game"]["events"]] == [
        "scar-placed",
        "coin-pile-out",
        "eliminated",
        "packet-opened",
    ]
    assert [(r["kind"], r["player"]) for r in body["game"]["rewards"]] == [
        ("major-city", ada),
        ("minor-city", boris),
    ]
    assert body["packets_to_open"] == []

    world = api.get(base + "world/").json()
    assert territory(world, "egypt")["city"] == {
        "kind": "major",
        "name": "Cairo",
        "founder": ada,
        "population": 2,
        "fortified": False,
        "boxes_used": 0,
        "fortification_works": False,
    }
    assert territory(world, "japan")["city"]["kind"] == "minor"
    assert territory(world, "brazil")["scar"] == "bunker" and territory(world, "brazil")["marked"]
    assert world["signatures"] == [
        {
            "line": 1,
            "player": ada,
            "game": 1,
            "date": world["signatures"][0]["date"],
            "slogan": "First blood",
        }
    ]
    assert world["stock_left"]["major-cities"] == 4 and world["packets_opened"] == ["pack-2"]
    assert api.get(base + "winners/").json()["lines"][0]["name"] == "Ada"
    assert api.get(base + "standings/").json()["players"]["Ada"]["won"] == 1
    backs = {c["faction"]: c["lines"] for c in api.get(base + "faction-cards/").json()}
    assert backs["saharan-republic"] == [{"game": 1, "x": True}]
    # Ada founded Cairo, so Cairo is a legal start for her only.
    assert "egypt" in api.get(base + f"legal-starts/?player={ada}").json()["territories"]
    assert "egypt" not in api.get(base + f"legal-starts/?player={boris}").json()["territories"]

    amended = api.post(
        base + "games/1/amend/",
        {
            "revision": 1,
            "reason": "Boris actually won",
            "results": {str(ada): "held_on", str(boris): "won", str(chloe): "eliminated"},
            "controlled": {str(ada): ["egypt"]},
            "winner_reward": {"kind": "name-continent", "continent": "asia", "name": "Orient"},
            "held_on_rewards": {str(ada): {"kind": "upgrade-card", "territory": "egypt"}},
        },
        format="json",
    )
    assert amended.status_code == 200, amended.json()
    world = api.get(base + "world/").json()
    assert territory(world, "egypt")["city"] is None
    asia = next(c for c in world["continents"] if c["slug"] == "asia")
    assert asia["name"] == "Orient" and asia["namer"] == boris and asia["bonus"] == 7
    stale = api.post(
        base + "games/1/amend/",
        {"revision": 1, "reason": "again", "results": {str(ada): "won"}},
        format="json",
    )
    assert stale.status_code == 409 and stale.json()["error"]["rule"] == "stale-amendment"
    audit = api.get(base + "audit/?action=game-amended").json()
    assert audit["count"] == 1 and "Boris actually won" in audit["results"][0]["summary"]


def test_the_world_as_of_an_earlier_game(history, owner, players):
    api = client_for(owner)
    base = f"/api/v1/campaigns/{history.pk}/"
    api.post(
        base + "games/2/events/scar/",
        {"scar": "bunker", "territory": "brazil", "player": players["Ada"].pk},
        format="json",
    )
    api.post(base + "games/2/events/city-destroyed/", {"territory": "egypt"}, format="json")
    before_first = api.get(base + "world/?as_of_game=0").json()
    after_first = api.get(base + "world/?as_of_game=1").json()
    now = api.get(base + "world/").json()
    assert before_first["as_of_game"] == 0 and now["as_of_game"] is None
    assert territory(before_first, "egypt")["city"] is None
    assert territory(after_first, "egypt")["city"]["name"] == "Cairo"
    assert territory(now, "egypt")["city"] is None  # destroyed during game 2
    assert territory(after_first, "brazil")["scar"] is None
    assert territory(now, "brazil")["scar"] == "bunker"
    assert before_first["signatures"] == [] and len(after_first["signatures"]) == 1


def test_a_mark_is_corrected_with_a_reason_and_voided_without_deleting(history, editor, players):
    api = client_for(editor)
    base = f"/api/v1/campaigns/{history.pk}/marks/cities/"
    city = api.get(base + "?territory=egypt").json()["results"][0]
    no_reason = api.patch(f"{base}{city['id']}/", {"name": "Al-Qahira"}, format="json")
    assert no_reason.status_code == 400 and "reason" in no_reason.json()["error"]["fields"]
    wrong_field = api.patch(
        f"{base}{city['id']}/", {"reason": "x", "coins_after": 3}, format="json"
    )
    assert wrong_field.status_code == 400 and "coins_after" in wrong_field.json()["error"]["fields"]
    taken = api.patch(f"{base}{city['id']}/", {"reason": "x", "territory": "japan"}, format="json")
    assert taken.status_code == 400 and taken.json()["error"]["rule"] == "world"
    fixed = api.patch(
        f"{base}{city['id']}/", {"reason": "Misspelt", "name": "Al-Qahira"}, format="json"
    )
    assert fixed.status_code == 200
    assert fixed.json()["mark"]["details"]["name"] == "Al-Qahira"
    assert fixed.json()["correction"]["before"]["name"] == "Cairo"
    moved = api.patch(
        f"{base}{city['id']}/",
        {"reason": "Boris founded it", "placed_by": players["Boris"].pk},
        format="json",
    )
    assert moved.status_code == 200 and moved.json()["mark"]["placed_by"] == players["Boris"].pk
    foreign = api.patch(f"{base}{city['id']}/", {"reason": "x", "placed_by": 999999}, format="json")
    assert foreign.status_code == 400 and foreign.json()["error"]["rule"] == "unknown-player"
    unplayed = api.patch(
        f"{base}{city['id']}/", {"reason": "x", "placed_in_game": 40}, format="json"
    )
    assert unplayed.status_code == 400
    assert unplayed.json()["error"]["rule"] == "placed-in-a-real-game"
    voided = api.post(f"{base}{city['id']}/void/", {"reason": "Never founded"}, format="json")
    assert voided.status_code == 200 and voided.json()["mark"]["voided"] is True
    again = api.post(f"{base}{city['id']}/void/", {"reason": "twice"}, format="json")
    assert again.status_code == 409
    assert api.get(base + "?voided=true").json()["count"] == 1
    assert api.get(base + "?counting=true").json()["count"] == 1  # Edo is left
    world = api.get(f"/api/v1/campaigns/{history.pk}/world/").json()
    assert territory(world, "egypt")["city"] is None


def test_marks_are_filtered_by_game_and_territory(history, owner):
    api = client_for(owner)
    base = f"/api/v1/campaigns/{history.pk}/marks/"
    coins = api.get(base + "coin-stickers/?placed_in_game=0").json()
    assert coins["count"] == 12
    assert api.get(base + "coin-stickers/?placed_from=1").json()["count"] == 0
    assert api.get(base + "coin-stickers/?territory=alaska").json()["count"] == 2
    assert api.get(base + "signatures/?territory=alaska").json()["count"] == 0
    assert api.get(base + "faction-powers/?counting=false").json()["count"] == 5
    page = api.get(base + "coin-stickers/?limit=5&offset=10").json()
    assert len(page["results"]) == 2 and page["previous"]
    assert api.get(base + "cities/?as_of_game=0").json()["count"] == 0
    assert api.get(base + "teleporters/").status_code == 404
    bad = api.get(base + "cities/?placed_in_game=abc")
    assert bad.status_code == 400 and "placed_in_game" in bad.json()["error"]["fields"]


def test_the_recruitment_calculator_uses_the_campaigns_world(history, owner, players):
    api = client_for(owner)
    base = f"/api/v1/campaigns/{history.pk}/recruitment/"
    africa = "north-africa,egypt,east-africa,central-africa,south-africa,madagascar"
    ada = players["Ada"].pk
    # 6 territories + Cairo's 2 = 8 -> 2, so 3; plus Africa's 3.
    assert api.get(f"{base}?controlled={africa}&player={ada}").json() == {"troops": 6}
    assert api.get(f"{base}?controlled={africa}&player={ada}&trade_coins=4").json() == {
        "troops": 13
    }
    refused = api.get(f"{base}?controlled=egypt&trade_coins=11")
    assert refused.status_code == 400 and refused.json()["error"]["rule"] == "trade-chart"
    unknown = api.get(f"{base}?controlled=atlantis")
    assert unknown.status_code == 400 and "controlled" in unknown.json()["error"]["fields"]
    stranger = api.get(f"{base}?controlled=egypt&player=999999")
    assert stranger.status_code == 400 and "player" in stranger.json()["error"]["fields"]


def test_naming_the_world_waits_for_game_fifteen(history, owner):
    refused = client_for(owner).post(
        f"/api/v1/campaigns/{history.pk}/world/name/", {"name": "Pangaea"}, format="json"
    )
    assert refused.status_code == 409
    assert refused.json()["error"]["rule"] == "world-name-after-15"


def test_a_missile_entry_taken_back_over_the_api_takes_pocket_one_off_the_list(
    history, owner, players
):
    api = client_for(owner)
    base = f"/api/v1/campaigns/{history.pk}/"
    ada, boris = players["Ada"].pk, players["Boris"].pk
    game = history.games.get(number=2)
    give(game, players["Boris"], missiles=2)  # Ada holds the missile she signed for
    first = api.post(base + "games/2/events/missiles/", {"count": 1, "player": ada}, format="json")
    assert first.status_code == 201, first.json()
    seq = first.json()["event"]["seq"]
    second = api.post(
        base + "games/2/events/missiles/",
        {"count": 2, "player": boris, "roll": seq},
        format="json",
    )
    assert second.json()["packets_to_open"] == ["pack-2", "pocket-1"]  # Chloe fell in game 1
    assert "pocket-1" in api.get(base + "packets/").json()["to_open"]
    holdings = {h["player"]: h for h in api.get(base + "games/2/").json()["holdings"]}
    assert holdings[ada]["missiles"] == 0 and holdings[boris]["missiles"] == 0

    voided = api.post(
        base + f"games/2/events/{seq}/void/", {"reason": "Ada kept hers"}, format="json"
    )
    assert voided.status_code == 200, voided.json()
    assert voided.json()["event"]["voided"] and voided.json()["packets_to_open"] == ["pack-2"]
    assert "pocket-1" not in api.get(base + "packets/").json()["to_open"]
    detail = api.get(base + "games/2/").json()
    assert [e["voided"] for e in detail["events"]] == [True, False]
    assert {h["player"]: h["missiles"] for h in detail["holdings"]}[ada] == 1
    again = api.post(base + f"games/2/events/{seq}/void/", {"reason": "twice"}, format="json")
    assert again.status_code == 409 and again.json()["error"]["rule"] == "entry-void-once"
    unknown = api.post(base + "games/2/events/99/void/", {"reason": "none"}, format="json")
    assert unknown.status_code == 404 and unknown.json()["error"]["code"] == "not_found"
    assert unknown.json()["error"]["message"] == "Game 2 has no entry 99."


def test_a_scar_in_a_game_without_scar_cards_is_refused_over_the_api(history, owner, players):
    history.games.filter(number=2).update(scar_cards_dealt=False)
    response = client_for(owner).post(
        f"/api/v1/campaigns/{history.pk}/games/2/events/scar/",
        {"scar": "bunker", "territory": "brazil", "player": players["Ada"].pk},
        format="json",
    )
    assert response.status_code == 400
    assert response.json()["error"]["rule"] == "no-scar-cards-this-game"


def test_missiles_over_the_api_join_a_roll_only_when_it_is_named(history, owner, players):
    api = client_for(owner)
    base = f"/api/v1/campaigns/{history.pk}/games/2/events/missiles/"
    ada, boris = players["Ada"].pk, players["Boris"].pk
    give(history.games.get(number=2), players["Ada"], missiles=2)
    give(history.games.get(number=2), players["Boris"], missiles=3)
    first = api.post(base, {"count": 1, "player": ada}, format="json").json()
    apart = api.post(base, {"count": 1, "player": boris}, format="json").json()
    assert apart["event"]["data"]["roll"] == apart["event"]["seq"] != first["event"]["seq"]
    said = api.post(base, {"count": 1, "player": boris, "new_roll": True}, format="json").json()
    assert said["event"]["data"]["roll"] == said["event"]["seq"]
    assert "pocket-1" not in said["packets_to_open"]
    joined = api.post(
        base, {"count": 1, "player": boris, "roll": apart["event"]["seq"]}, format="json"
    )
    assert joined.status_code == 201, joined.json()
    assert joined.json()["event"]["data"]["roll"] == apart["event"]["seq"]
    assert "pocket-1" not in joined.json()["packets_to_open"]
    third = api.post(
        base, {"count": 1, "player": ada, "roll": apart["event"]["seq"]}, format="json"
    ).json()
    assert "pocket-1" in third["packets_to_open"]
    both = api.post(
        base,
        {"count": 1, "player": ada, "roll": first["event"]["seq"], "new_roll": True},
        format="json",
    )
    assert both.status_code == 400 and "new_roll" in both.json()["error"]["fields"]
