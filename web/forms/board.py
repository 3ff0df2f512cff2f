"""What a packet adds to the board, entered on the packets page."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from legacy import board
from web.names import continent_name, territory_name


def grouped_territories(on: board.Board) -> list:
    """The board's territories grouped by continent (as <optgroup>s), added ones included."""
    groups = []
    for c in on.continents:
        options = [
            (t.slug, territory_name(t.slug) if t.added_in is None else t.name)
            for t in on.territories
            if t.continent == c.slug
        ]
        groups.append((continent_name(c.slug), options))
    return groups


class AddTerritoryForm(forms.Form):
    """A territory a packet added, with the territories it is joined to."""

    name = forms.CharField(label=_("Its name, in your words"), max_length=60)
    continent = forms.ChoiceField(label=_("Continent"))
    connections = forms.MultipleChoiceField(
        label=_("Joined to"),
        help_text=_("Choose every territory its sea lines reach (one or more)."),
        widget=forms.SelectMultiple(attrs={"size": 8}),
    )
    coins = forms.IntegerField(label=_("Coins on its card"), min_value=1, max_value=6, initial=1)
    game = forms.IntegerField(label=_("Came in game"), min_value=1, max_value=32767)
    x = forms.FloatField(
        label=_("Place on the map, from the left (%)"),
        min_value=0,
        max_value=100,
        required=False,
        help_text=_("Leave empty for a place in the sea next to its first connection."),
    )
    y = forms.FloatField(
        label=_("Place on the map, from the top (%)"), min_value=0, max_value=100, required=False
    )

    def __init__(self, *args, on: board.Board = board.BOX, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["continent"].choices = [(c.slug, continent_name(c.slug)) for c in on.continents]
        self.fields["connections"].choices = grouped_territories(on)
