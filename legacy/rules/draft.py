"""The draft of a game after Pack 1: each seat's turn order, placement order, starting troops and
starting coin cards, as the table drafted them."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from legacy.errors import RuleViolation
from legacy.refusals import TableRule

# Limits that catch a typing slip, not rules of the box: no draft hands out more.
MOST_TROOPS = 99
MOST_COIN_CARDS = 20


@dataclass(frozen=True)
class DraftPick:
    turn: int
    placement: int
    troops: int
    coin_cards: int


def check_draft(seats: Sequence[int], picks: Mapping[int, DraftPick]) -> None:
    """A draft names every seat once; turn and placement orders are each 1..n once; troops and
    coin cards are counts within reason. Refuses with the rule broken."""
    if set(picks) != set(seats):
        raise RuleViolation(TableRule.DRAFT_EVERY_SEAT)
    n = len(seats)
    for what, rule in (
        ("turn", TableRule.DRAFT_TURN_ORDER),
        ("placement", TableRule.DRAFT_PLACEMENT_ORDER),
    ):
        if sorted(getattr(p, what) for p in picks.values()) != list(range(1, n + 1)):
            raise RuleViolation(rule, count=n)
    for p in picks.values():
        if not 0 <= p.troops <= MOST_TROOPS:
            raise RuleViolation(TableRule.DRAFT_TROOPS, most=MOST_TROOPS)
        if not 0 <= p.coin_cards <= MOST_COIN_CARDS:
            raise RuleViolation(TableRule.DRAFT_COIN_CARDS, most=MOST_COIN_CARDS)
