"""A campaign's dashboard: a new campaign, what is due now, the board as an interactive map."""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.db.models import Max
from django.http import HttpResponse
from django.shortcuts import get_object_or_404, render
from django.urls import reverse
from django.utils.translation import get_language
from django.utils.translation import gettext as _

from campaigns import services
from campaigns.game.packets import packets_due
from campaigns.models import (
    Campaign,
    Game,
    GameStatus,
)
from campaigns.selectors import games, marks, packets
from legacy import board, names
from legacy.box import PACKETS, WINNERS_LINES
from legacy.rules.world_naming import world_to_be_named
from legacy.selectors import stock_allowances
from web import pages
from web.access import Access
from web.board_svg import svg_document
from web.forms.campaign import CampaignForm
from web.names import continent_name
from web.views.common import (
    board_context,
    campaign_view,
    form_page,
    interactive_board,
    player_names,
)


@login_required
def campaign_new(request):
    form = CampaignForm(
        request.POST or None, initial={"language": names.language_of(get_language())}
    )
    return form_page(
        request,
        form,
        lambda: services.create_campaign(
            owner=request.user,
            name=form.cleaned_data["name"],
            players=form.player_names(),
            language=form.cleaned_data["language"] or names.language_of(get_language()),
            brought_in_games=form.cleaned_data["brought_in_games"],
            world_name=form.cleaned_data["world_name"],
        ),
        template="campaigns/new.html",
        context={"form": form},
        message=lambda campaign: (
            _("Your campaign is ready. First: bring in what your group has played.")
            if campaign.bringing_in
            else _("Your campaign is ready. First: before the first game.")
        ),
        then=lambda campaign: reverse(
            "campaigns:bring_in" if campaign.bringing_in else "campaigns:first_game",
            args=[campaign.pk],
        ),
    )


def packet_rows(access: Access) -> list[dict]:
    """Every packet of the box: sealed, or opened (when, and what it unlocked if allowed)."""
    campaign = access.campaign
    openings = packets.openings_by_packet(campaign.pk)
    contents = pages.unlocked_by_opening(campaign.pk) if access.sees_unlocked else {}
    # Why a packet was opened early, as the group wrote it: for those who read what it unlocked.
    early = packets.early_reasons(campaign.pk) if access.sees_unlocked else {}
    rows = []
    for p in PACKETS:
        opening = openings.get(p.slug)
        rows.append(
            {
                "slug": p.slug,
                "name": pages.packet_name(p.slug),
                "trigger": pages.PACKET_TRIGGERS.get(p.slug, p.trigger),
                "opening": opening,
                "contents": contents.get(opening.pk, []) if opening else [],
                "early": early.get(p.slug, "") if opening else "",
            }
        )
    return rows


def due_packets(campaign: Campaign) -> list[str]:
    """The packets the table must open now (none before the first game is prepared)."""
    if campaign.prepared_at is None:
        return []
    return [pages.packet_name(s) for s in packets_due(campaign)]


def dashboard_data(access: Access) -> dict:
    campaign = access.campaign
    players = player_names(campaign.pk)
    world = services.cached_world(campaign)
    current = campaign.games.exclude(status=GameStatus.FINISHED).order_by("-number").first()
    hqs = dict(current.seats.values_list("hq", "faction")) if current else {}
    ctx = board_context(access, players, hqs)
    lines = {s.line: s for s in marks.signatures(campaign.pk)}
    continents = []
    for c in board.CONTINENTS:
        state = world.continents[c.slug]
        continents.append(
            {
                "slug": c.slug,
                "printed": continent_name(c.slug),
                "name": state.name,
                "namer": players.get(state.namer, ""),
                "bonus": state.bonus,
                "change": state.bonus_change,
            }
        )
    last = campaign.games.aggregate(n=Max("number"))["n"] or 0
    finished = (
        campaign.games.filter(status=GameStatus.FINISHED).aggregate(n=Max("number"))["n"] or 0
    )
    return {
        "world": world,
        "board": interactive_board(access, world, ctx, label=_("The board as it stands")),
        "current": current,
        "next_number": last + 1,
        "to_open": due_packets(campaign),
        "packets": packet_rows(access),
        "winners": [(n, lines.get(n)) for n in range(1, WINNERS_LINES + 1)],
        "continents": continents,
        "stock": pages.stock_rows(world, stock_allowances(campaign.pk)),
        "world_to_name": world_to_be_named(finished, world.world_name),
    }


@campaign_view()
def dashboard(request, access):
    data = dashboard_data(access)
    return render(request, "campaigns/dashboard.html", {"access": access, **data})


@campaign_view()
def board_svg(request, access, number=None):
    """The board as an SVG file: after game ``number`` (0 = before the first game), or now."""
    if number is not None and number > 0:
        get_object_or_404(Game, campaign=access.campaign, number=number)
    players = player_names(access.campaign.pk)
    hqs = {}
    if number:
        hqs = games.hqs_in_game(access.campaign.pk, number)
    world = services.campaign_world(access.campaign, number)
    svg = svg_document(world, board_context(access, players, hqs))
    response = HttpResponse(svg, content_type="image/svg+xml; charset=utf-8")
    response["Cache-Control"] = "private, max-age=60"
    return response
