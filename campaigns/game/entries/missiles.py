"""Missiles a seat plays on one roll: the third missile on one roll, from one player or several,
opens Pocket 1 ("as soon as 3 missiles are used during the same dice roll"). ``roll`` is the entry
that began the roll, when the table says these missiles are on it; left out, they are on a roll of
their own. Only the table knows two entries were one roll: nothing joins a roll by default.
``new_roll`` says the default out loud, and is refused with ``roll``."""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from campaigns.game.entries import fields
from campaigns.game.entries.base import EntryKind, Said, Seating, Table, Written
from campaigns.game.entries.state import Step, count, entry_of, roll_of
from campaigns.models import EventKind
from legacy.errors import RuleViolation
from legacy.refusals import EntryRule
from legacy.rules import table_rules
from legacy.words import Words


@dataclass(frozen=True)
class Missiles:
    count: int = fields.whole(-1000, 1000)
    player: int | None = fields.player("Who plays them: the seat must hold that many missiles.")
    roll: int | None = fields.whole(
        1,
        2**31 - 1,
        "The entry (seq) that began the roll these missiles join: only the table knows two "
        "entries were one roll. Left out, the missiles are on a new roll of their own, even "
        "while the game's latest entry is a missile entry.",
        optional=True,
    )
    new_roll: bool = fields.flag(
        "The missiles are on a new roll of their own: the default, said out loud (not with roll)."
    )


def open_roll(game, events=None) -> int | None:
    """The roll the table may be adding missiles to: while the game's latest entry (not taken
    back) is a missile entry, its roll stays open, and the quick log offers "the same roll" in
    one tap. Missiles join it only when the table says so. Any other entry closes it. Pass the
    game's entries already read to spend no query."""
    if events is None:
        last = game.events.standing().order_by("-seq").first()
    else:
        last = max((e for e in events if e.standing), key=lambda e: e.seq, default=None)
    if last is None or last.kind != EventKind.MISSILES:
        return None
    return roll_of(entry_of(last))


def check(table: Table, params: Missiles) -> None:
    roll = params.roll
    if roll is not None and params.new_roll:
        raise RuleViolation(EntryRule.MISSILE_ROLL_OR_NEW, field="new_roll")
    table_rules.missiles_count(params.count)
    table.facts = roll


def record(table: Table, params: Missiles) -> Written:
    seat, replayed, roll = table.seat, table.replayed, table.facts
    assert seat is not None and replayed is not None
    table_rules.missiles_held(
        seat.player.name, held=replayed.holdings[seat.pk].missiles, count=params.count
    )
    if roll is not None:
        first = table.game.events.standing().filter(seq=roll, kind=EventKind.MISSILES).first()
        entry, roll = roll, roll_of(entry_of(first)) if first else None
        table_rules.missiles_on_a_roll(
            entry=entry,
            found=first is not None,
            already=replayed.missiles_per_roll.get(roll, 0) if roll is not None else 0,
            count=params.count,
        )

    def own_roll(event) -> None:
        event.data["roll"] = event.seq
        event.save(update_fields=["data"])

    return Written({"count": params.count, "roll": roll}, after=own_roll if roll is None else None)


def replay(step: Step) -> None:
    n = count(step.data.get("count"))
    roll = roll_of(step.entry)
    step.replay.missiles_per_roll[roll] = step.replay.missiles_per_roll.get(roll, 0) + n
    if step.held is not None:
        step.held.missiles = max(0, step.held.missiles - n)


def words(said: Said) -> str:
    text = _("%(n)s missile(s) on one roll") % {"n": said.data.get("count")}
    roll = said.data.get("roll")
    if isinstance(roll, int) and roll != said.event.seq:
        text += _(" (same roll as entry %(n)s)") % {"n": roll}
    return said.by(text)


def older(data: dict, seq: int, summary: str) -> None:
    """Missiles entered before one roll could be shared were played on their own roll."""
    data.setdefault("roll", seq)


ENTRY = EntryKind(
    EventKind.MISSILES,
    words,
    params=Missiles,
    check=check,
    record=record,
    replay=replay,
    older=older,
    marks=False,
    reads_whole_log=True,
    seating=Seating.REQUIRED,
    what=Words(gettext_noop("missiles")),
    while_wiped_out=True,
    read_by_triggers=True,
    needs="the player must be seated and hold the missiles",
    path="missiles",
    description="Missiles a seat plays on one roll; three on one roll, from one player or "
    "several, open Pocket 1. Missiles join a roll only when roll names its first entry; left "
    "out, they start a new roll (new_roll=true says so out loud).",
)
