"""A refusal is a rule and the names it speaks of: each rule's one sentence is said in the
reader's language, and the Russian says the names the English does."""

from __future__ import annotations

import ast
import re
from dataclasses import replace
from pathlib import Path

import pytest
from django.utils import translation
from django.utils.translation import gettext

from legacy import rules
from legacy.box import BASE_STOCK
from legacy.errors import RuleViolation
from legacy.refusals import ALL_RULES
from legacy.rules import Reward, RewardChoice, table_rules
from legacy.rules import finish_rules as f
from legacy.wording import said
from legacy.world import City, TerritoryState, empty_world

LEGACY = Path(__file__).resolve().parents[2] / "legacy"
PLACEHOLDER = re.compile(r"%\((\w+)\)([sd])")
CYRILLIC = re.compile("[а-яё]", re.IGNORECASE)
STOCKED = replace(empty_world(), stock_left={slug: count for slug, _, count in BASE_STOCK})


def in_russian(refusal: RuleViolation) -> str:
    with translation.override("ru"):
        return said(refusal)


def refused(call, *args, **kwargs) -> RuleViolation:
    with pytest.raises(RuleViolation) as refusal:
        call(*args, **kwargs)
    return refusal.value


def has_words_of_its_own(sentence: str) -> bool:
    """More than names and punctuation ("%(player)s: %(refusal)s" is only names)."""
    return bool(re.search(r"[A-Za-z]", PLACEHOLDER.sub("", sentence)))


def names_in(sentence: str) -> dict[str, str]:
    return dict(PLACEHOLDER.findall(sentence))


def filled(sentence: str, names: dict[str, str]) -> str:
    return sentence % {name: 7 if kind == "d" else f"<{name}>" for name, kind in names.items()}


def box_words() -> list[str]:
    """Every ``Words(gettext_noop("..."))`` a module of the rules puts into a sentence."""
    found = []
    for path in LEGACY.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (
                isinstance(node, ast.Call)
                and getattr(node.func, "id", None) == "Words"
                and node.args
                and isinstance(marked := node.args[0], ast.Call)
                and getattr(marked.func, "id", None) == "gettext_noop"
            ):
                found.append(ast.literal_eval(marked.args[0]))
    return found


def sentences_given_as_text(source: str) -> list[int]:
    """The lines where a ``RuleViolation`` (or an ``OddsInputError``, the odds' kind of one) is
    made with an English sentence (a string, an f-string, or text joined to one) rather than a
    rule of ``legacy.refusals``."""

    def is_text(node: ast.AST) -> bool:
        if isinstance(node, ast.Constant):
            return isinstance(node.value, str)
        if isinstance(node, ast.JoinedStr):
            return True
        return isinstance(node, ast.BinOp) and (is_text(node.left) or is_text(node.right))

    return [
        node.lineno
        for node in ast.walk(ast.parse(source))
        if isinstance(node, ast.Call)
        and {"RuleViolation", "OddsInputError"}
        & {getattr(node.func, "id", None), getattr(node.func, "attr", None)}
        and node.args
        and is_text(node.args[0])
    ]


# --- Every rule, in Russian --------------------------------------------------------------------


@pytest.mark.parametrize("rule", list(ALL_RULES), ids=lambda rule: rule.value)
def test_every_rule_has_a_russian_sentence_that_says_the_same_names(rule):
    with translation.override("ru"):
        russian = gettext(rule.template)
    names = names_in(rule.template)
    if has_words_of_its_own(rule.template):
        assert russian != rule.template and CYRILLIC.search(russian), rule.template
    assert names_in(russian) == names
    filled(russian, names)  # no name the English does not give, each of the same kind


def test_every_rule_has_a_slug_of_its_own():
    """Two members with one slug would be one rule with the first one's sentence."""
    members = [m for area in {type(r) for r in ALL_RULES} for m in area.__members__.values()]
    assert len({m.value for m in members}) == len(members)


def test_the_words_of_the_box_in_a_refusal_are_said_in_russian():
    words = box_words()
    assert "4 red stars" in words and "A World Capital" in words
    with translation.override("ru"):
        english = [w for w in words if not CYRILLIC.search(gettext(w))]
    assert english == []


def test_no_rule_of_the_box_words_its_refusal_in_english_at_the_raise():
    found = {
        str(path.relative_to(LEGACY.parent)): lines
        for path in sorted(LEGACY.rglob("*.py"))
        if (lines := sentences_given_as_text(path.read_text(encoding="utf-8")))
    }
    assert found == {}


def test_a_refusal_worded_in_english_at_the_raise_is_caught():
    source = (
        'raise RuleViolation("No.", rule="no")\n'
        'raise errors.RuleViolation(f"{name} no.", rule="no")\n'
        'raise RuleViolation("No " + name, rule="no")\n'
        "raise RuleViolation(Rule.NO, name=name)\n"
        'raise OddsInputError(f"The {what} must be whole.", field)\n'
        'raise odds.OddsInputError("No.", "attackers")\n'
        'raise OddsInputError(OddsRule.ODDS_NO, field="attackers")\n'
    )
    assert sentences_given_as_text(source) == [1, 2, 3, 5, 6]


# --- The names, in the Russian sentence ---------------------------------------------------------


def test_one_city_per_territory_names_the_territory_in_russian():
    egypt = TerritoryState("egypt", city=City("minor", "Giza", founder=1))
    world = replace(STOCKED, territories={**STOCKED.territories, "egypt": egypt})
    refusal = refused(
        rules.check_winner_reward, world, RewardChoice(Reward.MAJOR_CITY, "egypt", name="Cairo")
    )
    assert refusal.rule == "one-city-per-territory"
    assert refusal.message == "Egypt already has a city: one city per territory."
    russian = in_russian(refusal)
    assert "Egypt" in russian and CYRILLIC.search(russian)


def test_a_held_on_players_refused_choice_names_the_player_and_the_territory_in_russian():
    facts = f.FinishFacts(
        game_number=1,
        seats=(f.SeatFacts(1, "Ada", 1), f.SeatFacts(2, "Boris", 2), f.SeatFacts(3, "Chloe", 3)),
        world=STOCKED,
        results={1: "won", 2: "held_on", 3: "eliminated"},
        controlled={2: ["china"]},
        winner_reward={"kind": "major-city", "territory": "egypt", "name": "Cairo"},
        held_on_rewards={2: {"kind": "upgrade-card", "territory": "peru"}},
    )
    refusal = refused(f.decide_finish, facts)
    assert refusal.rule == "held-on-controlled" and refusal.field == "held_on_rewards"
    assert refusal.message == "Boris: You did not control Peru at the end of the game."
    assert in_russian(refusal) == ("Boris: В конце партии вы не контролировали территорию Peru.")


def test_the_war_won_with_four_red_stars_says_so_in_russian():
    refusal = refused(table_rules.war_goes_on, 2, winner="Ada", how=table_rules.RED_STARS, entry=7)
    assert refusal.rule == "war-over" and refusal.conflict
    assert refusal.message.startswith("Ada won game 2 with 4 red stars (entry 7)")
    russian = in_russian(refusal)
    assert russian.startswith("Ada побеждает в партии 2: 4 красные звезды (запись 7).")


def test_missiles_a_player_does_not_hold_are_counted_in_russian():
    refusal = refused(table_rules.missiles_held, "Boris", held=1, count=2)
    assert in_russian(refusal) == "Ракет у игрока Boris: 1, поэтому сыграть 2 нельзя."


def test_a_scar_card_of_another_type_names_the_player_and_the_scar_in_russian():
    bunker = table_rules.ScarType("bunker", "Bunker", cards=3)
    refusal = refused(
        table_rules.scar_card_played,
        bunker,
        without_card=False,
        reason="",
        game_number=3,
        scar_cards_dealt=True,
        holder=table_rules.ScarCardHolder("Ada", 1, "ammo-shortage"),
        played=0,
    )
    assert refusal.rule == "scar-card-kind"
    assert in_russian(refusal) == "Карта шрама игрока Ada — не «Bunker»."


def test_a_reward_the_winner_does_not_choose_is_named_by_its_russian_label():
    refusal = refused(
        rules.check_winner_reward, STOCKED, RewardChoice(Reward.MINOR_CITY, "egypt", name="Giza")
    )
    assert refusal.message == "Found a minor city is not a winner's reward."
    assert in_russian(refusal) == "«Основать малый город» — не награда победителя."


def test_a_world_capital_without_a_name_is_asked_for_one_in_russian():
    refusal = refused(
        rules.check_winner_reward, STOCKED, RewardChoice(Reward.WORLD_CAPITAL, "egypt", name=" ")
    )
    assert (refusal.rule, refusal.message) == ("name-required", "A World Capital needs a name.")
    assert in_russian(refusal) == "Всемирная столица: нужно название."


def test_an_english_page_says_the_english_sentence():
    refusal = refused(table_rules.missiles_held, "Boris", held=1, count=2)
    with translation.override("en"):
        assert said(refusal) == refusal.message == "Boris holds 1 missile(s): 2 cannot be played."
