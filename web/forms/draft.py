"""The draft of a game: each seat's turn order, placement order, starting troops and coin cards."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from legacy.rules.draft import MOST_COIN_CARDS, MOST_TROOPS, DraftPick

PARTS = (
    ("turn", _("%(who)s: turn order"), 1, 5),
    ("placement", _("%(who)s: placement order"), 1, 5),
    ("troops", _("%(who)s: starting troops"), 0, MOST_TROOPS),
    ("coin_cards", _("%(who)s: starting coin cards"), 0, MOST_COIN_CARDS),
)


class DraftForm(forms.Form):
    def __init__(self, *args, seats, **kwargs):
        super().__init__(*args, **kwargs)
        self.seats = seats
        for seat in seats:
            current = {
                "turn": seat.draft_turn,
                "placement": seat.draft_placement,
                "troops": seat.starting_troops,
                "coin_cards": seat.starting_coin_cards,
            }
            for part, label, least, most in PARTS:
                self.fields[f"{part}_{seat.player_id}"] = forms.IntegerField(
                    label=str(label) % {"who": seat.player.name},
                    min_value=least,
                    max_value=max(most, len(seats)) if part in ("turn", "placement") else most,
                    initial=current[part],
                )

    def picks(self) -> dict[int, DraftPick]:
        data = self.cleaned_data
        return {
            s.player_id: DraftPick(
                turn=data[f"turn_{s.player_id}"],
                placement=data[f"placement_{s.player_id}"],
                troops=data[f"troops_{s.player_id}"],
                coin_cards=data[f"coin_cards_{s.player_id}"],
            )
            for s in self.seats
        }
