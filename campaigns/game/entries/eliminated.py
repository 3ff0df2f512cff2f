"""A faction wiped out; if it cannot rejoin, it is eliminated (the first opens Pack 2).
``no_legal_start``: a faction wiped out earlier, waiting to join the war again, finds no legal
start left, so it is eliminated now (and Pack 2 is due now, not at the end)."""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.translation import gettext as _

from campaigns.game.entries import fields
from campaigns.game.entries.base import EntryKind, Said, Seating, Table, Written
from campaigns.game.entries.state import Step
from campaigns.models import EventKind
from legacy.rules import red_stars, table_rules


@dataclass(frozen=True)
class Eliminated:
    player: int | None = fields.player()
    can_rejoin: bool = fields.flag()
    no_legal_start: bool = fields.flag(
        "A faction wiped out earlier, waiting to join the war again, has no legal start left: "
        "it is eliminated now (the legal-starts answer says eliminated). Not with can_rejoin "
        "(rule rejoin-with-no-start)."
    )


def validate(params: Eliminated) -> None:
    """An entry that contradicts itself is refused before anything is read."""
    table_rules.elimination_flags(
        can_rejoin=params.can_rejoin, no_legal_start=params.no_legal_start
    )


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
        # Wiped out, it holds no territory: the HQs it held count for nobody from now on.
        seat, result = step.entry.seat, step.replay
        assert seat is not None
        result.hq_held_by = red_stars.hqs_once_wiped_out(result.hq_held_by, seat)
        step.held.hqs = 0
        step.held.board_stars = 0  # the other red stars on the board, as its HQs


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
    path="elimination",
    description="A faction wiped out (for good unless it may rejoin); no_legal_start eliminates "
    "a faction wiped out earlier that finds no legal start to join the war again.",
    validate=validate,
)
