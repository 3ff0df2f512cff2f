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
from dataclasses import dataclass

from campaigns.game.entries.missiles import open_roll
from campaigns.game.entries.registry import DECISIVE_KINDS, ENTRIES, OUT_KINDS, TRIGGER_KINDS
from campaigns.game.entries.state import (
    BIG_RECRUITMENT,
    Entry,
    Holdings,
    Replay,
    SeatStart,
    Step,
    coin_pile_winner,
    entry_of,
    roll_of,
)
from campaigns.models import EventKind, GameEvent, GameStatus, Result, Seat
from legacy.errors import RuleViolation
from legacy.rules import finish_rules, table_rules
from legacy.rules.late_entries import Outcome
from legacy.wording import said

__all__ = [
    "BIG_RECRUITMENT",
    "DECISIVE_KINDS",
    "OUT_KINDS",
    "TRIGGER_KINDS",
    "Entry",
    "Holdings",
    "Replay",
    "SeatStart",
    "coin_pile_winner",
    "entry_of",
    "open_roll",
    "resume",
    "roll_of",
]


def replay(starts: Mapping[int, SeatStart], entries: Iterable[Entry]) -> Replay:
    """Every seat's holdings after ``entries`` (the game's entries not voided, in order): each
    entry takes its own step (its kind's ``replay``), then the war is decided or not."""
    held = {
        seat: Holdings(
            red_stars=s.red_stars,
            missiles=s.missiles,
            scar_cards=1 if s.scar_card else 0,
            scar_card_kind=s.scar_card_kind if s.scar_card else "",
        )
        for seat, s in starts.items()
    }
    return resume(
        starts, Replay(holdings=held, hq_held_by={seat: seat for seat in starts}), entries
    )


def resume(starts: Mapping[int, SeatStart], result: Replay, entries: Iterable[Entry]) -> Replay:
    """``result`` (the replay of the entries before these, from ``starts``) taken on through
    ``entries``, all made after them: the same as the replay of the whole log. ``result`` is
    changed in place, and returned."""
    held = result.holdings
    seat_of_player = {s.player: seat for seat, s in starts.items() if s.player is not None}
    for entry in sorted(entries, key=lambda e: e.order):
        kind = ENTRIES.get(entry.kind)
        h = held.get(entry.seat) if entry.seat is not None else None
        # An entry the log would refuse at its place (after a late entry that moved the war) is
        # noted, and still replayed: what reads the log in part replays it the same.
        refused = result.winner is not None or made_while_out(entry, h)
        if kind is not None and kind.war and refused:
            result.impossible.append(entry.seq)
        if kind is not None and kind.replay is not None:
            kind.replay(Step(result, entry, h, seat_of_player))
        if result.winner is None:
            decided = table_rules.decided_winner(
                {seat: x.red_stars_counted for seat, x in held.items()},
                {seat: x.out for seat, x in held.items()},
            )
            if decided is not None:
                result.winner, result.won_by = decided
                result.won_at = entry.seq
    return result


def made_while_out(entry: Entry, held: Holdings | None) -> bool:
    """Whether ``entry`` is made by a seat out of the war, which the log refuses: all but the
    seat's coming back, its elimination for want of a legal start, and its scar card or
    missiles while only wiped out (``recording.in_the_war``)."""
    if held is None or not held.out or entry.kind == EventKind.REJOINED:
        return False
    if entry.kind == EventKind.ELIMINATED and entry.data.get("no_legal_start"):
        return False
    kind = ENTRIES.get(entry.kind)
    return not (kind is not None and kind.while_wiped_out and not held.out_for_good)


def outcome_of(replayed: Replay) -> Outcome:
    """What a replay decided, as the rule of late entries reads it."""
    return Outcome(
        winner=replayed.winner,
        won_at=replayed.won_at,
        out_at={seat: h.out_at for seat, h in replayed.holdings.items() if h.out},
        impossible=frozenset(replayed.impossible),
    )


def start_of(seat: Seat) -> SeatStart:
    return SeatStart(
        seat.player_id, seat.red_stars, seat.missiles, seat.scar_card, seat.scar_card_kind
    )


def starts_of(seats) -> dict[int, SeatStart]:
    """Each seat's start, by the seat's id."""
    return {s.pk: start_of(s) for s in seats}


def holdings_of(game, seats=None, events=None, kinds=None) -> Replay:
    """The replay of one game. Pass the seats and events already read to spend no query;
    ``kinds`` reads only those entries, for a caller that needs one holding (``OUT_KINDS``)."""
    if seats is None:
        seats = list(Seat.objects.filter(game=game))
    starts = starts_of(seats)
    if events is None and kinds is not None:
        return replay(starts, entries_of(game.pk, kinds))
    if events is None:
        events = GameEvent.objects.standing().filter(game=game)
    return replay(starts, (entry_of(e) for e in events if e.standing))


def entries_of(game_id: int, kinds: Iterable[str] | None) -> list[Entry]:
    """The game's standing entries of ``kinds`` (None: of every kind), in order, in one query
    (an entry that needs one holding reads them: ``OUT_KINDS``)."""
    standing = GameEvent.objects.standing().filter(game_id=game_id)
    if kinds is not None:
        standing = standing.filter(kind__in=[str(k) for k in kinds])
    found = standing.order_by("made_at", "seq").values_list(
        "seq", "kind", "seat_id", "data", "made_at"
    )
    return [Entry(seq, kind, seat, data or {}, made) for seq, kind, seat, data, made in found]


@dataclass(frozen=True)
class TriggerReading:
    """What the packet triggers read of a campaign's games: each game's replay of the missiles
    and recruitments (``TRIGGER_KINDS``), and the factions eliminated for good so far."""

    replays: dict[int, Replay]
    eliminated: int


SEAT_COLUMNS: tuple[str, ...] = ("id", "game_id", "player_id", "red_stars", "missiles", "scar_card")
SEAT_COLUMNS += ("scar_card_kind", "result")
READ_FOR_TRIGGERS = tuple(str(kind) for kind in (*TRIGGER_KINDS, EventKind.ELIMINATED))


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
        GameEvent.objects.standing()
        .filter(game__campaign_id=campaign_id, kind__in=READ_FOR_TRIGGERS)
        .order_by("game_id", "made_at", "seq")
        .values_list("game_id", "seq", "kind", "seat_id", "data", "made_at")
    )
    entries: dict[int, list[Entry]] = defaultdict(list)
    for game, seq, kind, seat, data, made in event_rows:
        data = data or {}
        if kind == EventKind.ELIMINATED:
            eliminated += data.get("can_rejoin") is False
            continue
        entries[game].append(Entry(seq, kind, seat, data, made))
    replays = {game: replay(starts[game], entries.get(game, ())) for game in starts}
    return TriggerReading(replays, eliminated)


@dataclass(frozen=True)
class LoggedEnd:
    """A seat whose result the log decides: out of the game for its end (it finishes
    eliminated), or the winner of the war (``won``: 4 red stars, or the last one standing)."""

    player: int
    entry: int | None
    for_good: bool
    name: str
    won: bool = False
    by_red_stars: bool = False

    @property
    def result(self) -> str:
        return Result.WON if self.won else Result.ELIMINATED

    @property
    def refusal(self) -> RuleViolation:
        """Why the log decides this seat's result: the refusal of any other."""
        return finish_rules.end_by_the_log(
            self.name,
            self.entry,
            won=self.won,
            by_red_stars=self.by_red_stars,
            for_good=self.for_good,
        )

    @property
    def reason(self) -> str:
        """The same, in the reader's language."""
        return said(self.refusal)


def ends_from_log(seats, replayed: Replay) -> dict[int, LoggedEnd]:
    """The seats whose result the log decides, by player id: the winner of the war, if the log
    says one won, and the seats that end the game eliminated (eliminated for good, or wiped out
    and never back in the war). ``seats`` need their player's name."""
    out = {}
    for s in seats:
        if replayed.winner == s.pk:
            by_red_stars = replayed.won_by == table_rules.RED_STARS
            out[s.player_id] = LoggedEnd(
                s.player_id,
                replayed.won_at,
                False,
                s.player.name,
                won=True,
                by_red_stars=by_red_stars,
            )
            continue
        h = replayed.holdings.get(s.pk)
        if h is None or not h.out:
            continue
        out[s.player_id] = LoggedEnd(s.player_id, h.out_at, h.out_for_good, s.player.name)
    return out
