"""When an entry was made: the phone's clock, sent with the entry, orders the game's log. A
clock slightly ahead of the server's is allowed; an entry from the future, or from before the
game started, is refused."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from legacy.errors import RuleViolation
from legacy.refusals.entries import EntryRule

# How far a phone's clock may run ahead of the server's.
CLOCK_SKEW = timedelta(minutes=2)


def _said(moment: datetime) -> str:
    """A moment as the refusal says it, the same in every language: UTC, to the second."""
    return moment.astimezone(UTC).strftime("%Y-%m-%d %H:%M:%S UTC")


def made_in_the_game(
    made_at: datetime, *, now: datetime, started_at: datetime | None, game: int
) -> None:
    """An entry made at ``made_at`` belongs to game ``game``, started at ``started_at``: it is
    not made after ``now`` (give or take ``CLOCK_SKEW``), nor before the game started."""
    if made_at > now + CLOCK_SKEW:
        raise RuleViolation(
            EntryRule.MADE_IN_THE_FUTURE,
            field="made_at",
            made=_said(made_at),
            now=_said(now),
            minutes=int(CLOCK_SKEW.total_seconds() // 60),
        )
    if started_at is not None and made_at < started_at:
        raise RuleViolation(
            EntryRule.MADE_BEFORE_THE_START,
            field="made_at",
            made=_said(made_at),
            started=_said(started_at),
            game=game,
        )
