"""Forms for the pages: they gather what the table says and hand it to a service.

Forms check only what a form can (a number is a number, a required field is filled); the rules
themselves are the services' to enforce, and a refusal comes back as a form error in the
players' words (see ``refuse`` in ``campaigns.views``). Choices offered are the legal ones of
the moment, asked of ``legacy.rules``, so the table rarely meets a refusal at all.
"""

from __future__ import annotations

from django import forms
from django.contrib.auth import get_user_model
from django.contrib.auth.forms import UserCreationForm
from django.utils import timezone
from django.utils.translation import get_language
from django.utils.translation import gettext_lazy as _

from campaigns.models import Role
from campaigns.pages import (
    CITY_LABELS,
    CONTENT_LABELS,
    REWARD_LABELS,
    continent_name,
    faction_name,
    territory_name,
)
from legacy import board
from legacy.box import FACTIONS, PACKETS
from legacy.names import power
from legacy.rules import HELD_ON_REWARDS, WINNER_REWARDS, Reward

MAX_SEATS = 5


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


class SignupForm(UserCreationForm):
    class Meta(UserCreationForm.Meta):
        model = get_user_model()
        fields = ("username",)


LANGUAGE_CHOICES = [("en", "English"), ("ru", "Русский")]


def picture_language_field(required: bool = True):
    return forms.ChoiceField(
        label=_("Language of the board pictures"),
        help_text=_("The pictures drawn after each game write names in it."),
        choices=LANGUAGE_CHOICES,
        required=required,
    )


class CampaignForm(forms.Form):
    name = forms.CharField(label=_("Name of the campaign"), max_length=100)
    players = forms.CharField(
        label=_("Players at the table"),
        help_text=_("One name a line. You can add more players later."),
        widget=forms.Textarea(attrs={"rows": 5}),
        required=False,
    )
    language = picture_language_field(required=False)  # left out: the creator's own

    def player_names(self) -> list[str]:
        text = self.cleaned_data.get("players") or ""
        return [line.strip() for line in text.splitlines() if line.strip()]


class LanguageForm(forms.Form):
    language = picture_language_field()


class PlayerForm(forms.Form):
    name = forms.CharField(label=_("Player's name"), max_length=60)


class InvitationForm(forms.Form):
    role = forms.ChoiceField(
        label=_("They join as"),
        choices=[
            (Role.EDITOR, _("Editor: records games")),
            (Role.VIEWER, _("Viewer: reads only")),
        ],
        initial=Role.EDITOR,
    )


class SharingForm(forms.Form):
    shared = forms.BooleanField(
        label=_("Anyone with the share link may read this campaign"), required=False
    )
    public = forms.BooleanField(label=_("List this campaign on the home page"), required=False)
    hide_unlocked_content = forms.BooleanField(
        label=_("Hide what the packets unlocked from viewers and visitors"), required=False
    )
    new_link = forms.BooleanField(
        label=_("Make a new share link (the old one stops working)"), required=False
    )


class RoleForm(forms.Form):
    role = forms.ChoiceField(
        label=_("Role"), choices=[(Role.EDITOR, _("editor")), (Role.VIEWER, _("viewer"))]
    )


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


# --- During a game -----------------------------------------------------------------------------


def seat_choices(seats, blank=None):
    choices = [(str(s.player_id), f"{s.player.name} ({s.faction_label})") for s in seats]
    return ([("", blank)] if blank is not None else []) + choices


class ScarForm(forms.Form):
    scar = forms.ChoiceField(label=_("Scar"))
    territory = forms.ChoiceField(label=_("On the territory"), required=False)
    faction = forms.ChoiceField(label=_("Or on the faction card"), required=False)
    player = forms.ChoiceField(label=_("Placed by"), required=False)

    def __init__(self, *args, scar_kinds, free_territories, factions, seats, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["scar"].choices = scar_kinds
        self.fields["territory"].choices = territory_choices(free_territories, blank="—")
        self.fields["faction"].choices = [("", "—"), *factions.items()]
        self.fields["player"].choices = seat_choices(seats, blank="—")


class MissilesForm(forms.Form):
    count = forms.IntegerField(label=_("Missiles on the same roll"), min_value=1, max_value=5)
    player = forms.ChoiceField(label=_("Played by"), required=False)

    def __init__(self, *args, seats, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["player"].choices = seat_choices(seats, blank="—")


class RecruitmentForm(forms.Form):
    player = forms.ChoiceField(label=_("Player"))
    troops = forms.IntegerField(label=_("Troops to place"), min_value=0, max_value=1000)
    holds_missile = forms.BooleanField(label=_("Holds at least one missile"), required=False)

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

    def __init__(self, *args, seats, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["player"].choices = seat_choices(seats)


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


UNLOCK_ROWS = 4


class PacketForm(forms.Form):
    """A packet opened, and what it unlocked, in the group's own words."""

    packet = forms.ChoiceField(label=_("Packet"))
    trigger = forms.CharField(label=_("What opened it"), max_length=200, required=False)

    def __init__(self, *args, sealed, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["packet"].choices = [(p.slug, p.name) for p in PACKETS if p.slug in sealed]
        kinds = [("", "—"), *CONTENT_LABELS.items()]
        for i in range(UNLOCK_ROWS):
            self.fields[f"item{i}_kind"] = forms.ChoiceField(
                label=_("Kind"), choices=kinds, required=False
            )
            self.fields[f"item{i}_title"] = forms.CharField(
                label=_("Title"), max_length=100, required=False
            )
            self.fields[f"item{i}_text"] = forms.CharField(
                label=_("Text"), widget=forms.Textarea(attrs={"rows": 2}), required=False
            )
            self.fields[f"item{i}_cards"] = forms.IntegerField(
                label=_("Scar cards of this type"), min_value=0, max_value=50, required=False
            )
            self.fields[f"item{i}_on_faction_card"] = forms.BooleanField(
                label=_("This scar goes on a faction card"), required=False
            )
            self.fields[f"item{i}_opens_pack_4"] = forms.BooleanField(
                label=_("This mark's first appearance opens Pack 4"), required=False
            )

    def item_rows(self):
        names = ("kind", "title", "text", "cards", "on_faction_card", "opens_pack_4")
        return [
            {"number": i + 1, **{n: self[f"item{i}_{n}"] for n in names}}
            for i in range(UNLOCK_ROWS)
        ]

    def unlocked(self) -> list[dict]:
        items = []
        for i in range(UNLOCK_ROWS):
            d = self.cleaned_data
            kind, title = d.get(f"item{i}_kind"), (d.get(f"item{i}_title") or "").strip()
            if not kind and not title:
                continue
            if not kind:
                self.add_error(f"item{i}_kind", _("What kind of thing is it?"))
                continue
            items.append(
                {
                    "kind": kind,
                    "title": title,
                    "text": d.get(f"item{i}_text") or "",
                    "cards": d.get(f"item{i}_cards") or 0,
                    "on_faction_card": bool(d.get(f"item{i}_on_faction_card")),
                    "opens_pack_4": bool(d.get(f"item{i}_opens_pack_4")),
                }
            )
        return items


# --- The end of a game -------------------------------------------------------------------------

RESULT_CHOICES = [("won", _("Won")), ("held_on", _("Held on")), ("eliminated", _("Eliminated"))]
NEEDS_TERRITORY = {
    Reward.MAJOR_CITY,
    Reward.CANCEL_SCAR,
    Reward.FORTIFY_CITY,
    Reward.DESTROY_CARD,
    Reward.MINOR_CITY,
    Reward.UPGRADE_CARD,
}
NEEDS_NAME = {Reward.NAME_CONTINENT, Reward.MAJOR_CITY, Reward.MINOR_CITY}


class FinishForm(forms.Form):
    """Results, the signature, the winner's reward and the held-on rewards, in one form.

    ``winner_targets`` and ``held_targets`` are the legal choices now (from
    ``legacy.rules.winner_reward_targets`` and ``held_on_reward_targets``); ``rewards`` is False
    after game 15, when no rewards are given.
    """

    slogan = forms.CharField(label=_("Slogan (optional)"), max_length=120, required=False)
    signed_on = forms.DateField(
        label=_("Date written by the signature"),
        widget=forms.DateInput(attrs={"type": "date"}),
        required=False,
    )

    def __init__(self, *args, seats, winner_targets, held_targets, rewards=True, **kwargs):
        super().__init__(*args, **kwargs)
        self.seats = list(seats)
        self.rewards = rewards
        self.winner_kinds = [k for k in WINNER_REWARDS if k in winner_targets]
        self.held_kinds = [k for k in HELD_ON_REWARDS if k in held_targets]
        self.fields["signed_on"].initial = timezone.localdate()
        for s in self.seats:
            self.fields[f"result_{s.player_id}"] = forms.ChoiceField(
                label=f"{s.player.name} ({s.faction_label})",
                choices=RESULT_CHOICES,
                widget=forms.RadioSelect,
            )
        if not rewards:
            return
        self.fields["winner_kind"] = forms.ChoiceField(
            label=_("The winner's reward"),
            choices=[(k.value, REWARD_LABELS[k]) for k in self.winner_kinds],
            widget=forms.RadioSelect,
            required=False,
        )
        for k in self.winner_kinds:
            options = winner_targets[k]
            if k == Reward.CHANGE_BONUS:
                self.fields[f"w_{k}_target"] = forms.ChoiceField(
                    label=_("Continent and sticker"),
                    choices=[(f"{c}:{d:+d}", f"{continent_name(c)} {d:+d}") for c, d in options],
                    required=False,
                )
            elif k == Reward.NAME_CONTINENT:
                self.fields[f"w_{k}_target"] = forms.ChoiceField(
                    label=_("Continent"),
                    choices=[(c, continent_name(c)) for c in options],
                    required=False,
                )
            else:
                self.fields[f"w_{k}_target"] = forms.ChoiceField(
                    label=_("Territory"), choices=territory_choices(options), required=False
                )
            if k in NEEDS_NAME:
                self.fields[f"w_{k}_name"] = forms.CharField(
                    label=_("Name"), max_length=60, required=False
                )
        held_choices = [("", _("No reward"))] + [
            (k.value, REWARD_LABELS[k]) for k in self.held_kinds
        ]
        for s in self.seats:
            p = s.player_id
            self.fields[f"h{p}_kind"] = forms.ChoiceField(
                label=_("%(name)s's reward for holding on") % {"name": s.player.name},
                choices=held_choices,
                required=False,
            )
            for k in self.held_kinds:
                self.fields[f"h{p}_{k}_target"] = forms.ChoiceField(
                    label=_("Territory they controlled at the end"),
                    choices=territory_choices(held_targets[k]),
                    required=False,
                )
            if Reward.MINOR_CITY in self.held_kinds:
                self.fields[f"h{p}_name"] = forms.CharField(
                    label=_("Name of the city"), max_length=60, required=False
                )

    # Shapes for the template.

    def result_fields(self):
        return [self[f"result_{s.player_id}"] for s in self.seats]

    def winner_options(self):
        out = []
        for k in self.winner_kinds:
            out.append(
                {
                    "kind": k.value,
                    "label": REWARD_LABELS[k],
                    "target": self[f"w_{k}_target"],
                    "name": self[f"w_{k}_name"] if k in NEEDS_NAME else None,
                }
            )
        return out

    def held_rows(self, order: list[int] | None = None, results: dict | None = None):
        seats = {s.player_id: s for s in self.seats}
        ids = order or list(seats)
        rows = []
        for p in ids:
            if results and results.get(p) not in (None, "", "held_on"):
                continue
            rows.append(
                {
                    "seat": seats[p],
                    "kind": self[f"h{p}_kind"],
                    "targets": [
                        (k.value, REWARD_LABELS[k], self[f"h{p}_{k}_target"])
                        for k in self.held_kinds
                    ],
                    "name": self[f"h{p}_name"] if Reward.MINOR_CITY in self.held_kinds else None,
                }
            )
        return rows

    # What the service gets.

    def results(self) -> dict[int, str]:
        return {s.player_id: self.cleaned_data[f"result_{s.player_id}"] for s in self.seats}

    def winner_reward(self) -> dict | None:
        if not self.rewards:
            return None
        kind = self.cleaned_data.get("winner_kind")
        if not kind:
            return None
        reward = Reward(kind)
        target = self.cleaned_data.get(f"w_{kind}_target") or None
        choice = {"kind": kind, "name": self.cleaned_data.get(f"w_{kind}_name") or ""}
        if reward == Reward.CHANGE_BONUS and target:
            continent, delta = target.split(":")
            choice.update(continent=continent, delta=int(delta))
        elif reward == Reward.NAME_CONTINENT:
            choice["continent"] = target
        else:
            choice["territory"] = target
        return choice

    def held_on(self) -> tuple[dict[int, dict], dict[int, list[str]]]:
        """Held-on rewards and, for each, the territory the player says they controlled."""
        rewards, controlled = {}, {}
        if not self.rewards:
            return rewards, controlled
        results = self.results()
        for s in self.seats:
            p = s.player_id
            kind = self.cleaned_data.get(f"h{p}_kind")
            if not kind or results.get(p) != "held_on":
                continue
            territory = self.cleaned_data.get(f"h{p}_{kind}_target") or None
            rewards[p] = {
                "kind": kind,
                "territory": territory,
                "name": self.cleaned_data.get(f"h{p}_name") or "",
            }
            if territory:
                controlled[p] = [territory]
        return rewards, controlled


class NameWorldForm(forms.Form):
    name = forms.CharField(label=_("The World of …"), max_length=60)

    def __init__(self, *args, tied=(), **kwargs):
        super().__init__(*args, **kwargs)
        self.tied = list(tied)
        for pk, name in self.tied:
            self.fields[f"roll_{pk}"] = forms.IntegerField(
                label=_("%(name)s rolls") % {"name": name}, min_value=1, max_value=6
            )

    def rolls(self) -> dict[int, int]:
        return {pk: self.cleaned_data[f"roll_{pk}"] for pk, _name in self.tied}


# --- Calculators -------------------------------------------------------------------------------


class RecruitForm(forms.Form):
    player = forms.ChoiceField(label=_("Player (for the bonus of a continent they named)"))
    controlled = forms.MultipleChoiceField(
        label=_("Territories controlled"),
        choices=territory_choices(),
        widget=forms.CheckboxSelectMultiple,
        required=False,
    )
    trade_coins = forms.TypedChoiceField(
        label=_("Coins on the cards traded in"),
        coerce=int,
        choices=[(0, _("No trade"))] + [(n, str(n)) for n in range(2, 11)],
        initial=0,
        required=False,
        empty_value=0,
    )
    round_up = forms.BooleanField(label=_("Round up (Imperial Balkania's power)"), required=False)

    def __init__(self, *args, players, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["player"].choices = [("", "—")] + [(str(p.pk), p.name) for p in players]
        self.fields["player"].required = False

    def controlled_groups(self):
        chosen = set(self["controlled"].value() or [])
        return [
            (
                continent_name(c.slug),
                [(t, territory_name(t), t in chosen) for t in board.territories_of(c.slug)],
            )
            for c in board.CONTINENTS
        ]


class StartsForm(forms.Form):
    player = forms.ChoiceField(label=_("Player"), required=False)
    hqs = forms.MultipleChoiceField(
        label=_("HQs already placed"),
        choices=territory_choices(),
        required=False,
        widget=forms.SelectMultiple(attrs={"size": 6}),
    )

    def __init__(self, *args, players, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["player"].choices = [("", "—")] + [(str(p.pk), p.name) for p in players]


class OddsForm(forms.Form):
    attackers = forms.IntegerField(
        label=_("Troops on the attacking territory"), min_value=2, max_value=300, initial=10
    )
    defenders = forms.IntegerField(label=_("Defenders"), min_value=1, max_value=300, initial=5)
    missiles = forms.IntegerField(
        label=_("Missiles the attacker holds"), min_value=0, max_value=5, initial=0, required=False
    )
    bunker = forms.BooleanField(
        label=_("Bunker (+1 to the defender's highest die)"), required=False
    )
    ammo_shortage = forms.BooleanField(
        label=_("Ammo Shortage (−1 to the defender's highest die)"), required=False
    )
    fortified = forms.BooleanField(
        label=_("Fortified city (+1 to both defence dice)"), required=False
    )
    fortification_boxes = forms.IntegerField(
        label=_("Fortification boxes still unmarked"),
        min_value=0,
        max_value=10,
        initial=10,
        required=False,
    )
    mechaniker_hq = forms.BooleanField(
        label=_("Die Mechaniker defends its starting HQ (fortified)"), required=False
    )
    mechaniker_double_six = forms.BooleanField(
        label=_("Die Mechaniker's double six stops the attack"), required=False
    )
    bear_lower_die = forms.BooleanField(
        label=_("Enclave of the Bear: −1 to the defender's lower die"), required=False
    )
    bear_three_of_a_kind = forms.BooleanField(
        label=_("Enclave of the Bear: three of a kind conquers"), required=False
    )

    MODIFIERS = (
        "bunker",
        "ammo_shortage",
        "fortified",
        "mechaniker_hq",
        "mechaniker_double_six",
        "bear_lower_die",
        "bear_three_of_a_kind",
    )

    def modifiers(self) -> dict:
        d = self.cleaned_data
        mods = {m: bool(d.get(m)) for m in self.MODIFIERS}
        boxes = d.get("fortification_boxes")
        mods["fortification_boxes"] = 10 if boxes is None else boxes
        return mods


# --- Fixing a mark entered by mistake ----------------------------------------------------------

MARK_FIELD_LABELS = {
    "territory": _("Territory"),
    "kind": _("Kind of city"),
    "name": _("Name"),
    "faction": _("Faction"),
    "boxes_used": _("Fortification boxes used"),
    "coins_after": _("Coins on the card with this sticker"),
    "continent": _("Continent"),
    "delta": _("Change of the bonus"),
    "text": _("Text"),
    "trigger": _("What made it open"),
    "date": _("Date"),
    "slogan": _("Slogan"),
    "line": _("Line of the winners' section"),
    "label": _("Label"),
    "placed_in_game": _("Placed in game (0: before the first game)"),
    "placed_by": _("Placed by"),
}
MARK_FIELD_ORDER = list(MARK_FIELD_LABELS)


class ReasonForm(forms.Form):
    reason = forms.CharField(label=_("Why"), max_length=300)


class MarkCorrectionForm(forms.Form):
    """The fields a correction may change on one type of mark, filled in with the mark's values
    now (``legacy.corrections.EDITABLE``); ``changes()`` holds only the fields changed."""

    reason = forms.CharField(label=_("Why"), max_length=300)

    def __init__(self, *args, mark, players: dict[int, str], factions: dict[str, str], **kw):
        from legacy.corrections import COMMON_EDITABLE, EDITABLE

        self.mark = mark
        self.editable = sorted(EDITABLE[type(mark)] | COMMON_EDITABLE, key=MARK_FIELD_ORDER.index)
        initial = {name: self._value_now(name) for name in self.editable}
        super().__init__(*args, initial=initial, **kw)
        for name in self.editable:
            self.fields[name] = self._field(name, players, factions)
        self.order_fields([*self.editable, "reason"])

    def _value_now(self, name: str):
        if name == "placed_by":
            return self.mark.placed_by_id
        return getattr(self.mark, name)

    def _field(self, name: str, players, factions) -> forms.Field:
        model_field = type(self.mark)._meta.get_field(name)
        required = not (model_field.null or model_field.blank)
        label = MARK_FIELD_LABELS[name]
        blank = [("", "—")] if not required else []
        if name == "territory":
            return forms.TypedChoiceField(
                label=label,
                choices=blank + territory_choices(),
                required=required,
                empty_value=None,
            )
        if name == "continent":
            return forms.ChoiceField(
                label=label, choices=[(c.slug, continent_name(c.slug)) for c in board.CONTINENTS]
            )
        if name == "faction":
            return forms.TypedChoiceField(
                label=label,
                choices=blank + sorted(factions.items(), key=lambda kv: kv[1]),
                required=required,
                empty_value=None,
            )
        if name == "kind":
            return forms.ChoiceField(
                label=label, choices=[(k, CITY_LABELS[k]) for k in CITY_LABELS]
            )
        if name == "placed_by":
            return forms.TypedChoiceField(
                label=label,
                choices=[("", "—"), *sorted(players.items(), key=lambda kv: kv[1])],
                coerce=int,
                required=False,
                empty_value=None,
            )
        if name == "date":
            return forms.DateField(label=label, required=required)
        if name in ("placed_in_game", "boxes_used", "coins_after", "delta", "line"):
            return forms.IntegerField(label=label, required=required, min_value=-10, max_value=100)
        if name == "text":
            return forms.CharField(
                label=label, required=required, widget=forms.Textarea(attrs={"rows": 3})
            )
        return forms.CharField(label=label, required=required, max_length=model_field.max_length)

    def changes(self) -> dict:
        out = {}
        for name in self.editable:
            value = self.cleaned_data.get(name)
            if value in ("", None) and self.initial.get(name) in ("", None):
                continue
            if value != self.initial.get(name):
                out[name] = value
        return out


class AmendForm(FinishForm):
    """The end of a finished game entered anew, with the reason and the revision it amends."""

    reason = forms.CharField(label=_("Why is the game amended?"), max_length=300)
    revision = forms.IntegerField(widget=forms.HiddenInput)

    def initial_from(self, game, rewards: list[tuple]) -> dict:
        """What the game's end holds now, as this form's fields: results and rewards (each
        reward with its details as the board holds them, ``games.rewards_as_they_stand``)."""
        seats = {s.player_id: s for s in self.seats}
        initial = {"revision": game.revision}
        for p, s in seats.items():
            initial[f"result_{p}"] = s.result
        for r, d in rewards:
            kind = Reward(r.kind)
            if kind == Reward.CHANGE_BONUS:
                target = f"{d.get('continent')}:{int(d.get('delta') or 0):+d}"
            elif kind == Reward.NAME_CONTINENT:
                target = d.get("continent")
            else:
                target = d.get("territory")
            if seats.get(r.seat.player_id) and r.seat.result == "won":
                initial.update({"winner_kind": kind.value, f"w_{kind.value}_target": target})
                initial[f"w_{kind.value}_name"] = d.get("name") or ""
            else:
                p = r.seat.player_id
                initial.update({f"h{p}_kind": kind.value, f"h{p}_{kind.value}_target": target})
                initial[f"h{p}_name"] = d.get("name") or ""
        return initial
