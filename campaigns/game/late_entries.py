"""Late entries: an entry made before entries already logged (a phone that was offline) is
checked at its place (``entries.recording``). When it changes what the log decided (the rule:
``legacy.rules.late_entries``), it waits for the table, left out of the replay: every open game
page says what it would change, and the table confirms it (it takes its place; later entries it
makes impossible are taken back, each with its reason) or takes it back (``taking_back``).
"""

from __future__ import annotations

from dataclasses import dataclass

from django.db import transaction
from django.utils import formats, timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from campaigns.game import taking_back
from campaigns.game.common import locked_game, require_in_progress, seats_of
from campaigns.game.holdings import Entry, entries_of, entry_of, outcome_of, replay, starts_of
from campaigns.models import GameEvent, GameStatus, Seat
from campaigns.services import audit
from campaigns.vocabulary import AuditAction, EntryStatus, VoidReason
from legacy.rules import late_entries as rules
from legacy.rules.late_entries import LateChange, confirmable, late_entry_changes


def status_of(event: GameEvent) -> EntryStatus:
    """Where ``event`` stands in its game's log."""
    if event.voided:
        return EntryStatus.TAKEN_BACK
    if event.awaiting_confirmation:
        return EntryStatus.AWAITING_CONFIRMATION
    return EntryStatus.RECORDED


def not_after_the_end(game) -> None:
    """An entry arriving once its game's end is recorded is refused: the end is amended."""
    rules.not_after_the_end(game=game.number, ended=game.status == GameStatus.FINISHED)


def none_awaiting(game) -> None:
    """A game ends with no late entry awaiting the table's confirmation."""
    waiting = game.events.filter(awaiting_confirmation=True, voided=False)
    rules.ends_with_none_awaiting(
        game=game.number, awaiting=list(waiting.values_list("seq", flat=True))
    )


def changes(event: GameEvent, seats: list[Seat], log: list[Entry]) -> LateChange:
    """What ``event`` changes of what ``log`` (the standing entries, without it) decided, once
    replayed at its place."""
    starts = starts_of(seats)
    without = outcome_of(replay(starts, log))
    with_it = outcome_of(replay(starts, [*log, entry_of(event)]))
    return late_entry_changes(without, with_it, event.seq)


def change_words(change: LateChange, seats: list[Seat]) -> list[str]:
    """What a late entry would change, in the reader's language, one sentence a fact."""
    name: dict[int | None, str] = {s.pk: s.player.name for s in seats}
    said = []
    if change.win_moved and change.winner is None:
        said.append(
            _("The win of %(was)s (entry %(m)s) would no longer stand.")
            % {"was": name.get(change.was_winner, "?"), "m": change.was_won_at}
        )
    elif change.win_moved and change.winner == change.was_winner:
        said.append(
            _("It would make %(name)s win earlier: at entry %(n)s, not at entry %(m)s.")
            % {"name": name.get(change.winner, "?"), "n": change.won_at, "m": change.was_won_at}
        )
    elif change.win_moved:
        said.append(
            _("It would make the winner %(name)s (entry %(n)s), not %(was)s (entry %(m)s).")
            % {
                "name": name.get(change.winner, "?"),
                "n": change.won_at,
                "was": name.get(change.was_winner, "?"),
                "m": change.was_won_at,
            }
        )
    elif change.winner is not None and change.was_winner is None and change.impossible:
        said.append(
            _("It would make the winner %(name)s (entry %(n)s), before entries %(later)s.")
            % {
                "name": name.get(change.winner, "?"),
                "n": change.won_at,
                "later": ", ".join(str(n) for n in change.impossible),
            }
        )
    for seat, was, now in change.out_moved:
        if now is None:
            said.append(
                _("%(name)s would no longer be out of the war (entry %(m)s).")
                % {"name": name.get(seat, "?"), "m": was}
            )
        else:
            said.append(
                _("It would put %(name)s out of the war at entry %(n)s, not at entry %(m)s.")
                % {"name": name.get(seat, "?"), "n": now, "m": was}
            )
    if change.impossible:
        said.append(
            ngettext(
                "Entry %(later)s could no longer be made: confirming takes it back.",
                "Entries %(later)s could no longer be made: confirming takes them back.",
                len(change.impossible),
            )
            % {"later": ", ".join(str(n) for n in change.impossible)}
        )
    return said


@dataclass(frozen=True)
class Awaiting:
    """An entry awaiting the table's confirmation, in the reader's language: which it is, who
    sent it and when it was made, and what it would change."""

    seq: int
    head: str
    changes: list[str]


def head_words(event: GameEvent, what: str, who: str) -> str:
    """The entry awaiting confirmation named: its number, its words, who sent it and when it was
    made."""
    made = formats.date_format(timezone.localtime(event.made_at), "H:i:s")
    return _(
        "Entry %(n)s arrived late and awaits the table's confirmation: %(what)s (sent by "
        "%(who)s, made at %(made)s)."
    ) % {"n": event.seq, "what": what, "who": who, "made": made}


def awaiting_of(seats: list[Seat], events, words, who, log=None) -> list[Awaiting]:
    """The entries of a game awaiting confirmation (``events``: all its entries, read; ``words``
    and ``who``: an entry's words and who sent it), each with what it would change of the
    standing log. ``log``: how to read the standing log as entries, for a caller whose
    ``events`` are not all the game's (read only when an entry awaits)."""
    waiting = [e for e in events if e.awaiting_confirmation and not e.voided]
    if not waiting:
        return []
    standing = log() if log is not None else [entry_of(e) for e in events if e.standing]
    return [
        Awaiting(
            e.seq,
            head_words(e, words(e), who(e)),
            change_words(changes(e, seats, standing), seats),
        )
        for e in waiting
    ]


def what_it_would_change(event: GameEvent) -> list[str]:
    """What a late entry awaiting confirmation would change, in the reader's language (its
    game's seats and standing log read)."""
    seats = seats_of(event.game)
    return change_words(changes(event, seats, entries_of(event.game_id, None)), seats)


@dataclass(frozen=True)
class ConfirmResult:
    event: GameEvent
    taken_back: list[int]  # later entries no longer possible, taken back with it confirmed


@transaction.atomic
def confirm_entry(*, game, seq: int, by=None) -> ConfirmResult:
    """The table confirms a late entry awaiting confirmation: it takes its place in the log, and
    the later entries it makes impossible (made after the win it moves, or by a seat it puts
    out) are taken back, each with its reason, and kept in the log and the audit."""
    campaign, game = locked_game(game)
    require_in_progress(game)
    event = game.events.filter(seq=seq).first()
    confirmable(
        game=game.number,
        seq=seq,
        exists=event is not None,
        voided=event is not None and event.voided,
        awaiting=event is not None and event.awaiting_confirmation,
    )
    assert event is not None  # the rule refuses an entry that does not exist
    change = changes(event, seats_of(game), entries_of(game.pk, None))
    for later in change.impossible:
        taking_back.void_event(
            game=game, seq=later, reason=VoidReason.AFTER_A_LATE_ENTRY.value, by=by
        )
    event.awaiting_confirmation = False
    event.save(update_fields=["awaiting_confirmation"])
    audit(
        campaign,
        by,
        AuditAction.ENTRY_CONFIRMED,
        game=game.number,
        seq=seq,
        taken_back=list(change.impossible),
    )
    return ConfirmResult(event, list(change.impossible))
