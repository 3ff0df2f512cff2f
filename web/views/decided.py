"""What the game page says first once the log decided something: the war won (by 4 red stars
or the last faction standing, whatever entry did it), a faction out for good, the game ended.
The page draws it in one live part (``data-live="decided"``) that every open page takes at
once, even while its reader is filling in a form; once the war is won the quick log is closed to
everything but the end and taking the winning entry back. A game cancelled has no page left: the
live table takes its open pages to the campaign's page."""

from __future__ import annotations

from dataclasses import dataclass, field

from django.utils.translation import gettext as _

from campaigns.models import GameStatus, Result
from legacy.rules import table_rules


@dataclass
class Decided:
    """The decided facts of one game, in the reader's language."""

    war_won: str = ""  # who won the war by the log, and how; empty while it goes on
    won_at: int | None = None  # the entry that won it (taken back to undo the win)
    out_for_good: list[str] = field(default_factory=list)  # one line per faction out for good
    over: str = ""  # the game ended
    late: str = ""  # a late entry won the war before entries that arrived earlier
    # Late entries awaiting the table's confirmation (``campaigns.game.late_entries.Awaiting``)
    awaiting: list = field(default_factory=list)

    def __bool__(self) -> bool:
        return bool(self.war_won or self.out_for_good or self.over or self.late or self.awaiting)


def war_won_words(replayed, seats) -> str:
    """Who won the war by the log (4 red stars, or the last faction standing), in the reader's
    language; empty while the war goes on."""
    winner = next((s for s in seats if s.pk == replayed.winner), None)
    if winner is None:
        return ""
    said = {"name": winner.player.name, "n": replayed.won_at}
    if replayed.won_by == table_rules.RED_STARS:
        return (
            _(
                "%(name)s has 4 red stars (entry %(n)s) and wins the game: enter its end, or take "
                "that entry back."
            )
            % said
        )
    return (
        _(
            "%(name)s is the last faction standing (entry %(n)s) and wins the game: enter its end, "
            "or take that entry back."
        )
        % said
    )


def after_the_win(replayed, events) -> list[int]:
    """The entries made after the winning one (``events``: the game's, in the log's order).
    The log refuses them once the war is won, so there are some only when the winning entry
    arrived late: made earlier, it landed before entries sent meanwhile."""
    seqs = [e.seq for e in events if e.standing]
    if replayed.won_at not in seqs:
        return []
    return seqs[seqs.index(replayed.won_at) + 1 :]


def decided(game, seats, replayed, events=(), awaiting=(), later=None) -> Decided:
    """What the log of ``game`` decided, from its replay (``seats`` carry their ``holdings``;
    ``events``: its entries in the log's order, or ``later``: the standing entries after the
    winning one, read off the replay), and the late entries awaiting the table's confirmation
    (``awaiting``)."""
    if game.status == GameStatus.FINISHED:
        winners = [s.player.name for s in seats if s.result == Result.WON]
        if winners:
            return Decided(
                over=_("Game %(n)s is over. Winner: %(name)s.")
                % {"n": game.number, "name": winners[0]}
            )
        return Decided(over=_("Game %(n)s is over.") % {"n": game.number})
    if not game.is_in_progress:
        return Decided()
    out = [
        _("%(name)s: out of the war for good (entry %(n)s).")
        % {"name": s.player.name, "n": replayed.holdings[s.pk].out_at}
        if replayed.holdings[s.pk].out_at
        else _("%(name)s: out of the war for good.") % {"name": s.player.name}
        for s in seats
        if replayed.holdings[s.pk].out_for_good
    ]
    words = war_won_words(replayed, seats)
    if not words:
        later = []
    elif later is None:
        later = after_the_win(replayed, events)
    late = (
        _(
            "Entry %(n)s arrived late: it was made before entries %(later)s, and won the war "
            "before them. Take back what the table did not play, or the winning entry."
        )
        % {"n": replayed.won_at, "later": ", ".join(str(seq) for seq in later)}
        if later
        else ""
    )
    return Decided(
        war_won=words,
        won_at=replayed.won_at if words else None,
        out_for_good=out,
        late=late,
        awaiting=list(awaiting),
    )
