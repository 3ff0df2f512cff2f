"""What a replay of a game's log reads and writes, as plain values: each seat's start, an entry
of the log, what a seat holds and the replay's result. Each kind of entry moves them in its own
step (its module's ``replay``); ``campaigns.game.holdings`` runs the steps in order.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import UTC, datetime

from legacy.rules import table_rules

BIG_RECRUITMENT = 30  # Pocket 2: about to place this many troops while holding a missile
EARLIEST = datetime.min.replace(tzinfo=UTC)  # an entry's time when it has none (a pure replay)


@dataclass(frozen=True)
class SeatStart:
    player: int | None = None
    red_stars: int = 0
    missiles: int = 0
    scar_card: bool = False
    scar_card_kind: str = ""


@dataclass(frozen=True)
class Entry:
    """One entry of a game's log, as plain values."""

    seq: int
    kind: str
    seat: int | None = None  # the seat's id
    data: Mapping = field(default_factory=dict)
    made_at: datetime | None = None  # when it was made at the table: the log's order

    @property
    def order(self) -> tuple:
        """Its place in the log: when it was made, arrival (``seq``) breaking ties."""
        return (self.made_at or EARLIEST, self.seq)


@dataclass
class Holdings:
    red_stars: int = 0  # red star tokens (not HQs)
    hqs: int = 1  # HQs controlled: its own at the start
    board_stars: int = 0  # red stars on the board other than HQs (from unlocked content)
    missiles: int = 0
    scar_cards: int = 0  # unplayed scar cards: 0 or 1
    scar_card_kind: str = ""  # the unplayed card's type, when the table said which
    out: bool = False  # wiped out and not (yet) back in the war
    out_for_good: bool = False  # eliminated: cannot rejoin this game
    out_at: int | None = None  # the entry that put the seat out

    @property
    def red_stars_counted(self) -> int:
        """Red stars as the box counts them: tokens held and HQs controlled."""
        return table_rules.red_stars_counted(
            tokens=self.red_stars, hqs=self.hqs, on_the_board=self.board_stars
        )

    def as_dict(self) -> dict:
        return {
            "red_stars": self.red_stars,
            "hqs": self.hqs,
            "board_stars": self.board_stars,
            "red_stars_counted": self.red_stars_counted,
            "missiles": self.missiles,
            "scar_cards": self.scar_cards,
            "scar_card_kind": self.scar_card_kind,
            "out": self.out,
            "out_for_good": self.out_for_good,
        }


@dataclass
class Replay:
    holdings: dict[int, Holdings]
    missiles_per_roll: dict[int, int] = field(default_factory=dict)
    big_recruitment_with_missile: bool = False
    coin_pile_out: bool = False
    # HQ owner's seat -> holder's seat (None: nobody, its holder was wiped out); an HQ
    # demolished is back in the box, and no longer here.
    hq_held_by: dict[int, int | None] = field(default_factory=dict)
    winner: int | None = None  # the seat that won the war (4 red stars, last standing)
    won_by: str = ""  # how: ``table_rules.RED_STARS`` or ``LAST_STANDING``
    won_at: int | None = None  # the entry that decided it
    # Entries the log would refuse at their place: made once the war was won, or by a seat out.
    impossible: list[int] = field(default_factory=list)

    @property
    def most_missiles_on_one_roll(self) -> int:
        return max(self.missiles_per_roll.values(), default=0)


@dataclass(frozen=True)
class Step:
    """One entry's step of a replay: the replay so far, the entry, the holdings of its seat (None
    for an entry of no seat, or of a seat the replay does not know) and the seats by player."""

    replay: Replay
    entry: Entry
    held: Holdings | None
    seat_of_player: Mapping[int, int]

    @property
    def data(self) -> Mapping:
        return self.entry.data or {}


def roll_of(entry: Entry) -> int:
    """The roll a missile entry belongs to: the seq of the roll's first entry (an entry from
    before rolls were named is a roll of its own)."""
    roll = entry.data.get("roll")
    return roll if isinstance(roll, int) and not isinstance(roll, bool) else entry.seq


def coin_pile_winner(territories) -> int | None:
    """The player controlling the most territories when the coin pile ran out (None on a tie)."""
    counts = {}
    for player, n in (territories or {}).items() if isinstance(territories, Mapping) else ():
        try:
            counts[int(player)] = int(n)
        except (TypeError, ValueError):
            continue
    if not counts:
        return None
    most = max(counts.values())
    leaders = [p for p, n in counts.items() if n == most]
    return leaders[0] if len(leaders) == 1 else None


def count(value) -> int:
    """A count an entry stored: a positive whole number, or 0."""
    return value if isinstance(value, int) and not isinstance(value, bool) and value > 0 else 0


def entry_of(event) -> Entry:
    """A ``GameEvent`` as plain values."""
    return Entry(event.seq, event.kind, event.seat_id, event.data or {}, event.made_at)
