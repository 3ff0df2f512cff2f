"""Password checks one at a time per account, so that a failure limit cannot be raced past.

django-axes refuses a login once enough failures are recorded, but it reads the count before the
password is checked and records a failure after. Requests arriving together on several workers
would all read the count before any of them recorded a failure, and all get their password
checked. Here each check holds the account's row (``SELECT ... FOR UPDATE``) until its outcome
is recorded and committed: the next check for the same account waits, then reads the new count.
An unknown username locks nothing: no password can be right for it.
"""

from __future__ import annotations

from django.contrib.auth import authenticate, get_user_model
from django.db import transaction


def authenticate_in_turn(request, *, username: str, password: str):
    """``authenticate`` with the request (so axes counts it), one check per account at a time."""
    user_model = get_user_model()
    with transaction.atomic():
        list(
            user_model._default_manager.select_for_update()
            .filter(**{user_model.USERNAME_FIELD: username})
            .values_list("pk", flat=True)
        )
        return authenticate(request, username=username, password=password)


def password_is_right(request, user, password: str) -> bool:
    """Is ``password`` the password of ``user``, the account signed in? Asked as a login is, so
    that a wrong one counts toward the account's lockout with every other door's, and none is
    right while the lockout lasts (a form that asks for the password again is a door too)."""
    found = authenticate_in_turn(request, username=user.get_username(), password=password)
    return found is not None and found.pk == user.pk
