"""The table's rules, with no database: plain facts in, a decision or a refusal out."""

import pytest

from legacy.errors import RuleViolation
from legacy.rules import table_rules as t

BUNKER = t.ScarType("bunker", "Bunker", on_faction_card=False, cards=3)
FACTION_SCAR = t.ScarType("sabotage", "Sabotage", on_faction_card=True, cards=1)
FACTIONS = {"khan-industries": "Khan Industries"}


def refusal(call, *args, **kwargs) -> RuleViolation:
    with pytest.raises(RuleViolation) as refused:
        call(*args, **kwargs)
    return refused.value


def card(**facts):
    """A Bunker played from Ada's Bunker card in game 3, unless the facts say otherwise."""
    defaults = dict(
        without_card=False,
        reason="",
        game_number=3,
        scar_cards_dealt=True,
        holder=t.ScarCardHolder("Ada", 1, "bunker"),
        played=0,
    )
    return t.scar_card_played(BUNKER, **(defaults | facts))


def test_a_scar_on_an_unscarred_territory_is_placed_there():
    assert t.scar_place(BUNKER, t.ScarSpot(territory="egypt"), asked="bunker", factions={}) == (
        "Egypt"
    )


def test_a_scar_on_an_hq_territory_is_refused_only_where_the_campaign_reads_so():
    """The rulebook sets no limit on a scar where an HQ stands; a group may refuse it."""
    spot = t.ScarSpot(territory="egypt", hq_there=True)
    assert t.scar_place(BUNKER, spot, asked="bunker", factions={}) == "Egypt"
    refused = refusal(t.scar_place, BUNKER, spot, asked="bunker", factions={}, scars_on_hqs=False)
    assert refused.rule == "scar-on-an-hq" and refused.field == "territory"
    assert "An HQ stands on Egypt" in refused.message
    elsewhere = t.ScarSpot(territory="brazil")
    assert t.scar_place(BUNKER, elsewhere, asked="bunker", factions={}, scars_on_hqs=False)


def test_a_faction_scar_names_the_card_it_goes_on():
    spot = t.ScarSpot(faction="khan-industries")
    where = t.scar_place(FACTION_SCAR, spot, asked="sabotage", factions=FACTIONS)
    assert where == "the Khan Industries card"


def test_an_unknown_scar_type_is_refused():
    refused = refusal(t.scar_place, None, t.ScarSpot(territory="egypt"), asked="x", factions={})
    assert (refused.rule, refused.message) == (
        "unknown-scar",
        "This campaign has no scar type 'x'.",
    )


def test_a_second_scar_on_a_territory_is_refused():
    spot = t.ScarSpot(territory="egypt", territory_scarred=True)
    refused = refusal(t.scar_place, BUNKER, spot, asked="bunker", factions={})
    assert refused.rule == "one-scar-per-territory"
    assert refused.message == "Egypt already has a scar: one per territory."


def test_a_second_scar_on_a_faction_card_is_refused():
    spot = t.ScarSpot(faction="khan-industries", faction_scarred=True)
    refused = refusal(t.scar_place, FACTION_SCAR, spot, asked="sabotage", factions=FACTIONS)
    assert refused.message == "The Khan Industries card already has a scar: one per faction card."


def test_a_territory_scar_on_a_faction_card_is_refused():
    spot = t.ScarSpot(faction="khan-industries")
    refused = refusal(t.scar_place, BUNKER, spot, asked="bunker", factions=FACTIONS)
    assert (refused.rule, refused.field) == ("scar-place", "territory")


def test_a_scar_on_both_a_territory_and_a_card_is_refused():
    spot = t.ScarSpot(territory="egypt", faction="khan-industries")
    assert refusal(t.scar_place, BUNKER, spot, asked="bunker", factions=FACTIONS).rule == (
        "scar-place"
    )


def test_a_scar_on_a_territory_the_board_lacks_is_refused():
    spot = t.ScarSpot(territory="atlantis")
    assert refusal(t.scar_place, BUNKER, spot, asked="bunker", factions={}).rule == (
        "unknown-territory"
    )


def test_a_held_scar_card_of_the_right_type_is_played():
    assert card() is None


def test_nobody_plays_a_scar_card_in_a_game_where_none_were_dealt():
    refused = refusal(card, scar_cards_dealt=False)
    assert refused.rule == "no-scar-cards-this-game"
    assert refused.message.startswith("No scar cards were dealt in game 3")


def test_a_scar_card_needs_someone_to_play_it():
    assert refusal(card, holder=None).rule == "scar-card-holder"


def test_a_scar_card_is_played_once():
    refused = refusal(card, holder=t.ScarCardHolder("Ada", 0))
    assert refused.message == ("Ada holds no scar card any more: one card a game, played once.")


def test_a_scar_card_of_another_type_is_refused():
    refused = refusal(card, holder=t.ScarCardHolder("Ada", 1, "ammo-shortage"))
    assert refused.message == "Ada's scar card is not a Bunker card."


def test_a_scar_without_a_card_says_which_rule_places_it():
    assert refusal(card, without_card=True, reason="  ").rule == "scar-without-card-reason"
    assert (
        card(without_card=True, reason="Pack 2 says so", holder=None, scar_cards_dealt=False)
        is None
    )


def test_no_more_scars_of_a_type_than_the_box_has_cards():
    refused = refusal(card, played=3)
    assert refused.rule == "stock-empty"
    assert refused.message == "All 3 Bunker scar cards have been played: the box has no more."


def test_a_roll_takes_one_to_five_missiles():
    t.missiles_count(5)
    assert refusal(t.missiles_count, 6).rule == "missiles-per-roll"
    assert refusal(t.missiles_count, 0).rule == "missiles-per-roll"


def test_a_seat_plays_only_the_missiles_it_holds():
    refused = refusal(t.missiles_held, "Boris", held=1, count=2)
    assert refused.message == "Boris holds 1 missile(s): 2 cannot be played."


def test_missiles_join_a_roll_only_up_to_five_dice():
    t.missiles_on_a_roll(entry=4, found=True, already=3, count=2)
    assert refusal(t.missiles_on_a_roll, entry=4, found=True, already=4, count=2).rule == (
        "missiles-per-roll"
    )
    refused = refusal(t.missiles_on_a_roll, entry=4, found=False, already=0, count=1)
    assert refused.message == "Entry 4 of this game is not a roll with missiles on it."


def test_a_recruitment_is_zero_to_a_thousand_troops():
    t.troops_recruited(1000)
    assert refusal(t.troops_recruited, -1).rule == "troops"


def test_a_seat_out_of_the_war_buys_no_red_star_and_is_not_put_out_twice():
    assert refusal(t.red_star_bought, "Chloe", out=True).conflict
    assert refusal(t.faction_eliminated, "Chloe", out=True).rule == "already-out"
    t.red_star_bought("Chloe", out=False)


def test_only_a_wiped_out_faction_rejoins_and_never_an_eliminated_one():
    facts = dict(out=True, out_for_good=False, out_at=7, territory="peru", occupied=[])
    t.rejoining("Chloe", **facts)
    assert refusal(t.rejoining, "Chloe", **(facts | {"out": False})).rule == "not-out"
    refused = refusal(t.rejoining, "Chloe", **(facts | {"out_for_good": True}))
    assert refused.message == (
        "Chloe was eliminated (entry 7): an eliminated faction does not rejoin this game."
    )
    refused = refusal(t.rejoining, "Chloe", **(facts | {"occupied": ["mu"]}))
    assert (refused.rule, refused.field) == ("unknown-territory", "occupied")


def test_the_coin_pile_counts_are_whole_numbers_for_seated_players_within_the_board():
    assert t.coin_pile_counts({"1": "10", 2: 9}, seated={1, 2}) == {1: 10, 2: 9}
    assert refusal(t.coin_pile_counts, {1: "ten"}, seated={1}).rule == "counts"
    assert refusal(t.coin_pile_counts, {3: 1}, seated={1}).rule == "unknown-seat"
    assert refusal(t.coin_pile_counts, {1: 43}, seated={1}).rule == "counts"
    refused = refusal(t.coin_pile_counts, {1: 30, 2: 13}, seated={1, 2})
    assert refused.message == "The board has 42 territories in all."


def test_a_mark_needs_an_unlocked_kind_and_one_place():
    facts = dict(kind="beacon", kind_known=True, territory="india", faction=None, factions={})
    t.mark_place(**facts)
    assert refusal(t.mark_place, **(facts | {"kind_known": False})).rule == "unknown-mark-kind"
    assert refusal(t.mark_place, **(facts | {"territory": None})).rule == "mark-place"
    refused = refusal(t.mark_place, **(facts | {"territory": None, "faction": "nobody"}))
    assert refused.rule == "unknown-faction"


def test_a_city_is_destroyed_only_where_there_is_one():
    assert refusal(t.city_destroyed, has_city=False).rule == "no-city"


def test_the_tenth_box_wears_a_fortification_out():
    assert t.fortification_box("Egypt", fortified=True, boxes_used=8) is False
    assert t.fortification_box("Egypt", fortified=True, boxes_used=9) is True
    refused = refusal(t.fortification_box, "Egypt", fortified=True, boxes_used=10)
    assert refused.message == "Egypt has no working fortification: there is no box to mark."


def test_an_entry_is_taken_back_once_and_with_a_reason():
    facts = dict(reason=" mis-tap ", game_number=2, seq=5, exists=True, voided=False)
    assert t.entry_taken_back(**facts) == "mis-tap"
    assert refusal(t.entry_taken_back, **(facts | {"reason": ""})).rule == "void-reason"
    refused = refusal(t.entry_taken_back, **(facts | {"exists": False}))
    assert refused.message == "Game 2 has no entry 5."
    assert refusal(t.entry_taken_back, **(facts | {"voided": True})).rule == "entry-void-once"


# --- Red stars, HQs and the end of the war ------------------------------------------------------


def test_a_players_red_stars_are_their_tokens_and_the_hqs_they_control():
    assert t.red_stars_counted(tokens=1, hqs=1) == 2
    assert t.red_stars_counted(tokens=0, hqs=3) == 3


def test_four_red_stars_win_and_the_first_seat_to_reach_them_is_named():
    assert t.decided_winner({1: 3, 2: 2, 3: 2}, {}) is None
    assert t.decided_winner({1: 3, 2: 4, 3: 2}, {}) == (2, t.RED_STARS)


def test_the_last_faction_standing_wins_the_moment_every_other_one_is_out_of_the_war():
    """«Вы побеждаете сразу же, когда вы будите первым игроком у которого есть 4 Красные Звезды
    или если все остальные игроки выбывают.» Out is out: wiped out, even with a legal start to
    rejoin from later, or eliminated for good."""
    assert t.decided_winner({1: 2, 2: 1, 3: 1}, {2: True, 3: True}) == (1, t.LAST_STANDING)
    assert t.decided_winner({1: 2, 2: 1, 3: 1}, {2: True}) is None
    assert t.last_standing([1, 2, 3], {1: True, 3: True}) == 2
    assert t.last_standing([1, 2, 3], {}) is None
    assert t.last_standing([1], {}) is None  # a game of one seat is won by nobody this way


def test_a_rejoin_once_the_last_one_standing_won_is_refused_by_its_own_rule():
    refused = refusal(t.war_goes_on, 1, winner="Ada", how=t.LAST_STANDING, entry=5, rejoining=True)
    assert refused.rule == "rejoin-after-last-standing" and refused.conflict
    assert refused.message.startswith("Ada won game 1 as the last faction standing (entry 5)")
    after_stars = refusal(t.war_goes_on, 1, winner="Ada", how=t.RED_STARS, entry=5, rejoining=True)
    assert after_stars.rule == "war-over"


def test_a_fifth_red_star_is_refused():
    refused = refusal(t.red_star_bought, "Ada", out=False, red_stars=4)
    assert refused.rule == "red-stars-four" and refused.conflict
    t.red_star_bought("Ada", out=False, red_stars=3)


def test_nothing_is_entered_once_the_war_is_won():
    t.war_goes_on(2, winner=None, entry=None)
    refused = refusal(t.war_goes_on, 2, winner="Ada", how=t.RED_STARS, entry=7)
    assert refused.message.startswith("Ada won game 2 with 4 red stars (entry 7)")


def test_out_means_out_in_a_sentence_that_says_so():
    refused = refusal(t.not_out, "Chloe", out=True, out_for_good=True, what="recruitment")
    assert refused.message == (
        "Chloe was eliminated from this game: a faction out of the war records no recruitment."
    )
    assert (
        "until it rejoins"
        in refusal(t.not_out, "Chloe", out=True, out_for_good=False, what="missiles").message
    )
    t.not_out("Chloe", out=False, out_for_good=False, what="missiles")


def test_a_wiped_out_faction_with_no_legal_start_is_eliminated_once():
    t.faction_eliminated("Chloe", out=True, no_legal_start=True)
    assert refusal(t.faction_eliminated, "Chloe", out=True).rule == "already-out"
    refused = refusal(
        t.faction_eliminated, "Chloe", out=True, out_for_good=True, no_legal_start=True
    )
    assert refused.rule == "already-out"


def test_an_hq_is_taken_from_someone_who_holds_it():
    assert refusal(t.hq_taken, "Ada", "Ada", held_by_taker=True).message == (
        "Ada already controls the HQ of Ada."
    )
    t.hq_taken("Ada", "Boris", held_by_taker=False)


def test_a_player_who_played_their_scar_card_places_no_second_scar_without_one():
    refused = refusal(
        card, without_card=True, reason="Our event card", holder=t.ScarCardHolder("Ada", 0)
    )
    assert refused.rule == "one-scar-card-each"
    # Another rule's scar, named to no player or to one still holding their card, stands.
    assert card(without_card=True, reason="Our event card", holder=None) is None
    assert (
        card(without_card=True, reason="Our event card", holder=t.ScarCardHolder("Ada", 1)) is None
    )
