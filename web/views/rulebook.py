"""The living rulebook: the campaign's rules as of a game, rule stickers added and voided."""

from __future__ import annotations

from django.contrib import messages
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from campaigns.game import rulebook
from campaigns.selectors import packets
from campaigns.services import last_game_number
from campaigns.vocabulary import HIDDEN
from legacy.box import PACKET_BY_SLUG
from legacy.errors import RuleViolation
from legacy.rulebook import SETTING_LABELS
from legacy.wording import said
from web import pages
from web.forms.marks import ReasonForm
from web.forms.rulebook import StickerForm
from web.views.common import campaign_view, form_page


def opened_packets(campaign_id: int) -> list[tuple[str, str]]:
    """The packets opened in this campaign (the box's and its own), for a sticker to name."""
    own = packets.component_names(campaign_id)
    out = []
    for slug in packets.opened_in_order(campaign_id):
        known = PACKET_BY_SLUG.get(slug)
        out.append((slug, pages.packet_name(slug) if known else own.get(slug, slug)))
    return out


def sticker_rows(access, stickers, own: dict[str, str]) -> list[dict]:
    """Stickers as a page shows them: the group's words, or the placeholder when the campaign
    hides them from this reader; ``own`` names the campaign's own sealed components."""
    shown = access.sees_unlocked
    rows = []
    for sticker in stickers:
        opening = sticker.opening
        packet = None
        if opening is not None:
            if opening.packet in PACKET_BY_SLUG:
                packet = pages.packet_name(opening.packet)
            else:
                packet = own.get(opening.packet, opening.packet) if shown else HIDDEN
        rows.append(
            {
                "sticker": sticker,
                "title": sticker.title if shown else HIDDEN,
                "text": sticker.text if shown else "",
                "packet": packet,
                "setting": SETTING_LABELS.get(sticker.setting) if sticker.setting else None,
            }
        )
    return rows


def rules_context(request, access, form=None) -> dict:
    campaign = access.campaign
    last = last_game_number(campaign.pk)
    try:
        asked = int(request.GET.get("game", last))
    except (TypeError, ValueError):
        asked = last
    game, sections = rulebook.rules_as_of(campaign.pk, min(max(asked, 0), last))
    openings = opened_packets(campaign.pk)
    own = dict(openings)
    for section in sections:
        items = section["stickers"]
        rows = sticker_rows(access, [i["sticker"] for i in items], own)
        section["stickers"] = [
            row | {"newest": i["newest"]} for row, i in zip(rows, items, strict=True)
        ]
    voided = [s for s in rulebook.stickers_of(campaign.pk) if s.voided]
    if form is None and access.can_write:
        form = StickerForm(openings=openings, initial={"game": last})
    return {
        "access": access,
        "game": game,
        "games": list(range(0, last + 1)),
        "sections": sections,
        "voided": sticker_rows(access, voided, own),
        "form": form,
        "void_form": ReasonForm(prefix="void"),
    }


@campaign_view()
def rules_page(request, access):
    """The campaign's rules as of game N: every section in order, each sticker in place."""
    return render(request, "campaigns/rules.html", rules_context(request, access))


@campaign_view(write=True)
@require_POST
def sticker_add(request, access):
    form = StickerForm(request.POST, openings=opened_packets(access.campaign.pk))

    def add():
        d = form.cleaned_data
        return rulebook.add_sticker(
            campaign=access.campaign,
            section=d["section"],
            game=d["game"],
            title=d["title"],
            text=d.get("text") or "",
            packet=d.get("packet") or None,
            setting=d.get("setting") or "",
            by=request.user,
        )

    return form_page(
        request,
        form,
        add,
        template="campaigns/rules.html",
        context=lambda: rules_context(request, access, form=form),
        message=_("The rule sticker is in the rulebook."),
        then=reverse("campaigns:rules", args=[access.campaign.pk]),
    )


@campaign_view(write=True)
@require_POST
def sticker_void(request, access, sticker_id):
    form = ReasonForm(request.POST, prefix="void")
    reason = form.cleaned_data["reason"] if form.is_valid() else ""
    try:
        rulebook.void_sticker(
            campaign=access.campaign, sticker_id=sticker_id, reason=reason, by=request.user
        )
    except RuleViolation as refusal:
        messages.error(request, said(refusal))
    else:
        messages.success(request, _("The rule sticker was voided."))
    return redirect("campaigns:rules", access.campaign.pk)
