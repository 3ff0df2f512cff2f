"""What every page view shares: the reader's access to a campaign (``campaign_view``), htmx
fragments, the players' names and the board as the pages draw it.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps
from typing import Any

from django.contrib import messages
from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import PermissionDenied
from django.http import Http404
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext
from django.utils.translation import gettext as _

from campaigns import hiding
from campaigns.game.finish import read_reward_targets
from campaigns.models import (
    Game,
)
from campaigns.selectors import games, people
from campaigns.selectors.history import MARK_TYPE_OF_NAME
from campaigns.services import CampaignArchived
from legacy.errors import RuleViolation
from legacy.rules import Reward
from legacy.wording import said
from web.access import Access, campaign_access
from web.board_svg import BoardContext, interactive_svg, mark_kinds, territory_url
from web.names import (
    continent_name,
    reading_campaign,
    scar_names,
    territory_name,
    unlocked_factions_among,
)

# A form drawn again with its errors (the form's own, or a service's refusal) is a 200, as the
# first drawing of it is. The live table posts its forms with fetch (static/js/live.js) and draws
# the answer in place only when it is a 2xx: anything else counts as a failure and the form is
# sent again the plain way. The phone's queue (static/js/offline.js) reads a refusal out of the
# form's error lists in the page it gets back.
FORM_REFUSED_STATUS = 200


def refuse(form, refusal: RuleViolation) -> None:
    """Show a service's refusal at the top of the form it came from, in the reader's words."""
    form.add_error(None, said(refusal))


def form_page(
    request,
    form,
    act: Callable[[], Any],
    *,
    template: str,
    context: dict | Callable[[], dict],
    then: str | Callable[[Any], str],
    message: str | Callable[[Any], str] = "",
    refused: Callable[[Any, RuleViolation], None] = refuse,
    ready: bool = True,
):
    """The page door's one way of taking a form to a service.

    On a POST whose ``form`` is valid (and that is ``ready``: not a preview, not a form the page
    only shows), ``act()`` calls the service, reading ``form.cleaned_data``. When the service
    refuses (``RuleViolation``), ``refused`` puts its words on the form (by default at its top:
    ``refuse``); when it does what was asked, ``message`` (a sentence, or made from
    what the service returned) is shown on the page the reader is sent to, ``then`` (an
    address, or made from what the service returned).

    Otherwise the page is drawn with ``template`` and ``context`` (a dict, or a callable giving
    it, so that nothing is read for a page that is not drawn), with the form and whatever errors
    it holds. The status is ``FORM_REFUSED_STATUS``, 200 and not 400, whether the form is drawn
    for the first time or again after a refusal: the live table's fetch draws only a 2xx in
    place, and the page tests expect a 200 for a form drawn again.
    """
    if ready and request.method == "POST" and form.is_valid():
        try:
            done = act()
        except RuleViolation as refusal:
            refused(form, refusal)
        else:
            said = message(done) if callable(message) else message
            if said:
                messages.success(request, said)
            return redirect(then(done) if callable(then) else then)
    page = context() if callable(context) else context
    return render(request, template, page, status=FORM_REFUSED_STATUS)


def campaign_view(*, write: bool = False, owner: bool = False, member: bool = False):
    """Give the view the reader's ``Access``; refuse writers' pages to readers, and members'
    pages (``member=True``) to visitors who read by the share link or a public listing.

    A stranger never learns that a private campaign exists (404, from ``campaign_access``). A
    reader who may not write (or a visitor on a members' page) gets 403, or the login page when
    not logged in.

    A share link (``?share=<token>``) is read once: its token goes into the session, and the
    reader is sent to the same address without it, so that the token stays out of the address
    bar, the history, later requests' Referer and the server's access log.

    While the campaign is archived the campaign's lock refuses every change
    (``CampaignArchived``); the reader gets the page saying why, with 409.
    """

    def decorate(view):
        @wraps(view)
        def wrapper(request, pk, *args, **kwargs):
            access = campaign_access(request, pk)
            if "share" in request.GET and request.method in ("GET", "HEAD"):
                return redirect(without_share(request))
            if owner:
                allowed = access.is_owner
            elif write:
                allowed = access.can_write
            else:
                allowed = access.is_member or not member
            if not allowed:
                if not request.user.is_authenticated:
                    return redirect_to_login(request.get_full_path())
                if member and not access.is_member:
                    raise PermissionDenied(_("Only the campaign's members may see this."))
                if owner and access.is_member:
                    raise PermissionDenied(_("Only the campaign's owner may use this page."))
                raise PermissionDenied(_("You may read this campaign but not change it."))
            with reading_campaign(access.campaign.pk):
                try:
                    response = view(request, access, *args, **kwargs)
                except CampaignArchived as archived:
                    return render(
                        request,
                        "campaigns/archived.html",
                        {"access": access, "refusal": said(archived.refusal)},
                        status=409,
                    )
                return hide_from_reader(access, response)

        return wrapper

    return decorate


SCRUBBED_TYPES = ("text/html", "image/svg+xml", "application/json", "text/plain")


def hide_from_reader(access: Access, response):
    """The page as this reader may read it: when the campaign hides what its packets unlocked
    from them, every name and text the group entered for it is replaced by a placeholder
    (``campaigns.hiding``), in the page, its fragments and the board's SVG."""
    secrets = hiding.secrets_for(access.campaign, access.sees_unlocked)
    if not secrets or getattr(response, "streaming", False):
        return response
    if not response.get("Content-Type", "").startswith(SCRUBBED_TYPES):
        return response
    if hasattr(response, "render") and not response.is_rendered:
        response.render()
    charset = response.charset or "utf-8"
    response.content = secrets.scrub_markup(response.content.decode(charset)).encode(charset)
    return response


def without_share(request) -> str:
    """The address of this request without its ``share`` parameter."""
    query = request.GET.copy()
    query.pop("share", None)
    return request.path + (f"?{query.urlencode()}" if query else "")


# The marker reversed in an address's last part (``each_address``), which is split where the
# marker stands last: the part's place, for a view whose last argument is last in its path.
_LAST_PART = 987654321


def each_address(name: str, *args) -> Callable[[int | str], str]:
    """The address of the view ``name`` for ``args`` and a last part told per call (an entry's
    seq, a kind of entry's path), reversed once rather than once per call: a list of thirty
    entries' links reversed each cost a fortieth of its page. The part, a number or a slug of
    the code's own, goes where the marker stood."""
    head, tail = reverse(name, args=[*args, _LAST_PART]).rsplit(str(_LAST_PART), 1)
    return lambda last: f"{head}{last}{tail}"


def player_names(campaign_id: int) -> dict[int, str]:
    return people.player_names(campaign_id)


def board_context(
    access: Access, players: dict[int, str], hqs=None, *, scar_kinds=None, kinds_of_mark=None
) -> BoardContext:
    """``scar_kinds`` and ``kinds_of_mark``: the campaign's ``ScarKind`` and ``MarkKind`` rows
    (in the order entered), when the page has read them for something else too."""
    hqs = hqs or {}
    unlocked = unlocked_factions_among(access, set(hqs.values()) - {"neutral"})
    return BoardContext(
        campaign=access.campaign,
        players=players,
        scar_names=scar_names(access.campaign.pk, access.sees_unlocked, scar_kinds),
        hqs=hqs,
        sees_unlocked=access.sees_unlocked,
        mark_kinds=mark_kinds(access.campaign.pk, access.sees_unlocked, kinds_of_mark),
        faction_colours={slug: f.colour for slug, f in unlocked.items() if f.colour},
        faction_names={slug: f.name for slug, f in unlocked.items()},
    )


def interactive_board(access, world, ctx, *, highlight=frozenset(), label="", chosen=frozenset()):
    svg = interactive_svg(
        world,
        ctx,
        link=territory_url(access.campaign.pk),
        highlight=highlight,
        label=label,
        chosen=chosen,
    )
    return svg  # a SafeString: drawn by legacy.drawing, every text escaped


def label_seats(seats, factions: dict[str, str]):
    colours = getattr(factions, "colours", {})
    for s in seats:
        s.faction_label = factions.get(s.faction, s.faction)
        s.faction_colour = colours.get(s.faction)
        s.hq_name = territory_name(s.hq)
        s.result_label = s.get_result_display()
    return seats


def describe_reward_target(target) -> str:
    """Where a reward is, from its ``RewardTarget`` (``campaigns.game.finish``)."""
    parts = []
    if target.territory:
        parts.append(territory_name(target.territory))
    if target.continent:
        parts.append(continent_name(target.continent))
    if target.delta:
        parts.append(f"{target.delta:+d}")
    if target.name:
        parts.append(f"“{target.name}”")
    return " ".join(parts)


def label_rewards(access, rewards) -> list:
    """Word each reward for a page: its label, where it is now (read from its mark, so a
    correction moves it), and, when its mark was corrected, the mark's page for those who may
    fix it."""
    rewards = list(rewards)
    read_reward_targets(rewards)
    for r in rewards:
        r.label = gettext(Reward(r.kind).label) if r.kind in tuple(Reward) else r.kind
        r.where = describe_reward_target(r.target)
        r.fix_url = None
        if r.target.corrected and access.can_write:
            r.fix_url = reverse(
                "campaigns:mark",
                args=[
                    access.campaign.pk,
                    MARK_TYPE_OF_NAME[r.target.mark_type],
                    r.target.mark_id,
                ],
            )
    return rewards


def game_or_404(access, number) -> Game:
    found = games.game(access.campaign.pk, number)
    if found is None:
        raise Http404("No Game matches the given query.")
    return found
