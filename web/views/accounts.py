"""The front door: the home page, the health check, signing up."""

from __future__ import annotations

import logging
import math
import time
from urllib.parse import urlencode

from axes.helpers import get_cool_off
from django.conf import settings
from django.contrib import admin, messages
from django.contrib.auth import views as auth_views
from django.contrib.auth.decorators import login_required
from django.contrib.auth.hashers import make_password
from django.core.cache import cache
from django.db import IntegrityError, transaction
from django.http import JsonResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext as _

from campaigns import live
from campaigns.claims import my_campaigns
from campaigns.health import report as health_report
from campaigns.selectors import people
from edge.client import client_address
from web import email_change
from web.forms.campaign import (
    CountedAdminPasswordChangeForm,
    CountedPasswordChangeForm,
    EmailForm,
    SignupForm,
)

logger = logging.getLogger(__name__)


def home(request):
    public = people.public_campaigns()
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


@login_required
def email_update(request):
    """The account's e-mail address, where a reset link goes if the password is forgotten. A new
    address is the account's once the link sent to it is opened (``web.email_change``): the
    page answers the same, and shows the address the account keeps, whether or not another
    account uses the one typed."""
    was = request.user.email or ""  # the form sets the typed one on the account it is given
    form = EmailForm(request.POST or None, instance=request.user, request=request)
    if request.method == "POST" and form.is_valid():
        address = form.cleaned_data["email"]
        if not address:
            form.save()
            messages.success(request, _("Your account has no e-mail address now."))
        elif address.lower() == was.lower():
            messages.success(request, _("This is already your e-mail address."))
        elif not _counted(
            request,
            "email-changes",
            settings.PASSWORD_RESET_LIMIT,
            settings.PASSWORD_RESET_WINDOW_MINUTES,
        ):
            # Each change sends a mail: counted like reset requests, and nothing sent past it.
            form.add_error(
                None, _("Too many e-mail changes from your address for now. Try again later.")
            )
            return render(request, "registration/email_form.html", {"form": form}, status=429)
        else:
            taken = form.address_taken()
            email_change.ask_for(request, request.user, address, was=was, taken=taken)
            messages.success(
                request,
                _(
                    "A link was sent to %(address)s, unless another account uses it: the "
                    "address is yours once you open it."
                )
                % {"address": address},
            )
        return redirect("email")
    return render(request, "registration/email_form.html", {"form": form})


def email_confirm(request, token):
    """The link sent to a new address: GET asks (a mail scanner opening the link changes
    nothing), POST makes it the account's."""
    found = email_change.read_link(token)
    if request.method == "POST" and found is not None:
        outcome = email_change.confirm(token)
        if outcome == "done":
            messages.success(request, _("Your e-mail address is saved."))
            return redirect("email" if request.user.is_authenticated else "login")
        if outcome == "taken":
            refusal = _("Another account uses this e-mail address.")
            return render(
                request, "registration/email_confirm.html", {"refusal": refusal}, status=409
            )
        found = None
    context = {"address": found[1] if found else ""}
    if found is None:
        context["refusal"] = _(
            "This link does not work: it was used already, it is too old, or the address was "
            "changed since. Ask for a new one on the page of your e-mail address."
        )
    return render(request, "registration/email_confirm.html", context, status=200 if found else 404)


class LogoutView(auth_views.LogoutView):
    """Django's logout, then every open stream of the account's campaigns checks its reader at
    once: this session's streams end now, not at their next check. Asked only once the session
    is flushed (``user_logged_out`` is sent before, when a check still finds it valid)."""

    def post(self, request, *args, **kwargs):
        account = request.user
        campaign_ids = people.campaign_ids_of(account) if account.is_authenticated else []
        response = super().post(request, *args, **kwargs)
        for campaign_id in campaign_ids:
            live.check_readers_after_commit(campaign_id)
        return response


class PasswordChangeView(auth_views.PasswordChangeView):
    """Django's change of password, the old one counted toward the lockout as a login is."""

    form_class = CountedPasswordChangeForm

    def get_form_kwargs(self):
        return {**super().get_form_kwargs(), "request": self.request}


def admin_password_change(request):
    """The admin's change of password (``AdminSite.password_change``), with its old password
    counted toward the lockout as on the account page: Django's admin checks it without axes."""
    site = admin.site
    request.current_app = site.name
    view = PasswordChangeView.as_view(
        form_class=CountedAdminPasswordChangeForm,
        success_url=reverse("admin:password_change_done", current_app=site.name),
        extra_context=site.each_context(request),
        **(
            {"template_name": site.password_change_template}
            if site.password_change_template
            else {}
        ),
    )
    return view(request)


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
    """Sign up. The answer never says whether the username was taken: a free one makes the
    account, a taken one nothing, and both lead to the login page with the same words (and
    about the same time: a password is hashed either way). The person then logs in with the
    name they chose. An e-mail address another account uses is not said either: the new account
    is made without it, and the address is sent a notice. The limit per address counts every
    attempt; past it, nothing sent is
    checked. (Logins, in turn, never say whether a username exists.)"""
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
        address = form.cleaned_data.get("email") or ""
        address_taken = bool(address) and form.email_taken()
        if form.name_taken():
            make_password(form.cleaned_data["password1"])  # the time an account takes
        else:
            try:
                with transaction.atomic():
                    user = form.save(commit=False)
                    if address_taken:  # another account's: not this one's, and not said
                        user.email = ""
                    user.save()
            except IntegrityError:  # made by another sign-up a moment before: taken
                pass
        if address_taken:  # its owner learns someone asked for it (web.email_change)
            email_change.ask_for(request, None, address, was="", taken=True)
        messages.success(
            request,
            _(
                "If that username was free, your account is made: log in with it. If not, "
                "sign up again with another name."
            ),
        )
        after = _safe_next(request, reverse("campaigns:new"))
        return redirect(f"{reverse('login')}?{urlencode({'next': after})}")
    return render(
        request, "registration/signup.html", {"form": form, "next": request.GET.get("next", "")}
    )
