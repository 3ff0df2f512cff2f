"""Forms of the factions page: a faction added between games, a power placed (or placed over
the one of its type), a power destroyed."""

from __future__ import annotations

from django import forms
from django.utils.translation import get_language
from django.utils.translation import gettext_lazy as _

from campaigns.game.factions import DEFAULT_COLOURS
from legacy import names
from legacy.box import PACKETS
from legacy.models import PowerType


class FactionAddForm(forms.Form):
    name = forms.CharField(label=_("The new faction's name"), max_length=60)
    colour = forms.CharField(
        label=_("Its colour on the board"),
        max_length=7,
        required=False,
        initial=DEFAULT_COLOURS[0],
        widget=forms.TextInput(attrs={"type": "color"}),
    )
    text = forms.CharField(
        label=_("What the group wrote about it"),
        max_length=2000,
        required=False,
        widget=forms.Textarea(attrs={"rows": 2}),
    )


class PowerPlaceForm(forms.Form):
    faction = forms.ChoiceField(label=_("On the card of"))
    slot = forms.ChoiceField(
        label=_("Type (its colour)"),
        choices=PowerType.choices,
        initial=PowerType.RED,
        help_text=_("A card holds one power of each type."),
    )
    name = forms.CharField(label=_("The power's name"), max_length=60)
    text = forms.CharField(
        label=_("Its text, in your own words"),
        max_length=2000,
        required=False,
        widget=forms.Textarea(attrs={"rows": 2}),
    )
    unlocked_by = forms.ChoiceField(label=_("The packet whose rule places it"), required=False)
    covers = forms.BooleanField(
        label=_("It covers the power of the same type the card holds"), required=False
    )

    def __init__(self, *args, factions: dict[str, str], opened: list[str], **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["faction"].choices = list(factions.items())
        self.fields["unlocked_by"].choices = [("", "—")] + [
            (p.slug, names.packet(p.slug, get_language())) for p in PACKETS if p.slug in opened
        ]


class PowerDestroyForm(forms.Form):
    power = forms.IntegerField(widget=forms.HiddenInput, min_value=1)
