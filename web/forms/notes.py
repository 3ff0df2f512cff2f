"""A note of a game's story: plain text, its line breaks kept."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from campaigns.game.notes import TEXT_LIMIT


class NoteForm(forms.Form):
    text = forms.CharField(
        label=_("Note"),
        help_text=_("What happened, who betrayed whom: plain text, line breaks are kept."),
        max_length=TEXT_LIMIT,
        strip=True,
        widget=forms.Textarea(attrs={"rows": 4}),
    )
