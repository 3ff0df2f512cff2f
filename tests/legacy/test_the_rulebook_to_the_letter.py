"""The rulebook to the letter, as pure functions: each test quotes the rulebook's line (the
Russian translation the group plays with) it follows."""

from __future__ import annotations

import pytest

from legacy import names
from legacy.box import FACTIONS
from legacy.errors import RuleViolation
from legacy.odds import battle_odds
from legacy.refusals import TableRule
from legacy.rules import table_rules
from legacy.rules.cards import card_coins, coins_with_a_sticker
from legacy.rules.reasons import reason_in_words
from legacy.rules.starting import joining_troops


def test_a_coin_sticker_counts_from_the_cards_printed_coins():
    """«Добавьте одну наклейку ресурса на него. В будущих играх, достоинство карты будет
    больше.» A sticker adds one coin to the card as it is, whatever it printed."""
    assert coins_with_a_sticker(1) == 2
    assert coins_with_a_sticker(2) == 3
    assert coins_with_a_sticker(2, (3,)) == 4
    assert card_coins(3, (2,)) == 3
    assert card_coins(1, (2, 3)) == 3


def test_the_bears_three_as_rolled_does_not_make_a_defenders_missile_natural():
    """«Природные (Natural): Когда текст относится к натуральным броскам кубиков, то имеется в
    виду номер, который выбрасывается на ваших кубиках до каких-либо применений изменений.» A
    defender's missile 6 is natural for the Die Mechaniker's double six only by the setting of
    its own; the Bear's three of a kind read as rolled counts a missile's 6 for the Bear only."""
    plain = battle_odds(10, 6, defender_missiles=2, mechaniker_double_six=True).p_conquer
    bear_reading = battle_odds(
        10, 6, defender_missiles=2, mechaniker_double_six=True, bear_three_as_rolled=True
    ).p_conquer
    assert bear_reading == plain == pytest.approx(0.2808, abs=1e-4)
    natural = battle_odds(
        10, 6, defender_missiles=2, mechaniker_double_six=True, missile_six_is_natural=True
    ).p_conquer
    assert natural == 0.0
    strict = battle_odds(10, 8, missiles=2, bear_three_of_a_kind=True).p_conquer
    as_rolled = battle_odds(
        10, 8, missiles=2, bear_three_of_a_kind=True, bear_three_as_rolled=True
    ).p_conquer
    assert as_rolled > strict


def test_joining_the_war_takes_half_the_starting_troops():
    """«Возьмите половину стартовых войск и разместите их в правовую начальную территорию. Но у
    вас не будет Штаба.» Half the 8 of the base game, so 4; after Pack 1's draft, half of what
    the seat drafted (rounded down)."""
    assert joining_troops() == 4
    assert joining_troops(10) == 5
    assert joining_troops(7) == 3


def test_an_elimination_that_may_rejoin_with_no_legal_start_left_is_refused():
    """«Вы можете вступить в войну при наличии правовых начальных территорий подходящих для
    вашего использования.» With no legal start left the faction is eliminated: it does not
    also stay free to rejoin."""
    with pytest.raises(RuleViolation) as refused:
        table_rules.faction_eliminated(
            "Ada", out=True, out_for_good=False, no_legal_start=True, can_rejoin=True
        )
    assert refused.value.rule == TableRule.REJOIN_WITH_NO_START
    assert refused.value.field == "can_rejoin"
    table_rules.elimination_flags(can_rejoin=True, no_legal_start=False)
    table_rules.elimination_flags(can_rejoin=False, no_legal_start=True)


def test_a_reason_given_instead_of_the_rule_takes_a_few_words():
    """«Не открывайте их, пока вы не заработали право на это!» A group that says it earned a
    packet another way says how in a few words, not a tap or the packet's name again."""
    rule = TableRule.EARNED_OTHERWISE_IN_WORDS
    for said in ("", "ok", "   Because   ", "Pocket 1", "  pocket   1!  "):
        with pytest.raises(RuleViolation) as refused:
            reason_in_words(said, rule=rule, field="earned_otherwise", names=("Pocket 1",))
        assert refused.value.rule == rule and refused.value.params == {"least": 10}
    kept = reason_in_words("  An event card opened it  ", rule=rule, field="earned_otherwise")
    assert kept == "An event card opened it"


def test_a_scar_without_a_card_says_which_rule_places_it_in_a_few_words():
    """«Вы не можете покрыть существующий Шрам другим шрамом, если не указано иное.» A scar
    placed without its card says which rule places it, in a few words."""
    kind = table_rules.ScarType("bunker", "Bunker", False, 3)
    facts = dict(game_number=2, scar_cards_dealt=False, holder=None, played=0)
    with pytest.raises(RuleViolation) as refused:
        table_rules.scar_card_played(kind, without_card=True, reason=" Event ", **facts)
    assert refused.value.rule == TableRule.SCAR_WITHOUT_CARD_IN_WORDS
    table_rules.scar_card_played(kind, without_card=True, reason="The event card 7", **facts)


INVENTED = {
    "Fortified HQ",
    "Iron Defence",
    "Ferocity",
    "Overwhelm",
    "Rounding Up",
    "Spoils of Expansion",
    "Rapid Deployment",
    "Supply Lines",
    "Desert Cunning",
    "Long Roads",
    "Укреплённый штаб",
    "Железная оборона",
    "Свирепость",
    "Натиск",
    "Округление вверх",
    "Плоды экспансии",
    "Быстрое развёртывание",
    "Линии снабжения",
    "Хитрость пустыни",
    "Долгие дороги",
}


def test_the_box_powers_are_described_not_given_names_of_our_own():
    """«Силы фракций зеленые / Фракция / Первое свойство / Второе свойство» The rulebook's
    table gives each faction's two powers by their text alone: Earthbook calls them by what they
    do, in both languages, and the Russian faction names are the rulebook's («Die Mechaniker
    (Мертвые машины)»)."""
    powers = [(f.slug, p) for f in FACTIONS for p in f.starting_powers]
    english = {p.name for _, p in powers}
    russian = {names.power(slug, p.code, p.name, p.text, "ru")[0] for slug, p in powers}
    assert not (english | russian) & INVENTED
    assert len(english) == len(russian) == 10
    assert names.faction("die-mechaniker", "ru") == "Мертвые машины"
