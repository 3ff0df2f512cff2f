"""A photo of the real board: the file (from a phone's camera or gallery) and a caption."""

from __future__ import annotations

from django import forms
from django.conf import settings
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from campaigns.photos.checks import HEIF, JPEG_MAX_SCANS, PhotoRefused, megabytes
from campaigns.photos.service import CAPTION_MAX


class PhotoForm(forms.Form):
    file = forms.FileField(
        label=_("Photo"),
        help_text=_("Take one with the camera or choose one from the gallery."),
        # A new photo only: nothing to clear (and drawn as a plain input, in Python).
        widget=forms.FileInput(attrs={"accept": "image/*"}),
    )
    caption = forms.CharField(label=_("Caption"), max_length=CAPTION_MAX, required=False)


def photo_refusal(refusal: PhotoRefused) -> str:
    """A refused photo in the reader's language, naming the rule and its limit."""
    if refusal.rule == "photo-too-large":
        return gettext("This photo is larger than %(mb)s MB.") % {
            "mb": megabytes(settings.PHOTO_MAX_BYTES)
        }
    if refusal.rule == "photo-too-many-pixels":
        return gettext("This photo has more than %(n)s million pixels.") % {
            "n": f"{settings.PHOTO_MAX_PIXELS / 1_000_000:g}"
        }
    if refusal.rule == "photo-too-many-scans":
        return gettext(
            "This JPEG is written in more than %(n)s passes; save it again as an ordinary JPEG."
        ) % {"n": JPEG_MAX_SCANS}
    if refusal.rule == "photo-damaged":
        return gettext("This file is damaged or incomplete.")
    if refusal.rule == "photo-caption":
        return gettext("A caption fits in %(n)s characters.") % {"n": CAPTION_MAX}
    if HEIF:
        return gettext("Only JPEG, PNG, WebP or HEIC photos.")
    return gettext("Only JPEG, PNG or WebP photos.")
