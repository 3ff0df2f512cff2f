"""REST: notes of a game's story (``campaigns.game.notes``).

    GET    /api/v1/campaigns/{id}/games/{n}/notes/             the game's notes, oldest first
    POST   /api/v1/campaigns/{id}/games/{n}/notes/             add one (editors and the owner)
    PATCH  /api/v1/campaigns/{id}/games/{n}/notes/{note_id}/   edit it: its author or the owner
    DELETE /api/v1/campaigns/{id}/games/{n}/notes/{note_id}/   delete it: its author or the owner

Notes are plain text (line breaks kept), read by whoever may read the campaign; what the
campaign hides from a reader is replaced in them as in every answer (``campaigns.hiding``).
"""

from __future__ import annotations

from drf_spectacular.utils import extend_schema
from rest_framework import serializers, status
from rest_framework.exceptions import NotFound, PermissionDenied
from rest_framework.response import Response

from api.access import MAX_ID, Access, Level, campaign_access
from api.serializers.common import CreditSerializer, StrictCharField, credit_data
from api.views.common import READ_ERRORS, SHARE, WRITE_ERRORS, ApiView, errors, read_body
from campaigns.game import notes
from campaigns.models import Game, GameNote
from campaigns.selectors import games, media


class NoteSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    game = serializers.IntegerField(help_text="The game's number.")
    text = serializers.CharField(help_text="Plain text; line breaks are kept.")
    author = serializers.CharField(
        allow_null=True, help_text="The author's username (null once the account is gone)."
    )
    credited_to = CreditSerializer(
        allow_null=True,
        help_text="Who wrote the note: the player whose roster name the author's account is "
        "linked to, else the author's username; null once the account is gone.",
    )
    written_at = serializers.DateTimeField()
    edited_at = serializers.DateTimeField(allow_null=True)


class NoteInputSerializer(serializers.Serializer):
    text = StrictCharField(max_length=notes.TEXT_LIMIT, trim_whitespace=True)


def _game(access: Access, number: int) -> Game:
    game = games.game(access.campaign.pk, number)
    if game is None:
        raise NotFound(f"There is no game {number} in this campaign.")
    return game


def _note(access: Access, game: Game, note_id: int) -> GameNote:
    if not 0 < note_id <= MAX_ID:
        raise NotFound(f"There is no such note of game {game.number}.")
    found = media.note(game, note_id)
    if found is None:
        raise NotFound(f"There is no such note of game {game.number}.")
    return found


def author_of(note: GameNote) -> str | None:
    """The author's username: read with the note (``notes.notes_of``), else off its account."""
    if hasattr(note, "credit_username"):
        return note.credit_username
    return note.author.username if note.author else None


def note_data(note: GameNote, number: int) -> dict:
    if not hasattr(note, "credited_to"):
        notes.credit_note(note, note.game.campaign_id)
    return {
        "id": note.pk,
        "game": number,
        "text": note.text,
        "author": author_of(note),
        "credited_to": credit_data(note.credited_to),  # type: ignore[attr-defined]
        "written_at": note.written_at,
        "edited_at": note.edited_at,
    }


class NoteListView(ApiView):
    """The notes of a game's story; POST adds one."""

    @extend_schema(
        parameters=[SHARE],
        responses={200: NoteSerializer(many=True), **errors(*READ_ERRORS)},
        tags=["games"],
    )
    def get(self, request, campaign_id, number):
        game = _game(campaign_access(request, campaign_id, Level.READ), number)
        found = notes.notes_of(game.campaign_id, [game.pk]).get(game.pk, [])
        return Response([note_data(n, game.number) for n in found])

    @extend_schema(
        request=NoteInputSerializer,
        responses={201: NoteSerializer, **errors(*WRITE_ERRORS)},
        tags=["games"],
        description="Add a note to the game's story (editors and the owner): plain text of up "
        "to 5000 characters; an empty one is refused (400).",
    )
    def post(self, request, campaign_id, number):
        game = _game(campaign_access(request, campaign_id, Level.EDIT), number)
        data = read_body(NoteInputSerializer, request)
        note = notes.add_note(game=game, text=data["text"], by=request.user)
        note.author = request.user
        return Response(note_data(note, game.number), status=status.HTTP_201_CREATED)


class NoteDetailView(ApiView):
    def _changeable(self, request, campaign_id, number, note_id) -> tuple[Access, GameNote]:
        access = campaign_access(request, campaign_id, Level.EDIT)
        note = _note(access, _game(access, number), note_id)
        if not notes.may_change(note, request.user, access.role):
            raise PermissionDenied("Only its author or the campaign's owner may change a note.")
        return access, note

    @extend_schema(
        parameters=[SHARE],
        responses={200: NoteSerializer, **errors(*READ_ERRORS)},
        tags=["games"],
    )
    def get(self, request, campaign_id, number, note_id):
        access = campaign_access(request, campaign_id, Level.READ)
        game = _game(access, number)
        return Response(note_data(_note(access, game, note_id), game.number))

    @extend_schema(
        request=NoteInputSerializer,
        responses={200: NoteSerializer, **errors(*WRITE_ERRORS)},
        tags=["games"],
        description="Edit a note: its author or the campaign's owner.",
    )
    def patch(self, request, campaign_id, number, note_id):
        access, note = self._changeable(request, campaign_id, number, note_id)
        data = read_body(NoteInputSerializer, request)
        note = notes.edit_note(note=note, text=data["text"], by=request.user, role=access.role)
        return Response(note_data(note, number))

    @extend_schema(
        request=None,
        responses={204: None, **errors(*WRITE_ERRORS)},
        tags=["games"],
        description="Delete a note: its author or the campaign's owner.",
    )
    def delete(self, request, campaign_id, number, note_id):
        access, note = self._changeable(request, campaign_id, number, note_id)
        notes.delete_note(note=note, by=request.user, role=access.role)
        return Response(status=status.HTTP_204_NO_CONTENT)
