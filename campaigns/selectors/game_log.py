"""The game page's read of a game's log: its latest entries as rows, and what the whole log
decided (each seat's holdings, the open missile roll...) as plain values.

The page lists a bounded number of entries (``SHOWN``); the rest of what it shows is read off
the replay of the whole log (``campaigns.game.holdings``), which is kept in the cache under the
campaign's world version (``campaigns.versioned``: every write to the log bumps it). A new
version takes the last replay on through the entries that arrived since, when nothing else of
the log changed (an entry taken back, a late one, a confirmation: then the whole log is replayed,
from plain values, never a row object per entry). So a read of the page, even the first after
an entry, reads a fixed number of rows whatever the number of entries: a game of 500 entries
costs its page about what a game of 5 does.
"""

from __future__ import annotations

import copy
import hashlib
from dataclasses import dataclass, field

from django.contrib.auth import get_user_model
from django.core.cache import cache
from django.db.models import Count, F, Min, Q, Subquery

from campaigns import claims
from campaigns.game.holdings import Entry, Replay, replay, resume, roll_of, starts_of
from campaigns.models import EventKind, Game, GameEvent
from campaigns.versioned import TIMEOUT_SECONDS, cached_read, may_cache, version_key

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
    # Where the replay stands, to take it on through the entries that arrive next
    # (``taken_on``): the last entry to arrive (its seq), the place of the last entry replayed,
    # and how many of the entries up to ``top`` are taken back and awaiting the table.
    top: int = 0
    last: tuple | None = None
    voided: int = 0
    awaiting: int = 0


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
        rows = GameEvent.objects.filter(game_id=self.game_id, seq=seq)
        return _taken_back_by(rows).select_related("seat__player").first()


def _taken_back_by(rows):
    """``rows`` with the username of the account that took each back (``voided_by_name``)."""
    username = get_user_model().USERNAME_FIELD
    return rows.annotate(voided_by_name=F(f"voided_by__{username}"))


def _listed(rows, campaign_id: int, seats, limit: int | None = None) -> list[GameEvent]:
    """``rows`` read as the page words them: credited (``claims.credited``, of the account its
    username alone), with who took each back, and each one's seat the game's seat already read
    (``seats``, with its player), not a row built again per entry."""
    found = list(claims.credited(_taken_back_by(rows), campaign_id, accounts=False)[:limit])
    by_id = {s.pk: s for s in seats}
    for e in found:
        if e.seat_id in by_id:
            e.seat = by_id[e.seat_id]
    return found


ROW = ("seq", "kind", "seat_id", "data", "made_at", "voided", "awaiting_confirmation")


def _facts(replayed, entries, before: LogFacts | None, rows) -> LogFacts:
    """The facts of a log whose standing ``entries`` (in order) were replayed into ``replayed``
    after those of ``before`` (None: from the start); ``rows``: the rows read (``ROW``)."""
    seqs = [e.seq for e in entries]
    if before is not None and before.replayed.won_at is not None:
        later = [*before.after_the_win, *seqs]
    else:
        later = seqs[seqs.index(replayed.won_at) + 1 :] if replayed.won_at in seqs else []
    newest = max(entries, key=lambda e: e.seq, default=None)
    missiles = [(e.seq, roll_of(e), e.seat) for e in entries if e.kind == EventKind.MISSILES]
    missiles += before.rolls if before is not None else []
    if newest is None and before is not None:
        open_roll = before.open_roll
    else:
        open_roll = roll_of(newest) if newest and newest.kind == EventKind.MISSILES else None
    last = max((e.order for e in entries), default=before.last if before else None)
    return LogFacts(
        replayed=replayed,
        count=(before.count if before else 0) + len(rows),
        after_the_win=later,
        open_roll=open_roll,
        rolls=sorted(missiles, key=lambda r: -r[0])[:ROLLS_OFFERED],
        top=max((r[0] for r in rows), default=before.top if before else 0),
        last=last,
        voided=(before.voided if before else 0) + sum(1 for r in rows if r[5]),
        awaiting=(before.awaiting if before else 0) + sum(1 for r in rows if r[6]),
    )


def _standing(rows) -> list[Entry]:
    return [
        Entry(seq, kind, seat, data or {}, made)
        for seq, kind, seat, data, made, voided, awaiting in rows
        if not voided and not awaiting
    ]


def log_facts(game: Game, seats) -> LogFacts:
    """The replay of the whole log and what else the page reads off it, in one query of plain
    values (``seats``: the game's, already read)."""
    rows = list(game.events.order_by("made_at", "seq").values_list(*ROW))
    starts = starts_of(seats)
    entries = _standing(rows)
    return _facts(replay(starts, entries), entries, None, rows)


def taken_on(game: Game, seats, before: LogFacts) -> LogFacts | None:
    """The facts of the log now, from ``before`` (the facts of the same log, read earlier)
    taken on through the entries that arrived since, in two queries whatever the number of
    entries before; None when the log changed otherwise (an entry taken back or confirmed, a
    new one taken back or awaiting, or made before the last one replayed: then it is replayed
    whole, and the read costs two queries all the same)."""
    since = Q(seq__gt=before.top)
    found = game.events.aggregate(
        n_before=Count("pk", filter=~since),
        voided_before=Count("pk", filter=~since & Q(voided=True)),
        awaiting_before=Count("pk", filter=~since & Q(awaiting_confirmation=True)),
        out_since=Count("pk", filter=since & (Q(voided=True) | Q(awaiting_confirmation=True))),
        earliest=Min("made_at", filter=since),
    )
    counts = ("n_before", "voided_before", "awaiting_before", "out_since")
    if tuple(found[name] for name in counts) != (
        before.count,
        before.voided,
        before.awaiting,
        0,
    ):
        return None
    last, earliest = before.last, found["earliest"]
    if last is not None and earliest is not None and earliest < last[0]:
        return None
    rows = list(game.events.filter(since).order_by("made_at", "seq").values_list(*ROW))
    entries = _standing(rows)
    # Written between the two reads: the whole log is read again.
    if len(entries) != len(rows):
        return log_facts(game, seats)
    if entries and before.last is not None and entries[0].order <= before.last:
        return log_facts(game, seats)
    starts = starts_of(seats)
    return _facts(resume(starts, copy.deepcopy(before.replayed), entries), entries, before, rows)


def facts_of(campaign, game: Game, seats) -> LogFacts:
    """``log_facts`` kept in the cache under the campaign's version (``campaign``: as the page
    read it) and the seats' starts (a start set again, at the setup, is another replay). A new
    version takes on the facts of the last one read through the entries that arrived since
    (``taken_on``), when that is all that changed: a read after an entry does not replay the
    whole log either."""
    starts = repr(sorted(starts_of(seats).items())).encode()
    key = (game.pk, game.number, hashlib.blake2b(starts, digest_size=8).hexdigest())
    kept = version_key(campaign, "game-log-last", *key, versions=())

    def read() -> LogFacts:
        before = cache.get(kept)
        facts = taken_on(game, seats, before) if isinstance(before, LogFacts) else None
        if facts is None:
            facts = log_facts(game, seats)
        if may_cache(campaign):
            cache.set(kept, facts, timeout=TIMEOUT_SECONDS)
        return facts

    return cached_read(campaign, "game-log", key, read)


def _last_shown(shown: list[GameEvent], facts: LogFacts) -> GameEvent | None:
    """The last entry to arrive, told by the rows ``shown`` and the ``facts`` of the log: when
    no entry awaits the table, and the last standing entry is shown with every entry that
    arrived after it (taken back), up to the newest the facts know (none came since they were
    read). Else None: it is read, with those awaiting."""
    seqs = {e.seq for e in shown}
    newest = max((e for e in shown if not e.voided), key=lambda e: e.seq, default=None)
    if facts.awaiting or newest is None or max(seqs) != facts.top:
        return None
    return newest if seqs.issuperset(range(newest.seq, facts.top + 1)) else None


def game_log(campaign, game: Game, seats) -> GameLog:
    """The game page's log of ``game`` (``campaign``: its campaign as the page read it, with
    its version; ``seats``: the game's seats, already read), in a fixed number of queries: the
    latest entries; the last to arrive with those awaiting the table; the facts of the whole
    log (``facts_of``)."""
    shown = _listed(game.events.order_by("-made_at", "-seq"), campaign.pk, seats, SHOWN)[::-1]
    facts = facts_of(campaign, game, seats)
    last_entry, waiting = _last_shown(shown, facts), []
    if last_entry is None and (facts.awaiting or facts.top):
        # The last entry to arrive that is not taken back, and those awaiting the table, when
        # the rows shown do not tell: one query.
        newest = game.events.filter(voided=False).order_by("-seq").values("seq")[:1]
        more = game.events.filter(
            Q(seq=Subquery(newest)) | Q(awaiting_confirmation=True, voided=False)
        ).order_by("made_at", "seq")
        more_rows = _listed(more, campaign.pk, seats)
        last_entry = max(more_rows, key=lambda e: e.seq, default=None)
        waiting = [e for e in more_rows if e.awaiting_confirmation]
    # The rows read are the rows of the log: one already shown is the same object.
    by_seq = {e.seq: e for e in shown}
    if last_entry is not None:
        last_entry = by_seq.get(last_entry.seq, last_entry)
    waiting = [by_seq.get(e.seq, e) for e in waiting]
    return GameLog(
        game_id=game.pk, shown=shown, last_entry=last_entry, waiting=waiting, facts=facts
    )
