"""The statistics are read off the stored games and marks: exact numbers for a campaign built
here (``tests.campaigns.statistics_world``)."""

from __future__ import annotations

import pytest

from campaigns.selectors.statistics import campaign_statistics
from tests.support.statistics_world import play_two_games

pytestmark = pytest.mark.django_db


@pytest.fixture
def stats(prepared_campaign, owner):
    play_two_games(prepared_campaign, owner)
    return campaign_statistics(prepared_campaign.pk)


def tally(rows, key):
    return {r[key]: (r["played"], r["won"], r["held_on"], r["eliminated"]) for r in rows}


def test_each_player_has_the_games_they_played_and_how_each_ended(stats, players):
    assert tally(stats.players, "name") == {
        "Ada": (2, 1, 1, 0),
        "Boris": (2, 1, 1, 0),
        "Chloe": (1, 0, 0, 1),
        "Dmitri": (1, 0, 0, 1),
        "Esme": (0, 0, 0, 0),
    }
    assert [r["id"] for r in stats.players][:2] == [players["Ada"].pk, players["Boris"].pk]


def test_each_faction_has_its_games_and_results_even_one_never_played(stats):
    assert tally(stats.factions, "faction") == {
        "khan-industries": (2, 2, 0, 0),
        "die-mechaniker": (2, 0, 2, 0),
        "enclave-of-the-bear": (1, 0, 0, 1),
        "imperial-balkania": (1, 0, 0, 1),
        "saharan-republic": (0, 0, 0, 0),
    }


def test_starting_territories_say_how_the_seats_that_started_there_fared(stats):
    assert tally(stats.starts, "territory") == {
        "peru": (2, 0, 0, 2),
        "egypt": (1, 1, 0, 0),
        "japan": (1, 0, 1, 0),
        "south-africa": (1, 1, 0, 0),
        "india": (1, 0, 1, 0),
    }
    assert stats.starts[0]["territory"] == "peru"  # the most used first


def test_the_heat_map_counts_scars_and_cities_but_not_a_voided_scar(stats):
    assert {h["territory"]: (h["scars"], h["cities"]) for h in stats.heat} == {
        "greenland": (1, 0),
        "egypt": (0, 1),
        "india": (0, 1),
    }


def test_signatures_add_up_game_by_game(stats, players):
    assert stats.signatures == [
        {"game": 1, "player": players["Ada"].pk, "total": 1},
        {"game": 2, "player": players["Boris"].pk, "total": 2},
    ]


def test_coins_per_card_now_and_on_the_cards_in_play_after_each_game(stats):
    coins = {c["territory"]: (c["coins"], c["destroyed"]) for c in stats.coins}
    assert len(coins) == 42
    assert coins["china"] == (3, False)  # 2 before the first game, +1 held on in game 1
    assert coins["alaska"] == (3, True)  # destroyed in game 2
    assert coins["brazil"] == (3, False)
    assert coins["egypt"] == (2, False)
    assert coins["madagascar"] == (1, False)
    # 42 printed coins and 12 stickers; +1 for China; then Alaska's 3 leave with its card.
    assert stats.coins_over_games == [
        {"game": 0, "coins": 54, "cards": 42},
        {"game": 1, "coins": 55, "cards": 42},
        {"game": 2, "coins": 52, "cards": 41},
    ]


def test_a_campaign_without_games_has_empty_statistics(prepared_campaign):
    stats = campaign_statistics(prepared_campaign.pk)
    assert stats.games_finished == ()
    assert stats.heat == [] and stats.starts == [] and stats.signatures == []
    assert stats.coins_over_games == [{"game": 0, "coins": 54, "cards": 42}]
