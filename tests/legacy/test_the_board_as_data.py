"""The board as of a game is the box's board plus what packets added up to that game; what a
packet may add is checked against it. Pure functions, no database."""

from __future__ import annotations

import pytest

from legacy import board, rules
from legacy.errors import RuleViolation
from legacy.world import empty_world

ATLANTIS = board.AddedTerritory("atlantis", "Atlantis", "africa", game=7, coins=2)
LINKS = (
    board.AddedConnection("atlantis", "brazil", 7),
    board.AddedConnection("atlantis", "north-africa", 7),
)


def test_before_anything_is_added_the_board_is_the_box():
    assert board.board_as_of(6, [ATLANTIS], LINKS) is board.BOX
    assert len(board.BOX.territories) == 42 and len(board.BOX.connections) == 83


def test_from_its_game_on_the_added_territory_is_on_the_board_with_its_connections():
    grown = board.board_as_of(7, [ATLANTIS], LINKS)
    assert len(grown.territories) == 43 and len(grown.connections) == 85
    assert grown.neighbors("atlantis") == {"brazil", "north-africa"}
    assert grown.territory_by_slug["atlantis"].coins == 2
    assert "atlantis" in grown.territories_of("africa")
    assert grown.added_connections() == (("atlantis", "brazil"), ("atlantis", "north-africa"))


def test_a_fresh_world_on_the_grown_board_offers_the_added_territory_as_a_start():
    world = empty_world(on=board.board_as_of(None, [ATLANTIS], LINKS))
    assert world.territories["atlantis"].coins == 2
    assert world.territories["atlantis"].name == "Atlantis"
    assert "atlantis" in rules.legal_starting_territories(world, player=None)
    assert "atlantis" not in rules.legal_starting_territories(world, player=None, hqs=["brazil"])


def check(**change):
    given = {
        "name": "Mu",
        "continent": "asia",
        "connections": ["japan"],
        "game": 3,
        "games": [1, 2, 3],
        **change,
    }
    return rules.check_added_territory(board.BOX, **given)


def test_a_new_territory_gets_a_slug_from_its_name_and_sorted_connections():
    assert check(name="Lost  Isle", connections=["peru", "japan"]) == (
        "lost-isle",
        [("japan", "lost-isle"), ("lost-isle", "peru")],
    )


@pytest.mark.parametrize(
    ("change", "rule"),
    [
        ({"name": " ! "}, "name-required"),
        ({"name": "Great Britain"}, "territory-name-taken"),
        ({"taken": ["mu"]}, "territory-name-taken"),
        ({"continent": "oceania"}, "unknown-continent"),
        ({"coins": 7}, "card-coins"),
        ({"connections": []}, "territory-connected"),
        ({"connections": ["japan", "japan"]}, "connection-once"),
        ({"connections": ["atlantis"]}, "unknown-territory"),
        ({"game": 4}, "unknown-game"),
    ],
)
def test_what_a_packet_may_not_add_is_refused_naming_the_rule(change, rule):
    with pytest.raises(RuleViolation) as refused:
        check(**change)
    assert refused.value.rule == rule


def test_a_connection_already_printed_or_to_itself_is_refused():
    for pair, rule in (
        (("peru", "brazil"), "connection-once"),
        (("peru", "peru"), "connection-itself"),
    ):
        with pytest.raises(RuleViolation) as refused:
            rules.check_new_connections(board.BOX, [pair], game=1, games=[1])
        assert refused.value.rule == rule


def test_a_name_in_any_alphabet_gets_a_latin_slug_a_link_can_carry():
    assert rules.territory_slug("Лемурия") == "lemuriya"
    assert rules.territory_slug("Île Élysée") == "ile-elysee"
    assert rules.territory_slug("St. Helena's Rock") == "st-helena-s-rock"
    assert rules.territory_slug("桃源").startswith("territory-")
