"""Fixing or voiding a mark entered by mistake, always with a reason."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from legacy import board
from legacy.board import BOX, Board
from legacy.models import CityKind, FactionPower
from web.forms.common import DateInput, territory_choices
from web.names import continent_name, is_box_power

# --- Fixing a mark entered by mistake ----------------------------------------------------------

MARK_FIELD_LABELS = {
    "territory": _("Territory"),
    "kind": _("Kind of city"),
    "name": _("Name"),
    "faction": _("Faction"),
    "boxes_used": _("Fortification boxes used"),
    "coins_after": _("Coins on the card with this sticker"),
    "continent": _("Continent"),
    "delta": _("Change of the bonus"),
    "text": _("Text"),
    "trigger": _("What made it open"),
    "date": _("Date"),
    "slogan": _("Slogan"),
    "line": _("Line of the winners' section"),
    "label": _("Label"),
    "placed_in_game": _("Placed in game (0: before the first game)"),
    "placed_by": _("Placed by"),
}


MARK_FIELD_ORDER = list(MARK_FIELD_LABELS)


class ReasonForm(forms.Form):
    reason = forms.CharField(label=_("Why"), max_length=300)


class MarkCorrectionForm(forms.Form):
    """The fields a correction may change on one type of mark, filled in with the mark's values
    now (``legacy.corrections.EDITABLE``); ``changes()`` holds only the fields changed."""

    reason = forms.CharField(label=_("Why"), max_length=300)

    def __init__(
        self,
        *args,
        mark,
        players: dict[int, str],
        factions: dict[str, str],
        on: Board = BOX,
        **kw,
    ):
        from legacy.corrections import COMMON_EDITABLE, EDITABLE

        self.mark = mark
        self.board = on  # the campaign's board now: a mark may move to any of its territories
        editable = EDITABLE[type(mark)] | COMMON_EDITABLE
        if isinstance(mark, FactionPower) and is_box_power(mark):
            # The box's own words, shown in each reader's language: not the group's to retype.
            editable -= {"name", "text"}
        self.editable = sorted(editable, key=MARK_FIELD_ORDER.index)
        initial = {name: self._value_now(name) for name in self.editable}
        super().__init__(*args, initial=initial, **kw)
        for name in self.editable:
            self.fields[name] = self._field(name, players, factions)
        self.order_fields([*self.editable, "reason"])

    def _value_now(self, name: str):
        if name == "placed_by":
            return self.mark.placed_by_id
        return getattr(self.mark, name)

    def _field(self, name: str, players, factions) -> forms.Field:
        model_field = type(self.mark)._meta.get_field(name)
        required = not (model_field.null or model_field.blank)
        label = MARK_FIELD_LABELS[name]
        blank = [("", "—")] if not required else []
        if name == "territory":
            return forms.TypedChoiceField(
                label=label,
                choices=blank + territory_choices(on=self.board),
                required=required,
                empty_value=None,
            )
        if name == "continent":
            return forms.ChoiceField(
                label=label, choices=[(c.slug, continent_name(c.slug)) for c in board.CONTINENTS]
            )
        if name == "faction":
            return forms.TypedChoiceField(
                label=label,
                choices=blank + sorted(factions.items(), key=lambda kv: kv[1]),
                required=required,
                empty_value=None,
            )
        if name == "kind":
            return forms.ChoiceField(label=label, choices=CityKind.choices)
        if name == "placed_by":
            return forms.TypedChoiceField(
                label=label,
                choices=[("", "—"), *sorted(players.items(), key=lambda kv: kv[1])],
                coerce=int,
                required=False,
                empty_value=None,
            )
        if name == "date":
            return forms.DateField(label=label, required=required, widget=DateInput())
        if name in ("placed_in_game", "boxes_used", "coins_after", "delta", "line"):
            return forms.IntegerField(label=label, required=required, min_value=-10, max_value=100)
        if name == "text":
            return forms.CharField(
                label=label, required=required, widget=forms.Textarea(attrs={"rows": 3})
            )
        return forms.CharField(label=label, required=required, max_length=model_field.max_length)

    def changes(self) -> dict:
        out = {}
        for name in self.editable:
            value = self.cleaned_data.get(name)
            if value in ("", None) and self.initial.get(name) in ("", None):
                continue
            if value != self.initial.get(name):
                out[name] = value
        return out
