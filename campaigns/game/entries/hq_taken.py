"""An HQ taken: a player takes the HQ of another, or retakes their own (``hq_of`` being
themselves). Each HQ a player controls counts as a red star, and the entry that brings them to
4 red stars wins the war at once."""

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
from legacy.rules import red_stars, table_rules
from legacy.words import Words


@dataclass(frozen=True)
class HqTaken:
    player: int | None = fields.player("Who takes the HQ.")
    hq_of: int | None = fields.player(
        "Whose HQ it is (the taker themselves when they retake their own)."
    )


def record(table: Table, params: HqTaken) -> Written:
    seat, replayed = table.seat, table.replayed
    assert seat is not None and replayed is not None
    hq_of = params.hq_of
    owner = next((s for s in table.seats if s.player_id == hq_of and hq_of is not None), None)
    if owner is None:
        raise RuleViolation(TableRule.UNKNOWN_SEAT, field="hq_of")
    red_stars.hq_on_the_board(owner.player.name, on_the_board=owner.pk in replayed.hq_held_by)
    table_rules.hq_taken(
        seat.player.name,
        owner.player.name,
        held_by_taker=replayed.hq_held_by.get(owner.pk) == seat.pk,
    )
    return Written({"hq_of": owner.player_id, "territory": owner.hq})


def replay(step: Step) -> None:
    held, result = step.held, step.replay
    if held is None:
        return
    owner = step.seat_of_player.get(count(step.data.get("hq_of")))
    if owner is not None and owner in result.hq_held_by:  # not demolished
        holder = result.hq_held_by[owner]  # None: nobody (its holder was wiped out)
        if holder is not None:
            result.holdings[holder].hqs -= 1
        result.hq_held_by[owner] = step.entry.seat
        held.hqs += 1


def words(said: Said) -> str:
    hq_of = said.data.get("hq_of")
    owner = said.words.players.get(hq_of, "") if isinstance(hq_of, int) else ""
    if owner and owner == said.who:
        return _("%(who)s retakes their HQ in %(where)s") % {"who": said.who, "where": said.where}
    return _("%(who)s takes the HQ of %(owner)s in %(where)s") % {
        "who": said.who,
        "owner": owner,
        "where": said.where,
    }


ENTRY = EntryKind(
    EventKind.HQ_TAKEN,
    words,
    params=HqTaken,
    record=record,
    replay=replay,
    marks=False,
    triggers=False,
    seating=Seating.REQUIRED,
    what=Words(gettext_noop("HQ taken")),
    decisive=True,
    needs="both players must be seated, the HQ not held",
    path="hq-taken",
    description="A player takes another's HQ, or retakes their own: each HQ a player controls "
    "counts as a red star, and the entry that brings them to 4 red stars wins the game at once "
    "(the game's results_from_log then names the winner).",
)
