"""Notes of a game's story: what happened, who betrayed whom, in the words of the member who
wrote them. Any member who may write adds notes to a game; each edits or deletes their own, and
the owner any. A note is plain text: its line breaks are kept and nothing in it is markup.

The audit records that a note was written, never its words (the campaign may hide what they
name from some readers; ``campaigns.hiding`` scrubs them where notes are read).
"""

from __future__ import annotations

from django.conf import settings
from django.db import transaction
from django.utils import timezone

from campaigns import claims
from campaigns.models import Campaign, Game, GameNote, Role
from campaigns.services import audit, lock_campaign
from campaigns.vocabulary import AuditAction
from legacy.errors import RuleViolation
from legacy.refusals import ServiceRule

# How long a note may be (``EARTHBOOK_NOTE_MAX_CHARACTERS``), as the forms and the API read it
# when they are built; the service reads the setting itself on each write.
TEXT_LIMIT = settings.EARTHBOOK_NOTE_MAX_CHARACTERS


def notes_of(campaign_id: int, game_ids=None) -> dict[int, list[GameNote]]:
    """The notes of a campaign's games (or of ``game_ids``), by game id, oldest first, with
    their authors' usernames (``credit_username``), in one query; each credited
    (``credited_to``, and ``credit`` its name) to the roster name its author claimed
    (``campaigns.claims``), or to the author's username."""
    rows = claims.credited(
        GameNote.objects.filter(game__campaign_id=campaign_id),
        campaign_id,
        field="author",
        accounts=False,
    )
    if game_ids is not None:
        rows = rows.filter(game_id__in=list(game_ids))
    found: dict[int, list[GameNote]] = {}
    for note in rows.order_by("written_at", "pk"):
        credit_note(note, campaign_id)
        found.setdefault(note.game_id, []).append(note)
    return found


def credit_note(note: GameNote, campaign_id: int) -> GameNote:
    """The name the note is credited to, read by the pages and the API (``claims.credit_of``)."""
    credited = claims.credit_of(note, campaign_id, field="author")
    note.credited_to = credited  # type: ignore[attr-defined]
    note.credit = credited.name if credited else ""  # type: ignore[attr-defined]
    return note


def may_change(note: GameNote, user, role) -> bool:
    """Its author may edit or delete a note, and the owner any note."""
    if role == Role.OWNER:
        return True
    return bool(getattr(user, "is_authenticated", False) and note.author_id == user.pk)


def _clean(text) -> str:
    text = (text or "").replace("\r\n", "\n").strip()
    if not text:
        raise RuleViolation(ServiceRule.NOTE_TEXT, field="text")
    limit = settings.EARTHBOOK_NOTE_MAX_CHARACTERS
    if len(text) > limit:
        raise RuleViolation(ServiceRule.NOTE_TOO_LONG, field="text", limit=limit)
    return text


def find_note(campaign: Campaign, game_number: int, note_id: int) -> GameNote:
    found = (
        GameNote.objects.filter(game__campaign=campaign, game__number=game_number, pk=note_id)
        .select_related("game", "author")
        .first()
    )
    if found is None:
        raise RuleViolation(ServiceRule.UNKNOWN_NOTE)
    return found


def _own_or_owner(note: GameNote, by, role) -> None:
    if not may_change(note, by, role):
        raise RuleViolation(ServiceRule.NOTE_AUTHOR)


@transaction.atomic
def add_note(*, game: Game, text: str, by=None) -> GameNote:
    """A note of ``game``'s story, written by ``by``."""
    lock_campaign(game.campaign_id, marks=False, triggers=False)
    text = _clean(text)
    most = settings.EARTHBOOK_NOTES_PER_GAME_MAX
    if GameNote.objects.filter(game=game).count() >= most:
        raise RuleViolation(ServiceRule.NOTES_CAP, field="text", most=most)
    note = GameNote.objects.create(
        game=game,
        text=text,
        author=by if getattr(by, "is_authenticated", False) else None,
    )
    audit(game.campaign, by, AuditAction.NOTE_ADDED, game=game.number)
    return note


@transaction.atomic
def edit_note(*, note: GameNote, text: str, by=None, role=None) -> GameNote:
    """Its author (or the owner) says it again."""
    lock_campaign(note.game.campaign_id, marks=False, triggers=False)
    _own_or_owner(note, by, role)
    note.text = _clean(text)
    note.edited_at = timezone.now()
    note.save(update_fields=["text", "edited_at"])
    audit(note.game.campaign, by, AuditAction.NOTE_EDITED, game=note.game.number)
    return note


@transaction.atomic
def delete_note(*, note: GameNote, by=None, role=None) -> None:
    lock_campaign(note.game.campaign_id, marks=False, triggers=False)
    _own_or_owner(note, by, role)
    number = note.game.number
    campaign = note.game.campaign
    note.delete()
    audit(campaign, by, AuditAction.NOTE_DELETED, game=number)
