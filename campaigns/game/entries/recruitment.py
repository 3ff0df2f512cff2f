"""A big recruitment: 30 or more troops while the seat holds a missile opens Pocket 2. Whether
it holds one is read from its holdings, not typed. A smaller recruitment changes nothing a
trigger reads."""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from campaigns.game.entries import fields
from campaigns.game.entries.base import EntryKind, Said, Seating, Table, Written
from campaigns.game.entries.state import BIG_RECRUITMENT, Step, count
from campaigns.models import EventKind
from legacy.rules import table_rules
from legacy.words import Words


@dataclass(frozen=True)
class Recruitment:
    player: int | None = fields.player()
    troops: int = fields.whole(-(10**6), 10**6)


def big(params: Recruitment) -> bool:
    return isinstance(params.troops, int) and params.troops >= BIG_RECRUITMENT


def check(table: Table, params: Recruitment) -> None:
    table_rules.troops_recruited(params.troops)


def record(table: Table, params: Recruitment) -> Written:
    assert table.seat is not None and table.replayed is not None
    holds_missile = table.replayed.holdings[table.seat.pk].missiles > 0
    return Written({"troops": params.troops, "holds_missile": holds_missile})


def replay(step: Step) -> None:
    troops = count(step.data.get("troops"))
    if step.held is not None and troops >= BIG_RECRUITMENT and step.held.missiles > 0:
        step.replay.big_recruitment_with_missile = True


def words(said: Said) -> str:
    text = _("%(who)s places %(n)s troops") % {"who": said.who, "n": said.data.get("troops")}
    if said.data.get("holds_missile"):
        text += _(", holding a missile")
    return text


ENTRY = EntryKind(
    EventKind.RECRUITMENT,
    words,
    params=Recruitment,
    check=check,
    record=record,
    replay=replay,
    marks=False,
    triggers=big,
    # What decides the war, and a seat's missiles (which move only with its start and its
    # missile entries): never the game's other entries, so an entry costs the same at entry 500.
    reads_also=(EventKind.MISSILES,),
    seating=Seating.REQUIRED,
    what=Words(gettext_noop("recruitment")),
    read_by_triggers=True,
    needs="the player must be seated",
    path="recruitment",
    description="A big recruitment: 30+ troops while the seat holds a missile opens Pocket 2.",
)
