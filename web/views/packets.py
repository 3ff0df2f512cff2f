"""Sealed packets: which are due, which were opened, and opening one with what it unlocked."""

from __future__ import annotations

from django.contrib import messages
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _

from campaigns.game.packets import open_packet, packets_due
from campaigns.game.sealed import components_of
from campaigns.models import (
    GameStatus,
)
from campaigns.selectors import packets
from legacy.box import PACKETS
from legacy.errors import RuleViolation
from web import pages
from web.forms.packets import PacketForm
from web.refusals import refuse
from web.views.common import campaign_view
from web.views.sealed import packets_context


@campaign_view(write=True)
def packet_open(request, access):
    campaign = access.campaign
    opened = set(packets.opened(campaign.pk))
    sealed = [p.slug for p in PACKETS if p.slug not in opened]
    # The campaign's own sealed components, opened in the same way when the group says so.
    own = [(c.slug, c.name) for c in components_of(campaign.pk).values() if c.slug not in opened]
    due = packets_due(campaign) if campaign.prepared_at else []
    initial = {"packet": request.GET.get("packet") or (due[0] if due else None)}
    form = PacketForm(request.POST or None, sealed=sealed, own=own, initial=initial)
    if request.method == "POST" and form.is_valid():
        items = form.unlocked()
        if form.is_valid():  # unlocked() may add errors
            try:
                opening = open_packet(
                    campaign=campaign,
                    packet=form.cleaned_data["packet"],
                    unlocked=items,
                    trigger=form.cleaned_data.get("trigger") or "",
                    earned_otherwise=form.cleaned_data.get("earned_otherwise") or "",
                    by=request.user,
                )
            except RuleViolation as refusal:
                refuse(form, refusal)
            else:
                messages.success(
                    request,
                    _("%(packet)s opened: %(n)s item(s) entered.")
                    % {
                        "packet": dict(own).get(opening.packet)
                        or pages.packet_name(opening.packet),
                        "n": len(items),
                    },
                )
                current = campaign.games.filter(status=GameStatus.IN_PROGRESS).first()
                if current:
                    return redirect("campaigns:game", campaign.pk, current.number)
                return redirect("campaigns:dashboard", campaign.pk)
    return render(
        request,
        "campaigns/packet_open.html",
        {
            "access": access,
            "form": form,
            "due": [pages.packet_name(p) for p in due],
            "sealed": bool(sealed or own),
        },
    )


@campaign_view()
def packets_page(request, access):
    """Every packet: sealed or opened, and (for those allowed) what it unlocked."""
    return render(request, "campaigns/packets.html", packets_context(access))
