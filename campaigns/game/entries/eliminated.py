"""A faction wiped out; if it cannot rejoin, it is eliminated (the first opens Pack 2).
``no_legal_start``: a faction wiped out earlier, waiting to join the war again, finds no legal
start left, so it is eliminated now (and Pack 2 is due now, not at the end)."""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.translation import gettext as _

from campaigns.game.entries.base import EntryKind, Said, Seating, Table, Written
from campaigns.game.entries.state import Step
from campaigns.models import EventKind
from legacy.rules import table_rules


@dataclass(frozen=True)
class Eliminated:
    player: int | None
    can_rejoin: bool = False
    no_legal_start: bool = False


def record(table: Table, params: Eliminated) -> Written:
    seat, replayed = table.seat, table.replayed
    assert seat is not None and replayed is not None
    held = replayed.holdings[seat.pk]
    table_rules.faction_eliminated(
        seat.player.name,
        out=held.out,
        out_for_good=held.out_for_good,
        no_legal_start=params.no_legal_start,
        can_rejoin=params.can_rejoin,
    )
    extra = {"no_legal_start": True} if params.no_legal_start else {}
    return Written({"can_rejoin": bool(params.can_rejoin), **extra})


def replay(step: Step) -> None:
    if step.held is not None:
        step.held.out = True
        step.held.out_for_good = not step.data.get("can_rejoin", False)
        step.held.out_at = step.entry.seq


def words(said: Said) -> str:
    if said.data.get("no_legal_start"):
        return _("%(who)s (%(faction)s) is eliminated: no legal start is left") % {
            "who": said.who,
            "faction": said.faction(),
        }
    text = _("%(who)s (%(faction)s) is wiped out") % {"who": said.who, "faction": said.faction()}
    if said.data.get("can_rejoin"):
        text += _(" and may rejoin")
    return text


ENTRY = EntryKind(
    EventKind.ELIMINATED,
    words,
    params=Eliminated,
    record=record,
    replay=replay,
    marks=False,
    seating=Seating.REQUIRED,
    decisive=True,
    moves_out=True,
    needs="the player must be seated",
)
