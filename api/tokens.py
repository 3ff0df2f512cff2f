"""API tokens: DRF's own ``Token`` (one per account), made to expire and to die with the password.

* A token is good for ``API_TOKEN_TTL_HOURS`` after it was issued. An older one is refused with a
  401 (and deleted); ``POST /api/v1/auth/token/`` then issues a fresh one.
* Setting a new password revokes the account's token, whichever door the password came through:
  the password page, the admin, a password reset, ``manage.py changepassword`` or any code that
  calls ``set_password()`` and saves. Django's own re-hashing of an unchanged password at login
  (a stronger hasher) does not count as a change. An account whose password is made unusable
  loses its token too.
"""

from __future__ import annotations

from datetime import timedelta

from django.conf import settings
from django.db.models.signals import post_save
from django.utils import timezone
from django.utils.translation import gettext_lazy as _
from rest_framework import exceptions
from rest_framework.authentication import TokenAuthentication
from rest_framework.authtoken.models import Token

EXPIRED = "This token has expired: ask POST /api/v1/auth/token/ for a new one."


def token_lifetime() -> timedelta:
    return timedelta(hours=settings.API_TOKEN_TTL_HOURS)


def is_expired(token: Token) -> bool:
    return token.created <= timezone.now() - token_lifetime()


def issue_token(user) -> Token:
    """The account's token: the one it has while that is still good, else a new one."""
    token = Token.objects.filter(user=user).first()
    if token is not None and is_expired(token):
        token.delete()
        token = None
    if token is None:
        token, _ = Token.objects.get_or_create(user=user)
    return token


def revoke_tokens(user) -> None:
    Token.objects.filter(user=user).delete()


class ExpiringTokenAuthentication(TokenAuthentication):
    """DRF's ``Authorization: Token <key>``, refusing a token older than its lifetime."""

    def authenticate_credentials(self, key):
        # DRF's own reading and refusals, and the token's lifetime.
        token = Token.objects.select_related("user").filter(key=key).first()
        if token is None:
            raise exceptions.AuthenticationFailed(_("Invalid token."))
        if not token.user.is_active:
            raise exceptions.AuthenticationFailed(_("User inactive or deleted."))
        if is_expired(token):
            token.delete()
            raise exceptions.AuthenticationFailed(EXPIRED)
        return token.user, token


def revoke_on_password_change(sender, instance, created, raw=False, **kwargs):
    """post_save of the user model: ``set_password()`` leaves the new password in ``_password``
    until the save is done (Django uses it to tell the password validators), so a save that
    carries a new password is told apart from any other save of the account."""
    if created or raw:
        return
    if getattr(instance, "_password", None) is not None or not instance.has_usable_password():
        revoke_tokens(instance)


def connect() -> None:
    post_save.connect(
        revoke_on_password_change,
        sender=settings.AUTH_USER_MODEL,
        dispatch_uid="api.tokens.revoke_on_password_change",
    )
