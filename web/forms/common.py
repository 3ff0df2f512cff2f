"""What several forms share: territories offered grouped by continent, seats offered by player."""

from __future__ import annotations

from django import forms

from legacy import board
from web.names import continent_name, territory_name


class DateInput(forms.DateInput):
    """A date picker (``<input type="date">``): its value is always ISO (2026-11-23), whatever
    the page's language, since browsers read nothing else there and show it their own way."""

    input_type = "date"

    def __init__(self, attrs=None):
        super().__init__(attrs=attrs, format="%Y-%m-%d")


def territory_choices(slugs=None, blank: str | None = None) -> list[tuple[str, str]]:
    """Territories grouped by continent (as <optgroup>s), in board order."""
    allowed = None if slugs is None else set(slugs)
    groups = []
    for c in board.CONTINENTS:
        options = [
            (t, territory_name(t))
            for t in board.territories_of(c.slug)
            if allowed is None or t in allowed
        ]
        if options:
            groups.append((continent_name(c.slug), options))
    return ([("", blank)] if blank is not None else []) + groups


# --- During a game -----------------------------------------------------------------------------


def seat_choices(seats, blank=None):
    choices = [(str(s.player_id), f"{s.player.name} ({s.faction_label})") for s in seats]
    return ([("", blank)] if blank is not None else []) + choices
