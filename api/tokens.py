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


def _token_statement() -> tuple[str, list, list]:
    """The token with its account, in one statement written out once (``campaigns.rows``)."""
    user_model = get_user_model()
    token_columns, token_readers = rows.columns(Token, "t")
    user_columns, user_readers = rows.columns(user_model, "u")
    sql = (
        f"SELECT {token_columns}, {user_columns} FROM {Token._meta.db_table} t"  # noqa: S608
        f" JOIN {user_model._meta.db_table} u ON u.id = t.user_id WHERE t.key = %s"
    )
    return sql, token_readers, user_readers


def token_with_user(key: str) -> Token | None:
    """The token ``key`` with its ``user`` read, or None. Every API request by a token starts
    here, so its statement is written once, as the access check's is."""
    sql, token_readers, user_readers = rows.once("tokens.token_with_user", _token_statement)
    with rows.cursor() as cursor:
        cursor.execute(sql, [key])
        found = cursor.fetchone()
    if found is None:
        return None
    split = len(token_readers)
    token = rows.instance(Token, token_readers, found[:split])
    token.user = rows.instance(get_user_model(), user_readers, found[split:])
    return token


def _picture_statement() -> tuple[str, list, list, list, list]:
    """The token with its account and, in the same statement, a picture's row with its campaign
    and that account's role there (``campaigns.access.snapshot_with_campaign``'s reading); the
    picture's columns are NULL when it has no row."""
    from campaigns.models import Campaign, Membership, Snapshot

    user_model = get_user_model()
    token_columns, token_readers = rows.columns(Token, "t")
    user_columns, user_readers = rows.columns(user_model, "u")
    snapshot_columns, snapshot_readers = rows.columns(Snapshot, "s")
    campaign_columns, campaign_readers = rows.columns(Campaign, "c")
    sql = (
        f"SELECT {token_columns}, {user_columns}, {snapshot_columns}, {campaign_columns},"  # noqa: S608
        f" (SELECT m.role FROM {Membership._meta.db_table} m"
        f" WHERE m.campaign_id = c.id AND m.user_id = t.user_id) AS my_role"
        f" FROM {Token._meta.db_table} t JOIN {user_model._meta.db_table} u ON u.id = t.user_id"
        f" LEFT JOIN ({Snapshot._meta.db_table} s"
        f" JOIN {Campaign._meta.db_table} c ON c.id = s.campaign_id)"
        f" ON s.campaign_id = %s AND s.game_number = %s"
        f" WHERE t.key = %s"
    )
    return sql, token_readers, user_readers, snapshot_readers, campaign_readers


def token_with_picture(key: str, campaign_id: int, game_number: int):
    """``(token, row)``: the token ``key`` with its ``user`` (None when there is no such token),
    and the picture row of game ``game_number`` of campaign ``campaign_id`` with its campaign
    and the token's account's role there (``my_role``), or None when it has no row.

    Without it, a script's every poll or fetch of a picture takes two statements: one for the
    token, one for the picture with the reader's role in its campaign."""
    from campaigns.models import Campaign, Snapshot

    sql, token_readers, user_readers, snapshot_readers, campaign_readers = rows.once(
        "tokens.token_with_picture", _picture_statement
    )
    with rows.cursor() as cursor:
        cursor.execute(sql, [campaign_id, game_number, key])
        found = cursor.fetchone()
    if found is None:
        return None, None
    user_at = len(token_readers)
    snapshot_at = user_at + len(user_readers)
    campaign_at = snapshot_at + len(snapshot_readers)
    token = rows.instance(Token, token_readers, found[:user_at])
    token.user = rows.instance(get_user_model(), user_readers, found[user_at:snapshot_at])
    if found[snapshot_at] is None:  # the picture's id: no row
        return token, None
    row = rows.instance(Snapshot, snapshot_readers, found[snapshot_at:campaign_at])
    row.campaign = rows.instance(Campaign, campaign_readers, found[campaign_at:-1])
    row.my_role = found[-1]
    return token, row


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
