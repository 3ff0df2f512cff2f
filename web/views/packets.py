"""Sealed packets: which are due, which were opened, and opening one with what it unlocked."""

from __future__ import annotations

from django.shortcuts import render
from django.urls import reverse
from django.utils.translation import gettext as _

from campaigns.game.packets import open_packet, packets_due
from campaigns.game.sealed import components_of
from campaigns.models import (
    GameStatus,
)
from campaigns.selectors import packets
from legacy.box import PACKETS
from web import pages
from web.forms.packets import PacketForm
from web.views.common import campaign_view, form_page
from web.views.sealed import packets_context


@campaign_view(write=True)
def packet_open(request, access):
    campaign = access.campaign
    opened = set(packets.opened(campaign.pk))
    sealed = [p.slug for p in PACKETS if p.slug not in opened]
    # The campaign's own sealed components, opened in the same way when the group says so.
    components = components_of(campaign.pk)
    own = [(c.slug, c.name) for c in components.values() if c.slug not in opened]
    # The packets brought in as opened, while the group brings the campaign in: what they
    # unlocked is entered here too.
    brought = [
        (slug, _("%(packet)s (brought in: enter what it unlocked)") % {"packet": name})
        for slug in packets.contents_to_enter(campaign)
        for name in [components[slug].name if slug in components else pages.packet_name(slug)]
    ]
    due = packets_due(campaign) if campaign.prepared_at else []
    initial = {"packet": request.GET.get("packet") or (due[0] if due else None)}
    form = PacketForm(request.POST or None, sealed=sealed, own=[*own, *brought], initial=initial)
    # What it unlocked is read first: a wrong item is an error of the form (then not valid).
    items = form.unlocked() if request.method == "POST" and form.is_valid() else []

    def then(opening) -> str:
        current = campaign.games.filter(status=GameStatus.IN_PROGRESS).first()
        if current:
            return reverse("campaigns:game", args=[campaign.pk, current.number])
        return reverse("campaigns:dashboard", args=[campaign.pk])

    return form_page(
        request,
        form,
        lambda: open_packet(
            campaign=campaign,
            packet=form.cleaned_data["packet"],
            unlocked=items,
            trigger=form.cleaned_data.get("trigger") or "",
            earned_otherwise=form.cleaned_data.get("earned_otherwise") or "",
            by=request.user,
        ),
        template="campaigns/packet_open.html",
        context={
            "access": access,
            "form": form,
            "due": [pages.packet_name(p) for p in due],
            "sealed": bool(sealed or own or brought),
        },
        message=lambda opening: (
            (
                _("What %(packet)s unlocked: %(n)s item(s) entered.")
                if opening.brought_in
                else _("%(packet)s opened: %(n)s item(s) entered.")
            )
            % {
                "packet": components[opening.packet].name
                if opening.packet in components
                else pages.packet_name(opening.packet),
                "n": len(items),
            }
        ),
        then=then,
    )


@campaign_view()
def packets_page(request, access):
    """Every packet: sealed or opened, and (for those allowed) what it unlocked."""
    return render(request, "campaigns/packets.html", packets_context(access))
