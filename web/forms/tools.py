"""The calculators: troops to recruit, legal starting territories, battle odds."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from legacy import board
from legacy.odds import MAX_MISSILES
from web.forms.common import territory_choices
from web.names import faction_name
from web.pages import dice_effect_choices

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
    faction = forms.ChoiceField(
        label=_("The player's faction (its powers held now count)"), required=False
    )
    round_up = forms.BooleanField(required=False)  # labelled with the faction's name

    def __init__(self, *args, players, factions=(), on: board.Board = board.BOX, **kwargs):
        super().__init__(*args, **kwargs)
        self.board = on  # the campaign's board now: the box's, and what packets added
        self.fields["player"].choices = [("", "—")] + [(str(p.pk), p.name) for p in players]
        self.fields["player"].required = False
        self.fields["faction"].choices = [("", "—"), *factions]
        self.fields["controlled"].choices = territory_choices(on=on)
        self.fields["round_up"].label = _("What if: round up, as %(faction)s's power (a) does") % {
            "faction": faction_name("imperial-balkania")
        }

    def controlled_groups(self):
        chosen = set(self["controlled"].value() or [])
        return [
            (group, [(t, name, t in chosen) for t, name in options])
            for group, options in territory_choices(on=self.board)
        ]


class StartsForm(forms.Form):
    player = forms.ChoiceField(label=_("Player"), required=False)
    hqs = forms.MultipleChoiceField(
        label=_("HQs already placed"),
        choices=territory_choices(),
        required=False,
        widget=forms.SelectMultiple(attrs={"size": 6}),
    )
    occupied = forms.MultipleChoiceField(
        label=_("Territories occupied now (they do not close their neighbours)"),
        choices=territory_choices(),
        required=False,
        widget=forms.SelectMultiple(attrs={"size": 6}),
    )
    joining = forms.BooleanField(
        label=_("The player joins the war mid-game (half their starting troops, no HQ)"),
        required=False,
    )

    def __init__(self, *args, players, on: board.Board = board.BOX, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["player"].choices = [("", "—")] + [(str(p.pk), p.name) for p in players]
        # Named in the reader's language, so made for each form, not once at import; on the
        # campaign's board, with the territories its packets added.
        self.fields["hqs"].choices = territory_choices(on=on)
        self.fields["occupied"].choices = territory_choices(on=on)


# Each power toggle of the odds calculator, and the starting power it stands for.
POWER_TOGGLES = {
    "mechaniker_hq": ("die-mechaniker", "a"),
    "mechaniker_double_six": ("die-mechaniker", "b"),
    "bear_lower_die": ("enclave-of-the-bear", "a"),
    "bear_three_of_a_kind": ("enclave-of-the-bear", "b"),
}


class OddsForm(forms.Form):
    """A battle: on a territory of the campaign (its marks and the powers held are read), or
    with the modifiers set by hand ("what if"). Only the powers a faction holds now are
    offered."""

    attacker_faction = forms.ChoiceField(label=_("Attacking faction"), required=False)
    defender_faction = forms.ChoiceField(label=_("Defending faction"), required=False)
    bear_first_attack = forms.BooleanField(
        label=_("This is the Enclave of the Bear's first attack this turn"),
        required=False,
        initial=True,
    )
    attackers = forms.IntegerField(
        label=_("Troops on the attacking territory"), min_value=2, max_value=300, initial=10
    )
    defenders = forms.IntegerField(label=_("Defenders"), min_value=1, max_value=300, initial=5)
    missiles = forms.IntegerField(
        label=_("Missiles the attacker holds"),
        min_value=0,
        max_value=MAX_MISSILES,
        initial=0,
        required=False,
    )
    defender_missiles = forms.IntegerField(
        label=_("Missiles the defender holds"),
        help_text=_(
            "After each roll the attacker chooses its missiles first, then the defender "
            "answers with its own; both play for the whole battle."
        ),
        min_value=0,
        max_value=MAX_MISSILES,
        initial=0,
        required=False,
    )
    what_if = forms.BooleanField(
        label=_("What if: use the modifiers below, not what the campaign keeps"),
        required=False,
    )
    bunker = forms.BooleanField(
        label=_("Bunker (+1 to the defender's highest die)"), required=False
    )
    ammo_shortage = forms.BooleanField(
        label=_("Ammo Shortage (−1 to the defender's highest die)"), required=False
    )
    scar_effect = forms.ChoiceField(
        label=_("Another scar's effect on the dice"), required=False, initial="none"
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
    # The factions' powers, labelled with the factions' names in the reader's language.
    mechaniker_hq = forms.BooleanField(required=False)
    mechaniker_double_six = forms.BooleanField(required=False)
    bear_lower_die = forms.BooleanField(required=False)
    bear_three_of_a_kind = forms.BooleanField(required=False)

    SWITCHES = ("bunker", "ammo_shortage", "fortified")

    def __init__(self, *args, held=None, factions=(), **kwargs):
        """``held``: faction -> codes of the starting powers it holds now; ``factions``: the
        (slug, name) choices of the attacking and defending faction."""
        super().__init__(*args, **kwargs)
        mechaniker = {"faction": faction_name("die-mechaniker")}
        bear = {"faction": faction_name("enclave-of-the-bear")}
        labels = {
            "mechaniker_hq": _("%(faction)s defends its starting HQ (fortified)") % mechaniker,
            "mechaniker_double_six": _("%(faction)s's double six stops the attack") % mechaniker,
            "bear_lower_die": _("%(faction)s: −1 to the defender's lower die") % bear,
            "bear_three_of_a_kind": _("%(faction)s: three of a kind conquers") % bear,
        }
        for name, label in labels.items():
            self.fields[name].label = label
        held = held or {}
        self.fields["scar_effect"].choices = dice_effect_choices()
        for name in ("attacker_faction", "defender_faction"):
            self.fields[name].choices = [("", "—"), *factions]
        for name, (faction, code) in POWER_TOGGLES.items():
            if code not in held.get(faction, ()):
                del self.fields[name]  # destroyed or never chosen: nothing to switch on
        if "bear_lower_die" not in self.fields:
            del self.fields["bear_first_attack"]

    def power_toggles(self):
        return [self[name] for name in POWER_TOGGLES if name in self.fields]

    def modifiers(self) -> dict:
        """The what-if modifiers, as ``legacy.odds`` takes them."""
        d = self.cleaned_data
        mods = {m: bool(d.get(m)) for m in self.SWITCHES}
        mods.update({m: bool(d.get(m)) for m in POWER_TOGGLES if m in self.fields})
        mods["scar_effect"] = d.get("scar_effect") or "none"
        boxes = d.get("fortification_boxes")
        mods["fortification_boxes"] = 10 if boxes is None else boxes
        return mods
