"""The odds' refusals are rules like the others: a rule of ``legacy.refusals`` and the names it
speaks of, said in the reader's language."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest
from django.utils import translation

from legacy.errors import RuleViolation
from legacy.odds import OddsInputError, battle_odds, chain_odds, troops_needed
from legacy.wording import said

ODDS = Path(__file__).resolve().parents[2] / "legacy" / "odds"
CYRILLIC = re.compile("[а-яё]", re.IGNORECASE)


def refused(call) -> OddsInputError:
    with pytest.raises(OddsInputError) as refusal:
        call()
    return refusal.value


def odds_refusals_made() -> list[ast.Call]:
    return [
        node
        for path in sorted(ODDS.rglob("*.py"))
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
        if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "OddsInputError"
    ]


def test_every_odds_refusal_names_an_odds_rule():
    made = odds_refusals_made()
    assert len(made) >= 27
    named = [ast.unparse(call.args[0]) for call in made if call.args]
    assert len(named) == len(made)
    assert all(re.fullmatch(r"OddsRule\.ODDS_[A-Z_]+", rule) for rule in named), named


def test_an_odds_refusal_is_a_rule_and_still_a_value_error():
    refusal = refused(lambda: battle_odds(5.5, 3))
    assert isinstance(refusal, RuleViolation) and isinstance(refusal, ValueError)
    assert refusal.rule == "odds-whole-number" and refusal.field == "attackers"
    assert refusal.message == "The number of attacking troops must be a whole number, not 5.5."


@pytest.mark.parametrize(
    ("call", "rule", "names"),
    [
        (lambda: battle_odds(5.5, 3), "odds-whole-number", ["Число атакующих войск", "5.5"]),
        (lambda: battle_odds(5, 3, stop_at=5), "odds-stop-below-attackers", ["5"]),
        (lambda: battle_odds(1001, 3), "odds-attackers-limit", ["1000", "1001"]),
        (lambda: troops_needed(5, 1.5), "odds-chance-between", []),
        (lambda: chain_odds(10, [{"bunker": True}]), "odds-territory-defenders", ["1"]),
        (lambda: battle_odds(5, 3, bunker="yes"), "odds-on-or-off", ["bunker", "'yes'"]),
    ],
)
def test_an_odds_refusal_is_said_in_russian_with_its_names(call, rule, names):
    refusal = refused(call)
    assert refusal.rule == rule
    with translation.override("ru"):
        russian = said(refusal)
    assert CYRILLIC.search(russian) and russian != refusal.message
    assert all(name in russian for name in names), russian
