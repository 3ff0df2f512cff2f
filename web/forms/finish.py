"""The end of a game (results, rewards, signatures), amending it, and naming the world."""

from __future__ import annotations

from django import forms
from django.utils import timezone
from django.utils.text import capfirst
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from campaigns.models import Result
from legacy.board import BOX
from legacy.rules import HELD_ON_REWARDS, WINNER_REWARDS, Reward
from web.forms.common import DateInput, territory_choices
from web.names import continent_name

# --- The end of a game -------------------------------------------------------------------------

NEEDS_NAME = {Reward.NAME_CONTINENT, Reward.MAJOR_CITY, Reward.WORLD_CAPITAL, Reward.MINOR_CITY}

NOTHING_ELIGIBLE = "none"  # a held-on player who controlled nothing a reward could go on


def _end_help(end) -> str:
    """What the log says of a seat that is out at the end (``LoggedEnd``), in the reader's
    language; empty for a seat still in the war."""
    if end is None:
        return ""
    if end.won:
        return _("Won the war (entry %(n)s): the log says won.") % {"n": end.entry}
    if end.for_good:
        return _("Eliminated (entry %(n)s) and cannot rejoin: the log says eliminated.") % {
            "n": end.entry
        }
    return _("Wiped out (entry %(n)s) and did not rejoin: the log says eliminated.") % {
        "n": end.entry
    }


class FinishForm(forms.Form):
    """Results, the signature, the winner's reward and the held-on rewards, in one form.

    ``winner_targets`` and ``held_targets`` are the legal choices now (from
    ``legacy.rules.winner_reward_targets`` and ``held_on_reward_targets``); ``rewards`` is False
    after game 15, when no rewards are given and nobody signs (no slogan, no date).
    """

    slogan = forms.CharField(label=_("Slogan (optional)"), max_length=120, required=False)
    signed_on = forms.DateField(
        label=_("Date written by the signature"),
        widget=DateInput(),
        required=False,
    )

    def __init__(
        self,
        *args,
        seats,
        winner_targets,
        held_targets,
        rewards=True,
        ends=None,
        world=None,
        **kwargs,
    ):
        super().__init__(*args, **kwargs)
        self.world = world
        self._board = world.board if world is not None else BOX
        ends = ends or {}
        self.seats = list(seats)
        self.rewards = rewards
        self.winner_kinds = [k for k in WINNER_REWARDS if k in winner_targets]
        self.held_kinds = [k for k in HELD_ON_REWARDS if k in held_targets]
        self.fields["signed_on"].initial = timezone.localdate()
        if not rewards:  # after game 15 nobody signs the winners' section
            del self.fields["slogan"], self.fields["signed_on"]
        for s in self.seats:
            self.fields[f"result_{s.player_id}"] = forms.ChoiceField(
                label=f"{s.player.name} ({s.faction_label})",
                choices=[(r.value, capfirst(r.label)) for r in Result],
                widget=forms.RadioSelect,
                help_text=_end_help(ends.get(s.player_id)),
            )
            if s.player_id in ends:
                self.initial.setdefault(f"result_{s.player_id}", ends[s.player_id].result)
        if not rewards:
            return
        self.fields["winner_kind"] = forms.ChoiceField(
            label=_("The winner's reward"),
            choices=[(k.value, gettext(k.label)) for k in self.winner_kinds],
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
                    label=_("Territory"),
                    choices=territory_choices(options, on=self._board),
                    required=False,
                )
            if k in NEEDS_NAME:
                self.fields[f"w_{k}_name"] = forms.CharField(
                    label=_("Name"), max_length=60, required=False
                )
        # "No reward" only when none is legal: with a stock left, the player chooses one, or
        # the table says they controlled nothing a reward could go on.
        held_choices = (
            [("", _("Choose a reward"))]
            + [(k.value, gettext(k.label)) for k in self.held_kinds]
            + [(NOTHING_ELIGIBLE, _("None: they controlled nothing a reward could go on"))]
            if self.held_kinds
            else [("", _("No reward"))]
        )
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
                    choices=territory_choices(held_targets[k], on=self._board),
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
                    "label": gettext(k.label),
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
            if results and results.get(p) not in (None, "", Result.HELD_ON):
                continue
            rows.append(
                {
                    "seat": seats[p],
                    "kind": self[f"h{p}_kind"],
                    "targets": [
                        (k.value, gettext(k.label), self[f"h{p}_{k}_target"])
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
            if not kind or results.get(p) != Result.HELD_ON:
                continue
            if kind == NOTHING_ELIGIBLE:
                controlled[p] = []  # nothing a reward could go on: the service checks it
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


class AmendForm(FinishForm):
    """The end of a finished game entered anew, with the reason and the revision it amends."""

    reason = forms.CharField(label=_("Why is the game amended?"), max_length=300)
    revision = forms.IntegerField(widget=forms.HiddenInput)

    def initial_from(self, game, rewards: list[tuple]) -> dict:
        """What the game's end holds now, as this form's fields: results and rewards (each
        reward with its details as the board holds them:
        ``campaigns.game.finish.rewards_as_they_stand``)."""
        seats = {s.player_id: s for s in self.seats}
        initial = {"revision": game.revision}
        for p, s in seats.items():
            initial[f"result_{p}"] = s.result
            if s.result == Result.HELD_ON and self.held_kinds:
                initial[f"h{p}_kind"] = NOTHING_ELIGIBLE  # unless a reward below says otherwise
        for r, d in rewards:
            kind = Reward(r.kind)
            if kind == Reward.CHANGE_BONUS:
                target = f"{d.get('continent')}:{int(d.get('delta') or 0):+d}"
            elif kind == Reward.NAME_CONTINENT:
                target = d.get("continent")
            else:
                target = d.get("territory")
            if seats.get(r.seat.player_id) and r.seat.result == Result.WON:
                initial.update({"winner_kind": kind.value, f"w_{kind.value}_target": target})
                initial[f"w_{kind.value}_name"] = d.get("name") or ""
            else:
                p = r.seat.player_id
                initial.update({f"h{p}_kind": kind.value, f"h{p}_{kind.value}_target": target})
                initial[f"h{p}_name"] = d.get("name") or ""
        return initial
