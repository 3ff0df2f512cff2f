"""What a log entry did to the board, and undoing exactly that when the entry is taken back.

Every entry that places a mark, takes one off or marks a box of a fortification links those
marks (``EventMark``) as it writes them. Taking the entry back reads its links, never the
marks' attributes: two identical scars in one game stay two different rows, and taking back
the first entry voids the first scar only.

Entries written before the links existed were linked by a best-effort guess (the migration
that added them, and an import of an older backup): ``guess_links`` below.
"""

from __future__ import annotations

from typing import Any

from django.db.models import Model

from campaigns.game.entries.base import Guess
from campaigns.game.entries.registry import ENTRIES
from campaigns.models import EventMark, Game, GameEvent, MarkChange
from campaigns.vocabulary import CorrectionReason
from legacy import corrections
from legacy.models import MARK_MODELS, Fortification

MARK_BY_NAME: dict[str, type[Model]] = {m.__name__: m for m in MARK_MODELS}


def link(event: GameEvent, change: MarkChange, *marks: Model) -> None:
    """Remember that ``event`` did ``change`` to each of ``marks``."""
    EventMark.objects.bulk_create(
        EventMark(event=event, mark_type=type(m).__name__, mark_id=m.pk, change=change)
        for m in marks
    )


def linked(event: GameEvent) -> list[tuple[Any, str]]:
    """The marks ``event`` links, each with what it did to it, in the order it did it."""
    links = list(EventMark.objects.filter(event=event).order_by("id"))
    wanted: dict[str, set[int]] = {}
    for ln in links:
        wanted.setdefault(ln.mark_type, set()).add(ln.mark_id)
    rows = {
        name: MARK_BY_NAME[name]._default_manager.in_bulk(ids)
        for name, ids in wanted.items()
        if name in MARK_BY_NAME
    }
    return [
        (rows[ln.mark_type][ln.mark_id], ln.change)
        for ln in links
        if ln.mark_id in rows.get(ln.mark_type, {})
    ]


def _unmark_box(fort: Fortification, game: Game, reason: str, by, framed) -> None:
    key = str(game.number)
    if (fort.boxes_marked_in or {}).get(key, 0) <= 0:
        return
    before = corrections.snapshot(fort)
    left = fort.boxes_marked_in[key] - 1
    marked_in = {g: n for g, n in fort.boxes_marked_in.items() if g != key}
    fort.boxes_marked_in = {**marked_in, **({key: left} if left else {})}
    fort.boxes_used = max(0, fort.boxes_used - 1)
    fort.save(update_fields=["boxes_used", "boxes_marked_in"])
    corrections.record_correction(mark=fort, before=before, reason=reason, by=by, framed=framed)


def undo(event: GameEvent, game: Game, reason: str, by) -> None:
    """Undo what ``event`` did to the board, mark by mark: a mark it placed is voided, a mark
    it took off counts again, a box it marked is unmarked. Each change is a correction, its
    reason the one the entry was taken back for, framed as the entry taken back (a code and
    the entry's place, worded when read: ``campaigns.reasons``)."""
    framed = (CorrectionReason.ENTRY_TAKEN_BACK.value, {"game": game.number, "seq": event.seq})
    for mark, change in linked(event):
        if mark.voided:
            continue
        if change == MarkChange.CREATED:
            corrections.void_mark(mark=mark, reason=reason, by=by, framed=framed)
        elif change == MarkChange.REMOVED and mark.removed_in_game is not None:
            before = corrections.snapshot(mark)
            mark.removed_in_game = None
            mark.removed_reason = ""
            mark.save(update_fields=["removed_in_game", "removed_reason"])
            corrections.record_correction(
                mark=mark, before=before, reason=reason, by=by, framed=framed
            )
        elif change == MarkChange.BOX_MARKED and isinstance(mark, Fortification):
            _unmark_box(mark, game, reason, by, framed)


def guess_links(events) -> list[EventMark]:
    """Links for entries written without them (an older backup), guessed from what each entry
    says (its kind's ``guess``): the oldest matching mark of its game not linked yet, in the
    entries' order. A best effort: the links are what identical marks could not tell apart."""
    out: list[EventMark] = []
    guessing = Guess(out, set())
    for event in sorted(events, key=lambda e: (e.game.number, e.seq)):
        kind = ENTRIES.get(event.kind)
        if kind is None or kind.guess is None:
            continue
        guessing.event, guessing.game = event, event.game
        guessing.data = event.data if isinstance(event.data, dict) else {}
        kind.guess(guessing)
    return out
