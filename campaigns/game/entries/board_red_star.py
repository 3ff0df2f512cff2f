"""A red star on the board other than an HQ (unlocked content puts them there): gained by a
player (``player`` alone), lost (``from_player`` alone) or taken by one player from another
(both). Like an HQ it changes hands ("Красные Звезды на доске ... могут переходить в другие
руки"), and counts for whoever holds it, until that seat is wiped out."""

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
class BoardRedStar:
    player: int | None = fields.player(
        "Who gains the red star (null: nobody, it leaves the board).", optional=True
    )
    from_player: int | None = fields.player(
        "Who held it (null: nobody, it is new on the board).", optional=True
    )


def record(table: Table, params: BoardRedStar) -> Written:
    replayed, to = table.replayed, table.seat
    assert replayed is not None
    away = None
    if params.from_player is not None:
        away = next((s for s in table.seats if s.player_id == params.from_player), None)
        if away is None:
            raise RuleViolation(TableRule.UNKNOWN_SEAT, field="from_player")
    red_stars.board_star_moves(
        to=to.player.name if to else None,
        away_from=away.player.name if away else None,
        held=replayed.holdings[away.pk].board_stars if away else 0,
    )
    data = {"to": to.player_id if to else None, "from": away.player_id if away else None}
    return Written(data, seat=to or away)


def replay(step: Step) -> None:
    result, seats = step.replay, step.seat_of_player
    away = seats.get(count(step.data.get("from")))
    to = seats.get(count(step.data.get("to")))
    if away is not None and result.holdings[away].board_stars > 0:
        result.holdings[away].board_stars -= 1
    if to is not None:
        result.holdings[to].board_stars += 1


def words(said: Said) -> str:
    to, away = said.data.get("to"), said.data.get("from")
    if to and away:
        owner = said.words.players.get(away, "") if isinstance(away, int) else ""
        return _("%(who)s takes a red star on the board from %(owner)s") % {
            "who": said.who,
            "owner": owner,
        }
    if away:
        return _("%(who)s loses a red star on the board") % {"who": said.who}
    return _("%(who)s gains a red star on the board") % {"who": said.who}


ENTRY = EntryKind(
    EventKind.BOARD_RED_STAR,
    words,
    params=BoardRedStar,
    record=record,
    replay=replay,
    marks=False,
    triggers=False,
    seating=Seating.OPTIONAL,
    what=Words(gettext_noop("red star on the board")),
    decisive=True,
    needs="the players named must be seated; from_player must hold a red star on the board",
    path="board-red-star",
    description="A red star on the board other than an HQ (unlocked content puts them there): "
    "gained by player, lost by from_player, or taken by player from from_player. It counts for "
    "whoever holds it, like an HQ, and the entry that brings a player to 4 red stars wins the "
    "game at once. A seat wiped out holds none.",
)
