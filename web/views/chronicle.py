"""The chronicle: the campaign told as a story, game by game, on one page that prints one game a
page; and its PDF, made by a task (``campaigns.chronicle``) in the campaign's language.

The page reads every game in a fixed number of queries (``history.game_stories``). The PDF
shows the packets' content, so while the campaign hides that content, only the readers who see
it (its owner and editors) may ask for the PDF or fetch it.
"""

from __future__ import annotations

from collections.abc import Callable

from django.contrib import messages
from django.core.exceptions import PermissionDenied
from django.http import Http404
from django.shortcuts import redirect, render
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import translation
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_POST

from campaigns.chronicle.jobs import latest_job, pdf_response
from campaigns.chronicle.pdf import stored_picture_uri
from campaigns.chronicle.start import request_pdf
from campaigns.jobs.quotas import QuotaReached
from campaigns.jobs.words import status_words
from campaigns.models import (
    ChronicleExport,
    GamePhoto,
    JobStatus,
    Result,
    Role,
    Snapshot,
)
from campaigns.selectors import marks, media, people
from campaigns.selectors.games import finished as finished_games
from legacy.wording import said
from web.access import Access
from web.names import reading_campaign
from web.views.common import campaign_view
from web.views.history import game_stories
from web.views.pictures import stored_picture_url

HIDDEN_PDF = gettext_lazy(
    "The PDF shows what the packets unlocked, and this campaign shows that to its owner and "
    "editors only."
)


def chronicle_story(access) -> dict:
    """The world's name and every finished game's story for this reader: its seats, winner and
    slogan, log, rewards and the marks that changed, in a fixed number of queries."""
    campaign = access.campaign
    games = finished_games(campaign.pk)
    stories, _placed, _removed = game_stories(access, games)
    photos = _photos(access, games)
    slogans = marks.slogans(campaign.pk)
    for story in stories:
        story["winners"] = [s for s in story["seats"] if s.result == Result.WON]
        story["slogan"] = slogans.get(story["game"].number, "")
        story["photos"] = photos.get(story["game"].pk, [])
    world = marks.world_name(campaign.pk)
    return {"access": access, "world_name": world, "stories": stories}


def _photos(access, games) -> dict[int, list[GamePhoto]]:
    """The prepared photos of ``games`` by game id, in one query; none for a reader the campaign
    hides its packets' content from (the photos show the real board, stickers and all)."""
    rows = media.prepared_photos(games)
    by_game: dict[int, list[GamePhoto]] = {}
    for row in rows:  # read all the same: a page costs the same queries whoever reads it
        by_game.setdefault(row.game_id, []).append(row)
    return by_game if access.sees_unlocked else {}


def _snapshots(campaign_id: int, numbers) -> dict[int, Snapshot]:
    return media.drawn_snapshots(campaign_id, numbers)


def pdf_allowed(access) -> bool:
    return access.sees_unlocked


def job_context(access) -> dict:
    allowed = pdf_allowed(access)
    job = latest_job(access.campaign) if allowed else None
    return {
        "access": access,
        "pdf_allowed": allowed,
        "hidden_pdf": HIDDEN_PDF,
        "job": job,
        "job_label": status_words(ChronicleExport, job.status) if job else "",
        "job_error": job.failure_text if job else "",
        "in_the_making": bool(job and job.status in (JobStatus.QUEUED, JobStatus.RUNNING)),
        "current": bool(
            job
            and job.status == JobStatus.DONE
            and job.world_version == access.campaign.world_version
        ),
    }


@campaign_view()
def chronicle(request, access):
    context = chronicle_story(access)
    pictures = _snapshots(access.campaign.pk, [s["game"].number for s in context["stories"]])
    for story in context["stories"]:
        story["picture_url"] = stored_picture_url(access, pictures.get(story["game"].number))
    context.update(job_context(access))
    return render(request, "campaigns/chronicle.html", context)


@campaign_view()
def chronicle_pdf_status(request, access):
    """The PDF's box: how far it is; the page asks for it again while it is being made."""
    return render(request, "campaigns/_chronicle_pdf.html", job_context(access))


@require_POST
@campaign_view()
def chronicle_pdf(request, access):
    """Ask for the PDF: anyone who reads the campaign (and sees what the PDF shows) may; one is
    made at a time per campaign and language."""
    if not pdf_allowed(access):
        raise PermissionDenied(HIDDEN_PDF)
    try:
        request_pdf(campaign=access.campaign, by=request.user)
    except QuotaReached as refusal:
        messages.error(request, said(refusal))
    return redirect(reverse("campaigns:chronicle", args=[access.campaign.pk]) + "#pdf")


@campaign_view()
def chronicle_pdf_file(request, access, job_id):
    """A made PDF of this campaign, for the readers allowed to ask for one; 404 otherwise."""
    found = None
    if pdf_allowed(access):
        found = media.chronicle_export(access.campaign.pk, job_id)
    name = f"chronicle-{access.campaign.pk}-{found.language}.pdf" if found else ""
    response = pdf_response(found, name)
    if response is None:
        raise Http404
    return response


def pdf_html(campaign_id: int, language: str, on_game: Callable[[int, int], None]) -> str:
    """The chronicle as the PDF prints it, in ``language``, with each game's stored picture
    inside the document (``CHRONICLE_HTML``). Written for the readers who see what the packets
    unlocked: only they may ask for it or fetch it (``pdf_allowed``). A territory a packet added
    is named as the group wrote it, as on the pages."""
    with translation.override(language), reading_campaign(campaign_id):
        campaign = people.campaign(campaign_id)
        # An editor's view of the words, without a request: nothing here links or writes.
        access = Access(campaign=campaign, role=Role.EDITOR)
        context = chronicle_story(access)
        stories = context["stories"]
        pictures = _snapshots(campaign_id, [s["game"].number for s in stories])
        for done, story in enumerate(stories, 1):
            row = pictures.get(story["game"].number)
            story["picture_uri"] = stored_picture_uri(row.image.name) if row else None
            for photo in story["photos"]:
                photo.data_uri = stored_picture_uri(photo.web.name)
            on_game(done, len(stories))
        return render_to_string("campaigns/chronicle_pdf.html", context)
