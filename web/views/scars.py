"""Scar types: the box's and those the packets unlocked, and what each does to the dice."""

from __future__ import annotations

from django.core.exceptions import PermissionDenied
from django.urls import reverse
from django.utils.translation import gettext as _

from campaigns.game.scars import set_dice_effect
from campaigns.selectors import marks
from campaigns.vocabulary import HIDDEN
from web import pages
from web.forms.packets import DiceEffectForm
from web.names import scar_kind_name
from web.views.common import campaign_view, form_page


@campaign_view()
def scar_types(request, access):
    """Every scar type with its effect on the dice; editors change an effect here (it is
    audited). A type a packet unlocked is not named to readers the campaign hides it from."""
    campaign = access.campaign
    posted = None
    if request.method == "POST":
        if not access.can_write:
            raise PermissionDenied(_("You may read this campaign but not change it."))
        posted = DiceEffectForm(request.POST)

    def page() -> dict:
        rows = []
        for kind in marks.scar_kinds(campaign.pk):
            shown = kind.base or access.sees_unlocked
            form = None
            if access.can_write:
                if posted is not None and posted.data.get("scar") == kind.slug:
                    form = posted
                else:
                    form = DiceEffectForm(
                        initial={"scar": kind.slug, "dice_effect": kind.dice_effect}
                    )
            rows.append(
                {
                    "name": scar_kind_name(kind) if shown else HIDDEN,
                    "effect": pages.dice_effect_label(kind.dice_effect),
                    "base": kind.base,
                    "on_faction_card": kind.on_faction_card,
                    "colour": kind.get_colour_display() if kind.colour else "",
                    "form": form,
                }
            )
        return {"access": access, "rows": rows}

    return form_page(
        request,
        posted or DiceEffectForm(),
        lambda: set_dice_effect(
            campaign=campaign,
            scar=posted.cleaned_data["scar"],
            dice_effect=posted.cleaned_data["dice_effect"],
            by=request.user,
        ),
        template="campaigns/scar_types.html",
        context=page,
        message=_("The scar type's effect on the dice is saved."),
        then=reverse("campaigns:scar_types", args=[campaign.pk]),
    )
