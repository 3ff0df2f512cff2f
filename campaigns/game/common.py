"""What every phase of a game shares: the game row locked with its campaign, its status moves,
its seats and the log of what happened at the table.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cached_property

from django.db.models import Max

from campaigns.access import one_row
from campaigns.models import (
    GAME_TRANSITIONS,
    Campaign,
    EventKind,
    Game,
    GameEvent,
    GameStatus,
    Seat,
)
from campaigns.services import CampaignArchived, bump_versions, held
from legacy.errors import RuleViolation
from legacy.refusals import EntryRule, ServiceRule, TableRule


class NoSuchGame(RuleViolation):
    """The game asked for is not there (never set up, or cancelled while its entry waited)."""

    def __init__(self, number: int | str = "?"):
        super().__init__(TableRule.UNKNOWN_GAME, game=number)


def game_to_lock(campaign: Campaign, number: int) -> Game:
    """Game ``number`` of ``campaign``, not read yet: ``locked_game`` reads it once, after it
    holds the campaign's lock (a write from the API reads its game once, not twice)."""
    return Game(campaign=campaign, number=number)


def locked_game(
    game: Game | int, *, marks: bool = True, triggers: bool = True
) -> tuple[Campaign, Game]:
    """The game's campaign, locked (``lock_campaign``; ``marks=False`` for an entry that
    places, changes and removes no mark, ``triggers=False`` for one that changes nothing the
    packets' triggers read), and the game read afresh. ``game`` may be a row, its id, or a
    game named by its number (``game_to_lock``); ``NoSuchGame`` when it is not there."""
    campaign_id: int | None
    by_number = False
    if isinstance(game, Game) and game.pk is None and game.campaign_id is not None:
        by_number = True
        # Named by its number: read once the lock is held.
        campaign_id = game.campaign_id
        rows = Game.objects.filter(campaign_id=campaign_id, number=game.number)
    elif isinstance(game, Game) and game.campaign_id is not None:
        # A game never moves to another campaign: the row in hand names its campaign.
        campaign_id = game.campaign_id
        rows = Game.objects.filter(pk=game.pk)
    else:
        pk = game.pk if isinstance(game, Game) else game
        campaign_id = Game.objects.filter(pk=pk).values_list("campaign_id", flat=True).first()
        rows = Game.objects.filter(pk=pk)
    number = game.number if isinstance(game, Game) and game.number else "?"
    if campaign_id is None:
        raise NoSuchGame(number)
    try:
        bump_versions(campaign_id, marks=marks, triggers=triggers)
    except (CampaignArchived, RuleViolation):
        # A game named by its number that is not there is refused as such, whatever the state
        # of its campaign (as when it was read before the lock).
        if by_number and not rows.exists():
            raise NoSuchGame(number) from None
        raise
    # Read after the lock is held, so both rows are as the last write left them.
    found = one_row(rows.select_related("campaign").order_by())
    if found is None:  # never set up, or cancelled while the caller held it
        raise NoSuchGame(number)
    return held(found.campaign), found


def game_by_number(campaign_id: int, number: int) -> Game | None:
    """Game ``number`` of the campaign, or None."""
    return Game.objects.filter(campaign_id=campaign_id, number=number).first()


def move_to(game: Game, to: GameStatus) -> None:
    if to not in GAME_TRANSITIONS[GameStatus(game.status)]:
        now, then = GameStatus(game.status).label, GameStatus(to).label
        raise RuleViolation(
            EntryRule.GAME_STATUS, conflict=True, game=game.number, now=now, then=then
        )
    game.status = to


def require_in_progress(game: Game) -> None:
    if game.status != GameStatus.IN_PROGRESS:
        raise RuleViolation(ServiceRule.GAME_NOT_IN_PROGRESS, conflict=True, game=game.number)


def seats_of(game: Game) -> list[Seat]:
    """The game's seats in their order with their players, in one query (for ``seat_of`` and
    a replay)."""
    return list(Seat.objects.filter(game=game).select_related("player").order_by("order"))


def seat_of(game: Game, player: int | None, seats: list[Seat] | None = None) -> Seat:
    """The seat of ``player`` in ``game``: picked from ``seats`` when the caller read them."""
    if seats is None:
        # None finds no seat: every seat has a player.
        seat = game.seats.filter(player_id=player).select_related("player").first()  # type: ignore[misc]
    else:
        seat = next((s for s in seats if s.player_id == player and player is not None), None)
    if seat is None:
        raise RuleViolation(TableRule.UNKNOWN_SEAT, field="player")
    return seat


def log_event(
    game: Game, kind: EventKind, by, seat: Seat | None = None, *, made_at=None, **data
) -> GameEvent:
    """The game's next entry, numbered one past its last (voided entries keep their numbers).
    The caller holds the campaign's lock, so two entries of one game never read the same
    number.

    An entry stores its kind and data, never words: they are made when it is read
    (``campaigns.game.event_words``), in the reader's language. ``made_at``: when it was made
    at the table (now when not given)."""
    seq = (GameEvent.objects.filter(game=game).aggregate(n=Max("seq"))["n"] or 0) + 1
    made = {"made_at": made_at} if made_at is not None else {}
    return GameEvent.objects.create(
        game=game, seq=seq, kind=kind, entered_by=by, seat=seat, data=data, **made
    )


@dataclass(frozen=True)
class EventResult:
    """An entry written, and the packets due once it is: a list, or how to read them.

    An entry's service hands over how to read them, read on first use: right after the entry's
    transaction (``entries.recording.entry_service``), with the lock given back unless the
    entry is a keyed write, whose one transaction keeps the lock until its answer is kept."""

    event: GameEvent
    due: list[str] | Callable[[], list[str]] = field(default_factory=list)
    red_star_to: int | None = None  # player id, for the coin pile running out

    @cached_property
    def packets_to_open(self) -> list[str]:
        return list(self.due()) if callable(self.due) else list(self.due)
