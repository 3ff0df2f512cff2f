"""Opening a sealed packet, with what it unlocked in the group's own words."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from campaigns.game.factions import DEFAULT_COLOURS
from campaigns.models import EventKind
from legacy.box import PACKETS
from legacy.models import ContentKind, ScarColour
from web.pages import (
    dice_effect_choices,
    packet_name,
)

UNLOCK_ROWS = 4


class PacketForm(forms.Form):
    """A packet opened, and what it unlocked, in the group's own words (during a game, an entry
    of the log of ``kind``)."""

    kind = EventKind.PACKET_OPENED

    packet = forms.ChoiceField(label=_("Packet"))
    trigger = forms.CharField(label=_("What opened it"), max_length=200, required=False)
    earned_otherwise = forms.CharField(
        label=_("Earned another way"),
        help_text=_(
            "Only for a packet whose trigger has not fired: say how your group earned it. "
            "It is kept in the history."
        ),
        max_length=200,
        required=False,
    )

    def __init__(self, *args, sealed, own=(), **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["packet"].choices = [
            *((p.slug, packet_name(p.slug)) for p in PACKETS if p.slug in sealed),
            *own,  # the campaign's own sealed components: (slug, name)
        ]
        kinds = [("", "—"), *ContentKind.choices]
        for i in range(UNLOCK_ROWS):
            self.fields[f"item{i}_kind"] = forms.ChoiceField(
                label=_("Kind"), choices=kinds, required=False
            )
            self.fields[f"item{i}_title"] = forms.CharField(
                label=_("Title"), max_length=100, required=False
            )
            self.fields[f"item{i}_text"] = forms.CharField(
                label=_("Text"), widget=forms.Textarea(attrs={"rows": 2}), required=False
            )
            self.fields[f"item{i}_cards"] = forms.IntegerField(
                label=_("Scar cards of this type"), min_value=0, max_value=50, required=False
            )
            self.fields[f"item{i}_on_faction_card"] = forms.BooleanField(
                label=_("This scar goes on a faction card"), required=False
            )
            self.fields[f"item{i}_scar_colour"] = forms.ChoiceField(
                label=_("This scar's colour"),
                choices=[("", "—"), *ScarColour.choices],
                required=False,
                help_text=_("A yellow scar goes on a faction card."),
            )
            self.fields[f"item{i}_dice_effect"] = forms.ChoiceField(
                label=_("What this scar does to the dice"),
                choices=dice_effect_choices(),
                initial="none",
                required=False,
            )
            self.fields[f"item{i}_opens_pack_4"] = forms.BooleanField(
                label=_("This mark's first appearance opens Pack 4"), required=False
            )
            self.fields[f"item{i}_colour"] = forms.CharField(
                label=_("A new faction's colour"),
                max_length=7,
                required=False,
                initial=DEFAULT_COLOURS[i % len(DEFAULT_COLOURS)],
                widget=forms.TextInput(attrs={"type": "color"}),
            )

    def item_rows(self):
        names = (
            "kind",
            "title",
            "text",
            "cards",
            "on_faction_card",
            "scar_colour",
            "dice_effect",
            "opens_pack_4",
            "colour",
        )
        return [
            {"number": i + 1, **{n: self[f"item{i}_{n}"] for n in names}}
            for i in range(UNLOCK_ROWS)
        ]

    def unlocked(self) -> list[dict]:
        items = []
        for i in range(UNLOCK_ROWS):
            d = self.cleaned_data
            kind, title = d.get(f"item{i}_kind"), (d.get(f"item{i}_title") or "").strip()
            if not kind and not title:
                continue
            if not kind:
                self.add_error(f"item{i}_kind", _("What kind of thing is it?"))
                continue
            items.append(
                {
                    "kind": kind,
                    "title": title,
                    "text": d.get(f"item{i}_text") or "",
                    "cards": d.get(f"item{i}_cards") or 0,
                    "on_faction_card": bool(d.get(f"item{i}_on_faction_card")),
                    "scar_colour": d.get(f"item{i}_scar_colour") or "",
                    "dice_effect": d.get(f"item{i}_dice_effect") or "none",
                    "opens_pack_4": bool(d.get(f"item{i}_opens_pack_4")),
                    **({"colour": d[f"item{i}_colour"]} if d.get(f"item{i}_colour") else {}),
                }
            )
        return items


class DiceEffectForm(forms.Form):
    """What one scar type does to the dice, set by an editor."""

    scar = forms.CharField(widget=forms.HiddenInput, max_length=40)
    dice_effect = forms.ChoiceField(label=_("What this scar does to the dice"))

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["dice_effect"].choices = dice_effect_choices()
