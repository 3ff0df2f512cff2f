"""A red star bought: a seat trades 4 resource cards for a red star token at the start of its
turn; the one that brings it to 4 red stars (tokens and HQs) wins the war at once (no packet's
trigger reads red stars)."""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.translation import gettext as _

from campaigns.game.entries import fields
from campaigns.game.entries.base import EntryKind, Said, Seating, Table, Written
from campaigns.game.entries.state import Step
from campaigns.models import EventKind
from legacy.rules import table_rules


@dataclass(frozen=True)
class RedStarBought:
    player: int | None = fields.player("Who trades 4 resource cards for a red star.")


def record(table: Table, params: RedStarBought) -> Written:
    assert table.seat is not None and table.replayed is not None
    held = table.replayed.holdings[table.seat.pk]
    table_rules.red_star_bought(
        table.seat.player.name, out=held.out, red_stars=held.red_stars_counted
    )
    return Written({})


def replay(step: Step) -> None:
    if step.held is not None:
        step.held.red_stars += 1


def words(said: Said) -> str:
    return _("%(who)s buys a red star with 4 cards") % {"who": said.who}


ENTRY = EntryKind(
    EventKind.RED_STAR_BOUGHT,
    words,
    params=RedStarBought,
    record=record,
    replay=replay,
    marks=False,
    triggers=False,
    seating=Seating.REQUIRED,
    decisive=True,
    needs="the player must be seated",
    path="red-star",
    description="A seat trades 4 resource cards for a red star.",
)
