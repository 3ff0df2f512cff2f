"""The group's own sealed components, and rule stickers pasted into the rulebook."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from legacy.rulebook import SECTIONS, SETTINGS


class ComponentForm(forms.Form):
    """A sealed component found in the box, beyond the six Earthbook knows."""

    name = forms.CharField(label=_("Its name, as printed"), max_length=60)
    trigger = forms.CharField(
        label=_("When to open it, in your own words"),
        max_length=300,
        widget=forms.Textarea(attrs={"rows": 2}),
    )


class StickerForm(forms.Form):
    """A rule sticker pasted into the rulebook, in the group's own words."""

    section = forms.ChoiceField(label=_("Section of the rulebook"), choices=SECTIONS)
    game = forms.IntegerField(
        label=_("Added in game"),
        min_value=0,
        max_value=999,
        help_text=_("0 is before the first game."),
    )
    packet = forms.ChoiceField(label=_("Unlocked by the packet"), required=False)
    title = forms.CharField(label=_("Title"), max_length=100)
    text = forms.CharField(
        label=_("The rule, in your own words"),
        max_length=5000,
        required=False,
        widget=forms.Textarea(attrs={"rows": 4}),
    )
    setting = forms.ChoiceField(
        label=_("It changes the setting"),
        required=False,
        choices=[("", "—"), *SETTINGS],
        help_text=_("When it changes a rule Earthbook follows, the settings page links to it."),
    )

    def __init__(self, *args, openings: list[tuple[str, str]], **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["packet"].choices = [("", "—"), *openings]
