"""What every phase of a game shares: the game row locked with its campaign, its status moves,
its seats and the log of what happened at the table.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cached_property

from django.db.models import Max
from django.utils import translation

from campaigns.models import (
    GAME_TRANSITIONS,
    Campaign,
    EventKind,
    Game,
    GameEvent,
    GameStatus,
    Seat,
)
from campaigns.services import bump_versions
from legacy.errors import RuleViolation


def locked_game(
    game: Game | int, *, marks: bool = True, triggers: bool = True
) -> tuple[Campaign, Game]:
    """The game's campaign, locked (``lock_campaign``; ``marks=False`` for an entry that
    places, changes and removes no mark, ``triggers=False`` for one that changes nothing the
    packets' triggers read), and the game read afresh."""
    campaign_id: int | None
    if isinstance(game, Game) and game.campaign_id is not None:
        # A game never moves to another campaign: the row in hand names its campaign.
        pk, campaign_id = game.pk, game.campaign_id
    else:
        pk = game.pk if isinstance(game, Game) else game
        campaign_id = Game.objects.filter(pk=pk).values_list("campaign_id", flat=True).first()
    if campaign_id is None:
        raise RuleViolation("There is no such game.", rule="unknown-game")
    bump_versions(campaign_id, marks=marks, triggers=triggers)
    # Read after the lock is held, so both rows are as the last write left them.
    found = Game.objects.select_related("campaign").filter(pk=pk).first()
    if found is None:  # cancelled while the caller held it
        raise RuleViolation("There is no such game.", rule="unknown-game")
    campaign = found.campaign
    campaign.writing = True  # see ``campaigns.services.cached_world``
    return campaign, found


def game_by_number(campaign_id: int, number: int) -> Game | None:
    """Game ``number`` of the campaign, or None."""
    return Game.objects.filter(campaign_id=campaign_id, number=number).first()


def move_to(game: Game, to: GameStatus) -> None:
    if to not in GAME_TRANSITIONS[GameStatus(game.status)]:
        with translation.override("en"):  # the services word their refusals in English
            now, then = str(GameStatus(game.status).label), str(GameStatus(to).label)
        raise RuleViolation(
            f"Game {game.number} is {now}: it cannot be {then} now.",
            rule="game-status",
            conflict=True,
        )
    game.status = to


def require_in_progress(game: Game) -> None:
    if game.status != GameStatus.IN_PROGRESS:
        raise RuleViolation(
            f"Game {game.number} is not in progress: events are entered while it is played.",
            rule="game-not-in-progress",
            conflict=True,
        )


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
        raise RuleViolation(
            "That player is not seated in this game.", rule="unknown-seat", field="player"
        )
    return seat


def log_event(game: Game, kind: EventKind, by, seat: Seat | None = None, **data) -> GameEvent:
    """The game's next entry, numbered one past its last (voided entries keep their numbers).
    The caller holds the campaign's lock, so two entries of one game never read the same
    number.

    An entry stores its kind and data, never words: they are made when it is read
    (``campaigns.game.event_words``), in the reader's language."""
    seq = (GameEvent.objects.filter(game=game).aggregate(n=Max("seq"))["n"] or 0) + 1
    return GameEvent.objects.create(
        game=game, seq=seq, kind=kind, entered_by=by, seat=seat, data=data
    )


@dataclass(frozen=True)
class EventResult:
    """An entry written, and the packets due once it is: a list, or how to read them.

    An entry's service hands over how to read them (``with_triggers``), read on first use: a
    caller that uses them after the service returned reads them after its transaction, without
    holding the campaign's lock while it does (another phone's entry waits for that lock)."""

    event: GameEvent
    due: list[str] | Callable[[], list[str]] = field(default_factory=list)
    red_star_to: int | None = None  # player id, for the coin pile running out

    @cached_property
    def packets_to_open(self) -> list[str]:
        return list(self.due()) if callable(self.due) else list(self.due)
