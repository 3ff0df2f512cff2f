"""During the game, an entry taken back: struck out of the log with a reason, what it put on the
board voided with it, and the packets due read again without it.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.db import transaction
from django.utils import timezone

from campaigns.game import entry_marks
from campaigns.game.common import (
    locked_game,
    require_in_progress,
)
from campaigns.game.packets import packets_to_open, trigger_facts
from campaigns.models import (
    Game,
    GameEvent,
)
from campaigns.services import audit
from campaigns.vocabulary import AuditAction
from legacy import rules
from legacy.models import (
    PacketOpening,
)
from legacy.rules import table_rules


@dataclass(frozen=True)
class VoidResult:
    event: GameEvent
    packets_to_open: list[str]
    stays_opened: list[str]  # packets opened because of the entry: they stay opened


@transaction.atomic
def void_event(*, game: Game, seq: int, reason: str, by=None) -> VoidResult:
    """Take back an entry of the game's log, with a reason: it stays in the log, struck out,
    and what it put on the board is voided too. Holdings and packets due are read without it.
    A packet already opened because of it stays opened (the result says which)."""
    campaign, game = locked_game(game)
    require_in_progress(game)
    event = game.events.filter(seq=seq).select_related("seat__player").first()
    reason = table_rules.entry_taken_back(
        reason=reason,
        game_number=game.number,
        seq=seq,
        exists=event is not None,
        voided=event is not None and event.voided,
    )
    assert event is not None  # the rule refuses an entry that does not exist
    fired_before = set(rules.packets_triggered(trigger_facts(campaign.pk)))
    entry_marks.undo(event, game, reason, by)
    event.voided = True
    event.voided_at = timezone.now()
    event.voided_by = by if getattr(by, "is_authenticated", False) else None
    event.void_reason = reason[:300]
    event.save(update_fields=["voided", "voided_at", "voided_by", "void_reason"])
    audit(
        campaign,
        by,
        AuditAction.ENTRY_VOIDED,
        game=game.number,
        seq=seq,
        kind=event.kind,
        reason=reason[:200],
    )
    due = packets_to_open(campaign.pk)
    fired_after = set(rules.packets_triggered(trigger_facts(campaign.pk)))
    opened = set(
        PacketOpening.objects.filter(campaign=campaign, voided=False).values_list(
            "packet", flat=True
        )
    )
    stays = sorted((fired_before - fired_after) & opened)
    return VoidResult(event=event, packets_to_open=due, stays_opened=stays)
