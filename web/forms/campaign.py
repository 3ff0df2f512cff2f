"""Forms of accounts and campaigns: signing up, a new campaign, its members, invitations, sharing
and the language of its pictures.
"""

from __future__ import annotations

from django import forms
from django.contrib.admin.forms import AdminAuthenticationForm
from django.contrib.auth import get_user_model
from django.contrib.auth.forms import AuthenticationForm, UserCreationForm
from django.utils.translation import gettext_lazy as _

from campaigns.logins import authenticate_in_turn
from campaigns.models import Role


class _InTurn:
    """Django's login form, checking passwords one at a time per account (campaigns/logins.py)."""

    def clean(self):
        username = self.cleaned_data.get("username")
        password = self.cleaned_data.get("password")
        if username is not None and password:
            self.user_cache = authenticate_in_turn(
                self.request, username=username, password=password
            )
            if self.user_cache is None:
                raise self.get_invalid_login_error()
            self.confirm_login_allowed(self.user_cache)
        return self.cleaned_data


class LoginForm(_InTurn, AuthenticationForm):
    pass


class AdminLoginForm(_InTurn, AdminAuthenticationForm):
    pass


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


class HouseRulesForm(forms.Form):
    """Where readings of the rulebook differ, the group decides; each default is the box's
    most literal reading."""

    held_on_rewards_end_together = forms.BooleanField(
        label=_("Held-on rewards end for everyone once either stock is empty"),
        help_text=_(
            "The rulebook: \u201cif there are no more coins or minor cities to place, the losers "
            "get no further reward\u201d. Off (the default): each reward ends with its own stock "
            "and the other stays."
        ),
        required=False,
    )


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
    single_use = forms.BooleanField(
        label=_("Single use: the link lets one person in, then stops working"), required=False
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
