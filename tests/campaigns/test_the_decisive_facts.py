"""The facts that decide a game: red stars as the box counts them (tokens and HQs), the fourth
that wins at once, the last faction standing, out means out, no legal start and no rejoin, and
the World Capital founded during a game."""

from __future__ import annotations

import pytest

from campaigns import members
from campaigns.game.decks import add_card, complete_mission, draw_card
from campaigns.game.finish import finish_game, results_from_log
from campaigns.game.holdings import holdings_of
from campaigns.game.packets import open_packet
from campaigns.game.table import (
    buy_red_star,
    coin_pile_out,
    eliminate_faction,
    place_scar,
    record_recruitment,
    rejoin_faction,
    take_hq,
    use_missiles,
)
from campaigns.game.taking_back import void_event
from campaigns.game.territory_entries import found_capital
from campaigns.models import EventKind, Result
from legacy import rules
from legacy.errors import RuleViolation
from legacy.models import City, CityKind
from legacy.selectors import world_as_of
from tests.support.games import EARNED_ANOTHER_WAY, finish_kwargs, give, start

pytestmark = pytest.mark.django_db


def held(game, player):
    seat = game.seats.get(player=player)
    return holdings_of(game).holdings[seat.pk]


def refusal(call, **kw) -> RuleViolation:
    with pytest.raises(RuleViolation) as refused:
        call(**kw)
    return refused.value


# --- Red stars as the box counts them -----------------------------------------------------------


def test_each_seat_starts_with_two_red_stars_its_hq_and_its_token(game, trio):
    ada = held(game, trio[0])
    assert (ada.red_stars, ada.hqs, ada.red_stars_counted) == (1, 1, 2)


def test_taking_an_hq_moves_its_red_star_to_the_taker(game, trio):
    ada, boris, _chloe = trio
    take_hq(game=game, player=ada.pk, hq_of=boris.pk)
    assert (held(game, ada).hqs, held(game, ada).red_stars_counted) == (2, 3)
    assert (held(game, boris).hqs, held(game, boris).red_stars_counted) == (0, 1)


def test_the_owner_retaking_their_hq_gets_its_red_star_back(game, trio):
    ada, boris, _chloe = trio
    take_hq(game=game, player=ada.pk, hq_of=boris.pk)
    take_hq(game=game, player=boris.pk, hq_of=boris.pk)
    assert held(game, boris).red_stars_counted == 2 and held(game, ada).red_stars_counted == 2


def test_an_hq_its_taker_controls_already_is_refused(game, trio):
    ada = trio[0]
    refused = refusal(take_hq, game=game, player=ada.pk, hq_of=ada.pk)
    assert refused.rule == "hq-held-already"
    assert not game.events.filter(kind=EventKind.HQ_TAKEN).exists()


def test_the_hq_of_nobody_at_the_table_is_refused(game, trio, players):
    refused = refusal(take_hq, game=game, player=trio[0].pk, hq_of=players["Dmitri"].pk)
    assert refused.field == "hq_of"


def test_the_entry_that_brings_a_player_to_four_red_stars_wins_the_game_at_once(game, trio):
    ada, boris, chloe = trio
    take_hq(game=game, player=ada.pk, hq_of=boris.pk)
    won = take_hq(game=game, player=ada.pk, hq_of=chloe.pk).event
    ends = results_from_log(game)
    assert ends[ada.pk].result == Result.WON and ends[ada.pk].entry == won.seq
    refused = refusal(record_recruitment, game=game, player=boris.pk, troops=12)
    assert refused.rule == "war-over" and refused.conflict


def test_buying_the_fourth_red_star_wins_and_a_fifth_is_refused(game, trio):
    ada = trio[0]
    buy_red_star(game=game, player=ada.pk)
    buy_red_star(game=game, player=ada.pk)
    assert results_from_log(game)[ada.pk].won
    refused = refusal(buy_red_star, game=game, player=ada.pk)
    assert refused.rule == "war-over"
    assert held(game, ada).red_stars_counted == 4


def test_the_end_of_a_won_game_names_the_winner_the_log_says(game, trio):
    ada, boris, chloe = trio
    take_hq(game=game, player=boris.pk, hq_of=ada.pk)
    take_hq(game=game, player=boris.pk, hq_of=chloe.pk)
    kw = finish_kwargs(trio)  # Ada wins in the usual ending: not this time
    refused = refusal(finish_game, game=game, **kw)
    assert refused.rule == "war-won" and "Boris won the war at entry" in refused.message
    kw["results"] = {ada.pk: "held_on", boris.pk: "won", chloe.pk: "eliminated"}
    kw["controlled"] = {ada.pk: ["egypt"]}
    kw["winner_reward"] = {"kind": "major-city", "territory": "japan", "name": "Edo"}
    kw["held_on_rewards"] = {ada.pk: {"kind": "minor-city", "territory": "egypt", "name": "Giza"}}
    finish_game(game=game, **kw)
    assert game.seats.get(player=boris).result == Result.WON


def test_taking_the_winning_entry_back_undoes_the_win(game, trio):
    ada, boris, chloe = trio
    take_hq(game=game, player=ada.pk, hq_of=boris.pk)
    won = take_hq(game=game, player=ada.pk, hq_of=chloe.pk).event
    void_event(game=game, seq=won.seq, reason="Chloe's HQ held")
    assert ada.pk not in results_from_log(game)
    record_recruitment(game=game, player=boris.pk, troops=12)  # the war goes on


def test_the_last_faction_standing_wins(game, trio):
    ada, boris, chloe = trio
    eliminate_faction(game=game, player=boris.pk, can_rejoin=False)
    eliminate_faction(game=game, player=chloe.pk, can_rejoin=False)
    ends = results_from_log(game)
    assert ends[ada.pk].won and "last faction standing" in ends[ada.pk].reason
    assert refusal(buy_red_star, game=game, player=ada.pk).rule == "war-over"


def test_every_other_faction_wiped_out_even_one_that_may_rejoin_makes_the_last_one_win(game, trio):
    """«Вы побеждаете сразу же ... если все остальные игроки выбывают»: the moment the last other
    faction is wiped out, the game ends, before either could join the war again."""
    ada, boris, chloe = trio
    eliminate_faction(game=game, player=boris.pk, can_rejoin=True)
    assert ada.pk not in results_from_log(game)  # Chloe still stands
    last = eliminate_faction(game=game, player=chloe.pk, can_rejoin=True).event
    ends = results_from_log(game)
    assert ends[ada.pk].won and ends[ada.pk].entry == last.seq
    assert "last faction standing" in ends[ada.pk].reason
    assert ends[boris.pk].result == ends[chloe.pk].result == Result.ELIMINATED


def test_a_rejoin_after_the_last_one_standing_won_is_refused_by_that_rule(game, trio):
    ada, boris, chloe = trio
    eliminate_faction(game=game, player=boris.pk, can_rejoin=True)
    last = eliminate_faction(game=game, player=chloe.pk, can_rejoin=True).event
    refused = refusal(rejoin_faction, game=game, player=boris.pk, territory="india")
    assert refused.rule == "rejoin-after-last-standing" and refused.conflict
    assert f"Ada won game 1 as the last faction standing (entry {last.seq})" in refused.message
    assert not game.events.filter(kind=EventKind.REJOINED).exists()


def test_the_end_of_a_game_won_by_the_last_one_standing_names_the_winner_the_log_says(game, trio):
    ada, boris, chloe = trio
    eliminate_faction(game=game, player=ada.pk, can_rejoin=True)
    eliminate_faction(game=game, player=chloe.pk, can_rejoin=True)
    kw = finish_kwargs(trio)  # Ada wins in the usual ending: not this time
    refused = refusal(finish_game, game=game, **kw)
    assert refused.rule == "war-won" and "Boris won the war at entry" in refused.message
    kw["results"] = {ada.pk: "eliminated", boris.pk: "won", chloe.pk: "eliminated"}
    kw["controlled"] = {}
    kw["winner_reward"] = {"kind": "major-city", "territory": "japan", "name": "Edo"}
    kw["held_on_rewards"] = {}
    finish_game(game=game, **kw)
    assert game.seats.get(player=boris).result == Result.WON


def test_taking_the_last_wipe_out_back_undoes_the_win_and_the_faction_may_rejoin(game, trio):
    ada, boris, chloe = trio
    eliminate_faction(game=game, player=boris.pk, can_rejoin=True)
    last = eliminate_faction(game=game, player=chloe.pk, can_rejoin=True).event
    void_event(game=game, seq=last.seq, reason="Chloe kept a troop in India")
    assert ada.pk not in results_from_log(game)
    rejoin_faction(game=game, player=boris.pk, territory="india")  # the war goes on
    assert not held(game, boris).out


# --- Out means out ------------------------------------------------------------------------------


def test_an_eliminated_faction_records_no_recruitment(game, trio):
    chloe = trio[2]
    eliminate_faction(game=game, player=chloe.pk, can_rejoin=False)
    refused = refusal(record_recruitment, game=game, player=chloe.pk, troops=35)
    assert refused.rule == "out-of-the-war" and "was eliminated" in refused.message
    assert not game.events.filter(kind=EventKind.RECRUITMENT).exists()


def test_an_eliminated_faction_plays_no_missiles(game, trio):
    chloe = trio[2]
    give(game, chloe, missiles=2)
    eliminate_faction(game=game, player=chloe.pk, can_rejoin=False)
    assert refusal(use_missiles, game=game, player=chloe.pk, count=1).rule == "out-of-the-war"


def test_an_eliminated_faction_takes_no_hq_and_places_no_scar(game, trio):
    ada, _boris, chloe = trio
    eliminate_faction(game=game, player=chloe.pk, can_rejoin=False)
    assert refusal(take_hq, game=game, player=chloe.pk, hq_of=ada.pk).rule == "out-of-the-war"
    refused = refusal(place_scar, game=game, scar="bunker", territory="india", player=chloe.pk)
    assert refused.rule == "out-of-the-war"


def test_a_wiped_out_faction_records_nothing_until_it_rejoins(game, trio):
    chloe = trio[2]
    eliminate_faction(game=game, player=chloe.pk, can_rejoin=True)
    refused = refusal(record_recruitment, game=game, player=chloe.pk, troops=35)
    assert refused.rule == "out-of-the-war" and "until it rejoins" in refused.message
    rejoin_faction(game=game, player=chloe.pk, territory="india")
    record_recruitment(game=game, player=chloe.pk, troops=35)


def test_the_red_star_refusal_for_a_faction_out_keeps_its_words(game, trio):
    chloe = trio[2]
    eliminate_faction(game=game, player=chloe.pk, can_rejoin=False)
    assert refusal(buy_red_star, game=game, player=chloe.pk).rule == "already-out"


# --- No legal start, no rejoin ------------------------------------------------------------------


def test_a_wiped_out_faction_with_no_legal_start_is_eliminated_and_pack_2_is_due_at_once(
    game, trio
):
    chloe = trio[2]
    wiped = eliminate_faction(game=game, player=chloe.pk, can_rejoin=True)
    assert "pack-2" not in wiped.packets_to_open
    out = eliminate_faction(game=game, player=chloe.pk, can_rejoin=False, no_legal_start=True)
    assert out.event.data == {"can_rejoin": False, "no_legal_start": True}
    assert "pack-2" in out.packets_to_open
    assert held(game, chloe).out_for_good
    assert refusal(rejoin_faction, game=game, player=chloe.pk, territory="india").rule == (
        "eliminated-for-good"
    )


def test_a_faction_eliminated_for_good_is_not_eliminated_again(game, trio):
    chloe = trio[2]
    eliminate_faction(game=game, player=chloe.pk, can_rejoin=False)
    refused = refusal(
        eliminate_faction, game=game, player=chloe.pk, can_rejoin=False, no_legal_start=True
    )
    assert refused.rule == "already-out"


# --- The World Capital as the box places it -----------------------------------------------------

CAPITALS = {"kind": "world-capital", "title": "World Capitals", "text": "In our words."}


@pytest.fixture
def capital_game(prepared_campaign, players):
    open_packet(
        campaign=prepared_campaign,
        packet="pack-3",
        unlocked=[CAPITALS],
        earned_otherwise=EARNED_ANOTHER_WAY,
    )
    return start(prepared_campaign, players)


def test_a_world_capital_founded_during_a_game_is_on_the_board_at_once(capital_game, trio):
    ada = trio[0]
    entry = found_capital(game=capital_game, territory="india", name="Nova", player=ada.pk)
    city = City.objects.get(campaign=capital_game.campaign, territory="india")
    assert (city.kind, city.placed_in_game, city.placed_by) == (CityKind.CAPITAL, 1, ada)
    assert world_as_of(capital_game.campaign_id).territories["india"].city.name == "Nova"
    assert "pack-4" not in entry.packets_to_open  # not this group's trigger


def test_the_world_capitals_allowed_limit_a_game_too(capital_game, trio):
    found_capital(game=capital_game, territory="india", name="Nova")
    refused = refusal(found_capital, game=capital_game, territory="china", name="Vela")
    assert refused.rule == "world-capitals-allowed"


def test_a_world_capital_is_founded_during_a_game_only_once_a_packet_allows_it(game):
    refused = refusal(found_capital, game=game, territory="india", name="Nova")
    assert refused.rule == "world-capital-locked"
    assert not City.objects.filter(campaign=game.campaign).exists()


def test_a_world_capital_makes_pack_4_due_when_it_is_the_groups_trigger(prepared_campaign, players):
    open_packet(
        campaign=prepared_campaign,
        packet="pack-3",
        unlocked=[{**CAPITALS, "opens_pack_4": True}],
        earned_otherwise=EARNED_ANOTHER_WAY,
    )
    game = start(prepared_campaign, players)
    entry = found_capital(game=game, territory="india", name="Nova")
    assert "pack-4" in entry.packets_to_open
    void_event(game=game, seq=entry.event.seq, reason="Founded by mistake")
    assert not City.objects.current().filter(campaign=prepared_campaign).exists()


def test_an_eliminated_faction_founds_no_world_capital(capital_game, trio):
    chloe = trio[2]
    eliminate_faction(game=capital_game, player=chloe.pk, can_rejoin=False)
    refused = refusal(
        found_capital, game=capital_game, territory="india", name="Nova", player=chloe.pk
    )
    assert refused.rule == "out-of-the-war"


def test_the_founder_rejoins_on_their_world_capital_only_where_the_group_reads_it_so(
    capital_game, trio, owner
):
    chloe = trio[2]
    found_capital(game=capital_game, territory="india", name="Nova", player=chloe.pk)
    eliminate_faction(game=capital_game, player=chloe.pk, can_rejoin=True)
    refused = refusal(rejoin_faction, game=capital_game, player=chloe.pk, territory="india")
    assert refused.rule == "join-the-war" and "World Capital" in refused.message
    members.set_house_rules(campaign=capital_game.campaign, world_capital_is_a_start=True, by=owner)
    rejoin_faction(game=capital_game, player=chloe.pk, territory="india")


def test_the_rule_says_a_world_capital_is_no_start_for_its_founder_by_default(capital_game, trio):
    ada = trio[0]
    found_capital(game=capital_game, territory="india", name="Nova", player=ada.pk)
    world = world_as_of(capital_game.campaign_id)
    assert "india" not in rules.legal_starting_territories(world, player=ada.pk)
    assert "india" in rules.legal_starting_territories(world, player=ada.pk, capital_starts=True)


def test_a_mission_completed_by_an_eliminated_faction_is_refused(game, trio):
    chloe = trio[2]
    open_packet(campaign=game.campaign, packet="pack-2", earned_otherwise=EARNED_ANOTHER_WAY)
    card = add_card(campaign=game.campaign, deck="mission", title="Poles", packet="pack-2")
    draw_card(game=game, card=card.pk)
    eliminate_faction(game=game, player=chloe.pk, can_rejoin=False)
    refused = refusal(complete_mission, game=game, card=card.pk, player=chloe.pk)
    assert refused.rule == "out-of-the-war"


def test_a_faction_out_of_the_war_controls_no_territory_when_the_coin_pile_runs_out(game, trio):
    ada, boris, chloe = trio
    eliminate_faction(game=game, player=chloe.pk, can_rejoin=False)
    refused = refusal(coin_pile_out, game=game, territories={ada.pk: 10, boris.pk: 9, chloe.pk: 20})
    assert refused.rule == "out-of-the-war" and refused.field == "territories"
    assert coin_pile_out(game=game, territories={ada.pk: 10, boris.pk: 9, chloe.pk: 0}).red_star_to


def test_an_elimination_that_may_rejoin_with_no_legal_start_is_refused_at_the_table(game, players):
    """The quick log's service refuses the two flags together too, and writes nothing."""
    from campaigns.game.table import eliminate_faction as wipe_out
    from campaigns.models import GameEvent
    from legacy.errors import RuleViolation

    before = GameEvent.objects.count()
    with pytest.raises(RuleViolation) as refused:
        wipe_out(game=game, player=players["Chloe"].pk, can_rejoin=True, no_legal_start=True)
    assert refused.value.rule == "rejoin-with-no-start"
    assert GameEvent.objects.count() == before


def test_a_wiped_out_faction_still_plays_its_missiles_and_its_scar_card(game, trio):
    """The eliminator takes the resource cards, "но не его Шрам карты или Red Star / Ракетные
    жетоны": a faction wiped out and waiting to rejoin plays its missiles and its scar card."""
    chloe = trio[2]
    give(game, chloe, missiles=2)
    eliminate_faction(game=game, player=chloe.pk, can_rejoin=True)
    played = use_missiles(game=game, player=chloe.pk, count=1)
    assert played.event.kind == EventKind.MISSILES
    scar = place_scar(game=game, scar="bunker", territory="india", player=chloe.pk)
    assert scar.event.kind == EventKind.SCAR_PLACED
    refused = refusal(record_recruitment, game=game, player=chloe.pk, troops=35)
    assert refused.rule == "out-of-the-war"  # anything else waits until it rejoins
