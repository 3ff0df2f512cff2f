"""What a kind of entry is made of (``EntryKind``), and what its parts are given: the table as
the entry is recorded (``Table``), what it writes (``Written``), what its words read (``Said``)
and how it guesses the marks an older entry placed (``Guess``).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from enum import Enum
from typing import Any

from django.db.models import Model
from django.utils.functional import Promise

from campaigns.game.entries.state import Replay, Step
from campaigns.models import Campaign, EventKind, EventMark, Game, GameEvent, MarkChange, Seat
from legacy.board import Board
from legacy.selectors import board_as_of_game


class Seating(Enum):
    """Whether the entry is made by a seat (its parameters' ``player``)."""

    NONE = "none"  # the entry names no seat (or finds its own: the coin pile's red star)
    OPTIONAL = "optional"  # a seat when a player is named
    REQUIRED = "required"  # a seated player, always


@dataclass
class Table:
    """The table as an entry is recorded: the campaign locked, the game read afresh, and once
    read, its seats, the replay of its log and the seat making the entry. ``facts`` is what the
    entry's ``check`` found, for its ``record``."""

    campaign: Campaign
    game: Game
    by: Any
    seats: list[Seat] = field(default_factory=list)
    replayed: Replay | None = None
    seat: Seat | None = None
    facts: Any = None

    def board(self) -> Board:
        """The campaign's board as of the game: where its entries may put a mark."""
        return board_as_of_game(self.game.campaign_id, self.game.number)


@dataclass(frozen=True)
class Written:
    """What an entry writes in the log: its data, the seat it is credited to when not the seat
    that made it, the marks it placed, removed or changed (``(change, mark, ...)`` each), the
    red star the coin pile gave, and what is done once the entry has its number."""

    data: Mapping[str, Any]
    seat: Seat | None = None
    marks: tuple[tuple[Any, ...], ...] = ()
    red_star_to: int | None = None
    after: Callable[[GameEvent], None] | None = None


@dataclass(frozen=True)
class Said:
    """What an entry's words read: the entry, its data, who made it and where (a territory, or
    a faction card), and the campaign's names (``campaigns.game.event_words.EventWords``)."""

    event: Any
    data: Mapping[str, Any]
    who: str
    where: str
    words: Any

    def by(self, text: str) -> str:
        """The words, signed by the seat that made the entry."""
        return f"{text} — {self.who}" if self.who else text

    def faction(self) -> str:
        """The faction of the seat that made the entry."""
        return self.words.faction_name(self.event.seat.faction if self.event.seat_id else "")


class Guess:
    """Links guessed for an older entry: ``take`` links the oldest of ``rows`` not linked yet
    (``limit`` of them; -1 for all), ``link`` links a mark several entries may share."""

    def __init__(self, out: list[EventMark], taken: set[tuple[str, int]]):
        self.out, self.taken = out, taken
        self.event: Any = None
        self.game: Any = None
        self.data: Mapping[str, Any] = {}

    @property
    def place(self) -> dict[str, Any]:
        return {"territory": self.data.get("territory"), "faction": self.data.get("faction")}

    def take(self, change: MarkChange, rows: Iterable[Model], limit: int = 1) -> None:
        for row in rows:
            key = (type(row).__name__, row.pk)
            if key in self.taken or limit == 0:
                continue
            self.taken.add(key)
            limit -= 1
            self.out.append(
                EventMark(event=self.event, mark_type=key[0], mark_id=row.pk, change=change)
            )

    def link(self, change: MarkChange, mark: Model) -> None:
        self.out.append(
            EventMark(
                event=self.event, mark_type=type(mark).__name__, mark_id=mark.pk, change=change
            )
        )


@dataclass(frozen=True)
class EntryKind:
    """One kind of entry of a game's log: all that is particular to it.

    ``params``: the frozen dataclass of what the table says; ``check``: the rules asked before
    the war is read (what it finds goes in ``table.facts``); ``record``: the facts gathered, the
    rules asked, the marks written (None for an entry written elsewhere: a packet opened);
    ``replay``: its step in the replay of the holdings; ``words``: the log's words for it;
    ``guess``: the marks an older entry placed, guessed; ``older``: an older entry's data
    completed from its English sentence.

    How it is recorded: ``marks`` and ``triggers`` say what the lock bumps (``triggers`` may
    depend on the parameters); ``war``: refused once the war is won, reading the entries that
    decide it (and ``reads_also``, or the whole log with ``reads_whole_log``); ``seating``: the
    seat that makes it; ``what``: its words when a seat out of the war is refused it (empty: the
    entry's own rule speaks of a seat out of the war); ``while_wiped_out``: a seat wiped out and
    waiting to rejoin still makes it (its scar card, its missiles), one eliminated for good not.

    What it is to a replay: ``decisive`` (it moves red stars or puts a seat out), ``moves_out``
    (it decides whether a seat is out), ``read_by_triggers`` (a packet's trigger reads it).

    What a door needs, in words of no door: ``path``, its address among the game's entries
    (the API's ``events/<path>/``); ``description``, one paragraph on it; ``validate``, the
    checks across its parameters that need nothing read (a refusal, before any lock). Its
    parameters say their own shapes (``campaigns.game.entries.fields``).
    """

    kind: EventKind
    words: Callable[[Said], str]
    params: type | None = None
    record: Callable[[Table, Any], Written] | None = None
    check: Callable[[Table, Any], Any] | None = None
    replay: Callable[[Step], None] | None = None
    guess: Callable[[Guess], None] | None = None
    older: Callable[[dict, int, str], None] | None = None
    hidden_label: str | Promise | None = None
    marks: bool = True
    triggers: bool | Callable[[Any], bool] = True
    war: bool = True
    reads_also: tuple[EventKind, ...] = ()
    reads_whole_log: bool = False
    seating: Seating = Seating.NONE
    what: str = ""  # the entry in words (a legacy.words.Words), said in the reader's language
    while_wiped_out: bool = False
    decisive: bool = False
    moves_out: bool = False
    read_by_triggers: bool = False
    needs: str = ""  # what an entry needs that its shape cannot say (a seated player...)
    path: str = ""
    description: str = ""
    validate: Callable[[Any], None] | None = None

    def bumps_triggers(self, params: Any) -> bool:
        return self.triggers(params) if callable(self.triggers) else self.triggers
