"""Bringing a campaign in over the API: POST /campaigns/ with brought_in_games, then
POST .../bring-in/ with any part (games, marks, packets, stickers), GET what is in so far, and
POST .../bring-in/done/. A refusal is one 400 naming every problem by its place, and keeps
nothing."""

from __future__ import annotations

import pytest

from campaigns.models import Game
from legacy.models import City, CoinSticker, FactionPower, PacketOpening
from tests.support.api import assert_error, client_for

pytestmark = pytest.mark.django_db

ROSTER = ["Ada", "Boris", "Chloe", "Dmitri", "Esme"]
THREE_GAMES = [
    {"number": 1, "winner": "Ada", "faction": "khan-industries"},
    {"number": 2, "winner": "Ada", "faction": "khan-industries"},
    {
        "number": 3,
        "winner": "Boris",
        "faction": "die-mechaniker",
        "results": [{"player": "Chloe", "faction": "enclave-of-the-bear", "result": "held_on"}],
    },
]
NINE_TOWNS = ["egypt", "peru", "japan", "china", "india", "brazil", "ural", "siberia", "alaska"]


@pytest.fixture
def api(owner):
    return client_for(owner)


@pytest.fixture
def address(api) -> str:
    made = api.post(
        "/api/v1/campaigns/",
        {"name": "Old Earth", "players": ROSTER, "brought_in_games": 3},
        "json",
    )
    assert made.status_code == 201, made.json()
    assert made.json()["brought_in_games"] == 3 and made.json()["bringing_in"] is True
    return f"/api/v1/campaigns/{made.json()['id']}/bring-in/"


def refused(response) -> dict[str, list[str]]:
    error = assert_error(response, 400, "rule", rule="bring-in-problems")
    return error["fields"]


def test_three_games_brought_in_then_game_4_starts_with_the_signatures_missiles(api, address):
    brought = api.post(address, {"games": THREE_GAMES}, "json")
    assert brought.status_code == 201, brought.json()
    assert brought.json()["recorded"]["games"] == [1, 2, 3]
    assert brought.json()["missing"] == []
    done = api.post(address + "done/")
    assert done.status_code == 200 and done.json()["done"] is True

    campaign = address.removesuffix("bring-in/")
    roster = {p["name"]: p["id"] for p in api.get(campaign + "players/").json()}
    seats = [
        {"player": roster["Ada"], "faction": "khan-industries", "hq": "egypt"},
        {"player": roster["Boris"], "faction": "die-mechaniker", "hq": "japan"},
        {"player": roster["Chloe"], "faction": "enclave-of-the-bear", "hq": "peru"},
    ]
    game = api.post(campaign + "games/", {"seats": seats}, "json")
    assert game.status_code == 201, game.json()
    assert game.json()["number"] == 4
    tokens = {s["player_name"]: (s["red_stars"], s["missiles"]) for s in game.json()["seats"]}
    assert tokens == {"Ada": (0, 2), "Boris": (0, 1), "Chloe": (1, 0)}
    standings = api.get(campaign + "standings/").json()
    wins = {name: row["won"] for name, row in standings["players"].items()}
    assert wins["Ada"] == 2 and wins["Boris"] == 1


def test_every_problem_is_named_by_its_place_and_nothing_is_kept(api, address):
    body = {
        "games": [
            {"number": 4, "winner": "Ada", "faction": "khan-industries"},
            {"number": 1, "winner": "Ada", "faction": "khan-industries"},
            {"number": 1, "winner": "Boris", "faction": "die-mechaniker"},
            {"number": 2, "winner": "Zed", "faction": "khan-industries"},
        ],
        "marks": [
            {"kind": "scar", "territory": "atlantis", "scar_type": "bunker"},
            {"kind": "major-city", "territory": "egypt", "name": "Cairo", "player": "Zed"},
            {"kind": "major-city", "territory": "peru", "name": "Lima", "player": "Ada"},
            {"kind": "minor-city", "territory": "peru", "name": "Cusco"},
        ],
    }
    fields = refused(api.post(address, body, "json"))
    assert set(fields) == {
        "games.0.number",
        "games.2.number",
        "games.3.winner",
        "marks.0.territory",
        "marks.1.player",
        "marks.3.territory",
    }
    assert "Zed" in fields["games.3.winner"][0]
    assert not Game.objects.exists() and not City.objects.exists()


def test_a_tenth_minor_city_is_refused(api, address):
    nine = [
        {"kind": "minor-city", "territory": t, "name": f"Town {i}"}
        for i, t in enumerate(NINE_TOWNS)
    ]
    assert api.post(address, {"marks": nine}, "json").status_code == 201
    tenth = {"kind": "minor-city", "territory": "iceland", "name": "Reykjavik"}
    fields = refused(api.post(address, {"marks": [tenth]}, "json"))
    assert list(fields) == ["marks.0.kind"]
    assert City.objects.count() == 9


def test_a_sixth_fortification_is_refused(api, address):
    cities = [
        {"kind": "minor-city", "territory": t, "name": f"Town {i}"}
        for i, t in enumerate(NINE_TOWNS[:6])
    ]
    forts = [{"kind": "fortification", "territory": t} for t in NINE_TOWNS[:6]]
    fields = refused(api.post(address, {"marks": cities + forts}, "json"))
    assert list(fields) == ["marks.11.kind"]


def test_nine_minor_cities_with_pack_1_sealed_make_pack_1_due(api, address):
    nine = [
        {"kind": "minor-city", "territory": t, "name": f"Town {i}", "game": 2}
        for i, t in enumerate(NINE_TOWNS)
    ]
    api.post(address, {"marks": nine}, "json")
    assert api.get(address).json()["packets_due"] == ["pack-1"]
    api.post(address, {"packets": [{"packet": "pack-1", "game": 3}]}, "json")
    assert api.get(address).json()["packets_due"] == []


def test_a_packet_opened_before_one_it_needs_is_refused(api, address):
    fields = refused(api.post(address, {"packets": [{"packet": "pack-4", "game": 1}]}, "json"))
    assert list(fields) == ["packets.0.packet"]
    assert not PacketOpening.objects.exists()


def test_a_game_after_done_and_done_with_games_missing_are_conflicts(api, address):
    assert_error(api.post(address + "done/"), 409, "conflict", rule="bring-in-games-missing")
    api.post(address, {"games": THREE_GAMES}, "json")
    api.post(address + "done/")
    again = api.post(address, {"games": THREE_GAMES[:1]}, "json")
    assert_error(again, 409, "conflict", rule="bring-in-done")


def test_more_than_fifteen_games_without_the_worlds_name_is_refused(api):
    made = api.post(
        "/api/v1/campaigns/", {"name": "Long", "players": ROSTER, "brought_in_games": 18}, "json"
    )
    assert_error(made, 400, "rule", rule="bring-in-world-name")


def test_a_body_over_the_limit_is_refused(api, address):
    body = {"marks": [{"kind": "scar", "name": "x" * 60} for _ in range(5000)]}
    assert_error(api.post(address, body, "json"), 413, "too_large")


def test_a_brought_in_game_is_taken_out_again(api, address):
    api.post(address, {"games": THREE_GAMES}, "json")
    assert api.delete(address + "games/3/").status_code == 204
    assert api.get(address).json()["missing"] == [3]


def test_only_the_owner_brings_in(address, editor):
    answer = client_for(editor).post(address, {"games": THREE_GAMES}, "json")
    assert answer.status_code in (403, 404)


def test_what_is_brought_in_costs_the_same_queries_for_three_games_and_for_fifteen(api, owner):
    from tests.support.api import count_queries

    costs = []
    for played in (3, 15):
        made = api.post(
            "/api/v1/campaigns/",
            {"name": f"Old {played}", "players": ROSTER, "brought_in_games": played},
            "json",
        ).json()
        address = f"/api/v1/campaigns/{made['id']}/bring-in/"
        games = [
            {"number": n, "winner": ROSTER[n % 3], "faction": "khan-industries"}
            for n in range(1, played + 1)
        ]
        marks = [
            {"kind": "minor-city", "territory": t, "name": f"Town {i}", "game": i % played}
            for i, t in enumerate(NINE_TOWNS[: played // 2])
        ]
        assert api.post(address, {"games": games, "marks": marks}, "json").status_code == 201
        costs.append(count_queries(api, address))
    assert costs[0] == costs[1]


def test_a_bring_in_sent_twice_with_one_key_is_recorded_once(api, address):
    first = api.post(address, {"games": THREE_GAMES}, "json", HTTP_IDEMPOTENCY_KEY="k-1")
    again = api.post(address, {"games": THREE_GAMES}, "json", HTTP_IDEMPOTENCY_KEY="k-1")
    assert first.status_code == again.status_code == 201
    assert again.json() == first.json()
    assert Game.objects.count() == 3


def test_what_a_brought_in_packet_unlocked_is_posted_to_the_packets_address(api, address):
    packet = {"packet": "pack-1", "game": 2}
    assert api.post(address, {"games": THREE_GAMES, "packets": [packet]}, "json").status_code == 201
    packets = address.removesuffix("bring-in/") + "packets/"
    scar = {"kind": "scar-type", "title": "Bunker II", "cards": 2}

    entered = api.post(packets, {"packet": "pack-1", "unlocked": [scar]}, "json")

    assert entered.status_code == 201, entered.json()
    assert entered.json()["game"] == 2
    assert [u["title"] for u in entered.json()["unlocked"]] == ["Bunker II"]
    assert PacketOpening.objects.filter(packet="pack-1").count() == 1
    assert api.post(address + "done/").status_code == 200
    again = api.post(packets, {"packet": "pack-1", "unlocked": [scar]}, "json")
    assert_error(again, 409, "conflict", rule="packet-opened-once")


def test_a_power_and_a_packets_territory_are_brought_in_and_listed(api, address):
    oasis = {
        "kind": "territory",
        "game": 2,
        "name": "Oasis",
        "continent": "africa",
        "connections": ["egypt"],
    }
    power = {"kind": "power", "game": 1, "faction": "khan-industries", "slot": "red"}
    body = {"games": THREE_GAMES, "marks": [oasis, power | {"name": "Blitz"}]}

    brought = api.post(address, body, "json")

    assert brought.status_code == 201, brought.json()
    recorded = [(m["type"], m["game"]) for m in brought.json()["recorded"]["marks"]]
    assert recorded == [("added-territories", 2), ("faction-powers", 1)]
    listed = {m["type"] for m in api.get(address).json()["marks"]}
    assert listed == {"added-territories", "added-connections", "faction-powers"}


def test_a_second_power_and_an_unknown_territory_are_refused_together(api, address):
    power = {"kind": "power", "game": 1, "faction": "khan-industries", "slot": "red"}
    bridge = {"kind": "connection", "game": 2, "a": "egypt", "b": "atlantis"}
    body = {
        "games": THREE_GAMES,
        "marks": [power | {"name": "Blitz"}, power | {"name": "Storm"}, bridge],
    }

    fields = refused(api.post(address, body, "json"))

    assert set(fields) == {"marks.1.slot", "marks.2.b"}
    assert not Game.objects.exists()


def test_a_fortification_is_brought_in_with_its_marked_boxes(api, address):
    body = {
        "marks": [
            {"kind": "minor-city", "territory": "egypt", "name": "Giza", "game": 1},
            {"kind": "fortification", "territory": "egypt", "game": 2, "boxes": 4},
        ]
    }

    assert api.post(address, body, "json").status_code == 201

    world = api.get(address.replace("bring-in/", "world/")).json()
    egypt = next(t for t in world["territories"] if t["slug"] == "egypt")
    assert egypt["city"]["boxes_used"] == 4


def test_a_fortification_with_more_than_ten_boxes_marked_is_refused(api, address):
    body = {
        "marks": [
            {"kind": "minor-city", "territory": "egypt", "name": "Giza"},
            {"kind": "fortification", "territory": "egypt", "boxes": 11},
        ]
    }

    fields = refused(api.post(address, body, "json"))

    assert list(fields) == ["marks.1.boxes"]
    assert not City.objects.exists()


def test_a_document_of_20_mb_is_refused_and_nothing_is_kept(api, address):
    filler = "x" * (20 * 1024 * 1024)
    body = '{"games": [{"number": 1, "winner": "Ada", "faction": "khan-industries"}], "x": "'
    answer = api.post(address, body + filler + '"}', content_type="application/json")

    assert_error(answer, 413, "too_large")
    assert not Game.objects.exists()


def test_bringing_in_after_a_game_was_played_here_is_a_conflict(game):
    api = client_for(game.campaign.owner)
    address = f"/api/v1/campaigns/{game.campaign.pk}/bring-in/"

    answer = api.post(address, {"games_played": 2, "games": THREE_GAMES[:2]}, "json")

    assert_error(answer, 409, "conflict", rule="bring-in-after-play")
    assert list(game.campaign.games.values_list("number", flat=True)) == [1]


def test_a_starting_power_kept_is_brought_in_before_the_first_game(api, address):
    kept = {"kind": "starting-power", "faction": "enclave-of-the-bear", "code": "a"}

    brought = api.post(address, {"games": THREE_GAMES, "marks": [kept]}, "json")

    assert brought.status_code == 201, brought.json()
    (mark,) = brought.json()["recorded"]["marks"]
    assert (mark["type"], mark["game"], mark["game_known"]) == ("faction-powers", 0, True)
    powers = FactionPower.objects.filter(faction="enclave-of-the-bear")
    assert {(p.code, p.removed_in_game) for p in powers} == {("a", None), ("b", 0)}


def test_a_second_starting_power_and_one_the_box_lacks_are_refused_by_their_code(api, address):
    kept = {"kind": "starting-power", "faction": "enclave-of-the-bear", "code": "a"}
    api.post(address, {"games": THREE_GAMES, "marks": [kept]}, "json")

    fields = refused(
        api.post(address, {"marks": [kept | {"code": "b"}, kept | {"faction": "nobody"}]}, "json")
    )

    assert set(fields) == {"marks.0.code", "marks.1.faction"}
    assert "Enclave of the Bear" in fields["marks.0.code"][0]
    assert FactionPower.objects.current().count() == 1


def test_the_schema_describes_a_starting_power_to_bring_in(owner):
    schemas = client_for(owner).get("/api/v1/schema/?format=json").json()["components"]["schemas"]
    code = schemas["PastMarkRequest"]["properties"]["code"]
    assert "starting-power" in schemas["PastMarkKindEnum"]["enum"]
    assert "starting power" in code["description"]
    assert {"$ref": "#/components/schemas/StartingPowerEnum"} in code["oneOf"]


def test_the_marks_on_faction_cards_name_their_faction_and_the_boards_do_not(api, address):
    kept = {"kind": "starting-power", "faction": "enclave-of-the-bear", "code": "a"}
    power = {"kind": "power", "game": 1, "faction": "khan-industries", "slot": "red"}
    town = {"kind": "minor-city", "game": 2, "territory": "egypt", "name": "Giza"}
    body = {"games": THREE_GAMES, "marks": [kept, power | {"name": "Blitz"}, town]}
    assert api.post(address, body, "json").status_code == 201

    listed = {(m["type"], m["faction"], m["territory"]) for m in api.get(address).json()["marks"]}

    assert listed == {
        ("faction-powers", "enclave-of-the-bear", None),
        ("faction-powers", "khan-industries", None),
        ("cities", None, "egypt"),
    }


def test_the_schema_describes_the_faction_of_a_brought_in_mark(owner):
    schemas = client_for(owner).get("/api/v1/schema/?format=json").json()["components"]["schemas"]
    faction = schemas["PastMarkOut"]["properties"]["faction"]
    assert faction["nullable"] is True and faction["type"] == "string"
    assert "faction card" in faction["description"]
    assert "faction" in schemas["PastMarkOut"]["required"]


FIVE_KEPT = {
    "khan-industries": "a",
    "die-mechaniker": "b",
    "enclave-of-the-bear": "a",
    "imperial-balkania": "b",
    "saharan-republic": "a",
}
TWELVE_COINS = ["egypt", "egypt", "peru", "japan", "china", "india", "brazil", "ural"] + [
    "siberia",
    "alaska",
    "ontario",
    "greenland",
]


def five_starting_powers_brought_in(api, address) -> str:
    marks = [{"kind": "starting-power", "faction": f, "code": c} for f, c in FIVE_KEPT.items()]
    assert api.post(address, {"games": THREE_GAMES, "marks": marks}, "json").status_code == 201
    return address.removesuffix("bring-in/") + "first-game/"


def test_the_first_games_coins_go_in_alone_once_every_starting_power_is_brought_in(api, address):
    first_game = five_starting_powers_brought_in(api, address)

    answer = api.post(first_game, {"coins": TWELVE_COINS}, "json")

    assert answer.status_code == 201, answer.json()
    assert answer.json()["powers"] == FIVE_KEPT
    assert answer.json()["coins"]["egypt"] == 3 and answer.json()["coins"]["peru"] == 2
    stickers = CoinSticker.objects.filter(placed_in_game=0)
    assert stickers.count() == 12
    assert FactionPower.objects.current().count() == 5  # no second power for any faction
    world = api.get(address.removesuffix("bring-in/") + "world/").json()
    egypt = next(t for t in world["territories"] if t["slug"] == "egypt")
    assert egypt["coins"] == 3


def test_the_first_games_coins_keep_the_setup_limits_when_powers_were_brought_in(api, address):
    first_game = five_starting_powers_brought_in(api, address)

    three_on_egypt = api.post(first_game, {"coins": ["egypt"] * 3 + TWELVE_COINS[3:]}, "json")
    eleven = api.post(first_game, {"coins": TWELVE_COINS[:11]}, "json")
    a_power_again = api.post(
        first_game, {"powers": {"khan-industries": "b"}, "coins": TWELVE_COINS}, "json"
    )

    assert_error(three_on_egypt, 400, "rule", rule="first-game-coin-limit")
    assert_error(eleven, 400, "rule", rule="first-game-coins")
    assert_error(a_power_again, 400, "rule", rule="one-starting-power")
    assert not CoinSticker.objects.exists()


def test_the_factions_not_brought_in_choose_with_the_first_games_coins(api, address):
    kept = {"kind": "starting-power", "faction": "enclave-of-the-bear", "code": "b"}
    api.post(address, {"games": THREE_GAMES, "marks": [kept]}, "json")
    first_game = address.removesuffix("bring-in/") + "first-game/"
    others = {f: c for f, c in FIVE_KEPT.items() if f != "enclave-of-the-bear"}

    missing = api.post(
        first_game, {"powers": dict(list(others.items())[:3]), "coins": TWELVE_COINS}, "json"
    )
    answer = api.post(first_game, {"powers": others, "coins": TWELVE_COINS}, "json")

    assert_error(missing, 400, "rule", rule="every-faction-chooses")
    assert answer.status_code == 201, answer.json()
    assert answer.json()["powers"] == others | {"enclave-of-the-bear": "b"}
    assert FactionPower.objects.current().count() == 5
