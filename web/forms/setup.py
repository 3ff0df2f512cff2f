"""Forms before a game: the campaign's first preparation, and seating a game (players, factions,
starting territories).
"""

from __future__ import annotations

from django import forms
from django.utils import timezone
from django.utils.translation import get_language
from django.utils.translation import gettext_lazy as _

from legacy import board
from legacy.box import FACTIONS
from legacy.names import power
from web.forms.common import territory_choices
from web.pages import (
    continent_name,
    faction_name,
    territory_name,
)

MAX_SEATS = 5


# --- Before the first game ---------------------------------------------------------------------


class FirstGameForm(forms.Form):
    """Each faction keeps one of its two starting powers; 12 coin stickers go on cards."""

    random_coins = forms.BooleanField(
        label=_("Place the coin stickers at random for us"), required=False
    )

    def __init__(self, *args, stock: int = 12, **kwargs):
        super().__init__(*args, **kwargs)
        self.stock = stock
        for f in FACTIONS:
            self.fields[f"power_{f.slug}"] = forms.ChoiceField(
                label=faction_name(f.slug),
                choices=[
                    (
                        p.code,
                        "{}: {}".format(*power(f.slug, p.code, p.name, p.text, get_language())),
                    )
                    for p in f.starting_powers
                ],
                widget=forms.RadioSelect,
            )
        for t in board.TERRITORIES:
            self.fields[f"coins_{t.slug}"] = forms.IntegerField(
                label=territory_name(t.slug),
                min_value=0,
                max_value=2,
                initial=0,
                required=False,
                widget=forms.NumberInput(attrs={"class": "coin-input", "inputmode": "numeric"}),
            )

    def power_fields(self):
        return [self[f"power_{f.slug}"] for f in FACTIONS]

    def coin_groups(self):
        return [
            (continent_name(c.slug), [self[f"coins_{t}"] for t in board.territories_of(c.slug)])
            for c in board.CONTINENTS
        ]

    def powers(self) -> dict[str, str]:
        return {f.slug: self.cleaned_data[f"power_{f.slug}"] for f in FACTIONS}

    def coins(self) -> list[str]:
        out = []
        for t in board.TERRITORIES:
            out += [t.slug] * (self.cleaned_data.get(f"coins_{t.slug}") or 0)
        return out


# --- Setting up a game -------------------------------------------------------------------------


class SetupForm(forms.Form):
    """Up to five seats in seating order (clockwise); each offers only legal starts.

    ``legal`` maps a seat index to the territories where that seat may place its HQ given the
    seats before it (worked out by the view with ``legacy.rules``).
    """

    played_on = forms.DateField(
        label=_("Played on"), widget=forms.DateInput(attrs={"type": "date"}), required=False
    )

    def __init__(self, *args, players, factions, legal: dict[int, list[str]], **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["played_on"].initial = timezone.localdate()
        player_choices = [("", _("— nobody —"))] + [(str(p.pk), p.name) for p in players]
        faction_choices = [("", _("— choose —"))] + list(factions.items())
        for i in range(MAX_SEATS):
            self.fields[f"seat{i}_player"] = forms.ChoiceField(
                label=_("Player"), choices=player_choices, required=False
            )
            self.fields[f"seat{i}_faction"] = forms.ChoiceField(
                label=_("Faction"), choices=faction_choices, required=False
            )
            hq = forms.ChoiceField(
                label=_("Starting territory (HQ)"),
                choices=territory_choices(blank=_("— choose —")),
                required=False,
            )
            # Validation accepts any territory (the service explains a refusal in the
            # players' words); the list shown offers only the legal ones.
            hq.widget.choices = territory_choices(legal.get(i, []), blank=_("— choose —"))
            self.fields[f"seat{i}_hq"] = hq

    def seat_rows(self):
        return [
            {
                "number": i + 1,
                "player": self[f"seat{i}_player"],
                "faction": self[f"seat{i}_faction"],
                "hq": self[f"seat{i}_hq"],
                "fields": [self[f"seat{i}_{n}"] for n in ("player", "faction", "hq")],
            }
            for i in range(MAX_SEATS)
        ]

    def clean(self):
        data = super().clean()
        seats = []
        for i in range(MAX_SEATS):
            player = data.get(f"seat{i}_player")
            faction = data.get(f"seat{i}_faction")
            hq = data.get(f"seat{i}_hq")
            if not player:
                if faction or hq:
                    self.add_error(f"seat{i}_player", _("Who sits in this seat?"))
                continue
            if not faction:
                self.add_error(f"seat{i}_faction", _("Choose a faction for this seat."))
            if not hq:
                self.add_error(f"seat{i}_hq", _("Choose where this seat's HQ starts."))
            seats.append({"player": int(player), "faction": faction, "hq": hq})
        data["seats"] = seats
        return data


def raw_seat_plan(data) -> list[tuple[int | None, str]]:
    """Seats as typed so far (player id or None, HQ slug or ""), for working out legal starts."""
    out = []
    for i in range(MAX_SEATS):
        player = data.get(f"seat{i}_player") or ""
        hq = data.get(f"seat{i}_hq") or ""
        out.append((int(player) if player.isdigit() else None, hq))
    return out


# --- Mistakes at setup -------------------------------------------------------------------------


class CancelGameForm(forms.Form):
    reason = forms.CharField(label=_("Why is this game cancelled?"), max_length=200)


class SeatFixForm(forms.Form):
    """One seat's player, faction and HQ, shown as they are; the service checks them as setup
    does. ``reason_needed`` once the game has its first entry."""

    player = forms.ChoiceField(label=_("Player"))
    faction = forms.ChoiceField(label=_("Faction"))
    hq = forms.ChoiceField(label=_("Starting territory (HQ)"))
    reason = forms.CharField(label=_("Why is the seat fixed?"), max_length=200, required=False)

    def __init__(self, *args, players, factions, reason_needed: bool, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["player"].choices = [(str(p.pk), p.name) for p in players]
        self.fields["faction"].choices = list(factions.items())
        self.fields["hq"].choices = territory_choices()
        self.fields["reason"].required = reason_needed
