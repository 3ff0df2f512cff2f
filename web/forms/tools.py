"""The calculators: troops to recruit, legal starting territories, battle odds."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from legacy import board
from web.forms.common import territory_choices
from web.pages import (
    continent_name,
    territory_name,
)

# --- Calculators -------------------------------------------------------------------------------


class RecruitForm(forms.Form):
    player = forms.ChoiceField(label=_("Player (for the bonus of a continent they named)"))
    controlled = forms.MultipleChoiceField(
        label=_("Territories controlled"),
        choices=territory_choices(),
        widget=forms.CheckboxSelectMultiple,
        required=False,
    )
    trade_coins = forms.TypedChoiceField(
        label=_("Coins on the cards traded in"),
        coerce=int,
        choices=[(0, _("No trade"))] + [(n, str(n)) for n in range(2, 11)],
        initial=0,
        required=False,
        empty_value=0,
    )
    round_up = forms.BooleanField(label=_("Round up (Imperial Balkania's power)"), required=False)

    def __init__(self, *args, players, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["player"].choices = [("", "—")] + [(str(p.pk), p.name) for p in players]
        self.fields["player"].required = False

    def controlled_groups(self):
        chosen = set(self["controlled"].value() or [])
        return [
            (
                continent_name(c.slug),
                [(t, territory_name(t), t in chosen) for t in board.territories_of(c.slug)],
            )
            for c in board.CONTINENTS
        ]


class StartsForm(forms.Form):
    player = forms.ChoiceField(label=_("Player"), required=False)
    hqs = forms.MultipleChoiceField(
        label=_("HQs already placed"),
        choices=territory_choices(),
        required=False,
        widget=forms.SelectMultiple(attrs={"size": 6}),
    )
    occupied = forms.MultipleChoiceField(
        label=_("Territories occupied now (they do not close their neighbours)"),
        choices=territory_choices(),
        required=False,
        widget=forms.SelectMultiple(attrs={"size": 6}),
    )
    joining = forms.BooleanField(
        label=_("The player joins the war mid-game (4 troops, no HQ)"), required=False
    )

    def __init__(self, *args, players, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["player"].choices = [("", "—")] + [(str(p.pk), p.name) for p in players]


class OddsForm(forms.Form):
    attackers = forms.IntegerField(
        label=_("Troops on the attacking territory"), min_value=2, max_value=300, initial=10
    )
    defenders = forms.IntegerField(label=_("Defenders"), min_value=1, max_value=300, initial=5)
    missiles = forms.IntegerField(
        label=_("Missiles the attacker holds"), min_value=0, max_value=5, initial=0, required=False
    )
    bunker = forms.BooleanField(
        label=_("Bunker (+1 to the defender's highest die)"), required=False
    )
    ammo_shortage = forms.BooleanField(
        label=_("Ammo Shortage (−1 to the defender's highest die)"), required=False
    )
    fortified = forms.BooleanField(
        label=_("Fortified city (+1 to both defence dice)"), required=False
    )
    fortification_boxes = forms.IntegerField(
        label=_("Fortification boxes still unmarked"),
        min_value=0,
        max_value=10,
        initial=10,
        required=False,
    )
    mechaniker_hq = forms.BooleanField(
        label=_("Die Mechaniker defends its starting HQ (fortified)"), required=False
    )
    mechaniker_double_six = forms.BooleanField(
        label=_("Die Mechaniker's double six stops the attack"), required=False
    )
    bear_lower_die = forms.BooleanField(
        label=_("Enclave of the Bear: −1 to the defender's lower die"), required=False
    )
    bear_three_of_a_kind = forms.BooleanField(
        label=_("Enclave of the Bear: three of a kind conquers"), required=False
    )

    MODIFIERS = (
        "bunker",
        "ammo_shortage",
        "fortified",
        "mechaniker_hq",
        "mechaniker_double_six",
        "bear_lower_die",
        "bear_three_of_a_kind",
    )

    def modifiers(self) -> dict:
        d = self.cleaned_data
        mods = {m: bool(d.get(m)) for m in self.MODIFIERS}
        boxes = d.get("fortification_boxes")
        mods["fortification_boxes"] = 10 if boxes is None else boxes
        return mods
