"""The quick log of a game in progress: one small form per kind of entry the table makes."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from web.forms.common import seat_choices, territory_choices


class ScarForm(forms.Form):
    scar = forms.ChoiceField(label=_("Scar"))
    territory = forms.ChoiceField(label=_("On the territory"), required=False)
    faction = forms.ChoiceField(label=_("Or on the faction card"), required=False)
    player = forms.ChoiceField(label=_("Played by (their scar card)"), required=False)
    without_card = forms.BooleanField(
        label=_("Placed by unlocked content, without a scar card"), required=False
    )
    reason = forms.CharField(label=_("Which rule places it"), max_length=200, required=False)

    def __init__(self, *args, scar_kinds, free_territories, factions, seats, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["scar"].choices = scar_kinds
        self.fields["territory"].choices = territory_choices(free_territories, blank="—")
        self.fields["faction"].choices = [("", "—"), *factions.items()]
        self.fields["player"].choices = seat_choices(seats, blank="—")


class MissilesForm(forms.Form):
    count = forms.IntegerField(label=_("Missiles played"), min_value=1, max_value=5)
    player = forms.ChoiceField(label=_("Played by"))
    roll = forms.ChoiceField(label=_("On the roll"), required=False)

    def __init__(self, *args, seats, rolls=(), **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["player"].choices = seat_choices(seats)
        self.fields["roll"].choices = [("", _("A new roll")), *rolls]


class RecruitmentForm(forms.Form):
    player = forms.ChoiceField(label=_("Player"))
    troops = forms.IntegerField(label=_("Troops to place"), min_value=0, max_value=1000)

    def __init__(self, *args, seats, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["player"].choices = seat_choices(seats)


class RedStarForm(forms.Form):
    player = forms.ChoiceField(label=_("Trades 4 resource cards for a red star"))

    def __init__(self, *args, seats, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["player"].choices = seat_choices(seats)


class EliminationForm(forms.Form):
    player = forms.ChoiceField(label=_("Wiped out"))
    can_rejoin = forms.BooleanField(
        label=_("May join the war again (a legal start is free)"), required=False
    )

    def __init__(self, *args, seats, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["player"].choices = seat_choices(seats)


class RejoinForm(forms.Form):
    player = forms.ChoiceField(label=_("Joins the war again"))
    territory = forms.ChoiceField(label=_("Places 4 troops on (a legal start)"))
    occupied = forms.MultipleChoiceField(
        label=_("Territories occupied now (HQ territories count already)"),
        required=False,
        widget=forms.SelectMultiple(attrs={"size": 6}),
    )

    def __init__(self, *args, seats, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["player"].choices = seat_choices(seats)
        self.fields["territory"].choices = territory_choices(blank="—")
        self.fields["occupied"].choices = territory_choices()


class CoinPileForm(forms.Form):
    """Territories each player controls when the coin-card pile runs out."""

    def __init__(self, *args, seats, **kwargs):
        super().__init__(*args, **kwargs)
        self.seats = list(seats)
        for s in self.seats:
            self.fields[f"count_{s.player_id}"] = forms.IntegerField(
                label=_("Territories %(name)s controls") % {"name": s.player.name},
                min_value=0,
                max_value=42,
            )

    def counts(self) -> dict[int, int]:
        return {s.player_id: self.cleaned_data[f"count_{s.player_id}"] for s in self.seats}


class MarkForm(forms.Form):
    kind = forms.ChoiceField(label=_("Kind of mark"))
    territory = forms.ChoiceField(label=_("On the territory"), required=False)
    faction = forms.ChoiceField(label=_("Or on the faction card"), required=False)
    label = forms.CharField(label=_("Label"), max_length=60, required=False)
    player = forms.ChoiceField(label=_("Placed by"), required=False)

    def __init__(self, *args, mark_kinds, factions, seats, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["kind"].choices = mark_kinds
        self.fields["territory"].choices = territory_choices(blank="—")
        self.fields["faction"].choices = [("", "—"), *factions.items()]
        self.fields["player"].choices = seat_choices(seats, blank="—")


class DestroyCityForm(forms.Form):
    territory = forms.ChoiceField(label=_("City destroyed in"))

    def __init__(self, *args, cities, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["territory"].choices = cities


class FortAttackForm(forms.Form):
    territory = forms.ChoiceField(label=_("Fortified city attacked with 3 troops"))
    player = forms.ChoiceField(label=_("Attacker"), required=False)

    def __init__(self, *args, forts, seats, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["territory"].choices = forts
        self.fields["player"].choices = seat_choices(seats, blank="—")


class VoidEntryForm(forms.Form):
    reason = forms.CharField(
        label=_("Why is it taken back?"),
        max_length=300,
        initial=_("Entered by mistake."),
    )
