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
from web.forms.common import DateInput, territory_choices
from web.names import continent_name, faction_name, territory_name

MAX_SEATS = 5


# --- Before the first game ---------------------------------------------------------------------


class FirstGameForm(forms.Form):
    """Each faction keeps one of its two starting powers; 12 coin stickers go on cards. A
    faction whose starting power was brought in (``kept``) is not asked again."""

    random_coins = forms.BooleanField(
        label=_("Place the coin stickers at random for us"), required=False
    )

    def __init__(self, *args, stock: int = 12, kept=(), **kwargs):
        super().__init__(*args, **kwargs)
        self.stock = stock
        self.choosing = [f for f in FACTIONS if f.slug not in kept]
        for f in self.choosing:
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
        return [self[f"power_{f.slug}"] for f in self.choosing]

    def coin_groups(self):
        return [
            (continent_name(c.slug), [self[f"coins_{t}"] for t in board.territories_of(c.slug)])
            for c in board.CONTINENTS
        ]

    def powers(self) -> dict[str, str]:
        return {f.slug: self.cleaned_data[f"power_{f.slug}"] for f in self.choosing}

    def coins(self) -> list[str]:
        out = []
        for t in board.TERRITORIES:
            out += [t.slug] * (self.cleaned_data.get(f"coins_{t.slug}") or 0)
        return out


# --- Setting up a game -------------------------------------------------------------------------


class SeatSelect(forms.Select):
    """A seat's choice in which what another seat already took is offered but disabled."""

    def __init__(self, *args, taken=(), **kwargs):
        super().__init__(*args, **kwargs)
        self.taken = set(taken)

    def create_option(self, name, value, label, selected, index, subindex=None, attrs=None):
        option = super().create_option(name, value, label, selected, index, subindex, attrs)
        if str(value) in self.taken and not selected:
            option["attrs"]["disabled"] = True
        return option


def taken_elsewhere(data, kind: str) -> dict[int, set[str]]:
    """For each seat, the players (or factions) the other seats have already chosen."""
    chosen = {i: (data.get(f"seat{i}_{kind}") or "") for i in range(MAX_SEATS)}
    return {i: {v for j, v in chosen.items() if j != i and v} for i in range(MAX_SEATS)}


class SetupForm(forms.Form):
    """Up to five seats in seating order (clockwise); each offers only legal starts.

    ``legal`` maps a seat index to the territories where that seat may place its HQ given the
    seats before it (worked out by the view with ``legacy.rules``). A player or a faction
    another seat has chosen is offered disabled; every error names its seat.
    """

    played_on = forms.DateField(label=_("Played on"), widget=DateInput(), required=False)

    def __init__(
        self,
        *args,
        players,
        factions,
        legal: dict[int, list[str]],
        preview=False,
        on: board.Board = board.BOX,
        **kwargs,
    ):
        super().__init__(*args, **kwargs)
        # A preview (seats still being chosen) shows the choices without marking any as wrong.
        self.preview = preview
        self.fields["played_on"].initial = timezone.localdate()
        player_choices = [("", _("— nobody —"))] + [(str(p.pk), p.name) for p in players]
        faction_choices = [("", _("— choose —"))] + list(factions.items())
        data = self.data if self.is_bound else {}
        players_taken = taken_elsewhere(data, "player")
        factions_taken = taken_elsewhere(data, "faction")
        for i in range(MAX_SEATS):
            self.fields[f"seat{i}_player"] = forms.ChoiceField(
                label=_("Player"),
                choices=player_choices,
                required=False,
                widget=SeatSelect(taken=players_taken[i]),
            )
            self.fields[f"seat{i}_faction"] = forms.ChoiceField(
                label=_("Faction"),
                choices=faction_choices,
                required=False,
                widget=SeatSelect(taken=factions_taken[i]),
            )
            hq = forms.ChoiceField(
                label=_("Starting territory (HQ)"),
                choices=territory_choices(blank=_("— choose —"), on=on),
                required=False,
            )
            # Validation accepts any territory (the service explains a refusal in the
            # players' words); the list shown offers only the legal ones.
            hq.widget.choices = territory_choices(legal.get(i, []), blank=_("— choose —"), on=on)
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

    def seat_error(self, i: int, kind: str, message) -> None:
        """An error on seat ``i``'s player, faction or HQ that names the seat."""
        self.add_error(
            f"seat{i}_{kind}", _("Seat %(n)s: %(message)s") % {"n": i + 1, "message": message}
        )

    def clean(self):
        data = super().clean()
        seats = []
        if self.preview:
            data["seats"] = seats
            return data
        first_seat_of: dict[tuple[str, str], int] = {}
        for i in range(MAX_SEATS):
            player = data.get(f"seat{i}_player")
            faction = data.get(f"seat{i}_faction")
            hq = data.get(f"seat{i}_hq")
            if not player:
                if faction or hq:
                    self.seat_error(i, "player", _("Who sits in this seat?"))
                continue
            for kind, value in (("player", player), ("faction", faction)):
                if not value:
                    continue
                if (kind, value) in first_seat_of:
                    choices = dict(self.fields[f"seat{i}_{kind}"].choices)
                    self.seat_error(
                        i,
                        kind,
                        _("%(name)s is already in seat %(other)s.")
                        % {"name": choices.get(value, value), "other": first_seat_of[kind, value]},
                    )
                else:
                    first_seat_of[kind, value] = i + 1
            if not faction:
                self.seat_error(i, "faction", _("Choose a faction for this seat."))
            if not hq:
                self.seat_error(i, "hq", _("Choose where this seat's HQ starts."))
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

    def __init__(
        self, *args, players, factions, reason_needed: bool, on: board.Board = board.BOX, **kwargs
    ):
        super().__init__(*args, **kwargs)
        self.fields["player"].choices = [(str(p.pk), p.name) for p in players]
        self.fields["faction"].choices = list(factions.items())
        self.fields["hq"].choices = territory_choices(on=on)
        self.fields["reason"].required = reason_needed
