"""Forms of accounts and campaigns: signing up, a new campaign, its members, invitations, sharing
and the language of its pictures.
"""

from __future__ import annotations

from django import forms
from django.contrib.admin.forms import AdminAuthenticationForm
from django.contrib.auth import get_user_model
from django.contrib.auth.forms import AuthenticationForm, PasswordChangeForm, UserCreationForm
from django.utils.translation import gettext_lazy as _

from campaigns.logins import authenticate_in_turn, password_is_right
from campaigns.models import Role
from campaigns.vocabulary import READING_TITLES, READINGS, PictureLanguage
from legacy.rules.bring_in import MOST_GAMES


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


def _email_free(email: str, user=None) -> str:
    """``email`` stripped, refused if another account has it (any case); "" stays free."""
    email = (email or "").strip()
    others = get_user_model()._default_manager.filter(email__iexact=email)
    if user is not None:
        others = others.exclude(pk=user.pk)
    if email and others.exists():
        raise forms.ValidationError(
            _("Another account uses this e-mail address."), code="email-taken"
        )
    return email


class EmailForm(forms.ModelForm):
    """The address a reset link is sent to; empty to have none. Changed only with the account's
    password (whoever has the session alone cannot send its reset links elsewhere). Whether
    another account uses the address is not said: the form answers the same either way, and
    ``address_taken`` tells the view which mail to send (``web.email_change``); the address is
    never saved from here, only removed."""

    password = forms.CharField(
        label=_("Your password"),
        help_text=_("To change the address, give your password."),
        strip=False,
        widget=forms.PasswordInput(attrs={"autocomplete": "current-password"}),
    )

    class Meta:
        model = get_user_model()
        fields = ("email",)
        labels = {"email": _("E-mail (optional)")}
        help_texts = {"email": _("Only to send you a link if you forget your password.")}

    def clean_email(self):
        return (self.cleaned_data.get("email") or "").strip()

    def __init__(self, *args, request=None, **kwargs):
        super().__init__(*args, **kwargs)
        self.request = request

    def clean_password(self):
        password = self.cleaned_data.get("password") or ""
        if not password_is_right(self.request, self.instance, password):
            raise forms.ValidationError(_("This is not your password."), code="password")
        return password

    def address_taken(self) -> bool:
        try:
            _email_free(self.cleaned_data.get("email"), self.instance)
        except forms.ValidationError:
            return True
        return False


class CountedPasswordChangeForm(PasswordChangeForm):
    """Django's change of password, whose old password is checked as a login is: a wrong one
    counts toward the account's lockout (``campaigns.logins.password_is_right``)."""

    def __init__(self, user, *args, request=None, **kwargs):
        super().__init__(user, *args, **kwargs)
        self.request = request

    def clean_old_password(self):
        old_password = self.cleaned_data["old_password"]
        if not password_is_right(self.request, self.user, old_password):
            raise forms.ValidationError(
                self.error_messages["password_incorrect"], code="password_incorrect"
            )
        return old_password


class CountedAdminPasswordChangeForm(CountedPasswordChangeForm):
    """The admin's change of password, counted as the account page's is."""

    required_css_class = "required"  # as the admin's own form marks its fields


class SignupForm(UserCreationForm):
    """A username and a password; an e-mail address if the person wants to be able to reset a
    forgotten password. An address belongs to one account at most (any case), so that a reset
    link goes to the account its owner means: one another account uses is left out of the new
    account, and its owner sent a notice, while the form answers the same."""

    email = forms.EmailField(
        label=_("E-mail (optional)"),
        help_text=_("Only to send you a link if you forget your password."),
        required=False,
        max_length=254,
    )

    class Meta(UserCreationForm.Meta):
        model = get_user_model()
        fields = ("username", "email")

    def clean_email(self):
        # Whether another account uses the address is not said either (``email_taken``).
        return (self.cleaned_data.get("email") or "").strip()

    def email_taken(self) -> bool:
        try:
            _email_free(self.cleaned_data.get("email"))
        except forms.ValidationError:
            return True
        return False

    def clean_username(self):
        # Whether another account has the name is not said here: the view answers the same
        # either way (``name_taken``).
        return self.cleaned_data.get("username")

    def validate_unique(self):
        """The username's uniqueness is left to ``name_taken`` (and the database)."""

    def name_taken(self) -> bool:
        name = self.cleaned_data["username"]
        return get_user_model()._default_manager.filter(username__iexact=name).exists()


def picture_language_field(required: bool = True):
    return forms.ChoiceField(
        label=_("Language of the board pictures"),
        help_text=_("The pictures drawn after each game write names in it."),
        # Named in the reader's language (the switcher names each in its own).
        choices=PictureLanguage.choices,
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
    brought_in_games = forms.IntegerField(
        label=_("Games already played"),
        help_text=_(
            "Bring your campaign in: how many games your group played before Earthbook. "
            "Leave it empty to start at game 1."
        ),
        min_value=0,
        max_value=MOST_GAMES,
        required=False,
    )
    world_name = forms.CharField(
        label=_("The world's name"),
        help_text=_("Only after game 15: the name the group gave the world."),
        max_length=60,
        required=False,
    )

    def player_names(self) -> list[str]:
        text = self.cleaned_data.get("players") or ""
        return [line.strip() for line in text.splitlines() if line.strip()]


class WorldNumberForm(forms.Form):
    world_number = forms.CharField(
        label=_("World number"),
        help_text=_("As printed in the box. Optional."),
        max_length=30,
        required=False,
    )


class LanguageForm(forms.Form):
    language = picture_language_field()


class HouseRulesForm(forms.Form):
    """Where readings of the rulebook differ, the group decides; each default is the box's
    most literal reading."""

    held_on_rewards_end_together = forms.BooleanField(
        label=_("Held-on rewards end for everyone once either stock is empty"),
        help_text=_(
            "The rulebook: “if there are no more coins or minor cities to place, the losers "
            "get no further reward”. Off (the default): each reward ends with its own stock "
            "and the other stays."
        ),
        required=False,
    )
    world_capitals_allowed = forms.IntegerField(
        label=_("World Capitals that may exist at once"),
        help_text=_(
            "Founding a World Capital (population 5) is possible once an opened packet allows it."
        ),
        min_value=0,
        max_value=42,
        initial=1,
        required=False,  # left empty: the number stays as it is
    )
    world_capital_is_a_start = forms.BooleanField(
        label=_("A World Capital is a legal start for its founder"),
        help_text=_(
            "The rulebook: only a major city you founded is a legal start, and a World Capital "
            "is not. On: its founder may start there as in a major city they founded."
        ),
        required=False,
    )

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        # The other open points of the rulebook: a choice each, left empty to keep it as it is.
        for name, reading in READINGS.items():
            self.fields[name] = forms.ChoiceField(
                label=READING_TITLES[name],
                choices=reading.choices,
                initial=reading.values[0],
                required=False,
            )

    def readings(self) -> dict[str, str]:
        return {name: self.cleaned_data.get(name) or "" for name in READINGS}


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
        label=_("Hide what the packets unlocked from viewers and visitors"),
        help_text=_(
            "They then see placeholders such as “an unlocked scar” everywhere, board pictures "
            "included, and only editors and the owner may export the campaign."
        ),
        required=False,
    )
    new_link = forms.BooleanField(
        label=_("Make a new share link (the old one stops working)"), required=False
    )


class RoleForm(forms.Form):
    role = forms.ChoiceField(
        label=_("Role"), choices=[(r.value, r.label) for r in (Role.EDITOR, Role.VIEWER)]
    )
