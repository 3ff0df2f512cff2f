"""The quick log of a game in progress: one small form per kind of entry the table makes.

Each form carries all that is particular to its kind of entry on the page: the kind, the
question it asks, its address (``/log/<path>/``), its fields and the parameters it yields for
the entry (``campaigns.game.entries``). ``QUICK_LOG`` lists them in the order the game page shows
them; the view builds the choices they offer once.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar, TypeVar

from django import forms
from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _

from campaigns.game.entries.board_red_star import BoardRedStar
from campaigns.game.entries.capital_founded import CapitalFounded
from campaigns.game.entries.city_destroyed import CityDestroyed
from campaigns.game.entries.coin_pile_out import CoinPileOut
from campaigns.game.entries.eliminated import Eliminated
from campaigns.game.entries.fort_attacked import FortAttacked
from campaigns.game.entries.hq_demolished import HqDemolished
from campaigns.game.entries.hq_taken import HqTaken
from campaigns.game.entries.mark_placed import MarkPlaced
from campaigns.game.entries.missiles import Missiles
from campaigns.game.entries.recruitment import Recruitment
from campaigns.game.entries.red_star_bought import RedStarBought
from campaigns.game.entries.rejoined import Rejoined
from campaigns.game.entries.scar_placed import ScarPlaced
from campaigns.models import EventKind
from campaigns.vocabulary import VoidReason
from legacy.board import BOX, Board
from web.forms.common import QuickSelect, QuickSelectMultiple, seat_choices, territory_choices

Choices = Sequence[tuple[str, Any]]
NEW_ROLL = "new"  # the missiles form's choice of a roll of their own


@dataclass(frozen=True)
class LogChoices:
    """What the quick log's forms offer, read once from the campaign and the game."""

    seats: Sequence[Any]
    factions: dict[str, str] = field(default_factory=dict)
    scar_kinds: Choices = ()
    free_territories: Sequence[str] = ()
    rolls: Choices = ()
    open_roll: int | None = None  # the roll new missiles may join in one tap (never by default)
    mark_kinds: Choices = ()
    cities: Choices = ()
    forts: Choices = ()
    capitals_allowed: bool = False  # an opened packet allows founding World Capitals
    board: Board = BOX  # the campaign's board now: the box's territories and those packets added
    own_seat: int | None = None  # the reader's own seat (their claimed name), where the forms start


class QuickLogForm(forms.Form):
    """One kind of entry of the quick log. ``params`` gives what the table said as its kind's
    parameters; the view records it (``record_entry``)."""

    kind: ClassVar[EventKind]
    title: ClassVar[str | Promise]
    path: ClassVar[str]

    def __init__(self, data=None, *, choices: LogChoices):
        super().__init__(data)
        for f in self.fields.values():
            # The same lists, drawn without a template per option (the game page shows them all).
            if type(f.widget) is forms.Select:
                f.widget.__class__ = QuickSelect
            elif type(f.widget) is forms.SelectMultiple:
                f.widget.__class__ = QuickSelectMultiple
        self.offer(choices)
        start_on_own_seat(self, choices.own_seat)

    @classmethod
    def offered(cls, choices: LogChoices) -> bool:
        """Whether the game page shows this form (not when it would have nothing to choose)."""
        return True

    def offer(self, choices: LogChoices) -> None:
        """Fill the fields' choices."""

    def params(self) -> Any:  # pragma: no cover - every kind has one
        """What the table said, as its kind's parameters (``campaigns.game.entries``), from the
        form's cleaned data."""
        raise NotImplementedError

    def player_of(self, name: str = "player") -> int | None:
        """The player chosen in the field ``name`` (a seat), or None."""
        value = self.cleaned_data.get(name)
        return int(value) if value else None


# The fields that name a seat: they start on the reader's own, or on nobody (never on seat 1).
SEAT_FIELDS = ("player", "hq_of")


def start_on_own_seat(form: forms.Form, own: int | None) -> None:
    """Let the form's seat lists start on nobody, and its acting seat on ``own`` when it is
    one of them: a hurried entry is never credited to the first seat by default."""
    for name in SEAT_FIELDS:
        field = form.fields.get(name)
        if not isinstance(field, forms.ChoiceField) or not field.choices:
            continue
        if field.choices[0][0] != "":
            field.choices = [("", "—"), *field.choices]
        seats = [str(value) for value, _label in field.choices]
        if name == "player" and own is not None and str(own) in seats:
            field.initial = str(own)


F = TypeVar("F", bound=type[QuickLogForm])
_FORMS: list[type[QuickLogForm]] = []  # the quick log's forms, as they are marked


def quick_log(
    kind: EventKind, title: str | Promise, *, path: str | None = None
) -> Callable[[F], F]:
    """Mark a form as the quick log's form for ``kind``, with its question and its address (the
    kind's value unless an older address is kept). The quick log lists it, in the order the
    forms are written (``QUICK_LOG``)."""

    def mark(form: F) -> F:
        form.kind, form.title, form.path = kind, title, path or kind.value
        _FORMS.append(form)
        return form

    return mark


@quick_log(EventKind.SCAR_PLACED, _("A scar is placed"), path="scar")
class ScarForm(QuickLogForm):
    prefix = "scar"
    scar = forms.ChoiceField(label=_("Scar"))
    territory = forms.ChoiceField(label=_("On the territory"), required=False)
    faction = forms.ChoiceField(label=_("Or on the faction card"), required=False)
    player = forms.ChoiceField(label=_("Played by (their scar card)"), required=False)
    without_card = forms.BooleanField(
        label=_("Placed by unlocked content, without a scar card"), required=False
    )
    reason = forms.CharField(label=_("Which rule places it"), max_length=200, required=False)

    def offer(self, choices):
        self.fields["scar"].choices = choices.scar_kinds
        self.fields["territory"].choices = territory_choices(
            choices.free_territories, blank="—", on=choices.board
        )
        self.fields["faction"].choices = [("", "—"), *choices.factions.items()]
        self.fields["player"].choices = seat_choices(choices.seats, blank="—")

    def params(self) -> ScarPlaced:
        d = self.cleaned_data
        return ScarPlaced(
            scar=d["scar"],
            territory=d.get("territory") or None,
            faction=d.get("faction") or None,
            player=self.player_of(),
            without_card=d.get("without_card", False),
            reason=d.get("reason") or "",
        )


@quick_log(EventKind.MISSILES, _("Missiles on one roll"))
class MissilesForm(QuickLogForm):
    prefix = "missiles"
    count = forms.IntegerField(label=_("Missiles played"), min_value=1, max_value=5)
    player = forms.ChoiceField(label=_("Played by"))
    same_roll = forms.BooleanField(required=False)
    roll = forms.ChoiceField(
        label=_("On the roll"),
        required=False,
        help_text=_(
            "Missiles are on a new roll unless you say they are on the same roll as others: "
            "three on one roll, from any players, open Pocket 1."
        ),
    )

    def offer(self, choices):
        self.fields["player"].choices = seat_choices(choices.seats)
        self.fields["roll"].choices = [(NEW_ROLL, _("A new roll")), *choices.rolls]
        self.fields["roll"].initial = NEW_ROLL
        # While a roll is open, joining it is one tap, never the default: only the table knows
        # that two entries were one roll.
        self.open_roll = choices.open_roll
        if choices.open_roll is None:
            del self.fields["same_roll"]
        else:
            self.fields["same_roll"].label = _("Same roll as entry %(n)s") % {
                "n": choices.open_roll
            }

    def clean(self):
        data = super().clean()
        chosen = data.get("roll") or NEW_ROLL
        if data.get("same_roll") and chosen not in (NEW_ROLL, str(self.open_roll)):
            self.add_error("roll", _("Choose the same roll or an earlier one, not both."))
        return data

    def params(self) -> Missiles:
        chosen = self.cleaned_data.get("roll") or NEW_ROLL
        if self.cleaned_data.get("same_roll"):
            chosen = str(self.open_roll)
        return Missiles(
            count=self.cleaned_data["count"],
            player=self.player_of(),
            roll=int(chosen) if chosen != NEW_ROLL else None,
        )


@quick_log(EventKind.RECRUITMENT, _("A big recruitment (30+ troops)"))
class RecruitmentForm(QuickLogForm):
    prefix = "recruitment"
    player = forms.ChoiceField(label=_("Player"))
    troops = forms.IntegerField(label=_("Troops to place"), min_value=0, max_value=1000)

    def offer(self, choices):
        self.fields["player"].choices = seat_choices(choices.seats)

    def params(self) -> Recruitment:
        return Recruitment(player=self.player_of(), troops=self.cleaned_data["troops"])


@quick_log(EventKind.RED_STAR_BOUGHT, _("A red star bought with 4 cards"), path="red-star")
class RedStarForm(QuickLogForm):
    prefix = "redstar"
    player = forms.ChoiceField(label=_("Trades 4 resource cards for a red star"))

    def offer(self, choices):
        self.fields["player"].choices = seat_choices(choices.seats)

    def params(self) -> RedStarBought:
        return RedStarBought(player=self.player_of())


@quick_log(EventKind.HQ_TAKEN, _("An HQ is taken"))
class HqTakenForm(QuickLogForm):
    prefix = "hqtaken"
    player = forms.ChoiceField(label=_("Taken by"))
    hq_of = forms.ChoiceField(label=_("The HQ of (the taker's own, when retaken)"))

    def offer(self, choices):
        self.fields["player"].choices = seat_choices(choices.seats)
        self.fields["hq_of"].choices = seat_choices(choices.seats)

    def params(self) -> HqTaken:
        return HqTaken(player=self.player_of(), hq_of=self.player_of("hq_of"))


@quick_log(EventKind.ELIMINATED, _("A faction is wiped out"))
class EliminationForm(QuickLogForm):
    prefix = "eliminated"
    player = forms.ChoiceField(label=_("Wiped out"))
    can_rejoin = forms.BooleanField(
        label=_("May join the war again (a legal start is free)"), required=False
    )
    no_legal_start = forms.BooleanField(
        label=_("Wiped out earlier, and no legal start is left: eliminated"), required=False
    )

    def offer(self, choices):
        self.fields["player"].choices = seat_choices(choices.seats)

    def params(self) -> Eliminated:
        return Eliminated(
            player=self.player_of(),
            can_rejoin=self.cleaned_data["can_rejoin"],
            no_legal_start=self.cleaned_data["no_legal_start"],
        )


@quick_log(EventKind.REJOINED, _("A faction joins the war again"))
class RejoinForm(QuickLogForm):
    prefix = "rejoined"
    player = forms.ChoiceField(label=_("Joins the war again"))
    territory = forms.ChoiceField(
        label=_("Places half its starting troops (4, or half its draft) on a legal start")
    )
    occupied = forms.MultipleChoiceField(
        label=_("Territories occupied now (HQ territories count already)"),
        required=False,
        widget=forms.SelectMultiple(attrs={"size": 6}),
    )

    def offer(self, choices):
        self.fields["player"].choices = seat_choices(choices.seats)
        self.fields["territory"].choices = territory_choices(blank="—", on=choices.board)
        self.fields["occupied"].choices = territory_choices(on=choices.board)

    def params(self) -> Rejoined:
        return Rejoined(
            player=self.player_of(),
            territory=self.cleaned_data["territory"],
            occupied=self.cleaned_data.get("occupied") or [],
        )


@quick_log(EventKind.COIN_PILE_OUT, _("The coin-card pile ran out"), path="coin-pile")
class CoinPileForm(QuickLogForm):
    """Territories each player controls when the coin-card pile runs out."""

    prefix = "coinpile"

    def offer(self, choices):
        self.seats = list(choices.seats)
        for s in self.seats:
            self.fields[f"count_{s.player_id}"] = forms.IntegerField(
                label=_("Territories %(name)s controls") % {"name": s.player.name},
                min_value=0,
                max_value=42,
            )

    def counts(self) -> dict[int, int]:
        return {s.player_id: self.cleaned_data[f"count_{s.player_id}"] for s in self.seats}

    def params(self) -> CoinPileOut:
        return CoinPileOut(territories=self.counts())


@quick_log(EventKind.MARK_PLACED, _("A mark the group unlocked is placed"), path="mark")
class MarkForm(QuickLogForm):
    prefix = "mark"
    kind = forms.ChoiceField(label=_("Kind of mark"))  # type: ignore[assignment]
    territory = forms.ChoiceField(label=_("On the territory"), required=False)
    faction = forms.ChoiceField(label=_("Or on the faction card"), required=False)
    label = forms.CharField(label=_("Label"), max_length=60, required=False)
    player = forms.ChoiceField(label=_("Placed by"), required=False)

    @classmethod
    def offered(cls, choices):
        return bool(choices.mark_kinds)

    def offer(self, choices):
        self.fields["kind"].choices = choices.mark_kinds
        self.fields["territory"].choices = territory_choices(blank="—", on=choices.board)
        self.fields["faction"].choices = [("", "—"), *choices.factions.items()]
        self.fields["player"].choices = seat_choices(choices.seats, blank="—")

    def params(self) -> MarkPlaced:
        d = self.cleaned_data
        return MarkPlaced(
            kind=d["kind"],
            territory=d.get("territory") or None,
            faction=d.get("faction") or None,
            label=d.get("label") or "",
            player=self.player_of(),
        )


@quick_log(EventKind.WORLD_CAPITAL_FOUNDED, _("A World Capital is founded"))
class CapitalFoundedForm(QuickLogForm):
    prefix = "capital"
    territory = forms.ChoiceField(label=_("On the territory (no city there)"))
    name = forms.CharField(label=_("The World Capital's name"), max_length=60)
    player = forms.ChoiceField(label=_("Founded by"), required=False)

    @classmethod
    def offered(cls, choices):
        return choices.capitals_allowed

    def offer(self, choices):
        # One city per territory: only the territories without one.
        taken = {slug for slug, _label in choices.cities}
        free = [t.slug for t in choices.board.territories if t.slug not in taken]
        self.fields["territory"].choices = territory_choices(free, blank="—", on=choices.board)
        self.fields["player"].choices = seat_choices(choices.seats, blank="—")

    def params(self) -> CapitalFounded:
        return CapitalFounded(
            territory=self.cleaned_data["territory"],
            name=self.cleaned_data["name"],
            player=self.player_of(),
        )


@quick_log(EventKind.CITY_DESTROYED, _("A city is destroyed"))
class DestroyCityForm(QuickLogForm):
    prefix = "citydestroyed"
    territory = forms.ChoiceField(label=_("City destroyed in"))

    @classmethod
    def offered(cls, choices):
        return bool(choices.cities)

    def offer(self, choices):
        self.fields["territory"].choices = choices.cities

    def params(self) -> CityDestroyed:
        return CityDestroyed(territory=self.cleaned_data["territory"])


@quick_log(EventKind.FORTIFICATION_ATTACKED, _("A fortified city is attacked with 3 troops"))
class FortAttackForm(QuickLogForm):
    prefix = "fortattacked"
    territory = forms.ChoiceField(label=_("Fortified city attacked with 3 troops"))
    player = forms.ChoiceField(label=_("Attacker"), required=False)

    @classmethod
    def offered(cls, choices):
        return bool(choices.forts)

    def offer(self, choices):
        self.fields["territory"].choices = choices.forts
        self.fields["player"].choices = seat_choices(choices.seats, blank="—")

    def params(self) -> FortAttacked:
        return FortAttacked(territory=self.cleaned_data["territory"], player=self.player_of())


@quick_log(EventKind.HQ_DEMOLISHED, _("An HQ is demolished"))
class HqDemolishedForm(QuickLogForm):
    prefix = "hqdemolished"
    hq_of = forms.ChoiceField(label=_("The HQ of (put back in the box)"))
    player = forms.ChoiceField(label=_("Demolished by"), required=False)

    def offer(self, choices):
        self.fields["hq_of"].choices = seat_choices(choices.seats)
        self.fields["player"].choices = seat_choices(choices.seats, blank="—")

    def params(self) -> HqDemolished:
        return HqDemolished(hq_of=self.player_of("hq_of"), player=self.player_of())


@quick_log(EventKind.BOARD_RED_STAR, _("A red star on the board (not an HQ) changes hands"))
class BoardRedStarForm(QuickLogForm):
    prefix = "boardstar"
    player = forms.ChoiceField(label=_("Gained by"), required=False)
    from_player = forms.ChoiceField(label=_("Taken from, or lost by"), required=False)

    def offer(self, choices):
        self.fields["player"].choices = seat_choices(choices.seats, blank="—")
        self.fields["from_player"].choices = seat_choices(choices.seats, blank="—")

    def params(self) -> BoardRedStar:
        return BoardRedStar(player=self.player_of(), from_player=self.player_of("from_player"))


# The quick log's forms, in the order the game page shows them (the order they are written in
# this module): one per kind of entry, each marked with ``quick_log``, none listed by hand.
QUICK_LOG: tuple[type[QuickLogForm], ...] = tuple(_FORMS)

# The entries a table makes most: large buttons on the game page's first screen, in this order;
# the other kinds wait one tap away.
FREQUENT: tuple[EventKind, ...] = (
    EventKind.MISSILES,
    EventKind.RED_STAR_BOUGHT,
    EventKind.SCAR_PLACED,
    EventKind.ELIMINATED,
    EventKind.HQ_TAKEN,
    EventKind.FORTIFICATION_ATTACKED,
    EventKind.RECRUITMENT,
)


class VoidEntryForm(forms.Form):
    reason = forms.CharField(
        label=_("Why is it taken back?"),
        max_length=300,
        initial=VoidReason.ENTERED_BY_MISTAKE.label,
    )

    def clean_reason(self) -> str:
        """The product's own reason, left as offered (in any language), is stored as its code;
        a reason the reader wrote is stored as written."""
        reason = self.cleaned_data["reason"].strip()
        for choice in VoidReason:
            if reason in (choice.value, str(choice.label)):
                return choice.value
        return reason
