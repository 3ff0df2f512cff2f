"""What each seat holds during a game, read off its start and the game's log.

Holdings are never kept as counters: they are recomputed from the seat's start (the red star or
missiles it was dealt, its scar card) and the entries not voided, in order. Voiding an entry
therefore changes every holding and trigger that followed from it, and nothing else.

``replay`` is pure (plain values in, plain values out); ``holdings_of`` and ``trigger_reading``
read what it needs in a fixed number of queries, whatever the number of entries or games.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

from campaigns.models import EventKind, GameEvent, GameStatus, Result, Seat
from legacy import table_rules

BIG_RECRUITMENT = 30  # Pocket 2: about to place this many troops while holding a missile


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


@dataclass
class Holdings:
    red_stars: int = 0  # red star tokens (not HQs)
    hqs: int = 1  # HQs controlled: its own at the start
    missiles: int = 0
    scar_cards: int = 0  # unplayed scar cards: 0 or 1
    scar_card_kind: str = ""  # the unplayed card's type, when the table said which
    out: bool = False  # wiped out and not (yet) back in the war
    out_for_good: bool = False  # eliminated: cannot rejoin this game
    out_at: int | None = None  # the entry that put the seat out

    @property
    def red_stars_counted(self) -> int:
        """Red stars as the box counts them: tokens held and HQs controlled."""
        return table_rules.red_stars_counted(tokens=self.red_stars, hqs=self.hqs)

    def as_dict(self) -> dict:
        return {
            "red_stars": self.red_stars,
            "hqs": self.hqs,
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
    hq_held_by: dict[int, int] = field(default_factory=dict)  # HQ owner's seat -> holder's seat
    winner: int | None = None  # the seat that won the war (4 red stars, last standing)
    won_by: str = ""  # how: ``table_rules.RED_STARS`` or ``LAST_STANDING``
    won_at: int | None = None  # the entry that decided it

    @property
    def most_missiles_on_one_roll(self) -> int:
        return max(self.missiles_per_roll.values(), default=0)


def roll_of(entry: Entry) -> int:
    """The roll a missile entry belongs to: the seq of the roll's first entry (an entry from
    before rolls were named is a roll of its own)."""
    roll = entry.data.get("roll")
    return roll if isinstance(roll, int) and not isinstance(roll, bool) else entry.seq


def replay(starts: Mapping[int, SeatStart], entries: Iterable[Entry]) -> Replay:
    """Every seat's holdings after ``entries`` (the game's entries not voided, in order)."""
    held = {
        seat: Holdings(
            red_stars=s.red_stars,
            missiles=s.missiles,
            scar_cards=1 if s.scar_card else 0,
            scar_card_kind=s.scar_card_kind if s.scar_card else "",
        )
        for seat, s in starts.items()
    }
    seat_of_player = {s.player: seat for seat, s in starts.items() if s.player is not None}
    result = Replay(holdings=held, hq_held_by={seat: seat for seat in starts})
    for entry in sorted(entries, key=lambda e: e.seq):
        h = held.get(entry.seat) if entry.seat is not None else None
        data = entry.data or {}
        if entry.kind == EventKind.MISSILES:
            count = _count(data.get("count"))
            roll = roll_of(entry)
            result.missiles_per_roll[roll] = result.missiles_per_roll.get(roll, 0) + count
            if h is not None:
                h.missiles = max(0, h.missiles - count)
        elif entry.kind == EventKind.RECRUITMENT:
            troops = _count(data.get("troops"))
            if h is not None and troops >= BIG_RECRUITMENT and h.missiles > 0:
                result.big_recruitment_with_missile = True
        elif entry.kind == EventKind.SCAR_PLACED:
            if h is not None and data.get("with_card", True) and h.scar_cards:
                h.scar_cards -= 1
                h.scar_card_kind = ""
        elif entry.kind == EventKind.COIN_PILE_OUT:
            if not result.coin_pile_out:  # only the first time in a game gives a star
                winner = coin_pile_winner(data.get("territories"))
                star = seat_of_player.get(winner) if winner is not None else None
                if star is not None:
                    held[star].red_stars += 1
            result.coin_pile_out = True
        elif entry.kind == EventKind.RED_STAR_BOUGHT:
            if h is not None:
                h.red_stars += 1
        elif entry.kind == EventKind.CARD_COMPLETED:
            if h is not None:  # a mission's reward: the red stars its card names
                h.red_stars += _count(data.get("red_stars"))
        elif entry.kind == EventKind.ELIMINATED:
            if h is not None:
                h.out = True
                h.out_for_good = not data.get("can_rejoin", False)
                h.out_at = entry.seq
        elif entry.kind == EventKind.REJOINED and h is not None and not h.out_for_good:
            h.out = False
            h.out_at = None
        elif entry.kind == EventKind.HQ_TAKEN and h is not None:
            owner = seat_of_player.get(_count(data.get("hq_of")))
            if owner is not None:
                held[result.hq_held_by[owner]].hqs -= 1
                result.hq_held_by[owner] = entry.seat  # type: ignore[assignment]
                h.hqs += 1
        if result.winner is None:
            decided = table_rules.decided_winner(
                {seat: x.red_stars_counted for seat, x in held.items()},
                {seat: x.out_for_good for seat, x in held.items()},
            )
            if decided is not None:
                result.winner, result.won_by = decided
                result.won_at = entry.seq
    return result


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


def _count(value) -> int:
    return value if isinstance(value, int) and not isinstance(value, bool) and value > 0 else 0


def start_of(seat: Seat) -> SeatStart:
    return SeatStart(
        seat.player_id, seat.red_stars, seat.missiles, seat.scar_card, seat.scar_card_kind
    )


def entry_of(event: GameEvent) -> Entry:
    return Entry(event.seq, event.kind, event.seat_id, event.data or {})


def open_roll(game, events=None) -> int | None:
    """The roll the table is adding missiles to: while the game's latest entry (not taken
    back) is a missile entry, its roll stays open, and the next missiles join it unless the
    table says they are on a new roll (so three players' missiles on one roll, entered one
    after another, are one roll however they come in). Any other entry closes it. Pass the
    game's entries already read to spend no query."""
    if events is None:
        last = game.events.filter(voided=False).order_by("-seq").first()
    else:
        last = max((e for e in events if not e.voided), key=lambda e: e.seq, default=None)
    if last is None or last.kind != EventKind.MISSILES:
        return None
    return roll_of(entry_of(last))


# The entries that decide whether a seat is out of the war; nothing else moves ``out``.
OUT_KINDS = (EventKind.ELIMINATED, EventKind.REJOINED)
# The entries that move a seat's red stars or put it out: what decides whether the war is won.
DECISIVE_KINDS = (
    *OUT_KINDS,
    EventKind.HQ_TAKEN,
    EventKind.RED_STAR_BOUGHT,
    EventKind.CARD_COMPLETED,
    EventKind.COIN_PILE_OUT,
)
# The entries the packet triggers read: missiles on a roll, and a big recruitment while holding
# a missile (a seat's missiles move only with its start and its missile entries).
TRIGGER_KINDS = (EventKind.MISSILES, EventKind.RECRUITMENT)


def holdings_of(game, seats=None, events=None, kinds=None) -> Replay:
    """The replay of one game. Pass the seats and events already read to spend no query;
    ``kinds`` reads only those entries, for a caller that needs one holding (``OUT_KINDS``)."""
    if seats is None:
        seats = list(Seat.objects.filter(game=game))
    starts = {s.pk: start_of(s) for s in seats}
    if events is None and kinds is not None:
        return replay(starts, entries_of(game.pk, kinds))
    if events is None:
        events = GameEvent.objects.filter(game=game, voided=False)
    return replay(starts, (entry_of(e) for e in events if not e.voided))


def entries_of(game_id: int, kinds: Iterable[str]) -> list[Entry]:
    """The game's standing entries of ``kinds``, in order, in one query (an entry that needs
    one holding reads them: ``OUT_KINDS``)."""
    found = (
        GameEvent.objects.filter(game_id=game_id, voided=False, kind__in=[str(k) for k in kinds])
        .order_by("seq")
        .values_list("seq", "kind", "seat_id", "data")
    )
    return [Entry(seq, kind, seat, data or {}) for seq, kind, seat, data in found]


@dataclass(frozen=True)
class TriggerReading:
    """What the packet triggers read of a campaign's games: each game's replay of the missiles
    and recruitments (``TRIGGER_KINDS``), and the factions eliminated for good so far."""

    replays: dict[int, Replay]
    eliminated: int


SEAT_COLUMNS: tuple[str, ...] = ("id", "game_id", "player_id", "red_stars", "missiles", "scar_card")
SEAT_COLUMNS += ("scar_card_kind", "result")
READ_FOR_TRIGGERS = tuple(kind.value for kind in (*TRIGGER_KINDS, EventKind.ELIMINATED))


def trigger_reading(campaign_id: int) -> TriggerReading:
    """The games' replays of ``TRIGGER_KINDS`` and the eliminations, in two queries: the seats
    (a seat that finished a game eliminated counts), and the entries of those kinds with the
    eliminations (one that may not rejoin counts)."""
    starts: dict[int, dict[int, SeatStart]] = defaultdict(dict)
    eliminated = 0
    seat_rows = Seat.objects.filter(game__campaign_id=campaign_id).values_list(
        *SEAT_COLUMNS, "game__status"
    )
    for pk, game, player, red_stars, missiles, scar_card, scar_kind, result, status in seat_rows:
        starts[game][pk] = SeatStart(player, red_stars, missiles, scar_card, scar_kind)
        eliminated += status == GameStatus.FINISHED and result == Result.ELIMINATED
    event_rows = (
        GameEvent.objects.filter(
            game__campaign_id=campaign_id, voided=False, kind__in=READ_FOR_TRIGGERS
        )
        .order_by("game_id", "seq")
        .values_list("game_id", "seq", "kind", "seat_id", "data")
    )
    entries: dict[int, list[Entry]] = defaultdict(list)
    for game, seq, kind, seat, data in event_rows:
        data = data or {}
        if kind == EventKind.ELIMINATED:
            eliminated += data.get("can_rejoin") is False
            continue
        entries[game].append(Entry(seq, kind, seat, data))
    replays = {game: replay(starts[game], entries.get(game, ())) for game in starts}
    return TriggerReading(replays, eliminated)


@dataclass(frozen=True)
class LoggedEnd:
    """A seat whose result the log decides: out of the game for its end (it finishes
    eliminated), or the winner of the war (``won``: 4 red stars, or the last one standing)."""

    player: int
    entry: int | None
    for_good: bool
    reason: str
    won: bool = False

    @property
    def result(self) -> str:
        return Result.WON if self.won else Result.ELIMINATED


def ends_from_log(seats, replayed: Replay) -> dict[int, LoggedEnd]:
    """The seats whose result the log decides, by player id: the winner of the war, if the log
    says one won, and the seats that end the game eliminated (eliminated for good, or wiped out
    and never back in the war). ``seats`` need their player's name."""
    out = {}
    for s in seats:
        if replayed.winner == s.pk:
            name = s.player.name
            if replayed.won_by == table_rules.RED_STARS:
                reason = f"{name} has 4 red stars (entry {replayed.won_at}): {name} won the game."
            else:
                reason = (
                    f"Every other faction was eliminated (entry {replayed.won_at}): {name}, the "
                    "last faction standing, won the game."
                )
            out[s.player_id] = LoggedEnd(s.player_id, replayed.won_at, False, reason, won=True)
            continue
        h = replayed.holdings.get(s.pk)
        if h is None or not h.out:
            continue
        name = s.player.name
        if h.out_for_good:
            reason = f"{name} was eliminated (entry {h.out_at}): {name} ends the game eliminated."
        else:
            reason = (
                f"{name} was wiped out (entry {h.out_at}) and did not rejoin: {name} ends the "
                "game eliminated."
            )
        out[s.player_id] = LoggedEnd(s.player_id, h.out_at, h.out_for_good, reason)
    return out
