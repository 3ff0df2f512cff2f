"""Red stars on the board: the HQs, and what later content puts there. They change hands
("Красные Звезды на доске (штаб-квартиры и другие вещи, которые будут позже у игрока) могут
переходить в другие руки много раз в игре"); red star tokens never do. Plain values in, a
decision or a refusal out; the replay of a game's log asks these.
"""

from __future__ import annotations

from collections.abc import Mapping

from legacy.errors import RuleViolation
from legacy.refusals import TableRule


def hqs_once_wiped_out(hq_held_by: Mapping[int, int | None], seat: int) -> dict[int, int | None]:
    """Who holds each HQ once ``seat`` is wiped out (by the HQ's owner; None: nobody). An HQ
    alone does not control its territory ("Вы не контролируют территорию если ваш штаб на ней
    единственный, без юнитов"), so the HQs the seat held, its own and any it took, count for
    nobody until an HQ-taken entry gives one to a player; and a seat that joins the war again
    has no HQ ("Но у вас не будет Штаба")."""
    return {owner: None if holder == seat else holder for owner, holder in hq_held_by.items()}


def hq_on_the_board(owner: str, *, on_the_board: bool) -> None:
    """A demolished HQ is put back in the box ("Если ваш Штаб разрушен, положите его обратно в
    коробку"): it is neither taken nor demolished again this game."""
    if not on_the_board:
        raise RuleViolation(TableRule.HQ_DEMOLISHED, conflict=True, field="hq_of", owner=owner)


def board_star_moves(*, to: str | None, away_from: str | None, held: int) -> None:
    """A red star on the board other than an HQ gained (``to`` alone), lost (``away_from``
    alone) or taken from one player by another (both). ``held``: the red stars on the board
    ``away_from`` holds now. Nobody loses a star they do not hold."""
    if to is None and away_from is None:
        raise RuleViolation(TableRule.BOARD_STAR_NOBODY, field="player")
    if to is not None and to == away_from:
        raise RuleViolation(TableRule.BOARD_STAR_FROM_ITSELF, field="from_player", player=to)
    if away_from is not None and held < 1:
        raise RuleViolation(
            TableRule.BOARD_STAR_NOT_HELD, conflict=True, field="from_player", player=away_from
        )
