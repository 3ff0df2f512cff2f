"""The front door: the home page, the health check, signing up."""

from __future__ import annotations

import logging
import math
import time

from axes.helpers import get_cool_off
from django.conf import settings
from django.contrib import messages
from django.contrib.auth import login
from django.contrib.auth import views as auth_views
from django.contrib.auth.decorators import login_required
from django.core.cache import cache
from django.http import JsonResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext as _

from campaigns.claims import my_campaigns
from campaigns.health import report as health_report
from campaigns.models import (
    Campaign,
)
from config.client import client_address
from web.forms.campaign import EmailForm, SignupForm

logger = logging.getLogger(__name__)


def home(request):
    public = Campaign.objects.filter(public=True).order_by("-created_at")[:20]
    mine = my_campaigns(request.user) if request.user.is_authenticated else []
    for m in mine:
        m.role_label = m.get_role_display()
    return render(request, "home.html", {"public_campaigns": public, "my_memberships": mine})


def health(request):
    """For load balancers and the operator: each dependency on its own, and an overall status
    (503 only when the database is down; see ``campaigns.health``)."""
    body, status = health_report()
    response = JsonResponse(body, status=status)
    response["Cache-Control"] = "no-store"
    return response


def _safe_next(request, fallback: str) -> str:
    target = request.POST.get("next") or request.GET.get("next") or ""
    if target and url_has_allowed_host_and_scheme(
        target, allowed_hosts={request.get_host()}, require_https=request.is_secure()
    ):
        return target
    return fallback


def locked_out(request, original_response=None, credentials=None):
    """AXES_LOCKOUT_CALLABLE: the answer to a login refused for too many failures.

    The page and the admin login get a page that says so; the API's token view has already
    answered in the API's own error shape, and that answer is kept.
    """
    if original_response is not None and request.path.startswith("/api/"):
        return original_response
    cool_off = get_cool_off(request)
    minutes = max(1, math.ceil(cool_off.total_seconds() / 60)) if cool_off else 1
    response = render(request, "registration/locked_out.html", {"minutes": minutes}, status=429)
    if cool_off:
        response["Retry-After"] = str(int(cool_off.total_seconds()))
    return response


def _signup_allowed(request) -> bool:
    """Count this sign-up attempt against its client address; False past the limit."""
    return _counted(request, "signups", settings.SIGNUP_LIMIT, settings.SIGNUP_WINDOW_MINUTES)


def _counted(request, what: str, limit: int, minutes: int) -> bool:
    """Count one attempt at ``what`` against the client address; False past ``limit``.

    A fixed window in the cache, counted with ``add`` and ``incr`` (atomic in Redis and in the
    local-memory cache), so that workers answering at the same moment cannot race past it.
    While the cache is out of reach (Redis down: the fail-soft cache answers nothing) nothing
    can be counted and the attempt is let through, as logins are: the page goes on working.
    """
    window = minutes * 60
    key = f"{what}:{client_address(request)}:{int(time.time() // window)}"
    cache.add(key, 0, timeout=window)
    try:
        count = cache.incr(key)
    except ValueError:  # expired between the two calls, or the cache kept nothing
        cache.add(key, 1, timeout=window)
        count = 1
    if not isinstance(count, int):
        logger.warning("The %s of %s could not be counted: the cache is down", what, key)
        return True
    return count <= limit


# The address typed in the last change of the e-mail page, shown in its field once.
TYPED_EMAIL = "email-typed"


@login_required
def email_update(request):
    """The account's e-mail address, where a reset link goes if the password is forgotten."""
    # After a change, the page shows the address as typed, saved or refused alike (a field
    # showing the old address again would tell that another account uses the new one).
    typed = request.session.pop(TYPED_EMAIL, None) if request.method == "GET" else None
    initial = {"email": typed} if isinstance(typed, str) else None
    form = EmailForm(request.POST or None, instance=request.user, initial=initial)
    if request.method == "POST" and form.is_valid():
        # The same answer whether or not another account uses the address: this page is no
        # way to learn whose addresses are known here. A taken address is not saved.
        if not form.address_taken():
            form.save()
        request.session[TYPED_EMAIL] = form.cleaned_data["email"]
        messages.success(
            request, _("Your e-mail address is saved, unless another account already uses it.")
        )
        return redirect("email")
    return render(request, "registration/email_form.html", {"form": form})


class PasswordResetView(auth_views.PasswordResetView):
    """Django's reset by e-mail, with requests counted per client address like sign-ups.

    Past the limit nothing is sent, and the page says so (the form never says whether an
    address belongs to an account). The e-mail is written in the language of the page.
    """

    def post(self, request, *args, **kwargs):
        if not _counted(
            request,
            "password-resets",
            settings.PASSWORD_RESET_LIMIT,
            settings.PASSWORD_RESET_WINDOW_MINUTES,
        ):
            context = self.get_context_data(form=self.form_class())
            context["refusal"] = _(
                "Too many reset requests from your address for now. Try again later."
            )
            return self.render_to_response(context, status=429)
        return super().post(request, *args, **kwargs)


def signup(request):
    """Sign up. A taken username is said to be taken: a person choosing a name must learn it,
    and usernames are no secret to the people one plays with. What keeps this from being a
    directory of accounts is the limit per address, which counts every attempt, refused or not;
    past it, nothing sent is checked. (Logins, in turn, never say whether a username exists.)"""
    if request.user.is_authenticated:
        return redirect("home")
    form = SignupForm(request.POST or None)
    if request.method == "POST" and not _signup_allowed(request):
        # A fresh form: nothing of what was sent is checked (nor a username looked up).
        context = {
            "form": SignupForm(),
            "next": request.POST.get("next", ""),
            "refusal": _("Too many sign-ups from your address for now. Try again later."),
        }
        return render(request, "registration/signup.html", context, status=429)
    if request.method == "POST" and form.is_valid():
        user = form.save()
        login(request, user, backend="django.contrib.auth.backends.ModelBackend")
        messages.success(request, _("Welcome to Earthbook, %(name)s.") % {"name": user.username})
        return redirect(_safe_next(request, reverse("campaigns:new")))
    return render(
        request, "registration/signup.html", {"form": form, "next": request.GET.get("next", "")}
    )
