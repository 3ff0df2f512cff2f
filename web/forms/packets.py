"""Opening a sealed packet, with what it unlocked in the group's own words."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from legacy.box import PACKETS
from web.pages import (
    CONTENT_LABELS,
)

UNLOCK_ROWS = 4


class PacketForm(forms.Form):
    """A packet opened, and what it unlocked, in the group's own words."""

    packet = forms.ChoiceField(label=_("Packet"))
    trigger = forms.CharField(label=_("What opened it"), max_length=200, required=False)

    def __init__(self, *args, sealed, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["packet"].choices = [(p.slug, p.name) for p in PACKETS if p.slug in sealed]
        kinds = [("", "—"), *CONTENT_LABELS.items()]
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
            self.fields[f"item{i}_opens_pack_4"] = forms.BooleanField(
                label=_("This mark's first appearance opens Pack 4"), required=False
            )

    def item_rows(self):
        names = ("kind", "title", "text", "cards", "on_faction_card", "opens_pack_4")
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
                    "opens_pack_4": bool(d.get(f"item{i}_opens_pack_4")),
                }
            )
        return items
