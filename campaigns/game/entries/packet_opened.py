"""A sealed packet opened during a game. It is written by ``campaigns.game.packets`` (opening a
packet is more than an entry of the log); here are its words and the marks it links."""

from __future__ import annotations

from campaigns.game.entries.base import EntryKind, Guess, Said
from campaigns.models import EventKind, MarkChange
from legacy.models import PacketOpening


def words(said: Said) -> str:
    return said.words.packet_name(str(said.data.get("packet") or ""))


def guess(g: Guess) -> None:
    rows = PacketOpening.objects.filter(campaign_id=g.game.campaign_id, packet=g.data.get("packet"))
    g.take(MarkChange.CREATED, rows.order_by("pk"))


ENTRY = EntryKind(EventKind.PACKET_OPENED, words, guess=guess)
