"""The front door: the home page, the health check, signing up."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth import login
from django.http import JsonResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext as _

from campaigns.health import report as health_report
from campaigns.models import (
    Campaign,
    Membership,
)
from web import pages
from web.forms.campaign import SignupForm


def home(request):
    public = Campaign.objects.filter(public=True).order_by("-created_at")[:20]
    mine = []
    if request.user.is_authenticated:
        mine = list(
            Membership.objects.filter(user=request.user)
            .select_related("campaign")
            .order_by("-campaign__created_at")
        )
        for m in mine:
            m.role_label = pages.ROLE_LABELS.get(m.role, m.role)
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


def signup(request):
    if request.user.is_authenticated:
        return redirect("home")
    form = SignupForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        user = form.save()
        login(request, user, backend="django.contrib.auth.backends.ModelBackend")
        messages.success(request, _("Welcome to Earthbook, %(name)s.") % {"name": user.username})
        return redirect(_safe_next(request, reverse("campaigns:new")))
    return render(
        request, "registration/signup.html", {"form": form, "next": request.GET.get("next", "")}
    )
