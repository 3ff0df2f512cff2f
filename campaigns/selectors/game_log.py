"""The game page's read of a game's log: its latest entries as rows, and what the whole log
decided (each seat's holdings, the open missile roll...) as plain values.

The page lists a bounded number of entries (``SHOWN``); the rest of what it shows is read off
the replay of the whole log (``campaigns.game.holdings``), which is kept in the cache under the
campaign's world version (``campaigns.versioned``: every write to the log bumps it). So a read
of the page replays the log at most once per version, from plain values (never a row object per
entry), and otherwise reads a fixed number of rows whatever the number of entries: a game of
500 entries costs its page about what a game of 5 does.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field

from campaigns import claims
from campaigns.game.holdings import Entry, Replay, replay, roll_of, starts_of
from campaigns.models import EventKind, Game, GameEvent
from campaigns.versioned import cached_read

# The entries the game page lists, the latest; the history lists them all.
SHOWN = 30
# The latest missile rolls the quick log offers to add to.
ROLLS_OFFERED = 5


@dataclass(frozen=True)
class LogFacts:
    """What the whole log of a game decided, as plain values (kept in the cache)."""

    replayed: Replay
    count: int  # entries in the log, taken back or not
    # The standing entries made after the winning one, in the log's order (``decided``).
    after_the_win: list[int] = field(default_factory=list)
    # The roll the table may be adding missiles to (``missiles.open_roll``).
    open_roll: int | None = None
    # The latest missile entries standing, newest first: (seq, roll, seat id).
    rolls: list[tuple[int, int, int | None]] = field(default_factory=list)


@dataclass
class GameLog:
    """The game page's log: its latest entries (rows, worded by the page), the last entry to
    arrive, the late entries awaiting the table, and the facts of the whole log."""

    game_id: int
    shown: list[GameEvent]
    last_entry: GameEvent | None
    waiting: list[GameEvent]
    facts: LogFacts

    @property
    def replayed(self) -> Replay:
        return self.facts.replayed

    @property
    def count(self) -> int:
        return self.facts.count

    @property
    def earlier(self) -> int:
        """The entries the page does not list (the history does)."""
        return max(0, self.facts.count - len(self.shown))

    def read(self) -> list[GameEvent]:
        """The entries read as rows, each once: the ones shown, the last, those waiting."""
        rows = [*self.shown, *([self.last_entry] if self.last_entry else []), *self.waiting]
        return list({id(e): e for e in rows}.values())

    def entry(self, seq) -> GameEvent | None:
        """The entry ``seq`` as a row: one of those read, or read now (one query)."""
        for e in self.read():
            if e.seq == seq:
                return e
        if not isinstance(seq, int) or isinstance(seq, bool):
            return None
        return _credited(GameEvent.objects.filter(game_id=self.game_id, seq=seq)).first()


def _credited(rows):
    return rows.select_related("seat__player", "voided_by")


def log_facts(game: Game, seats) -> LogFacts:
    """The replay of the whole log and what else the page reads off it, in one query of plain
    values (``seats``: the game's, already read)."""
    rows = game.events.order_by("made_at", "seq").values_list(
        "seq", "kind", "seat_id", "data", "made_at", "voided", "awaiting_confirmation"
    )
    entries, count = [], 0
    for seq, kind, seat, data, made, voided, awaiting in rows:
        count += 1
        if not voided and not awaiting:
            entries.append(Entry(seq, kind, seat, data or {}, made))
    replayed = replay(starts_of(seats), entries)
    seqs = [e.seq for e in entries]
    later = seqs[seqs.index(replayed.won_at) + 1 :] if replayed.won_at in seqs else []
    last = max(entries, key=lambda e: e.seq, default=None)
    missiles = sorted((e for e in entries if e.kind == EventKind.MISSILES), key=lambda e: -e.seq)
    return LogFacts(
        replayed=replayed,
        count=count,
        after_the_win=later,
        open_roll=roll_of(last) if last is not None and last.kind == EventKind.MISSILES else None,
        rolls=[(e.seq, roll_of(e), e.seat) for e in missiles[:ROLLS_OFFERED]],
    )


def facts_of(campaign, game: Game, seats) -> LogFacts:
    """``log_facts`` kept in the cache under the campaign's version (``campaign``: as the page
    read it) and the seats' starts (a start set again, at the setup, is another replay)."""
    starts = repr(sorted(starts_of(seats).items())).encode()
    key = (game.pk, hashlib.blake2b(starts, digest_size=8).hexdigest())
    return cached_read(campaign, "game-log", key, lambda: log_facts(game, seats))


def game_log(campaign, game: Game, seats) -> GameLog:
    """The game page's log of ``game`` (``campaign``: its campaign as the page read it, with
    its version; ``seats``: the game's seats, already read), in a fixed number
    of queries: the latest entries, the last to arrive, those awaiting the table; the facts of
    the whole log from the cache, or replayed once for the campaign's version."""
    latest = claims.credited(_credited(game.events.order_by("-made_at", "-seq")), campaign.pk)
    shown = list(latest[:SHOWN])[::-1]
    last_entry = next(
        iter(
            claims.credited(
                _credited(game.events.filter(voided=False).order_by("-seq")), campaign.pk
            )[:1]
        ),
        None,
    )
    waiting = list(
        claims.credited(
            _credited(game.events.filter(awaiting_confirmation=True, voided=False)),
            campaign.pk,
        ).order_by("made_at", "seq")
    )
    facts = facts_of(campaign, game, seats)
    # The rows read are the rows of the log: one already shown is the same object.
    by_seq = {e.seq: e for e in shown}
    if last_entry is not None:
        last_entry = by_seq.get(last_entry.seq, last_entry)
    waiting = [by_seq.get(e.seq, e) for e in waiting]
    return GameLog(
        game_id=game.pk, shown=shown, last_entry=last_entry, waiting=waiting, facts=facts
    )
