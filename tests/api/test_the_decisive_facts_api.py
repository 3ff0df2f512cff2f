"""A game played over the API to its decisive facts: HQs taken count as red stars, a faction
with no legal start is eliminated (and Pack 2 is due at once), a World Capital is founded
during the game (Pack 4 due, as this group's trigger), and the fourth red star wins."""

from __future__ import annotations

import pytest

from tests.support.api import client_for
from tests.support.games import EARNED_ANOTHER_WAY, FACTIONS

pytestmark = pytest.mark.django_db


def test_a_game_decided_by_red_stars_over_the_api(owner):
    api = client_for(owner)
    made = api.post(
        "/api/v1/campaigns/", {"name": "Decided", "players": ["Ada", "Boris", "Chloe"]}, "json"
    )
    base = f"/api/v1/campaigns/{made.json()['id']}/"
    roster = {p["name"]: p["id"] for p in api.get(base + "players/").json()}
    ada, boris, chloe = roster["Ada"], roster["Boris"], roster["Chloe"]
    powers = {f: "a" for f in [*FACTIONS, "imperial-balkania", "saharan-republic"]}
    first = api.post(base + "first-game/", {"powers": powers, "random_coins": True}, "json")
    assert first.status_code == 201
    opened = api.post(
        base + "packets/",
        {
            "packet": "pack-3",
            "unlocked": [{"kind": "world-capital", "title": "Capitals", "opens_pack_4": True}],
            "earned_otherwise": EARNED_ANOTHER_WAY,
        },
        "json",
    )
    assert opened.status_code == 201, opened.json()
    seats = [
        {"player": ada, "faction": FACTIONS[0], "hq": "egypt"},
        {"player": boris, "faction": FACTIONS[1], "hq": "japan"},
        {"player": chloe, "faction": FACTIONS[2], "hq": "peru"},
    ]
    assert api.post(base + "games/", {"seats": seats}, "json").status_code == 201
    assert api.post(base + "games/1/start/").status_code == 200
    events = base + "games/1/events/"

    def holdings() -> dict[int, dict]:
        return {h["player"]: h for h in api.get(base + "games/1/").json()["holdings"]}

    assert {p: h["red_stars_counted"] for p, h in holdings().items()} == {
        ada: 2,
        boris: 2,
        chloe: 2,
    }

    # Boris takes Chloe's HQ: its red star is his now.
    taken = api.post(events + "hq-taken/", {"player": boris, "hq_of": chloe}, "json")
    assert taken.status_code == 201 and taken.json()["event"]["kind"] == "hq-taken"
    assert holdings()[boris]["hqs"] == 2 and holdings()[boris]["red_stars_counted"] == 3
    assert holdings()[chloe]["red_stars_counted"] == 1
    again = api.post(events + "hq-taken/", {"player": boris, "hq_of": chloe}, "json")
    assert again.status_code == 400 and again.json()["error"]["rule"] == "hq-held-already"

    # Chloe is wiped out; out means out; she finds no legal start and is eliminated.
    wiped = api.post(events + "elimination/", {"player": chloe, "can_rejoin": True}, "json")
    assert wiped.status_code == 201 and "pack-2" not in wiped.json()["packets_to_open"]
    recruits = api.post(events + "recruitment/", {"player": chloe, "troops": 35}, "json")
    assert recruits.status_code == 409 and recruits.json()["error"]["rule"] == "out-of-the-war"
    everywhere = ",".join(t["slug"] for t in api.get("/api/v1/board/").json()["territories"])
    starts = api.get(
        base + "legal-starts/", {"player": chloe, "joining": "true", "occupied": everywhere}
    )
    assert starts.json()["eliminated"] is True
    out = api.post(
        events + "elimination/", {"player": chloe, "no_legal_start": True}, "json"
    ).json()
    assert out["event"]["data"]["no_legal_start"] is True and "pack-2" in out["packets_to_open"]
    assert holdings()[chloe]["out_for_good"]

    # Ada founds a World Capital during the game: on the board at once, and Pack 4 is due.
    capital = api.post(
        events + "capital-founded/", {"territory": "india", "name": "Nova", "player": ada}, "json"
    )
    assert capital.status_code == 201, capital.json()
    assert "pack-4" in capital.json()["packets_to_open"]
    india = next(t for t in api.get(base + "world/").json()["territories"] if t["slug"] == "india")
    assert india["city"]["kind"] == "capital" and india["city"]["population"] == 5
    second = api.post(events + "capital-founded/", {"territory": "china", "name": "Vela"}, "json")
    assert second.status_code == 409 and second.json()["error"]["rule"] == "world-capitals-allowed"
    # The rulebook: a World Capital is no legal start for its founder, unless the group says so.
    assert "india" not in api.get(base + f"legal-starts/?player={ada}").json()["territories"]
    setting = api.patch(base, {"world_capital_is_a_start": True}, "json")
    assert setting.status_code == 200 and setting.json()["world_capital_is_a_start"] is True
    assert "india" in api.get(base + f"legal-starts/?player={ada}").json()["territories"]

    # Boris buys his fourth red star: he wins at once, and the war is over.
    fourth = api.post(events + "red-star/", {"player": boris}, "json")
    assert fourth.status_code == 201
    logged = {e["player"]: e for e in api.get(base + "games/1/").json()["results_from_log"]}
    assert logged[boris]["result"] == "won" and logged[chloe]["result"] == "eliminated"
    late = api.post(events + "red-star/", {"player": ada}, "json")
    assert late.status_code == 409 and late.json()["error"]["rule"] == "war-over"

    ending = {
        "results": {str(ada): "won", str(boris): "held_on", str(chloe): "eliminated"},
        "controlled": {str(boris): ["japan"]},
        "winner_reward": {"kind": "major-city", "territory": "egypt", "name": "Cairo"},
        "held_on_rewards": {
            str(boris): {"kind": "minor-city", "territory": "japan", "name": "Edo"}
        },
    }
    wrong = api.post(base + "games/1/finish/", ending, "json")
    assert wrong.status_code == 400 and wrong.json()["error"]["rule"] == "war-won"
    ending = {
        "results": {str(ada): "held_on", str(boris): "won", str(chloe): "eliminated"},
        "controlled": {str(ada): ["egypt"]},
        "winner_reward": {"kind": "major-city", "territory": "japan", "name": "Edo"},
        "held_on_rewards": {str(ada): {"kind": "minor-city", "territory": "egypt", "name": "Giza"}},
    }
    finished = api.post(base + "games/1/finish/", ending, "json")
    assert finished.status_code == 200, finished.json()
    assert api.get(base + "winners/").json()["lines"][0]["name"] == "Boris"
