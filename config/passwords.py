"""The one password rule Django's own validators lack: a largest length.

Without it a password of thousands of characters is taken (and hashed, and compared with the
username by the similarity check, on every sign-up and change): 128 characters is more than a
pass phrase or a password manager writes.
"""

from __future__ import annotations

from django.core.exceptions import ValidationError
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
