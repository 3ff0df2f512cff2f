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
from django.contrib.auth import get_user_model
from django.db.models.signals import post_save
from django.utils import timezone
from django.utils.translation import gettext_lazy as _
from rest_framework import exceptions
from rest_framework.authentication import TokenAuthentication
from rest_framework.authtoken.models import Token

from campaigns import rows
from campaigns.access import picture_of, picture_select

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


def _token_columns() -> tuple[str, str, list, list]:
    """The token's columns and its account's (aliases ``t`` and ``u``), the tables they come
    from, and their readers (``campaigns.rows``)."""

    def build():
        user_model = get_user_model()
        token_columns, token_readers = rows.columns(Token, "t")
        user_columns, user_readers = rows.columns(user_model, "u")
        tables = f"{Token._meta.db_table} t JOIN {user_model._meta.db_table} u ON u.id = t.user_id"
        return f"{token_columns}, {user_columns}", tables, token_readers, user_readers

    return rows.once("tokens.columns", build)


def _token_of(found) -> tuple[Token, int]:
    """The token with its ``user`` from the first values of ``found`` (``_token_columns``), and
    how many values they were."""
    _columns, _tables, token_readers, user_readers = _token_columns()
    split = len(token_readers)
    end = split + len(user_readers)
    token = rows.instance(Token, token_readers, found[:split])
    token.user = rows.instance(get_user_model(), user_readers, found[split:end])
    return token, end


def token_with_user(key: str) -> Token | None:
    """The token ``key`` with its ``user`` read, or None. Every API request by a token starts
    here, so its statement is written once, as the access check's is."""

    def build():
        columns, tables, _token_readers, _user_readers = _token_columns()
        return f"SELECT {columns} FROM {tables} WHERE t.key = %s"  # noqa: S608

    with rows.cursor() as cursor:
        cursor.execute(rows.once("tokens.token_with_user", build), [key])
        found = cursor.fetchone()
    return None if found is None else _token_of(found)[0]


def token_with_picture(key: str, campaign_id: int, game_number: int):
    """``(token, row)``: the token ``key`` with its ``user`` (None when there is no such token),
    and the picture row of game ``game_number`` of campaign ``campaign_id`` with its campaign
    and the token's account's role there (``my_role``, as ``campaigns.access`` reads it), or
    None when it has no row.

    Without it, a script's every poll or fetch of a picture takes two statements: one for the
    token, one for the picture with the reader's role in its campaign."""

    def build():
        columns, tables, _token_readers, _user_readers = _token_columns()
        picture, picture_tables = picture_select("t.user_id")
        return (
            f"SELECT {columns}, {picture} FROM {tables}"  # noqa: S608
            f" LEFT JOIN ({picture_tables}) ON s.campaign_id = %s AND s.game_number = %s"
            f" WHERE t.key = %s"
        )

    with rows.cursor() as cursor:
        sql = rows.once("tokens.token_with_picture", build)
        cursor.execute(sql, [campaign_id, game_number, key])
        found = cursor.fetchone()
    if found is None:
        return None, None
    token, end = _token_of(found)
    if found[end] is None:  # the picture's id: it has no row
        return token, None
    return token, picture_of(found[end:])


class ExpiringTokenAuthentication(TokenAuthentication):
    """DRF's ``Authorization: Token <key>``, refusing a token older than its lifetime.

    A view that reads a picture (``api.views.pictures``) may say which one before it
    authenticates, as ``request.picture_wanted = (campaign_id, game_number)``: the token and
    the picture are then read in one statement, and once the token is accepted the picture's
    row is left on the request as ``request.picture_read = ((campaign_id, game_number), row)``.
    The token's refusals are the same either way; the access to the picture is still decided
    by the view, from the role read with it."""

    request = None

    def authenticate(self, request):
        self.request = request  # DRF makes an authenticator for each request
        return super().authenticate(request)

    def authenticate_credentials(self, key):
        # DRF's own reading (``select_related("user").get(key=key)``) and refusals, with the
        # statement written once.
        wanted = getattr(self.request, "picture_wanted", None)
        picture = None
        if wanted is None:
            token = token_with_user(key)
        else:
            token, picture = token_with_picture(key, *wanted)
        if token is None:
            raise exceptions.AuthenticationFailed(_("Invalid token."))
        if not token.user.is_active:
            raise exceptions.AuthenticationFailed(_("User inactive or deleted."))
        if is_expired(token):
            token.delete()
            raise exceptions.AuthenticationFailed(EXPIRED)
        if wanted is not None:
            self.request.picture_read = (wanted, picture)
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
