"""Bringing in a campaign the group started before Earthbook (``services``), its marks checked by
the rules the played path asks (``marks``)."""

from campaigns.bring_in.marks import MarkToBringIn
from campaigns.bring_in.services import (
    BringInRefused,
    Brought,
    bring_in,
    bringing_in_done,
    played_here,
    start_bringing_in,
    still_bringing_in,
    take_out_game,
    take_out_mark,
)

__all__ = [
    "BringInRefused",
    "Brought",
    "MarkToBringIn",
    "bring_in",
    "bringing_in_done",
    "played_here",
    "start_bringing_in",
    "still_bringing_in",
    "take_out_game",
    "take_out_mark",
]
