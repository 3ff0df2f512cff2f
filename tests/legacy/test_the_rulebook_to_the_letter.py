"""The rulebook to the letter, as pure functions: each test quotes the rulebook's line (the
Russian translation the group plays with) it follows."""

from __future__ import annotations

from legacy.rules.cards import card_coins, coins_with_a_sticker


def test_a_coin_sticker_counts_from_the_cards_printed_coins():
    """«Добавьте одну наклейку ресурса на него. В будущих играх, достоинство карты будет
    больше.» A sticker adds one coin to the card as it is, whatever it printed."""
    assert coins_with_a_sticker(1) == 2
    assert coins_with_a_sticker(2) == 3
    assert coins_with_a_sticker(2, (3,)) == 4
    assert card_coins(3, (2,)) == 3
    assert card_coins(1, (2, 3)) == 3
