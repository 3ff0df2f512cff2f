"""API tokens: django-rest-knox's ``AuthToken``, one per sign-in (a phone, a script), hashed.

* ``POST /api/v1/auth/token/`` issues a new token for the device that signs in; the account's
  other devices keep theirs. Only the token's SHA-512 digest is stored: the secret is shown once.
* A token is good for ``API_TOKEN_TTL_HOURS`` after it was issued (knox's ``expiry``, written
  when it is issued). An older one is refused with a 401 that says so (and deleted); signing in
  again issues a fresh one. A token of an inactive account is refused.
* ``DELETE /api/v1/auth/token/`` revokes the token it was sent with: that device signs out.
* Setting a new password revokes every token of the account, whichever door the password came
  through: the password page, the admin, a password reset, ``manage.py changepassword`` or any
  code that calls ``set_password()`` and saves. Django's own re-hashing of an unchanged password
  at login (a stronger hasher) does not count as a change. An account whose password is made
  unusable loses its tokens too.

Tokens issued by earlier releases (DRF's plain ``authtoken``) were moved into knox by the
migration ``api.0001``, each under the digest of its own secret, so a signed-in phone stays
signed in until its token expires.
"""

from __future__ import annotations

from datetime import timedelta

from django.conf import settings
from django.db.models.signals import post_save
from django.utils import timezone
from django.utils.translation import gettext_lazy as _
from drf_spectacular.extensions import OpenApiAuthenticationExtension
from drf_spectacular.plumbing import build_bearer_security_scheme_object
from knox.auth import TokenAuthentication
from knox.models import AuthToken
from rest_framework import exceptions

from edge.idempotency import token_of

EXPIRED = "This token has expired: ask POST /api/v1/auth/token/ for a new one."


def token_lifetime() -> timedelta:
    return timedelta(hours=settings.API_TOKEN_TTL_HOURS)


def is_expired(token: AuthToken) -> bool:
    return token.expiry is not None and token.expiry <= timezone.now()


def issue_token(user) -> tuple[AuthToken, str]:
    """A new token for one device of ``user``: its row and its secret (shown only now). The
    account's expired tokens are swept away on the way."""
    AuthToken.objects.filter(user=user, expiry__lte=timezone.now()).delete()
    return AuthToken.objects.create(user=user, expiry=token_lifetime())


def revoke_token(token: AuthToken) -> None:
    """Sign one device out: its token never works again."""
    AuthToken.objects.filter(digest=token.digest).delete()


def revoke_tokens(user) -> None:
    """Sign every device of ``user`` out."""
    AuthToken.objects.filter(user=user).delete()


class ExpiringTokenAuthentication(TokenAuthentication):
    """knox's ``Authorization: Token <secret>``: the token is found by the digest of its secret,
    with its account, in one statement; an expired one is refused saying so."""

    http_request = None

    def authenticate(self, request):
        # The page's request, where the Idempotency-Key's check may have read the token already.
        self.http_request = getattr(request, "_request", request)
        return super().authenticate(request)

    def authenticate_credentials(self, token: bytes):
        secret = token.decode("utf-8", errors="replace")
        found = token_of(self.http_request, secret)
        if found is None:
            raise exceptions.AuthenticationFailed(_("Invalid token."))
        if is_expired(found):
            revoke_token(found)
            raise exceptions.AuthenticationFailed(EXPIRED)
        return self.validate_user(found)


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


class TokenScheme(OpenApiAuthenticationExtension):
    """The schema names the scheme ``tokenAuth``, as it always has: ``Authorization: Token ...``
    (drf-spectacular's own knox extension would name it ``knoxApiToken``)."""

    target_class = ExpiringTokenAuthentication
    name = "tokenAuth"

    def get_security_definition(self, auto_schema):
        return build_bearer_security_scheme_object(
            header_name="Authorization",
            token_prefix=self.target.authenticate_header(None),
        )
