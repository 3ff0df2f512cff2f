"""The end of a game decided with no database: the seats, the log's ends, the world and the
players' choices in; the results, the rewards in order and the refusals out."""

from dataclasses import replace

import pytest

from legacy.box import BASE_STOCK, Stock
from legacy.errors import RuleViolation
from legacy.rules import Reward, RewardChoice
from legacy.rules import finish_rules as f
from legacy.world import empty_world

ADA, BORIS, CHLOE = 1, 2, 3
SEATS = (f.SeatFacts(ADA, "Ada", 1), f.SeatFacts(BORIS, "Boris", 2), f.SeatFacts(CHLOE, "Chloe", 3))
STOCKED = replace(empty_world(), stock_left={slug: count for slug, _, count in BASE_STOCK})
CAIRO = {"kind": "major-city", "territory": "egypt", "name": "Cairo"}


def facts(**changes) -> f.FinishFacts:
    """Game 1: Ada won and founds Cairo; Boris held on, controlled China and adds a coin to
    its card; Chloe was eliminated. Changes replace any part of that."""
    base = f.FinishFacts(
        game_number=1,
        seats=SEATS,
        world=STOCKED,
        results={ADA: "won", BORIS: "held_on", CHLOE: "eliminated"},
        controlled={BORIS: ["china"]},
        winner_reward=CAIRO,
        held_on_rewards={BORIS: {"kind": "upgrade-card", "territory": "china"}},
    )
    return replace(base, **changes)


def refusal(**changes) -> RuleViolation:
    with pytest.raises(RuleViolation) as refused:
        f.decide_finish(facts(**changes))
    return refused.value


def test_the_winner_signs_and_the_rewards_come_winner_first():
    decision = f.decide_finish(facts())
    assert decision.winner == ADA and decision.signs
    assert decision.outcome == {ADA: "won", BORIS: "held_on", CHLOE: "eliminated"}
    assert decision.controlled == {BORIS: ["china"]}
    assert [(p, c.kind) for p, c in decision.rewards] == [
        (ADA, Reward.MAJOR_CITY),
        (BORIS, Reward.UPGRADE_CARD),
    ]
    assert decision.world.territories["egypt"].city.name == "Cairo"
    assert decision.world.territories["china"].coins == 2


def test_held_on_rewards_go_clockwise_from_the_winner_each_seeing_the_one_before():
    results = {ADA: "held_on", BORIS: "won", CHLOE: "held_on"}
    decision = f.decide_finish(
        facts(
            results=results,
            controlled={CHLOE: ["india"], ADA: ["peru"]},
            winner_reward=CAIRO,
            held_on_rewards={
                ADA: {"kind": "minor-city", "territory": "peru", "name": "Lima"},
                CHLOE: {"kind": "minor-city", "territory": "india", "name": "Delhi"},
            },
        )
    )
    assert [p for p, _ in decision.rewards] == [BORIS, CHLOE, ADA]


def test_every_seat_gets_one_result_and_a_game_has_one_winner():
    assert refusal(results={ADA: "won", BORIS: "held_on"}).rule == "every-result"
    assert refusal(results={ADA: "won", BORIS: "won", CHLOE: "eliminated"}).message == (
        "A game has exactly one winner; 2 were given."
    )
    assert refusal(results={ADA: "won", BORIS: "lost", CHLOE: "eliminated"}).rule == "result"
    assert refusal(results={ADA: "won", 9: "held_on", CHLOE: "x"}).rule == "unknown-seat"


def test_a_seat_the_log_put_out_finishes_eliminated():
    why = f.end_by_the_log("Boris", 4, won=False, for_good=True)
    refused = refusal(logged_ends={BORIS: why})
    assert (refused.rule, refused.message) == (
        "out-at-the-end",
        "The log says Boris ends the game eliminated: eliminated for good at entry 4.",
    )


def test_the_winner_the_log_names_is_the_winner_and_no_other():
    why = f.end_by_the_log("Boris", 6, won=True, by_red_stars=True)
    refused = refusal(logged_ends={BORIS: why}, logged_winner=BORIS)
    assert (refused.rule, refused.message) == (
        "war-won",
        "The log says Boris won the war at entry 6, by 4 red stars.",
    )
    decided = f.decide_finish(
        facts(
            results={ADA: "held_on", BORIS: "won", CHLOE: "eliminated"},
            controlled={ADA: ["egypt"]},
            held_on_rewards={ADA: {"kind": "upgrade-card", "territory": "egypt"}},
            logged_ends={BORIS: why},
            logged_winner=BORIS,
        )
    )
    assert decided.winner == BORIS


def test_what_survivors_controlled_is_on_the_board_with_one_owner_each():
    assert refusal(controlled={CHLOE: ["peru"]}).rule == "eliminated-controls-nothing"
    assert refusal(controlled={BORIS: "china"}).rule == "controlled"
    assert refusal(controlled={BORIS: ["mu"]}).rule == "unknown-territory"
    refused = refusal(controlled={BORIS: ["china"], ADA: ["china"]})
    assert refused.message == "China has two owners: give it to one."


def test_the_winner_must_choose_a_reward_and_it_must_be_legal():
    assert refusal(winner_reward=None).message == "Ada won and chooses one reward."
    assert refusal(winner_reward={"kind": "a-pony"}).rule == "reward-kind"
    taken = replace(STOCKED, stock_left=STOCKED.stock_left | {Stock.MAJOR_CITIES: 0})
    assert refusal(world=taken).message == "All 5 major city stickers are used."


def test_only_a_player_who_held_on_gets_a_held_on_reward():
    refused = refusal(held_on_rewards={CHLOE: {"kind": "upgrade-card", "territory": "peru"}})
    assert refused.message == "Chloe did not hold on, so gets no held-on reward."


def test_a_refused_held_on_reward_names_the_player():
    refused = refusal(held_on_rewards={BORIS: {"kind": "upgrade-card", "territory": "peru"}})
    assert refused.message == "Boris: You did not control Peru at the end of the game."


def test_a_player_who_held_on_goes_without_only_when_no_reward_is_legal():
    assert refusal(held_on_rewards={}).rule == "held-on-must-choose"
    decision = f.decide_finish(facts(held_on_rewards={}, controlled={BORIS: []}))
    assert decision.no_rewards[BORIS].why == "nothing-eligible"
    assert decision.no_rewards[BORIS].text.startswith("Boris held on and gets no reward: ")


def test_after_the_fifteenth_game_nobody_signs_and_nobody_is_rewarded():
    late = dict(game_number=16, winner_reward=None, held_on_rewards={})
    decision = f.decide_finish(facts(**late))
    assert not decision.signs and decision.rewards == ()
    assert refusal(**late | {"slogan": "Again!"}).rule == "no-signature-after-15"
    assert refusal(**late | {"signed": True}).field == "signed_on"
    assert refusal(**late | {"winner_reward": CAIRO}).rule == "no-rewards-after-15"


def test_a_reward_is_read_from_plain_data():
    assert f.reward_choice({"kind": "change-bonus", "continent": "asia", "delta": "-1"}) == (
        RewardChoice(Reward.CHANGE_BONUS, continent="asia", delta=-1)
    )
    assert f.reward_choice(None) is None
