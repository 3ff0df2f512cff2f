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

from campaigns.models import EventKind, EventMark, Game, GameEvent, MarkChange
from legacy import corrections
from legacy.models import (
    MARK_MODELS,
    City,
    Fortification,
    OtherMark,
    PacketOpening,
    RemovedReason,
    Scar,
)

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


def _unmark_box(fort: Fortification, game: Game, reason: str, by) -> None:
    key = str(game.number)
    if (fort.boxes_marked_in or {}).get(key, 0) <= 0:
        return
    before = corrections.snapshot(fort)
    left = fort.boxes_marked_in[key] - 1
    marked_in = {g: n for g, n in fort.boxes_marked_in.items() if g != key}
    fort.boxes_marked_in = {**marked_in, **({key: left} if left else {})}
    fort.boxes_used = max(0, fort.boxes_used - 1)
    fort.save(update_fields=["boxes_used", "boxes_marked_in"])
    corrections.record_correction(mark=fort, before=before, reason=reason, by=by)


def undo(event: GameEvent, game: Game, reason: str, by) -> None:
    """Undo what ``event`` did to the board, mark by mark: a mark it placed is voided, a mark
    it took off counts again, a box it marked is unmarked. Each change is a correction."""
    for mark, change in linked(event):
        if mark.voided:
            continue
        if change == MarkChange.CREATED:
            corrections.void_mark(mark=mark, reason=reason, by=by)
        elif change == MarkChange.REMOVED and mark.removed_in_game is not None:
            before = corrections.snapshot(mark)
            mark.removed_in_game = None
            mark.removed_reason = ""
            mark.save(update_fields=["removed_in_game", "removed_reason"])
            corrections.record_correction(mark=mark, before=before, reason=reason, by=by)
        elif change == MarkChange.BOX_MARKED and isinstance(mark, Fortification):
            _unmark_box(mark, game, reason, by)


def guess_links(events) -> list[EventMark]:
    """Links for entries written without them (an older backup), guessed from what each entry
    says: the oldest matching mark of its game not linked yet, in the entries' order. A best
    effort: the links are what identical marks could not tell apart."""
    out: list[EventMark] = []
    taken: set[tuple[str, int]] = set()

    def take(event, change, rows, limit=1):
        for row in rows:
            key = (type(row).__name__, row.pk)
            if key in taken or limit == 0:
                continue
            taken.add(key)
            limit -= 1
            out.append(EventMark(event=event, mark_type=key[0], mark_id=row.pk, change=change))

    for event in sorted(events, key=lambda e: (e.game.number, e.seq)):
        game, data = event.game, event.data if isinstance(event.data, dict) else {}
        campaign = game.campaign_id
        place = {"territory": data.get("territory"), "faction": data.get("faction")}
        if event.kind == EventKind.SCAR_PLACED:
            rows = Scar.objects.filter(
                campaign_id=campaign,
                kind__slug=data.get("scar"),
                placed_in_game=game.number,
                **place,
            )
            take(event, MarkChange.CREATED, rows.order_by("pk"))
        elif event.kind == EventKind.MARK_PLACED:
            rows = OtherMark.objects.filter(
                campaign_id=campaign,
                kind__slug=data.get("mark_kind"),
                placed_in_game=game.number,
                label=data.get("label", ""),
                **place,
            )
            take(event, MarkChange.CREATED, rows.order_by("pk"))
        elif event.kind == EventKind.PACKET_OPENED:
            rows = PacketOpening.objects.filter(campaign_id=campaign, packet=data.get("packet"))
            take(event, MarkChange.CREATED, rows.order_by("pk"))
        elif event.kind == EventKind.CITY_DESTROYED:
            gone = dict(removed_in_game=game.number, removed_reason=RemovedReason.DESTROYED)
            city = (
                City.objects.filter(campaign_id=campaign, territory=data.get("territory"), **gone)
                .order_by("pk")
                .first()
            )
            if city is not None:
                take(event, MarkChange.REMOVED, [city])
                walls = Fortification.objects.filter(city=city, **gone).order_by("pk")
                take(event, MarkChange.REMOVED, walls, limit=-1)
        elif event.kind == EventKind.FORTIFICATION_ATTACKED:
            forts = Fortification.objects.filter(
                campaign_id=campaign, city__territory=data.get("territory")
            ).order_by("-pk")
            fort = next(
                (f for f in forts if (f.boxes_marked_in or {}).get(str(game.number), 0) > 0),
                None,
            )
            if fort is not None:
                # Several attacks mark boxes of one fortification: each entry links it.
                out.append(
                    EventMark(
                        event=event,
                        mark_type="Fortification",
                        mark_id=fort.pk,
                        change=MarkChange.BOX_MARKED,
                    )
                )
    return out
