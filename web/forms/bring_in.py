"""Bringing a campaign in, on its page: how many games were played, the winners' section (a
row per game, or lines pasted), the marks on the board, the packets opened."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from campaigns.bring_in import MarkToBringIn
from legacy import board
from legacy.box import FACTIONS, FORTIFICATION_BOXES
from legacy.names import power
from legacy.rules.bring_in import MOST_GAMES
from web.forms.board import AddTerritoryForm
from web.forms.common import territory_choices
from web.forms.factions import PowerPlaceForm
from web.forms.rulebook import StickerForm
from web.names import continent_name, faction_name

UNKNOWN = "unknown"


def game_choices(games: int, *, before_first: bool) -> list[tuple[str, str]]:
    """The games a mark may have been made in: not known, then 0 (when allowed) to ``games``."""
    first = 0 if before_first else 1
    return [(UNKNOWN, str(_("Not known")))] + [
        (str(n), str(_("Before the first game")) if n == 0 else str(n))
        for n in range(first, games + 1)
    ]


# Up to this many games, the game a mark was made in is a row of buttons (one tap); past it, a
# list (two taps: open it, choose).
GAMES_AS_BUTTONS = 17


def game_field(field: forms.ChoiceField, games: int) -> None:
    """The game a mark was made in: not known, before the first game, or 1 to ``games``."""
    if games < GAMES_AS_BUTTONS:
        field.widget = forms.RadioSelect()
    field.choices = game_choices(games, before_first=True)


def chosen_game(value: str) -> int | None:
    return None if value in ("", UNKNOWN) else int(value)


class GamesPlayedForm(forms.Form):
    games_played = forms.IntegerField(
        label=_("Games the group has already played"), min_value=0, max_value=MOST_GAMES
    )
    world_name = forms.CharField(
        label=_("The world's name"),
        help_text=_("Only after game 15: the name the group gave the world."),
        max_length=60,
        required=False,
    )


class PastGameForm(forms.Form):
    number = forms.TypedChoiceField(label=_("Game"), coerce=int)
    winner = forms.ChoiceField(label=_("Winner"))
    faction = forms.ChoiceField(label=_("Their faction"))
    others = forms.CharField(
        label=_("Who else played (optional)"),
        help_text=_('One a line: "Boris, Die Mechaniker, held on" or "…, eliminated".'),
        widget=forms.Textarea(attrs={"rows": 3}),
        required=False,
    )

    def __init__(self, *args, missing=(), roster=(), factions=None, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["number"].choices = [(n, str(n)) for n in missing]
        self.fields["winner"].choices = [(n, n) for n in roster]
        self.fields["faction"].choices = list((factions or {}).items())


class PastedGamesForm(forms.Form):
    lines = forms.CharField(
        label=_("Or paste the winners' section"),
        help_text=_('One game a line: "3, Ira, Khan Industries".'),
        widget=forms.Textarea(attrs={"rows": 4}),
    )


# The marks a territory carries, as the board step offers them when a territory is tapped.
ON_A_TERRITORY = (
    MarkToBringIn.MINOR_CITY,
    MarkToBringIn.MAJOR_CITY,
    MarkToBringIn.SCAR,
    MarkToBringIn.FORTIFICATION,
    MarkToBringIn.COIN,
    MarkToBringIn.DESTROYED_CARD,
    MarkToBringIn.SCAR_CANCELLED,
)
# A World Capital is offered too, once a packet allowed them.
WITH_A_CAPITAL = (*ON_A_TERRITORY, MarkToBringIn.WORLD_CAPITAL)


class PastMarkForm(forms.Form):
    """A mark on one territory, brought in from the map: what it is, the game it was made in
    (the last one chosen, unless changed), and what that kind of mark asks for. The page shows
    only the fields of the kind chosen."""

    kind = forms.ChoiceField(
        label=_("Mark"),
        choices=[(k.value, k.label) for k in ON_A_TERRITORY],
        widget=forms.RadioSelect,
    )
    territory = forms.ChoiceField(label=_("Territory"))
    game = forms.ChoiceField(label=_("Made in game"))
    name = forms.CharField(label=_("The city's name"), max_length=60, required=False)
    player = forms.ChoiceField(label=_("Who founded it"), required=False, widget=forms.RadioSelect)
    scar_type = forms.ChoiceField(label=_("Scar type"), required=False, widget=forms.RadioSelect)
    boxes = forms.IntegerField(
        label=_("Boxes marked"),
        min_value=0,
        max_value=FORTIFICATION_BOXES,
        required=False,
        initial=0,
        widget=forms.NumberInput(attrs={"inputmode": "numeric"}),
    )

    def __init__(
        self, *args, games=0, on=board.BOX, roster=(), scar_kinds=None, capitals=False, **kwargs
    ):
        super().__init__(*args, **kwargs)
        if capitals:
            self.fields["kind"].choices = [(k.value, k.label) for k in WITH_A_CAPITAL]
        self.fields["territory"].choices = territory_choices(on=on)
        game_field(self.fields["game"], games)
        self.fields["player"].choices = [("", _("Not known"))] + [(n, n) for n in roster]
        self.fields["scar_type"].choices = list((scar_kinds or {}).items())

    def item(self) -> dict:
        d = self.cleaned_data
        return {
            "kind": d["kind"],
            "territory": d["territory"],
            "game": chosen_game(d["game"]),
            "name": d["name"],
            "player": d["player"],
            "scar_type": d["scar_type"],
            "boxes": d["boxes"] or 0,
        }


class ContinentMarkForm(forms.Form):
    """A continent named, its bonus changed, or both, in one game."""

    continent = forms.ChoiceField(label=_("Continent"), widget=forms.RadioSelect)
    game = forms.ChoiceField(label=_("Made in game"))
    name = forms.CharField(label=_("Its name"), max_length=60, required=False)
    player = forms.ChoiceField(label=_("Who named it"), required=False, widget=forms.RadioSelect)
    delta = forms.TypedChoiceField(
        label=_("Bonus change"),
        choices=[(0, _("No change")), (1, "+1"), (-1, "−1")],
        coerce=int,
        required=False,
        widget=forms.RadioSelect,
    )

    def __init__(self, *args, games=0, roster=(), **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["continent"].choices = [
            (c.slug, continent_name(c.slug)) for c in board.CONTINENTS
        ]
        game_field(self.fields["game"], games)
        self.fields["player"].choices = [("", _("Not known"))] + [(n, n) for n in roster]

    def clean(self):
        d = super().clean()
        if not (d.get("name") or "").strip() and not d.get("delta"):
            raise forms.ValidationError(_("Give the continent's name, its bonus change, or both."))
        return d

    def items(self) -> list[dict]:
        d = self.cleaned_data
        common = {"continent": d["continent"], "game": chosen_game(d["game"])}
        named = [{"kind": "continent-name", "name": d["name"], "player": d["player"]} | common]
        changed = [{"kind": "bonus-change", "delta": d["delta"]} | common]
        return (named if d["name"].strip() else []) + (changed if d["delta"] else [])


class PastPacketForm(forms.Form):
    packet = forms.ChoiceField(label=_("Packet"))
    game = forms.ChoiceField(label=_("Opened in game"))

    def __init__(self, *args, games=0, packets=(), **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["packet"].choices = list(packets)
        self.fields["game"].choices = game_choices(games, before_first=False)

    def item(self) -> dict:
        return {
            "packet": self.cleaned_data["packet"],
            "game": chosen_game(self.cleaned_data["game"]),
        }


class PastStickerForm(StickerForm):
    """A rule sticker pasted into the rulebook before Earthbook: as on the rulebook's page, in
    a game the group may not know."""

    game = forms.ChoiceField(label=_("Added in game"))
    setting = None

    def __init__(self, *args, games=0, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["game"].choices = game_choices(games, before_first=True)
        self.order_fields(["section", "game", "packet", "title", "text"])

    def item(self) -> dict:
        d = self.cleaned_data
        return {
            "section": d["section"],
            "game": chosen_game(d["game"]),
            "title": d["title"],
            "text": d.get("text") or "",
            "packet": d.get("packet") or None,
        }


def past_games(field: forms.ChoiceField, games: int) -> None:
    """The game something a packet placed came in: not known, or 1 to ``games`` (no packet is
    opened before the first game)."""
    if games < GAMES_AS_BUTTONS:
        field.widget = forms.RadioSelect()
    field.choices = game_choices(games, before_first=False)


class PastTerritoryForm(AddTerritoryForm):
    """A territory a packet added before Earthbook, with the territories it is joined to, in
    the game the packet came (or not known)."""

    game = forms.ChoiceField(label=_("Came in game"))
    x = None
    y = None

    def __init__(self, *args, games=0, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["continent"].widget = forms.RadioSelect(
            choices=self.fields["continent"].choices
        )
        past_games(self.fields["game"], games)
        self.order_fields(["name", "continent", "connections", "coins", "game"])

    def item(self) -> dict:
        d = self.cleaned_data
        return {
            "kind": MarkToBringIn.TERRITORY,
            "name": d["name"],
            "continent": d["continent"],
            "connections": list(d["connections"]),
            "coins": d["coins"],
            "game": chosen_game(d["game"]),
        }


class PastConnectionForm(forms.Form):
    """A connection a packet added between two territories before Earthbook."""

    a = forms.ChoiceField(label=_("From"))
    b = forms.ChoiceField(label=_("To"))
    game = forms.ChoiceField(label=_("Came in game"))

    def __init__(self, *args, games=0, on=board.BOX, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["a"].choices = territory_choices(on=on)
        self.fields["b"].choices = territory_choices(on=on)
        past_games(self.fields["game"], games)

    def item(self) -> dict:
        d = self.cleaned_data
        return {
            "kind": MarkToBringIn.CONNECTION,
            "a": d["a"],
            "b": d["b"],
            "game": chosen_game(d["game"]),
        }


class StartingPowerForm(forms.Form):
    """The starting power a faction kept before the first game: one tap among the powers of
    the factions still to enter."""

    power = forms.ChoiceField(label=_("Starting power kept"), widget=forms.RadioSelect)

    def __init__(self, *args, kept=(), language=None, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["power"].choices = [
            (
                f"{f.slug}:{p.code}",
                f"{faction_name(f.slug)}: {power(f.slug, p.code, p.name, p.text, language)[0]}",
            )
            for f in FACTIONS
            if f.slug not in kept
            for p in f.starting_powers
        ]

    def item(self) -> dict:
        faction, _sep, code = self.cleaned_data["power"].partition(":")
        return {"kind": MarkToBringIn.STARTING_POWER, "faction": faction, "code": code}


class FactionScarForm(forms.Form):
    """A scar on a faction card, in the game it was placed (or not known)."""

    faction = forms.ChoiceField(label=_("On the card of"), widget=forms.RadioSelect)
    scar_type = forms.ChoiceField(label=_("Scar type"), widget=forms.RadioSelect)
    game = forms.ChoiceField(label=_("Made in game"))

    def __init__(self, *args, games=0, factions=None, scar_kinds=None, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["faction"].choices = list((factions or {}).items())
        self.fields["scar_type"].choices = list((scar_kinds or {}).items())
        game_field(self.fields["game"], games)

    def item(self) -> dict:
        d = self.cleaned_data
        return {
            "kind": MarkToBringIn.SCAR,
            "faction": d["faction"],
            "scar_type": d["scar_type"],
            "game": chosen_game(d["game"]),
        }


class PastPowerForm(PowerPlaceForm):
    """A power placed on a faction card before Earthbook, over the one of its type or not, in
    the game it was placed (or not known)."""

    game = forms.ChoiceField(label=_("Placed in game"))

    def __init__(self, *args, games=0, **kwargs):
        super().__init__(*args, **kwargs)
        game_field(self.fields["game"], games)

    def item(self) -> dict:
        d = self.cleaned_data
        return {
            "kind": MarkToBringIn.POWER,
            "faction": d["faction"],
            "slot": d["slot"],
            "name": d["name"],
            "text": d["text"] or "",
            "unlocked_by": d["unlocked_by"] or None,
            "covers": d["covers"],
            "game": chosen_game(d["game"]),
        }
