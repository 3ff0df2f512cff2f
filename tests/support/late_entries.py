"""Late entries for the tests: an entry recorded as made some seconds after the game's start,
and the table where a late winning entry awaits the confirmation."""

from __future__ import annotations

from datetime import timedelta

from campaigns.game.entries.hq_taken import HqTaken
from campaigns.game.entries.recording import record_entry
from campaigns.game.entries.red_star_bought import RedStarBought
from campaigns.models import EventKind, GameEvent


def entry(game, kind, params, seconds: int) -> GameEvent:
    """An entry of ``game`` made ``seconds`` after its start, recorded as a phone sends it."""
    made_at = game.started_at + timedelta(seconds=seconds)
    return record_entry(kind, game=game, params=params, made_at=made_at).event


def a_late_win_awaits(game, players) -> tuple[GameEvent, GameEvent]:
    """Ada takes Boris's HQ (1 s); Chloe buys a red star (9 s); then Ada's taking of Chloe's
    HQ, made at 5 s on a phone that was offline, arrives: it would win before Chloe's entry,
    so it awaits the table. The late entry and the later one it would make impossible."""
    ada, boris, chloe = (players[n].pk for n in ("Ada", "Boris", "Chloe"))
    entry(game, EventKind.HQ_TAKEN, HqTaken(player=ada, hq_of=boris), 1)
    later = entry(game, EventKind.RED_STAR_BOUGHT, RedStarBought(player=chloe), 9)
    won = entry(game, EventKind.HQ_TAKEN, HqTaken(player=ada, hq_of=chloe), 5)
    return won, later
