"""The rules of Risk Legacy that a campaign keeper enforces, as pure functions.

Each function takes plain data (numbers, slugs, a frozen ``World``) and returns plain data or
raises ``RuleViolation`` with a message for the players. Nothing here reads or writes the
database: services gather the facts, ask these functions, and write what they allow.

The rules come in the order of a campaign: ``troops`` (recruitment: troops from cards,
territories and cities), ``starting`` (before a game: starts, joining the war, the first game's
coins), ``rewards`` (the end of a game), ``milestones`` (World Capitals, sealed packets, the
world's name) and ``board`` (what a packet adds to the board). Every public name is here too,
so ``from legacy.rules import X`` is the way in.
"""

from legacy.rules.board import (
    check_added_territory,
    check_new_connections,
    territory_slug,
)
from legacy.rules.milestones import (
    NamerDecision,
    TriggerFacts,
    check_world_capital,
    packets_to_open,
    packets_triggered,
    trigger_progress,
    world_capitals,
    world_namer,
)
from legacy.rules.rewards import (
    HELD_ON_REWARDS,
    WINNER_REWARDS,
    Reward,
    RewardChoice,
    check_held_on_reward,
    check_winner_reward,
    gettext_noop,
    held_on_order,
    held_on_reward_targets,
    held_on_stocks_left,
    held_on_stocks_out,
    no_held_on_reward_reason,
    reward_in_english,
    rewards_given,
    winner_reward_targets,
    world_after_reward,
)
from legacy.rules.starting import (
    FOUNDERS_START_CITIES,
    JOINING_TROOPS,
    Reason,
    StartingTokens,
    check_first_game_coins,
    joining_refusal,
    joining_troops,
    legal_joining_territories,
    legal_starting_territories,
    scar_cards_dealt,
    start_reason,
    starting_refusal,
    starting_tokens,
    world_named_before,
)
from legacy.rules.troops import (
    continent_bonus,
    recruitment,
    trade_troops,
    troops_recruited,
)

__all__ = [
    "check_added_territory",
    "check_new_connections",
    "territory_slug",
    "trade_troops",
    "troops_recruited",
    "continent_bonus",
    "recruitment",
    "FOUNDERS_START_CITIES",
    "Reason",
    "start_reason",
    "starting_refusal",
    "legal_starting_territories",
    "JOINING_TROOPS",
    "joining_troops",
    "joining_refusal",
    "legal_joining_territories",
    "StartingTokens",
    "starting_tokens",
    "world_named_before",
    "scar_cards_dealt",
    "check_first_game_coins",
    "gettext_noop",
    "Reward",
    "WINNER_REWARDS",
    "HELD_ON_REWARDS",
    "reward_in_english",
    "RewardChoice",
    "rewards_given",
    "winner_reward_targets",
    "held_on_stocks_left",
    "held_on_reward_targets",
    "held_on_stocks_out",
    "no_held_on_reward_reason",
    "check_winner_reward",
    "check_held_on_reward",
    "world_after_reward",
    "held_on_order",
    "world_capitals",
    "check_world_capital",
    "TriggerFacts",
    "packets_triggered",
    "trigger_progress",
    "packets_to_open",
    "NamerDecision",
    "world_namer",
]
