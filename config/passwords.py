"""The password rules Django's own validators lack: a largest length, well-known phrases and
variety.

Without a largest length a password of thousands of characters is taken (and hashed, and
compared with the username by the similarity check, on every sign-up and change): 128
characters is more than a pass phrase or a password manager writes.
"""

from __future__ import annotations

from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _
from django.utils.translation import ngettext


class MaximumLengthValidator:
    def __init__(self, max_length: int = 128):
        self.max_length = max_length

    def validate(self, password, user=None):
        if len(password) > self.max_length:
            raise ValidationError(
                ngettext(
                    "This password is too long. It must contain at most %(max_length)d character.",
                    "This password is too long. It must contain at most %(max_length)d characters.",
                    self.max_length,
                ),
                code="password_too_long",
                params={"max_length": self.max_length},
            )

    def get_help_text(self):
        return ngettext(
            "Your password must contain at most %(max_length)d character.",
            "Your password must contain at most %(max_length)d characters.",
            self.max_length,
        ) % {"max_length": self.max_length}


# Pass phrases everyone has read (a comic made "correct horse battery staple" famous), their
# beginnings, and others Django's list of common passwords lacks: compared without case, spaces
# or punctuation.
KNOWN_PHRASES = frozenset(
    {
        "correcthorse",
        "correcthorsebattery",
        "correcthorsebatterystaple",
        "tr0ub4dor3",
        "trustno1",
        "letmein",
        "opensesame",
        "riskl3gacy",
        "risklegacy",
        "earthbook",
    }
)


def _letters(password: str) -> str:
    return "".join(c for c in password.casefold() if c.isalnum())


class KnownPhraseValidator:
    """Refuses a pass phrase everyone has read, whatever its case, spaces or punctuation."""

    def validate(self, password, user=None):
        if _letters(password) in KNOWN_PHRASES:
            raise ValidationError(
                _("This password is a well-known phrase. Choose one nobody has published."),
                code="password_known_phrase",
            )

    def get_help_text(self):
        return _("Your password can't be a well-known phrase.")


class VarietyValidator:
    """Refuses a password of very few different characters ("xxxx...", "abababab"): its length
    says nothing of how hard it is to guess."""

    def __init__(self, min_different: int = 5):
        self.min_different = min_different

    def validate(self, password, user=None):
        if len(set(password)) < self.min_different:
            raise ValidationError(
                ngettext(
                    "This password repeats too few characters. It must use at least "
                    "%(min_different)d different character.",
                    "This password repeats too few characters. It must use at least "
                    "%(min_different)d different characters.",
                    self.min_different,
                ),
                code="password_too_few_characters",
                params={"min_different": self.min_different},
            )

    def get_help_text(self):
        return ngettext(
            "Your password must use at least %(min_different)d different character.",
            "Your password must use at least %(min_different)d different characters.",
            self.min_different,
        ) % {"min_different": self.min_different}
