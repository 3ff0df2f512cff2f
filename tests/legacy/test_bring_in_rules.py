"""The rules of bringing a campaign in, over plain data: the games a group says it played, a
past game's number, a mark's game, the packets' order, and pasted lines of the winners'
section."""

from __future__ import annotations

import pytest

from legacy.errors import RuleViolation
from legacy.rules import bring_in as rules

FACTIONS = {"khan industries": "khan-industries", "khan-industries": "khan-industries"}


def rule_of(call, *args, **kwargs) -> str:
    with pytest.raises(RuleViolation) as refused:
        call(*args, **kwargs)
    return refused.value.rule


def test_more_than_fifteen_games_need_the_world_named():
    assert rules.check_games_played(15, world_named=False) == 15
    assert rule_of(rules.check_games_played, 16, world_named=False) == "bring-in-world-name"
    assert rules.check_games_played(16, world_named=True) == 16
    assert rule_of(rules.check_games_played, -1, world_named=True) == "bring-in-games-played"


def test_a_past_game_is_numbered_within_the_games_played_and_once():
    assert rules.check_game_number(3, games=3, taken={1}) == 3
    assert rule_of(rules.check_game_number, 4, games=3, taken=set()) == "bring-in-game-beyond"
    assert rule_of(rules.check_game_number, 1, games=3, taken={1}) == "bring-in-game-twice"


def test_a_mark_whose_game_is_not_known_stands_in_the_last_brought_in_game():
    assert rules.mark_game(None, games=7) == (7, False)
    assert rules.mark_game(0, games=7) == (0, True)
    assert rule_of(rules.mark_game, 8, games=7) == "bring-in-mark-game"


def test_pack_4_needs_another_packet_opened_by_its_game():
    assert rules.packets_out_of_order({"pack-4": 3}) == ["pack-4"]
    assert rules.packets_out_of_order({"pack-4": 3, "pack-1": 5}) == ["pack-4"]
    assert rules.packets_out_of_order({"pack-4": 3, "pack-2": 3}) == []


def test_the_winners_section_pasted_as_lines():
    text = "1, Ira, Khan Industries\n\n2, Ada"
    assert rule_of(rules.pasted_games, text, FACTIONS) == "bring-in-pasted-line"
    games = rules.pasted_games("1, Ira, Khan Industries\n\n2, Ada, khan-industries\n", FACTIONS)
    assert games == [
        {"number": 1, "winner": "Ira", "faction": "khan-industries"},
        {"number": 2, "winner": "Ada", "faction": "khan-industries"},
    ]


def test_a_pasted_line_naming_an_unknown_faction_is_refused_with_its_number():
    with pytest.raises(RuleViolation) as refused:
        rules.pasted_games("1, Ira, Khan Industries\n2, Ada, Atlantis", FACTIONS)
    assert refused.value.params == {"line": 2}


def test_who_else_played_pasted_as_lines():
    results = {"held on": "held_on", "выбыл": "eliminated"}
    found = rules.pasted_results(
        "Boris, khan industries, held on\n\nChloe, Khan-Industries, выбыл", FACTIONS, results
    )
    assert found == [
        {"player": "Boris", "faction": "khan-industries", "result": "held_on"},
        {"player": "Chloe", "faction": "khan-industries", "result": "eliminated"},
    ]
    with pytest.raises(RuleViolation) as refused:
        rules.pasted_results("Boris, khan industries, won", FACTIONS, results)
    assert refused.value.rule == "bring-in-pasted-result" and refused.value.field == "others"


def test_a_fortification_brings_zero_to_ten_marked_boxes_and_no_more():
    assert rules.check_boxes(0) == 0 and rules.check_boxes(10) == 10
    assert rule_of(rules.check_boxes, 11) == "bring-in-boxes"
    assert rule_of(rules.check_boxes, -1) == "bring-in-boxes"
    assert rule_of(rules.check_boxes, "4") == "bring-in-boxes"


def test_a_faction_of_the_box_kept_one_of_its_two_starting_powers_once():
    kept = rules.starting_power_kept("khan-industries", "b", games=3, kept=set())
    assert kept.code == "b"
    assert (
        rule_of(
            rules.starting_power_kept, "khan-industries", "a", games=3, kept={"khan-industries"}
        )
        == "one-starting-power"
    )
    assert (
        rule_of(rules.starting_power_kept, "khan-industries", "c", games=3, kept=set())
        == "unknown-starting-power"
    )


def test_a_starting_power_is_brought_in_only_for_the_boxs_factions_after_a_first_game():
    assert (
        rule_of(rules.starting_power_kept, "the-mole-people", "a", games=3, kept=set())
        == "bring-in-starting-power-faction"
    )
    assert (
        rule_of(rules.starting_power_kept, "khan-industries", "a", games=0, kept=set())
        == "bring-in-starting-power-at-setup"
    )
