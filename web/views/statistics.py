"""The statistics page (results per player and faction, starting territories, where the marks
cluster, signatures and coins over the games, charted as SVG on the server) and the end poster
(its page and its download)."""

from __future__ import annotations

from django.contrib import messages
from django.core.files.storage import default_storage
from django.http import FileResponse, Http404
from django.shortcuts import redirect, render
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from campaigns.jobs.quotas import QuotaReached
from campaigns.jobs.words import status_words
from campaigns.models import EndPoster, JobStatus, Result
from campaigns.pictures.poster import poster_of
from campaigns.pictures.poster_requests import request_poster
from campaigns.pictures.state import drawn_islands
from campaigns.selectors.statistics import campaign_statistics
from campaigns.services import cached_world
from legacy import board
from legacy.wording import said
from web import charts
from web.names import campaign_faction_names, territory_name
from web.views.common import campaign_view

RESULT_COLOURS = {Result.WON: "#2e7d32", Result.HELD_ON: "#d9a21b", Result.ELIMINATED: "#9e9689"}
TOP_STARTS = 10


def result_series() -> list[charts.Series]:
    return [charts.Series(k.value, str(k.label), c) for k, c in RESULT_COLOURS.items()]


@campaign_view()
def statistics_page(request, access):
    campaign = access.campaign
    stats = campaign_statistics(campaign.pk)
    factions = campaign_faction_names(campaign.pk, access.sees_unlocked)
    series = result_series()
    players = [{**p, "label": p["name"]} for p in stats.players]
    faction_rows = [
        {**f, "label": factions.get(f["faction"], f["name"])}
        for f in stats.factions
        if f["played"] or not f["unlocked"]
    ]
    starts = [{**s, "label": territory_name(s["territory"])} for s in stats.starts]
    heat = [
        {**h, "label": territory_name(h["territory"]), "total": h["scars"] + h["cities"]}
        for h in stats.heat
    ]
    names = {
        t: territory_name(t) for t in [*board.TERRITORY_BY_SLUG, *(h["territory"] for h in heat)]
    }
    coined = [
        {**c, "label": territory_name(c["territory"])}
        for c in stats.coins
        if c["coins"] > 1 or c["destroyed"]
    ]
    played = bool(stats.games_finished)
    context = {
        "access": access,
        "games": len(stats.games_finished),
        "players": players,
        "factions": faction_rows,
        "starts": starts,
        "heat": heat,
        "signatures": stats.signatures,
        "coins": coined,
        "coins_over_games": stats.coins_over_games,
        "poster": poster_of(campaign.pk) is not None and access.sees_unlocked,
    }
    if played:
        context.update(
            players_chart=charts.bar_chart(
                players, series, title=_("Results per player, game by game")
            ),
            factions_chart=charts.bar_chart(
                [f for f in faction_rows if f["played"]],
                series,
                title=_("Results per faction, game by game"),
            ),
            starts_chart=charts.bar_chart(
                starts[:TOP_STARTS], series, title=_("How the seats that started there ended")
            ),
            signatures_chart=charts.line_chart(
                [(s["game"], s["total"]) for s in stats.signatures],
                title=_("Lines of the winners' section signed after each game"),
                x_label=_("Game"),
            ),
            coins_chart=charts.line_chart(
                [(c["game"], c["coins"]) for c in stats.coins_over_games],
                title=_("Coins on the territory cards still in the game, after each game"),
                x_label=_("Game"),
            ),
        )
    context["heat_chart"] = charts.heat_map(
        {h["territory"]: h["total"] for h in heat},
        title=_("Where scars and cities were placed: the darker, the more"),
        names=names,
        legend=(_("none"), _("most")),
        # The territories packets added, for the readers who may see them.
        islands=drawn_islands(cached_world(campaign).board) if access.sees_unlocked else (),
    )
    return render(request, "campaigns/statistics.html", context)


def _poster_for(access):
    """The poster of the campaign for this reader: None before the world is named; a 404 for a
    reader from whom the campaign hides what its packets unlocked (the board names it)."""
    if not access.sees_unlocked:
        raise Http404(_("The end poster is not shown to readers of this campaign."))
    return poster_of(access.campaign.pk)


@campaign_view()
def poster_page(request, access):
    """The poster's words, and how its drawing stands: waiting, being drawn, ready to download,
    or failed with the reason and a button to ask again. Reading it asks for it when it is
    neither stored nor failed."""
    poster = None if not access.sees_unlocked else poster_of(access.campaign.pk)
    row = request_poster(access.campaign.pk, poster) if poster is not None else None
    ready = poster is not None and poster.stored
    state = JobStatus.DONE if ready else (row.status if row else JobStatus.QUEUED)
    return render(
        request,
        "campaigns/poster.html",
        {
            "access": access,
            "hidden": not access.sees_unlocked,
            "poster": poster,
            "text": poster.text_in(get_language()) if poster else None,
            "ready": ready,
            "state": EndPoster.public_word(state),
            "state_label": status_words(EndPoster, state),
            "failed": state == JobStatus.FAILED,
            "error": row.failure_text if row and state == JobStatus.FAILED else "",
        },
    )


@require_POST
@campaign_view()
def poster_again(request, access):
    """Ask again for a poster that failed: whoever may read the poster may."""
    poster = _poster_for(access)
    if poster is not None:
        try:
            request_poster(access.campaign.pk, poster, again=True)
        except QuotaReached as refusal:
            messages.error(request, said(refusal))
    return redirect("campaigns:poster", access.campaign.pk)


@campaign_view()
def poster_download(request, access):
    poster = _poster_for(access)
    if poster is None or not poster.stored:
        raise Http404(_("The end poster is not drawn yet."))
    response = FileResponse(
        default_storage.open(poster.name, "rb"),
        content_type="image/png",
        as_attachment=True,
        filename=f"earthbook-{access.campaign.pk}-poster.png",
    )
    response["Cache-Control"] = "private, no-cache"
    return response
