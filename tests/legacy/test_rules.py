"""The rules as pure functions: no database, hand-made worlds."""

from dataclasses import replace

import pytest

from legacy import board, rules
from legacy.box import BASE_STOCK, Stock
from legacy.errors import RuleViolation
from legacy.rules import Reward, RewardChoice
from legacy.world import City, ContinentState, Signature, TerritoryState, empty_world

FULL_STOCK = {slug: n for slug, _, n in BASE_STOCK}


def world_with(territories=None, continents=None, **kw):
    base = empty_world()
    terr = dict(base.territories)
    for slug, state in (territories or {}).items():
        terr[slug] = replace(state, slug=slug)
    cont = dict(base.continents)
    for slug, state in (continents or {}).items():
        cont[slug] = replace(state, slug=slug)
    kw.setdefault("stock_left", dict(FULL_STOCK))
    return replace(base, territories=terr, continents=cont, **kw)


# --- Recruitment ---------------------------------------------------------------------------------


def test_a_player_with_few_territories_still_recruits_three():
    assert rules.troops_recruited(territories=2) == 3


def test_territories_and_population_are_divided_by_three_rounding_down():
    assert rules.troops_recruited(territories=11, population=2) == 4


def test_imperial_balkania_rounds_up():
    assert rules.troops_recruited(territories=11, population=2, round_up=True) == 5


def test_rounding_up_never_drops_below_the_minimum():
    assert rules.troops_recruited(territories=1, round_up=True) == 3


def test_continent_bonuses_and_trades_add_on_top():
    assert (
        rules.troops_recruited(territories=12, continent_bonuses=[5, 2], trade_coins=4) == 4 + 7 + 7
    )


def test_the_trade_chart_gives_thirty_troops_for_ten_coins():
    assert rules.trade_troops(10) == 30


@pytest.mark.parametrize("coins", [1, 11, -2])
def test_a_trade_outside_two_to_ten_coins_is_refused(coins):
    with pytest.raises(RuleViolation, match="2 to 10 coins"):
        rules.trade_troops(coins)


def test_a_campaign_trade_chart_overrides_the_base_chart():
    assert rules.trade_troops(10, {2: 2, 10: 31}) == 31


def test_population_counts_cities_in_controlled_territories():
    world = world_with(
        {
            "brazil": TerritoryState("brazil", city=City("major", "Rio")),
            "peru": TerritoryState("peru", city=City("minor", "Lima")),
        }
    )
    # 8 territories + 3 population = 11 -> 3; holds South America (4 territories) for +2
    held = ["brazil", "peru", "venezuela", "argentina", "egypt", "india", "china", "ural"]
    assert rules.recruitment(world, player=1, controlled=held) == 3 + 2


def test_the_namer_of_a_continent_gets_one_more_when_holding_it():
    world = world_with(continents={"australia": ContinentState("australia", name="Oz", namer=7)})
    held = board.territories_of("australia")
    assert rules.recruitment(world, player=7, controlled=held) == 3 + 3
    assert rules.recruitment(world, player=8, controlled=held) == 3 + 2


def test_a_changed_bonus_counts_for_everyone_holding_the_continent():
    world = world_with(continents={"australia": ContinentState("australia", bonus_change=-1)})
    assert rules.recruitment(world, player=1, controlled=board.territories_of("australia")) == 4


# --- Starting territories ------------------------------------------------------------------------


def test_an_empty_unmarked_territory_is_a_legal_start():
    assert rules.starting_refusal(empty_world(), "egypt", player=1) is None


def test_an_occupied_territory_is_not_a_legal_start():
    assert "occupied" in rules.starting_refusal(
        empty_world(), "egypt", player=1, occupied=["egypt"]
    )


def test_a_scarred_territory_is_not_a_legal_start():
    world = world_with({"egypt": TerritoryState("egypt", scar="bunker")})
    assert "marked" in rules.starting_refusal(world, "egypt", player=1)


def test_a_minor_city_is_not_a_legal_start_even_for_its_founder():
    world = world_with({"egypt": TerritoryState("egypt", city=City("minor", "Giza", founder=1))})
    assert rules.starting_refusal(world, "egypt", player=1) is not None


def test_a_founder_may_start_in_their_own_major_city_even_if_scarred():
    city = City("major", "Cairo", founder=1)
    world = world_with({"egypt": TerritoryState("egypt", city=city, scar="bunker")})
    assert rules.starting_refusal(world, "egypt", player=1) is None
    assert "founded by someone else" in rules.starting_refusal(world, "egypt", player=2)


def test_an_hq_may_not_start_next_to_another_hq():
    refusal = rules.starting_refusal(empty_world(), "egypt", player=1, hqs=["middle-east"])
    assert "borders the HQ" in refusal
    legal = rules.legal_starting_territories(empty_world(), player=1, hqs=["middle-east"])
    assert "egypt" not in legal and "middle-east" not in legal and "japan" in legal
    assert len(legal) == 42 - 1 - len(board.neighbors("middle-east"))


def test_an_occupied_territory_is_excluded_but_its_neighbours_stay_legal():
    legal = rules.legal_starting_territories(empty_world(), player=1, occupied=["middle-east"])
    assert "middle-east" not in legal and "egypt" in legal
    assert len(legal) == 41


def test_a_player_joining_the_war_is_not_kept_away_from_hqs():
    assert rules.joining_refusal(empty_world(), "egypt", player=1, occupied=["middle-east"]) is None
    legal = rules.legal_joining_territories(empty_world(), player=1, occupied=["middle-east"])
    assert "egypt" in legal and "middle-east" not in legal


def test_a_player_joining_the_war_may_not_land_on_a_marked_territory():
    world = world_with({"egypt": TerritoryState("egypt", scar="bunker")})
    assert "marked" in rules.joining_refusal(world, "egypt", player=1)
    assert "egypt" not in rules.legal_joining_territories(world, player=1)


def test_a_player_joining_the_war_may_land_in_their_own_major_city():
    city = City("major", "Cairo", founder=1)
    world = world_with({"egypt": TerritoryState("egypt", city=city)})
    assert "egypt" in rules.legal_joining_territories(world, player=1)
    assert "egypt" not in rules.legal_joining_territories(world, player=2)


def test_with_every_territory_occupied_nobody_can_join_the_war():
    everywhere = [t.slug for t in board.TERRITORIES]
    assert rules.legal_joining_territories(empty_world(), player=1, occupied=everywhere) == []


def test_an_unknown_territory_is_refused_by_name():
    assert "no territory called 'atlantis'" in rules.starting_refusal(
        empty_world(), "atlantis", player=1
    )


# --- Before every game ---------------------------------------------------------------------------


def test_a_player_who_never_signed_takes_a_red_star():
    assert rules.starting_tokens(0) == rules.StartingTokens(red_stars=1, missiles=0)


def test_a_player_takes_one_missile_per_signature():
    assert rules.starting_tokens(3) == rules.StartingTokens(red_stars=0, missiles=3)


def test_scar_cards_are_dealt_only_when_there_is_one_for_every_player():
    assert rules.scar_cards_dealt(available=5, players=5)
    assert not rules.scar_cards_dealt(available=4, players=5)


# --- Before the first game -----------------------------------------------------------------------


def test_twelve_coins_with_at_most_three_on_a_card_are_accepted():
    coins = rules.check_first_game_coins(
        ["alaska", "alaska"] + [t.slug for t in board.TERRITORIES[1:11]]
    )
    assert coins["alaska"] == 3 and coins["greenland"] == 2 and coins["japan"] == 1


def test_a_thirteenth_first_game_coin_is_refused():
    with pytest.raises(RuleViolation, match="all 12 coin stickers"):
        rules.check_first_game_coins([t.slug for t in board.TERRITORIES[:13]])


def test_a_fourth_coin_on_a_card_before_the_first_game_is_refused():
    with pytest.raises(RuleViolation, match="no card may hold more than 3"):
        rules.check_first_game_coins(["alaska"] * 3 + [t.slug for t in board.TERRITORIES[1:10]])


# --- Rewards -------------------------------------------------------------------------------------


def test_an_unnamed_continent_can_be_named_by_the_winner():
    rules.check_winner_reward(
        world_with(), RewardChoice(Reward.NAME_CONTINENT, continent="europe", name="Eurasia")
    )


def test_a_continent_is_named_only_once():
    world = world_with(continents={"europe": ContinentState("europe", name="Old World", namer=1)})
    with pytest.raises(RuleViolation, match="already has a name"):
        rules.check_winner_reward(
            world, RewardChoice(Reward.NAME_CONTINENT, continent="europe", name="New")
        )


def test_a_major_city_needs_a_territory_without_a_city():
    world = world_with({"egypt": TerritoryState("egypt", city=City("minor", "Giza"))})
    with pytest.raises(RuleViolation, match="already has a city"):
        rules.check_winner_reward(
            world, RewardChoice(Reward.MAJOR_CITY, territory="egypt", name="X")
        )


def test_a_sixth_major_city_is_refused():
    world = world_with(stock_left={**FULL_STOCK, Stock.MAJOR_CITIES: 0})
    with pytest.raises(RuleViolation, match="major city stickers are used"):
        rules.check_winner_reward(
            world, RewardChoice(Reward.MAJOR_CITY, territory="egypt", name="X")
        )
    assert Reward.MAJOR_CITY not in rules.winner_reward_targets(world)


def test_only_a_scar_can_be_cancelled_not_a_city():
    world = world_with({"egypt": TerritoryState("egypt", city=City("minor", "Giza"))})
    with pytest.raises(RuleViolation, match="no scar to cancel"):
        rules.check_winner_reward(world, RewardChoice(Reward.CANCEL_SCAR, territory="egypt"))


def test_each_continent_bonus_changes_once_and_each_sticker_is_used_once():
    world = world_with(
        continents={"asia": ContinentState("asia", bonus_change=1)},
        stock_left={**FULL_STOCK, Stock.BONUS_PLUS: 0},
    )
    with pytest.raises(RuleViolation, match="already changed"):
        rules.check_winner_reward(
            world, RewardChoice(Reward.CHANGE_BONUS, continent="asia", delta=-1)
        )
    with pytest.raises(RuleViolation, match=r"\+1 bonus sticker is already used"):
        rules.check_winner_reward(
            world, RewardChoice(Reward.CHANGE_BONUS, continent="europe", delta=1)
        )
    targets = rules.winner_reward_targets(world)[Reward.CHANGE_BONUS]
    assert ("europe", -1) in targets and ("europe", 1) not in targets
    assert all(slug != "asia" for slug, _ in targets)


def test_a_bonus_changes_by_one_only():
    with pytest.raises(RuleViolation, match=r"\+1 or -1"):
        rules.check_winner_reward(
            world_with(), RewardChoice(Reward.CHANGE_BONUS, continent="asia", delta=2)
        )


def test_a_fortified_city_can_be_fortified_again():
    world = world_with(
        {"egypt": TerritoryState("egypt", city=City("minor", "Giza", fortified=True))}
    )
    rules.check_winner_reward(world, RewardChoice(Reward.FORTIFY_CITY, territory="egypt"))


def test_a_territory_card_is_destroyed_once():
    world = world_with({"egypt": TerritoryState("egypt", card_destroyed=True)})
    with pytest.raises(RuleViolation, match="already destroyed"):
        rules.check_winner_reward(world, RewardChoice(Reward.DESTROY_CARD, territory="egypt"))


def test_held_on_rewards_are_not_winner_rewards():
    with pytest.raises(RuleViolation, match="not a winner's reward"):
        rules.check_winner_reward(
            world_with(), RewardChoice(Reward.MINOR_CITY, territory="egypt", name="X")
        )


def test_a_minor_city_goes_on_a_territory_the_player_controlled_at_the_end():
    with pytest.raises(RuleViolation, match="did not control Egypt"):
        rules.check_held_on_reward(
            world_with(),
            RewardChoice(Reward.MINOR_CITY, territory="egypt", name="X"),
            controlled=["peru"],
        )


def test_a_tenth_minor_city_is_refused():
    world = world_with(stock_left={**FULL_STOCK, Stock.MINOR_CITIES: 0})
    with pytest.raises(RuleViolation, match="All 9 minor city stickers are used"):
        rules.check_held_on_reward(
            world,
            RewardChoice(Reward.MINOR_CITY, territory="egypt", name="X"),
            controlled=["egypt"],
        )


def test_a_card_never_holds_more_than_six_coins():
    world = world_with({"egypt": TerritoryState("egypt", coins=6)})
    with pytest.raises(RuleViolation, match="already holds 6 coins"):
        rules.check_held_on_reward(
            world, RewardChoice(Reward.UPGRADE_CARD, territory="egypt"), controlled=["egypt"]
        )
    assert rules.held_on_reward_targets(world, ["egypt"]) == {Reward.MINOR_CITY: ["egypt"]}


def test_a_destroyed_card_gets_no_coin():
    world = world_with({"egypt": TerritoryState("egypt", card_destroyed=True)})
    with pytest.raises(RuleViolation, match="was destroyed"):
        rules.check_held_on_reward(
            world, RewardChoice(Reward.UPGRADE_CARD, territory="egypt"), controlled=["egypt"]
        )


def test_no_rewards_after_the_fifteenth_game():
    assert rules.rewards_given(15)
    assert not rules.rewards_given(16)
    assert not rules.rewards_given(0)


# --- Packets ------------------------------------------------------------------------------------


def test_the_ninth_minor_city_opens_pack_one():
    assert rules.packets_to_open(rules.TriggerFacts(minor_cities_founded=8), opened=[]) == []
    assert rules.packets_to_open(rules.TriggerFacts(minor_cities_founded=9), opened=[]) == [
        "pack-1"
    ]


def test_a_second_signature_opens_pack_three():
    assert rules.packets_to_open(
        rules.TriggerFacts(most_signatures_by_one_player=2), opened=[]
    ) == ["pack-3"]


def test_the_first_elimination_opens_pack_two_once():
    facts = rules.TriggerFacts(factions_eliminated=2)
    assert rules.packets_to_open(facts, opened=[]) == ["pack-2"]
    assert rules.packets_to_open(facts, opened=["pack-2"]) == []


def test_three_missiles_on_one_roll_open_pocket_one():
    assert rules.packets_to_open(rules.TriggerFacts(most_missiles_on_one_roll=3), opened=[]) == [
        "pocket-1"
    ]
    assert rules.packets_to_open(rules.TriggerFacts(most_missiles_on_one_roll=2), opened=[]) == []


def test_a_big_recruitment_while_holding_a_missile_opens_pocket_two():
    facts = rules.TriggerFacts(big_recruitment_with_missile=True, pack4_mark_placed=True)
    assert rules.packets_to_open(facts, opened=[]) == ["pack-4", "pocket-2"]


# --- Naming the world ----------------------------------------------------------------------------


def test_the_player_with_most_signatures_names_the_world():
    assert rules.world_namer({1: 5, 2: 4, 3: 6}).namer == 3


def test_a_tie_for_most_signatures_needs_a_roll():
    decision = rules.world_namer({1: 5, 2: 5, 3: 4})
    assert decision.namer is None and decision.tied == (1, 2)


def test_named_continents_add_to_the_tie_roll():
    decision = rules.world_namer({1: 5, 2: 5}, continents_named={2: 2}, rolls={1: 5, 2: 4})
    assert decision.namer == 2


def test_a_tied_roll_is_rolled_again():
    decision = rules.world_namer({1: 5, 2: 5}, continents_named={1: 1}, rolls={1: 3, 2: 4})
    assert decision.namer is None and decision.tied == (1, 2)


def test_a_player_who_did_not_tie_does_not_roll():
    with pytest.raises(RuleViolation, match="Only the players tied"):
        rules.world_namer({1: 5, 2: 5, 3: 4}, rolls={1: 3, 2: 4, 3: 6})


def test_nobody_rolls_when_one_player_has_the_most_signatures():
    with pytest.raises(RuleViolation, match="Only the players tied"):
        rules.world_namer({1: 6, 2: 5}, rolls={2: 6})


def test_a_roll_must_be_a_die_face():
    with pytest.raises(RuleViolation, match="1 to 6"):
        rules.world_namer({1: 5, 2: 5}, rolls={1: 7, 2: 1})


def test_signature_counts_are_derived_from_the_lines():
    world = world_with(
        signatures=(Signature(1, 7, 1, "2026-01-01"), Signature(2, 7, 2, "2026-01-08"))
    )
    assert world.signature_counts() == {7: 2}


def test_missiles_at_setup_count_signatures_or_games_won_as_the_campaign_reads_it():
    assert (
        rules.starting_tokens(2)
        == rules.starting_tokens(2, games_won=2)
        == rules.StartingTokens(0, 2)
    )
    # After game 15 winners no longer sign: only the components text counts those wins.
    assert rules.starting_tokens(2, games_won=4).missiles == 4
    assert rules.starting_tokens(0, games_won=0) == rules.StartingTokens(1, 0)


def test_game_sixteen_is_played_in_a_named_world():
    assert rules.world_named_before(15, None)
    assert not rules.world_named_before(16, None)
    assert rules.world_named_before(16, "Terra Nova")


def test_a_white_sticker_marks_a_territory_only_where_the_campaign_reads_it_so():
    world = empty_world()
    world.territories["peru"] = replace(world.territories["peru"], scar_cancelled=True)
    assert rules.start_reason(world, "peru", player=None) is None
    still = replace(world, cancelled_scars_mark=True)
    assert str(rules.start_reason(still, "peru", player=None)).startswith("Peru is marked")
