"""A territory card's coins: what it prints, and what its coin stickers make it.

A coin sticker adds one coin to the card it goes on, whatever the card printed: the box's cards
print one coin, a card a packet added may print more. Each sticker carries the card's value once
it is on, so a card is worth its printed coins or its highest counting sticker, whichever is more.
"""

from __future__ import annotations

from collections.abc import Iterable


def card_coins(printed: int, stickers: Iterable[int] = ()) -> int:
    """The coins a territory card is worth: its ``printed`` coins, or the value of its highest
    counting coin sticker (``stickers``: each sticker's value once on), whichever is more."""
    return max((printed, *stickers))


def coins_with_a_sticker(printed: int, stickers: Iterable[int] = ()) -> int:
    """The value a new coin sticker carries: one coin more than the card is worth now."""
    return card_coins(printed, stickers) + 1
