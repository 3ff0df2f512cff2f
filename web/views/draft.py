"""The draft of a game on its page: offered once Pack 1 is open (or once a draft was entered),
while the game is set up or being played."""

from __future__ import annotations

from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from campaigns.game.draft import draft_offered, record_draft
from web.forms.draft import DraftForm
from web.views.common import campaign_view, form_page, game_or_404


def draft_context(access, game, seats, form=None) -> dict:
    """The draft's form for a member who may write, once it is offered."""
    if not access.can_write or game.is_finished:
        return {"draft_form": None}
    if form is None:
        entered = any(s.draft_turn is not None for s in seats)
        if not entered and not draft_offered(access.campaign.pk):
            return {"draft_form": None}
        form = DraftForm(seats=seats)
    return {"draft_form": form}


@require_POST
@campaign_view(write=True)
def draft_update(request, access, number):
    game = game_or_404(access, number)
    seats = list(game.seats.select_related("player").order_by("order"))
    form = DraftForm(request.POST, seats=seats)
    return form_page(
        request,
        form,
        lambda: record_draft(game=game, picks=form.picks(), by=request.user),
        template="campaigns/draft.html",
        context={"access": access, "game": game, "draft_form": form},
        message=_("The draft is saved."),
        then=reverse("campaigns:game", args=[access.campaign.pk, game.number]) + "#draft",
    )
