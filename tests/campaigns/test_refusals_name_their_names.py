"""A refusal of the campaign's services is data: the rule it names and the names it speaks of.
Its one sentence is translated when read and says those names in Russian as in English; no
service words a refusal in English where it raises it. Test data is invented."""

from __future__ import annotations

import ast
from fnmatch import fnmatch
from pathlib import Path

import pytest
from django.utils import translation

from campaigns import services
from campaigns.game.factions import place_power
from campaigns.game.setup import SeatPlan, setup_game
from campaigns.jobs.quotas import QuotaReached
from campaigns.services import CampaignArchived
from legacy.errors import RuleViolation
from legacy.wording import said

pytestmark = pytest.mark.django_db

ROOT = Path(__file__).resolve().parents[2]

# Modules allowed to raise a refusal worded in English: none. Every refusal names its rule.
STILL_WORDED_IN_ENGLISH: frozenset[str] = frozenset()


def in_russian(refusal: RuleViolation) -> str:
    with translation.override("ru"):
        return said(refusal)


def refused(call, **kwargs) -> RuleViolation:
    with pytest.raises(RuleViolation) as refusal:
        call(**kwargs)
    return refusal.value


def test_ada_added_twice_is_refused_naming_ada_in_both_languages(campaign):
    refusal = refused(services.add_player, campaign=campaign, name="ada")
    assert refusal.rule == "player-name-unique" and refusal.params == {"name": "ada"}
    assert in_russian(refusal).startswith("Игрок по имени ada уже есть.")
    assert said(refusal).startswith("There is already a player called ada.")


def test_a_new_campaign_with_two_boris_names_boris(owner):
    refusal = refused(
        services.create_campaign, owner=owner, name="Twins", players=["Boris", "Ada", "boris"]
    )
    assert refusal.rule == "player-name-unique" and "boris" in in_russian(refusal)


def test_khan_industries_taken_twice_is_named_in_the_readers_language(prepared_campaign, players):
    seats = [
        SeatPlan(players["Ada"].pk, "khan-industries", "egypt"),
        SeatPlan(players["Boris"].pk, "khan-industries", "japan"),
        SeatPlan(players["Chloe"].pk, "enclave-of-the-bear", "peru"),
    ]
    refusal = refused(setup_game, campaign=prepared_campaign, seats=seats)
    assert refusal.rule == "faction-once"
    assert in_russian(refusal).startswith("Фракция «Индустриальные ханы» уже занята")
    assert said(refusal).startswith("Khan Industries is taken")


def test_boris_seated_twice_is_refused_naming_boris_in_russian(prepared_campaign, players):
    boris = players["Boris"].pk
    seats = [
        SeatPlan(players["Ada"].pk, "khan-industries", "egypt"),
        SeatPlan(boris, "die-mechaniker", "japan"),
        SeatPlan(boris, "enclave-of-the-bear", "peru"),
    ]
    refusal = refused(setup_game, campaign=prepared_campaign, seats=seats)
    assert refusal.rule == "player-once"
    assert in_russian(refusal) == "Boris занимает два места: у каждого игрока одно место."


def test_a_second_red_power_says_its_colour_in_the_readers_language(prepared_campaign, owner):
    place_power(
        campaign=prepared_campaign, faction="khan-industries", slot="red", name="Ember", by=owner
    )
    refusal = refused(
        place_power,
        campaign=prepared_campaign,
        faction="khan-industries",
        slot="red",
        name="Cinder",
        by=owner,
    )
    assert refusal.rule == "one-power-per-type" and refusal.conflict
    russian = in_russian(refusal)
    assert russian.startswith("На карте «Индустриальные ханы» уже есть красная способность (Ember)")
    assert said(refusal).startswith("The Khan Industries card already holds a red power (Ember)")


def test_a_quota_reached_says_its_limit_in_russian(settings):
    settings.EARTHBOOK_QUOTA_PDFS_IN_FLIGHT_PER_CAMPAIGN = 3
    refusal = QuotaReached("quota-pdfs-per-campaign")
    assert refusal.rule == "quota-pdfs-per-campaign" and refusal.conflict
    assert "чем 3:" in in_russian(refusal) and "as it may (3)" in said(refusal)


def test_an_archived_campaign_is_refused_by_its_rule_in_the_readers_language():
    archived = CampaignArchived()
    assert archived.rule == archived.refusal.rule == "campaign-archived"
    assert in_russian(archived.refusal).startswith("Эта кампания в архиве")
    assert archived.message == said(archived.refusal)  # English, for the logs


def refusal_classes(trees: dict[str, ast.Module]) -> set[str]:
    """RuleViolation and every class the modules derive from it, by name."""
    names = {"RuleViolation"}
    while True:
        more = {
            node.name
            for tree in trees.values()
            for node in ast.walk(tree)
            if isinstance(node, ast.ClassDef)
            and any(isinstance(base, ast.Name) and base.id in names for base in node.bases)
        }
        if more <= names:
            return names
        names |= more


def worded_in_english(node: ast.expr) -> bool:
    """A sentence written in English: a literal, an f-string, or text glued to either."""
    if isinstance(node, ast.Constant):
        return isinstance(node.value, str)
    if isinstance(node, ast.JoinedStr):
        return True
    if isinstance(node, ast.BinOp):
        return worded_in_english(node.left) or worded_in_english(node.right)
    return False


def test_no_service_words_a_refusal_in_english_where_it_raises_it():
    trees = {
        str(path.relative_to(ROOT)): ast.parse(path.read_text(encoding="utf-8"))
        for room in ("campaigns", "api")
        for path in sorted((ROOT / room).rglob("*.py"))
    }
    refusals = refusal_classes(trees)
    worded = sorted(
        f"{name}:{node.lineno}"
        for name, tree in trees.items()
        if not any(fnmatch(name, allowed) for allowed in STILL_WORDED_IN_ENGLISH)
        for node in ast.walk(tree)
        if isinstance(node, ast.Call)
        and isinstance(node.func, ast.Name | ast.Attribute)
        and getattr(node.func, "id", getattr(node.func, "attr", None)) in refusals
        and node.args
        and worded_in_english(node.args[0])
    )
    assert worded == []
