"""What several forms share: territories offered grouped by continent, seats offered by player."""

from __future__ import annotations

from django import forms
from django.utils.html import escape
from django.utils.safestring import mark_safe

from legacy import board
from web.names import continent_name, territory_name


class DateInput(forms.DateInput):
    """A date picker (``<input type="date">``): its value is always ISO (2026-11-23), whatever
    the page's language, since browsers read nothing else there and show it their own way."""

    input_type = "date"

    def __init__(self, attrs=None):
        super().__init__(attrs=attrs, format="%Y-%m-%d")


def _attributes(attrs: dict) -> str:
    return "".join(
        ""
        if value is False
        else f" {escape(name)}"
        if value is True
        else f' {escape(name)}="{escape(value)}"'
        for name, value in attrs.items()
    )


class QuickSelect(forms.Select):
    """A ``<select>`` drawn in Python, exactly as Django's templates draw it, without a template
    per option: the game page draws several lists of 42 territories on every visit."""

    def render(self, name, value, attrs=None, renderer=None):
        widget = self.get_context(name, value, attrs)["widget"]
        html = [f'<select name="{escape(widget["name"])}"{_attributes(widget["attrs"])}>']
        for group, options, _index in widget["optgroups"]:
            if group:
                html.append(f'\n  <optgroup label="{escape(group)}">')
            for o in options:
                html.append(
                    f'\n  <option value="{escape(o["value"])}"{_attributes(o["attrs"])}>'
                    f"{escape(o['label'])}</option>\n"
                )
            if group:
                html.append("\n  </optgroup>")
        html.append("\n</select>")
        return mark_safe("".join(html))


class QuickSelectMultiple(forms.SelectMultiple):
    """``QuickSelect`` for a list to pick several from (``multiple``)."""

    render = QuickSelect.render


def territory_choices(
    slugs=None, blank: str | None = None, on: board.Board = board.BOX
) -> list[tuple[str, str]]:
    """Territories grouped by continent (as <optgroup>s), in board order: the box's, named in
    the reader's language, and on a campaign's board (``on``) the ones packets added, named in
    the group's words."""
    allowed = None if slugs is None else set(slugs)
    groups = []
    for c in on.continents:
        options = [
            (t, territory_name(t) if t in board.TERRITORY_BY_SLUG else on.name(t))
            for t in on.territories_of(c.slug)
            if allowed is None or t in allowed
        ]
        if options:
            groups.append((continent_name(c.slug), options))
    return ([("", blank)] if blank is not None else []) + groups


# --- During a game -----------------------------------------------------------------------------


def seat_choices(seats, blank=None):
    choices = [(str(s.player_id), f"{s.player.name} ({s.faction_label})") for s in seats]
    return ([("", blank)] if blank is not None else []) + choices
