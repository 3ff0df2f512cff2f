"""The group's own sealed components on the packets page: adding one, and fixing a mistake."""

from __future__ import annotations

from django.contrib import messages
from django.shortcuts import redirect
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from campaigns.board import add_territory
from campaigns.game import sealed
from campaigns.game.packets import trigger_facts
from campaigns.selectors import packets
from campaigns.vocabulary import HIDDEN
from legacy import rules
from legacy.errors import RuleViolation
from legacy.rules.milestones import TRIGGER_COUNTS
from legacy.selectors import board_as_of_game
from legacy.wording import said
from web import pages
from web.access import Access
from web.forms.board import AddTerritoryForm
from web.forms.marks import ReasonForm
from web.forms.rulebook import ComponentForm
from web.views.board import board_context
from web.views.campaign import due_packets, packet_rows
from web.views.common import campaign_view, form_page


def component_rows(access: Access) -> list[dict]:
    """The campaign's own sealed components, sealed or opened; their names and triggers are a
    placeholder for a reader from whom the campaign hides what its packets unlocked."""
    components = packets.components(access.campaign.pk)
    openings = packets.openings_by_packet(
        access.campaign.pk, [c.slug for c in components if not c.voided]
    )
    contents = (
        pages.unlocked_by_opening(access.campaign.pk) if access.sees_unlocked and openings else {}
    )
    rows = []
    for c in components:
        opening = None if c.voided else openings.get(c.slug)
        rows.append(
            {
                "component": c,
                "name": c.name if access.sees_unlocked else HIDDEN,
                "trigger": c.trigger if access.sees_unlocked else HIDDEN,
                "opening": opening,
                "contents": contents.get(opening.pk, []) if opening else [],
            }
        )
    return rows


def with_progress(campaign, rows: list[dict]) -> list[dict]:
    """Each sealed packet whose trigger is a count, with how far it has come ("minor cities 7
    of 9"), from the facts the triggers read (``campaigns.game.packets.trigger_facts``)."""
    sealed_counted = [r for r in rows if not r["opening"] and r["slug"] in TRIGGER_COUNTS]
    if not sealed_counted or campaign.prepared_at is None:
        return rows
    progress = rules.trigger_progress(trigger_facts(campaign.pk, campaign))
    for row in sealed_counted:
        n, needed = progress[row["slug"]]
        row["progress"] = pages.trigger_progress_words(row["slug"], n, needed)
    return rows


def packets_context(access, component_form=None, board_form=None) -> dict:
    return {
        **board_context(access, board_form),
        "access": access,
        "packets": with_progress(access.campaign, packet_rows(access)),
        "components": component_rows(access),
        "to_open": due_packets(access.campaign),
        "component_form": component_form or ComponentForm(),
        "void_form": ReasonForm(prefix="void"),
    }


@campaign_view(write=True)
@require_POST
def component_add(request, access):
    form = ComponentForm(request.POST)
    return form_page(
        request,
        form,
        lambda: sealed.add_component(
            campaign=access.campaign,
            name=form.cleaned_data["name"],
            trigger=form.cleaned_data["trigger"],
            by=request.user,
        ),
        template="campaigns/packets.html",
        context=lambda: packets_context(access, component_form=form),
        message=_("The sealed component is on the list."),
        then=packets_url(access),
    )


@campaign_view(write=True)
@require_POST
def component_fix(request, access, component_id):
    """Remove a component entered by mistake (still sealed), or void it with a reason."""
    try:
        if request.POST.get("action") == "remove":
            sealed.remove_component(
                campaign=access.campaign, component_id=component_id, by=request.user
            )
            messages.success(request, _("The sealed component was removed."))
        else:
            form = ReasonForm(request.POST, prefix="void")
            reason = form.cleaned_data["reason"] if form.is_valid() else ""
            sealed.void_component(
                campaign=access.campaign,
                component_id=component_id,
                reason=reason,
                by=request.user,
            )
            messages.success(request, _("The sealed component was voided."))
    except RuleViolation as refusal:
        messages.error(request, said(refusal))
    return redirect("campaigns:packets", access.campaign.pk)


@campaign_view(write=True)
@require_POST
def territory_add(request, access):
    grown = board_as_of_game(access.campaign.pk)
    form = AddTerritoryForm(request.POST, on=grown, prefix="board")

    def add():
        data = form.cleaned_data
        return add_territory(
            campaign=access.campaign,
            game=data["game"],
            name=data["name"],
            continent=data["continent"],
            connections=data["connections"],
            coins=data["coins"],
            x=None if data["x"] is None else data["x"] / 100,
            y=None if data["y"] is None else data["y"] / 100,
            by=request.user,
        )

    return form_page(
        request,
        form,
        add,
        template="campaigns/packets.html",
        context=lambda: packets_context(access, board_form=form),
        message=_("The territory is on the board from its game on."),
        then=packets_url(access),
    )


def packets_url(access) -> str:
    return reverse("campaigns:packets", args=[access.campaign.pk])
