"""The event and mission decks (a card a packet added), the table's card entries, and founding
a World Capital."""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from campaigns.game import decks
from campaigns.game.entries.card_completed import CardCompleted
from campaigns.game.entries.card_destroyed import CardDestroyed
from campaigns.game.entries.card_drawn import CardDrawn
from campaigns.models import EventKind
from legacy.board import BOX, Board
from legacy.models import Deck, DeckCard
from web.forms.common import seat_choices, territory_choices


class CardForm(forms.Form):
    deck = forms.ChoiceField(label=_("Deck"), choices=Deck.choices)
    title = forms.CharField(label=_("Title, in your words"), max_length=100)
    text = forms.CharField(
        label=_("What it says, in your words"),
        max_length=2000,
        required=False,
        widget=forms.Textarea(attrs={"rows": 3}),
    )
    packet = forms.ChoiceField(label=_("Added by the packet"))

    def __init__(self, *args, packets, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["packet"].choices = packets


class CardEntryForm(forms.Form):
    """One card at the table: drawn, a mission completed, or destroyed (``KINDS``: the kind of
    entry each choice of ``action`` makes)."""

    KINDS = {
        "drawn": EventKind.CARD_DRAWN,
        "completed": EventKind.CARD_COMPLETED,
        "destroyed": EventKind.CARD_DESTROYED,
    }

    action = forms.ChoiceField(
        label=_("What happened"),
        choices=[
            ("drawn", _("Drawn")),
            ("completed", _("Mission completed")),
            ("destroyed", _("Destroyed")),
        ],
        widget=forms.RadioSelect,
        initial="drawn",
    )
    card = forms.TypedChoiceField(label=_("Card"), coerce=int)
    player = forms.ChoiceField(label=_("Player"), required=False)
    red_stars = forms.TypedChoiceField(
        label=_("Red stars the mission gives"),
        choices=[(1, "1"), (2, "2")],
        coerce=int,
        initial=1,
        required=False,
    )

    def __init__(self, *args, cards, seats, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["card"].choices = cards
        self.fields["player"].choices = seat_choices(seats, blank="—")

    def clean(self):
        data = super().clean()
        if data.get("action") == "completed" and not data.get("player"):
            self.add_error("player", _("Say who completed the mission."))
        return data

    def entry(self) -> tuple[EventKind, Any]:
        """The kind of entry chosen and its parameters (``campaigns.game.entries``)."""
        d = self.cleaned_data
        player = int(d["player"]) if d.get("player") else None
        if d["action"] == "drawn":
            return EventKind.CARD_DRAWN, CardDrawn(d["card"], player)
        if d["action"] == "completed":
            return EventKind.CARD_COMPLETED, CardCompleted(
                d["card"], player, d.get("red_stars") or 1
            )
        return EventKind.CARD_DESTROYED, CardDestroyed(d["card"], player)


class WorldCapitalForm(forms.Form):
    territory = forms.ChoiceField(label=_("On the territory (it has no city)"))
    name = forms.CharField(label=_("The World Capital's name"), max_length=60)
    player = forms.ChoiceField(label=_("Founded by"), required=False)

    def __init__(self, *args, free, players, on: Board = BOX, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["territory"].choices = territory_choices(free, on=on)
        self.fields["player"].choices = [("", "—"), *((str(k), v) for k, v in players.items())]


def card_entry_form(
    campaign_id: int, seats, data=None, latest: int | None = None
) -> CardEntryForm | None:
    """The game page's card form: every card not destroyed, by deck (None when there is none);
    ``latest``: the number of the campaign's latest game, when the caller knows it."""
    states = decks.card_states(campaign_id, latest)
    cards = [
        (
            card.pk,
            (gettext("Event: %(title)s") if card.deck == "event" else gettext("Mission: %(title)s"))
            % {"title": card.title},
        )
        for card in DeckCard.objects.filter(campaign_id=campaign_id).order_by("deck", "id")
        if states.get(card.pk, decks.Where(decks.CardState.IN_DECK)).state
        != decks.CardState.DESTROYED
    ]
    return CardEntryForm(data, cards=cards, seats=seats) if cards else None
