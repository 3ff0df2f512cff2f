"""An HQ demolished: put back in the box ("Снести (Штаб): Если ваш Штаб разрушен, положите его
обратно в коробку"). From this entry it counts as a red star for nobody, whoever held it, and
nobody takes it this game. Taking the entry back puts it on the board again, with its holder."""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from campaigns.game.entries import fields
from campaigns.game.entries.base import EntryKind, Said, Seating, Table, Written
from campaigns.game.entries.state import Step, count
from campaigns.models import EventKind
from legacy.errors import RuleViolation
from legacy.refusals import TableRule
from legacy.rules import red_stars
from legacy.words import Words


@dataclass(frozen=True)
class HqDemolished:
    hq_of: int | None = fields.player("Whose HQ is demolished (put back in the box).")
    player: int | None = fields.player("Who demolishes it, if you say who.", optional=True)


def record(table: Table, params: HqDemolished) -> Written:
    replayed = table.replayed
    assert replayed is not None
    hq_of = params.hq_of
    owner = next((s for s in table.seats if s.player_id == hq_of and hq_of is not None), None)
    if owner is None:
        raise RuleViolation(TableRule.UNKNOWN_SEAT, field="hq_of")
    red_stars.hq_on_the_board(owner.player.name, on_the_board=owner.pk in replayed.hq_held_by)
    return Written({"hq_of": owner.player_id, "territory": owner.hq})


def replay(step: Step) -> None:
    result = step.replay
    owner = step.seat_of_player.get(count(step.data.get("hq_of")))
    if owner is not None and owner in result.hq_held_by:
        holder = result.hq_held_by.pop(owner)  # back in the box: held by nobody, ever
        if holder is not None:
            result.holdings[holder].hqs -= 1


def words(said: Said) -> str:
    hq_of = said.data.get("hq_of")
    owner = said.words.players.get(hq_of, "") if isinstance(hq_of, int) else ""
    return said.by(
        _("the HQ of %(owner)s in %(where)s is demolished") % {"owner": owner, "where": said.where}
    )


ENTRY = EntryKind(
    EventKind.HQ_DEMOLISHED,
    words,
    params=HqDemolished,
    record=record,
    replay=replay,
    marks=False,
    triggers=False,
    seating=Seating.OPTIONAL,
    what=Words(gettext_noop("HQ demolished")),
    decisive=True,
    needs="the HQ's owner must be seated, the HQ still on the board",
    path="hq-demolished",
    description="An HQ demolished by unlocked content: it is put back in the box, and from "
    "this entry it counts as a red star for nobody, whoever held it. It is not taken or "
    "demolished again this game (409). Taking the entry back puts it on the board again.",
)
