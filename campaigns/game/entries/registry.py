"""Every kind of entry of a game's log, by its ``EventKind``: the one list the replay, the
words, the marks, the recording and both doors read. A new kind of entry is a new module in
this package and one line here."""

from __future__ import annotations

from campaigns.game.entries import (
    capital_founded,
    card_completed,
    card_destroyed,
    card_drawn,
    city_destroyed,
    coin_pile_out,
    eliminated,
    fort_attacked,
    hq_taken,
    mark_placed,
    missiles,
    packet_opened,
    recruitment,
    red_star_bought,
    rejoined,
    scar_placed,
)
from campaigns.game.entries.base import EntryKind
from campaigns.models import EventKind

ENTRIES: dict[str, EntryKind] = {
    module.ENTRY.kind: module.ENTRY
    for module in (
        scar_placed,
        missiles,
        recruitment,
        red_star_bought,
        hq_taken,
        eliminated,
        rejoined,
        coin_pile_out,
        mark_placed,
        capital_founded,
        city_destroyed,
        fort_attacked,
        card_drawn,
        card_completed,
        card_destroyed,
        packet_opened,
    )
}


def entry(kind: str) -> EntryKind:
    """The kind of entry ``kind`` (an ``EventKind`` or its value)."""
    return ENTRIES[EventKind(kind)]


# The entries that decide whether a seat is out of the war; nothing else moves ``out``.
OUT_KINDS = tuple(k for k, e in ENTRIES.items() if e.moves_out)
# The entries that move a seat's red stars or put it out: what decides whether the war is won.
DECISIVE_KINDS = tuple(k for k, e in ENTRIES.items() if e.decisive)
# The entries the packet triggers read: missiles on a roll, and a big recruitment while holding
# a missile (a seat's missiles move only with its start and its missile entries).
TRIGGER_KINDS = tuple(k for k, e in ENTRIES.items() if e.read_by_triggers)
# The entries the table records through ``recording.record_entry``.
RECORDED = tuple(k for k, e in ENTRIES.items() if e.record is not None)
