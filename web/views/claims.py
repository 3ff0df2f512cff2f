"""Claim your name on the roster page: a member asks to be a roster name, the owner confirms
(``campaigns.claims``)."""

from __future__ import annotations

from django.contrib import messages
from django.shortcuts import redirect
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from campaigns import claims
from legacy.errors import RuleViolation
from legacy.wording import said
from web.views.common import campaign_view


@require_POST
@campaign_view(member=True)
def claim(request, access, player_id):
    try:
        player = claims.claim_name(campaign=access.campaign, player_id=player_id, by=request.user)
    except RuleViolation as refusal:
        messages.error(request, said(refusal))
    else:
        if player.user_id == request.user.pk:
            messages.success(request, _("You are %(name)s on this roster.") % {"name": player.name})
        else:
            messages.success(
                request, _("You claimed %(name)s: the owner confirms.") % {"name": player.name}
            )
    return redirect("campaigns:players", access.campaign.pk)


@require_POST
@campaign_view(owner=True)
def claim_decide(request, access, player_id):
    accept = request.POST.get("accept") == "1"
    try:
        claims.decide_claim(
            campaign=access.campaign, player_id=player_id, accept=accept, by=request.user
        )
    except RuleViolation as refusal:
        messages.error(request, said(refusal))
    else:
        messages.success(
            request, _("The claim is confirmed.") if accept else _("The claim is turned down.")
        )
    return redirect("campaigns:players", access.campaign.pk)
