"""The people of a campaign: a member is a user with a role in it."""

from __future__ import annotations

from django.contrib.auth import get_user_model

from campaigns.models import Membership


def member(campaign, username: str, role: str, password: str | None = None):
    """A new user ``username`` who holds ``role`` in ``campaign``."""
    user = get_user_model().objects.create_user(
        username=username, password=password or f"pw-{username}-123"
    )
    Membership.objects.create(campaign=campaign, user=user, role=role)
    return user
