"""A campaign with known numbers for the statistics tests: two finished games.

Before the first game the twelve coins of the box go on the cards (``TWELVE_COINS``).

Game 1: Ada (Khan Industries, Egypt) wins and founds Cairo in Egypt; Boris (Die Mechaniker,
Japan) holds on and adds a coin to China's card; Chloe (Enclave of the Bear, Peru) is
eliminated. A bunker is placed on Greenland during play.

Game 2: Boris (Khan Industries, South Africa) wins and destroys Alaska's card; Ada (Die
Mechaniker, India) holds on and founds Delhi in India; Dmitri (Imperial Balkania, Peru) is
eliminated. A scar placed on Scandinavia is taken back (voided): it never counts.
"""

from __future__ import annotations

from campaigns.game.finish import finish_game, name_world
from campaigns.game.setup import setup_game, start_game
from campaigns.game.table import place_scar
from campaigns.game.taking_back import void_event


def _game(campaign, seats, by):
    plan = [{"player": p.pk, "faction": f, "hq": hq} for p, f, hq in seats]
    return start_game(game=setup_game(campaign=campaign, seats=plan, by=by))


def play_two_games(campaign, owner):
    p = {x.name: x for x in campaign.players.all()}
    ada, boris, chloe, dmitri = p["Ada"], p["Boris"], p["Chloe"], p["Dmitri"]
    g1 = _game(
        campaign,
        [
            (ada, "khan-industries", "egypt"),
            (boris, "die-mechaniker", "japan"),
            (chloe, "enclave-of-the-bear", "peru"),
        ],
        owner,
    )
    place_scar(
        game=g1,
        scar="bunker",
        territory="greenland",
        player=ada.pk,
        without_card=True,
        reason="An event card",
    )
    finish_game(
        game=g1,
        results={ada.pk: "won", boris.pk: "held_on", chloe.pk: "eliminated"},
        controlled={boris.pk: ["china"]},
        winner_reward={"kind": "major-city", "territory": "egypt", "name": "Cairo"},
        held_on_rewards={boris.pk: {"kind": "upgrade-card", "territory": "china"}},
        by=owner,
    )
    g2 = _game(
        campaign,
        [
            (boris, "khan-industries", "south-africa"),
            (ada, "die-mechaniker", "india"),
            (dmitri, "imperial-balkania", "peru"),
        ],
        owner,
    )
    mistake = place_scar(
        game=g2,
        scar="ammo-shortage",
        territory="scandinavia",
        player=boris.pk,
        without_card=True,
        reason="An event card",
    )
    void_event(game=g2, seq=mistake.event.seq, reason="Wrong territory", by=owner)
    finish_game(
        game=g2,
        results={boris.pk: "won", ada.pk: "held_on", dmitri.pk: "eliminated"},
        controlled={ada.pk: ["india"]},
        winner_reward={"kind": "destroy-card", "territory": "alaska"},
        held_on_rewards={ada.pk: {"kind": "minor-city", "territory": "india", "name": "Дели"}},
        by=owner,
    )
    return p


def play_won_by_ada(campaign, owner, count=15):
    """``count`` games (up to fifteen) that Ada wins (Khan Industries), each destroying a card."""
    p = {x.name: x for x in campaign.players.all()}
    ada, boris, chloe = p["Ada"], p["Boris"], p["Chloe"]
    cards = [
        "alaska",
        "brazil",
        "iceland",
        "ural",
        "siberia",
        "madagascar",
        "ontario",
        "greenland",
        "scandinavia",
        "yakutsk",
        "argentina",
        "new-guinea",
        "irkutsk",
        "mongolia",
        "china",
    ]
    for card in cards[:count]:
        g = _game(
            campaign,
            [
                (ada, "khan-industries", "egypt"),
                (boris, "die-mechaniker", "japan"),
                (chloe, "enclave-of-the-bear", "peru"),
            ],
            owner,
        )
        finish_game(
            game=g,
            results={ada.pk: "won", boris.pk: "held_on", chloe.pk: "eliminated"},
            controlled={boris.pk: []},
            winner_reward={"kind": "destroy-card", "territory": card},
            by=owner,
        )
    return p


def name_it(campaign, owner, name="Гармония"):
    return name_world(campaign=campaign, name=name, by=owner)


def play_fifteen_and_name(campaign, owner):
    """Fifteen games that Ada wins: she may name the world."""
    return play_won_by_ada(campaign, owner, 15)
