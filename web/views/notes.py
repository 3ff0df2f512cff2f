"""Notes of a game's story on the pages: read under the game by whoever may read it, added by a
member who may write, edited or deleted by their author or the owner."""

from __future__ import annotations

from django.contrib import messages
from django.http import Http404
from django.shortcuts import redirect
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from campaigns.game import notes
from legacy.errors import RuleViolation
from web.forms.notes import NoteForm
from web.views.common import campaign_view, form_page, game_or_404


def notes_context(request, access, game) -> dict:
    """A game's notes for this reader (one query), each marked with whether they may change
    it, and the form to add one for a member who may write."""
    found = notes.notes_of(access.campaign.pk, [game.pk]).get(game.pk, [])
    for note in found:
        note.changeable = access.can_write and notes.may_change(note, request.user, access.role)
    return {"notes": found, "note_form": NoteForm() if access.can_write else None}


def notes_url(access, game) -> str:
    return reverse("campaigns:game", args=[access.campaign.pk, game.number]) + "#notes"


@require_POST
@campaign_view(write=True)
def note_add(request, access, number):
    game = game_or_404(access, number)
    form = NoteForm(request.POST)
    return form_page(
        request,
        form,
        lambda: notes.add_note(game=game, text=form.cleaned_data["text"], by=request.user),
        template="campaigns/note.html",
        context={"access": access, "game": game, "note_form": form, "note": None},
        message=_("The note is added."),
        then=notes_url(access, game),
    )


@campaign_view(write=True)
def note_edit(request, access, number, note_id):
    """GET: the note in its form. POST: save it, or delete it (``action=delete``)."""
    game = game_or_404(access, number)
    try:
        note = notes.find_note(access.campaign, game.number, note_id)
    except RuleViolation:
        raise Http404 from None
    if not notes.may_change(note, request.user, access.role):
        raise Http404
    form = NoteForm(request.POST or None, initial={"text": note.text})
    if request.method == "POST" and request.POST.get("action") == "delete":
        notes.delete_note(note=note, by=request.user, role=access.role)
        messages.success(request, _("The note is deleted."))
        return redirect(notes_url(access, game))
    return form_page(
        request,
        form,
        lambda: notes.edit_note(
            note=note, text=form.cleaned_data["text"], by=request.user, role=access.role
        ),
        template="campaigns/note.html",
        context={"access": access, "game": game, "note_form": form, "note": note},
        message=_("The note is saved."),
        then=notes_url(access, game),
    )
