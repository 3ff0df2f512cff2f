"""Photos of the real board on the pages: the photos of a game (the game page's part, also
polled alone while a photo is being prepared), adding one from a phone's camera or gallery,
deleting one (its uploader or the campaign's owner, after a confirmation), and the stored files,
served behind the campaign's access rules.

Photos show the real board with every sticker on it, so they are read like the drawn pictures:
by whoever may read the campaign, except the readers from whom it hides what its packets
unlocked.
"""

from __future__ import annotations

from django.conf import settings
from django.contrib import messages
from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import PermissionDenied
from django.http import Http404
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _

from campaigns.models import GamePhoto, JobStatus
from campaigns.photos.checks import PhotoRefused, refuse_size
from campaigns.photos.service import add_photo, delete_photo, may_delete
from campaigns.photos.storage import photo_response
from campaigns.selectors import media
from edge.body_limits import takes_bodies_up_to
from legacy.wording import said
from web.forms.photos import PhotoForm, photo_refusal
from web.views.common import campaign_view, form_page, game_or_404

PREPARING = (JobStatus.QUEUED, JobStatus.RUNNING)


def game_photos(access, game, user) -> list[GamePhoto]:
    """The photos of a game a reader may see (one query), each marked with whether this
    reader may delete it; none for a reader the campaign hides its packets' content from."""
    photos = media.photos_of(game)
    if not access.sees_unlocked:
        # Read all the same: a page costs the same queries whoever reads it.
        return []
    for photo in photos:
        photo.deletable = may_delete(
            photo, user, is_owner=access.is_owner, can_write=access.can_write
        )
    return photos


def photos_context(request, access, game, form=None) -> dict:
    photos = game_photos(access, game, request.user)
    return {
        "photos": photos,
        "photos_preparing": any(p.status in PREPARING for p in photos),
        "photo_form": (form or PhotoForm()) if access.can_write else None,
    }


def game_url(access, game) -> str:
    return reverse("campaigns:game", args=[access.campaign.pk, game.number]) + "#photos"


# The caption and the form's own lines, beside the photo.
FORM_MARGIN = 64 * 1024


@takes_bodies_up_to(lambda: settings.PHOTO_MAX_BYTES + FORM_MARGIN)
def game_photos_page(request, pk, number):
    """GET: the photos part of the game page (polled while a photo is being prepared).
    POST: add a photo (members who may write)."""
    if request.method == "POST":
        return _photo_add(request, pk, number)
    return _photos_part(request, pk, number)


@campaign_view()
def _photos_part(request, access, number):
    game = game_or_404(access, number)
    context = {"access": access, "game": game, **photos_context(request, access, game)}
    return render(request, "campaigns/_photos.html", context)


@campaign_view(write=True)
def _photo_add(request, access, number):
    game = game_or_404(access, number)
    form = PhotoForm(request.POST, request.FILES)
    if getattr(request, "body_too_large", False):
        # Refused from its Content-Length alone: nothing of it was read.
        form = PhotoForm(data={})
        form.full_clean()
        form.errors["file"] = form.error_class([photo_refusal(refuse_size())])

    def refused(form, refusal) -> None:
        # A file or a caption refused is said at its field; a quota, at the top.
        if isinstance(refusal, PhotoRefused):
            field = "caption" if refusal.rule == "photo-caption" else "file"
            form.add_error(field, photo_refusal(refusal))
        else:
            form.add_error(None, said(refusal))

    return form_page(
        request,
        form,
        lambda: add_photo(
            game=game,
            upload=form.cleaned_data["file"],
            caption=form.cleaned_data["caption"],
            by=request.user,
        ),
        template="campaigns/photo_add.html",
        context={"access": access, "game": game, "photo_form": form},
        message=_("The photo is added."),
        then=game_url(access, game),
        refused=refused,
    )


def _photo_or_404(access, game, photo_id) -> GamePhoto:
    photo = media.photo(game, photo_id)
    if photo is None or not access.sees_unlocked:
        raise Http404
    return photo


@campaign_view()
def game_photo_delete(request, access, number, photo_id):
    """Delete a photo: a confirmation, then (POST) it is gone with its files."""
    game = game_or_404(access, number)
    photo = _photo_or_404(access, game, photo_id)
    if not may_delete(photo, request.user, is_owner=access.is_owner, can_write=access.can_write):
        if not request.user.is_authenticated:
            return redirect_to_login(request.get_full_path())
        raise PermissionDenied(
            _("Only the photo's uploader or the campaign's owner may delete it.")
        )
    if request.method == "POST":
        delete_photo(photo=photo, by=request.user)
        messages.success(request, _("The photo is deleted."))
        return redirect(game_url(access, game))
    return render(
        request, "campaigns/photo_delete.html", {"access": access, "game": game, "photo": photo}
    )


def _served(request, access, number, photo_id, variant):
    game = game_or_404(access, number)
    response = photo_response(request, _photo_or_404(access, game, photo_id), variant)
    if response is None:
        raise Http404
    return response


@campaign_view()
def game_photo_web(request, access, number, photo_id):
    """The copy of a photo shown on the pages (WebP), once made."""
    return _served(request, access, number, photo_id, "web")


@campaign_view()
def game_photo_thumbnail(request, access, number, photo_id):
    return _served(request, access, number, photo_id, "thumbnail")


@campaign_view()
def game_photo_original(request, access, number, photo_id):
    """The full photo, as stored: its pixels only, with no metadata."""
    return _served(request, access, number, photo_id, "original")
