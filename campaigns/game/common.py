"""What every phase of a game shares: the game row locked with its campaign, its status moves,
its seats and the log of what happened at the table.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cached_property

from django.db import connection

from campaigns import rows
from campaigns.models import (
    GAME_TRANSITIONS,
    Campaign,
    EventKind,
    Game,
    GameEvent,
    GameStatus,
    Player,
    Seat,
)
from campaigns.services import lock_campaign
from legacy.errors import RuleViolation


def locked_game(game: Game | int, *, marks: bool = True) -> tuple[Campaign, Game]:
    """The game's campaign, locked (``lock_campaign``; ``marks=False`` for an entry that
    places, changes and removes no mark), and the game read afresh."""
    if isinstance(game, Game) and game.campaign_id is not None:
        # A game never moves to another campaign: the row in hand names its campaign.
        pk, campaign_id = game.pk, game.campaign_id
    else:
        pk = game.pk if isinstance(game, Game) else game
        campaign_id = Game.objects.filter(pk=pk).values_list("campaign_id", flat=True).first()
    if campaign_id is None:
        raise RuleViolation("There is no such game.", rule="unknown-game")
    campaign = lock_campaign(campaign_id, marks=marks)
    game = _one_game("by_pk", [pk])
    if game is None:  # cancelled while the caller held it
        raise RuleViolation("There is no such game.", rule="unknown-game")
    return campaign, game


# Every entry of the log reads its game, its seats and the next number of its log: statements
# written out once (``campaigns.rows``), read as the querysets they replace would read them.


def _statements() -> dict:
    qn = connection.ops.quote_name
    game_columns, game_readers = rows.columns(Game, "")
    seat_columns, seat_readers = rows.columns(Seat, "s")
    player_columns, player_readers = rows.columns(Player, "p")
    games, seats, events = Game._meta.db_table, Seat._meta.db_table, GameEvent._meta.db_table
    written = [f for f in GameEvent._meta.concrete_fields if not f.primary_key and f.name != "seq"]
    names = ", ".join(qn(f.column) for f in written)
    marks = ", ".join(["%s"] * len(written))
    return {  # noqa: S608 - table and column names only
        "by_pk": (f"SELECT {game_columns} FROM {games} WHERE id = %s", game_readers),
        "by_number": (
            f"SELECT {game_columns} FROM {games} WHERE campaign_id = %s AND number = %s",
            game_readers,
        ),
        "seats": (
            f"SELECT {seat_columns}, {player_columns} FROM {seats} s"
            f" JOIN {Player._meta.db_table} p ON p.id = s.player_id"
            f" WHERE s.game_id = %s ORDER BY s.{qn('order')}",
            (seat_readers, player_readers),
        ),
        # The next number and the row in one statement: the campaign's lock, held by the
        # caller, keeps two entries of one game from reading the same number.
        "insert_event": (
            f"INSERT INTO {events} ({names}, seq) SELECT {marks}, COALESCE(MAX(seq), 0) + 1"
            f" FROM {events} WHERE game_id = %s RETURNING id, seq",
            written,
        ),
    }


def _statement(name: str):
    return rows.once("game.common", _statements)[name]


def _one_game(name: str, params: list) -> Game | None:
    sql, readers = _statement(name)
    with rows.cursor() as cursor:
        cursor.execute(sql, params)
        found = cursor.fetchone()
    return None if found is None else rows.instance(Game, readers, found)


def game_by_number(campaign_id: int, number: int) -> Game | None:
    """Game ``number`` of the campaign, or None."""
    return _one_game("by_number", [campaign_id, number])


def move_to(game: Game, to: GameStatus) -> None:
    if to not in GAME_TRANSITIONS[GameStatus(game.status)]:
        label = GameStatus(game.status).label.lower()
        raise RuleViolation(
            f"Game {game.number} is {label}: it cannot be {GameStatus(to).label.lower()} now.",
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
    sql, (seat_readers, player_readers) = _statement("seats")
    with rows.cursor() as cursor:
        cursor.execute(sql, [game.pk])
        found = cursor.fetchall()
    split, seats = len(seat_readers), []
    for row in found:
        seat = rows.instance(Seat, seat_readers, row[:split])
        seat.player = rows.instance(Player, player_readers, row[split:])
        seats.append(seat)
    return seats


def seat_of(game: Game, player: int | None, seats: list[Seat] | None = None) -> Seat:
    """The seat of ``player`` in ``game``: picked from ``seats`` when the caller read them."""
    if seats is None:
        seat = game.seats.filter(player_id=player).select_related("player").first()
    else:
        seat = next((s for s in seats if s.player_id == player and player is not None), None)
    if seat is None:
        raise RuleViolation(
            "That player is not seated in this game.", rule="unknown-seat", field="player"
        )
    return seat


def log_event(game: Game, kind: EventKind, by, seat: Seat | None = None, **data) -> GameEvent:
    """The game's next entry, numbered one past its last, written in one statement (each
    field's value prepared as the ORM's insert prepares it). The caller holds the lock.

    An entry stores its kind and data, never words: they are made when it is read
    (``campaigns.game.event_words``), in the reader's language."""
    event = GameEvent(game=game, seq=0, kind=kind, entered_by=by, seat=seat, data=data)
    sql, written = _statement("insert_event")
    values = [f.get_db_prep_save(f.pre_save(event, True), connection) for f in written]
    with rows.cursor() as cursor:
        cursor.execute(sql, [*values, game.pk])
        event.pk, event.seq = cursor.fetchone()
    event._state.adding = False
    event._state.db = connection.alias
    return event


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
