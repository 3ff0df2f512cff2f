"""A new e-mail address is the account's once a link sent to it is opened.

The e-mail page never says whether another account uses an address: it answers the same either
way, and the account keeps its address until the link is followed, so reading the page again
tells nothing either. A free address is sent a link to confirm it; a taken one is sent a notice
that someone asked for it (so that both take the same time, and its owner knows). The link
names the account, the new address and the address the account had when it was asked for
(``django.core.signing``, the server's secret key): it works for ``PASSWORD_RESET_TIMEOUT``
seconds, once ever (``campaigns.links``), and not after the account's address changed in
another way.
"""

from __future__ import annotations

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core import signing
from django.core.mail import send_mail
from django.db import transaction
from django.template.loader import render_to_string
from django.urls import reverse

from campaigns.links import use_once

SALT = "earthbook.accounts.email-change"


def link_token(user, address: str, was: str) -> str:
    """The link's token: ``user`` may make ``address`` theirs while their address is ``was``."""
    return signing.dumps({"user": user.pk, "to": address, "was": was}, salt=SALT)


def _mail(request, template: str, address: str, context: dict) -> None:
    subject = render_to_string(f"registration/{template}_subject.txt", context, request)
    body = render_to_string(f"registration/{template}_email.txt", context, request)
    send_mail(" ".join(subject.split()), body, settings.DEFAULT_FROM_EMAIL, [address])


def ask_for(request, user, address: str, *, was: str, taken: bool) -> None:
    """Send ``address`` the link that makes it ``user``'s (whose address is ``was`` now), or,
    when another account uses it, the notice that someone asked for it."""
    if taken:
        _mail(request, "email_taken", address, {"address": address})
        return
    path = reverse("email_confirm", args=[link_token(user, address, was)])
    context = {"address": address, "link": request.build_absolute_uri(path), "user": user}
    _mail(request, "email_change", address, context)


def read_link(token: str):
    """``(user, address)`` a link asks for, or None: tampered with, expired, used, or made
    before the account's address changed."""
    try:
        asked = signing.loads(token, salt=SALT, max_age=settings.PASSWORD_RESET_TIMEOUT)
    except (signing.BadSignature, ValueError, TypeError):
        return None
    if not isinstance(asked, dict):
        return None
    user = get_user_model()._default_manager.filter(pk=asked.get("user")).first()
    address = asked.get("to")
    if user is None or not isinstance(address, str) or user.email != asked.get("was"):
        return None
    return user, address


def confirm(token: str) -> str:
    """Make the address a link asks for its account's: "done", "taken" (another account took
    it meanwhile) or "bad" (``read_link`` gave nothing)."""
    model = get_user_model()
    with transaction.atomic():
        found = read_link(token)
        if found is None:
            return "bad"
        user, address = found
        model._default_manager.select_for_update().filter(pk=user.pk).first()
        others = model._default_manager.filter(email__iexact=address).exclude(pk=user.pk)
        if others.exists():
            return "taken"
        if not use_once(token, lifetime_seconds=settings.PASSWORD_RESET_TIMEOUT):
            return "bad"  # followed before: once, ever
        moved = model._default_manager.filter(pk=user.pk, email=user.email).update(email=address)
    return "done" if moved else "bad"
