"""The campaign's statistics, and the end poster once the world is named."""

from __future__ import annotations

from dataclasses import asdict

from django.core.files.storage import default_storage
from django.http import FileResponse
from django.urls import reverse
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import status
from rest_framework.exceptions import NotFound
from rest_framework.response import Response

from api.access import Level, campaign_access, require_unlocked
from api.serializers.statistics import PosterSerializer, StatisticsSerializer
from api.views.common import READ_ERRORS, SHARE, WRITE_ERRORS, ApiView, errors
from campaigns.models import EndPoster, JobStatus
from campaigns.pictures.poster import not_named_yet, poster_of
from campaigns.pictures.poster_requests import request_poster
from campaigns.selectors.statistics import campaign_statistics

HIDDEN_POSTER = (
    "The end poster shows what the packets unlocked, and this campaign shows that to its owner "
    "and editors only."
)


class StatisticsView(ApiView):
    """Results per player, per faction and per starting territory, where scars and cities were
    placed, signatures and coins after each game: the numbers of the statistics page."""

    @extend_schema(
        parameters=[SHARE],
        responses={200: StatisticsSerializer, **errors(*READ_ERRORS)},
        tags=["world"],
    )
    def get(self, request, campaign_id):
        access = campaign_access(request, campaign_id, Level.READ)
        return Response(campaign_statistics(access.campaign.pk).as_data())


def _poster(request, campaign_id):
    access = require_unlocked(
        request, campaign_access(request, campaign_id, Level.READ), HIDDEN_POSTER
    )
    poster = poster_of(access.campaign.pk)
    if poster is None:
        raise not_named_yet()
    return access, poster


def poster_data(request, access, poster, row) -> dict:
    """What the poster shows and how its drawing stands, as the chronicle's PDF job says it."""
    ready = poster.stored
    state = JobStatus.DONE if ready else (row.status if row else JobStatus.QUEUED)
    failed = state == JobStatus.FAILED
    code = row.failure if row and failed else ""
    url = reverse("api:poster-image", args=[access.campaign.pk])
    return {
        "world_name": poster.world_name,
        "winners": [asdict(w) for w in poster.winners],
        "status": EndPoster.public_word(state),
        "error": code,
        "error_message": row.failure_text if code else "",
        "image": request.build_absolute_uri(url) if ready else None,
        "finished_at": row.finished_at if row and (ready or failed) else None,
    }


class PosterView(ApiView):
    """The end poster: the world's name and the winners it shows, and how its drawing stands.
    Reading it asks for it when it is neither drawn nor failed; a failed one is asked for again
    with POST."""

    @extend_schema(
        parameters=[SHARE],
        responses={200: PosterSerializer, **errors(*READ_ERRORS, 409)},
        tags=["snapshots"],
        description="409 (rule `poster-after-world-named`) before the world is named. `status` "
        "is `queued` or `drawing` until the task has stored it (then `done`), or `failed` "
        "with the reason in `error`: ask again with POST.",
    )
    def get(self, request, campaign_id):
        access, poster = _poster(request, campaign_id)
        row = request_poster(access.campaign.pk, poster)
        return Response(poster_data(request, access, poster, row))

    @extend_schema(
        parameters=[SHARE],
        request=None,
        responses={
            200: PosterSerializer,
            202: PosterSerializer,
            **errors(*WRITE_ERRORS),
        },
        tags=["snapshots"],
        description="Ask again for the poster, after it failed: 202 while it is being drawn, "
        "200 once it is drawn. 409 before the world is named, and while it is being drawn or "
        "its owner's campaigns have as many posters being drawn as they may (rule "
        "quota-posters-per-campaign or quota-posters-per-account).",
    )
    def post(self, request, campaign_id):
        access, poster = _poster(request, campaign_id)
        row = request_poster(access.campaign.pk, poster, again=True)
        body = poster_data(request, access, poster, row)
        code = status.HTTP_200_OK if body["status"] == "done" else status.HTTP_202_ACCEPTED
        return Response(body, status=code)


class PosterImageView(ApiView):
    """The end poster as a PNG to download."""

    def perform_content_negotiation(self, request, force=False):
        return super().perform_content_negotiation(request, force=True)

    @extend_schema(
        parameters=[SHARE],
        responses={
            (200, "image/png"): OpenApiResponse(
                OpenApiTypes.BINARY, description="The poster, sent as an attachment."
            ),
            **errors(*READ_ERRORS, 409),
        },
        tags=["snapshots"],
        description="409 before the world is named; 404 while the poster is being drawn.",
    )
    def get(self, request, campaign_id):
        access, poster = _poster(request, campaign_id)
        if not poster.stored:
            request_poster(access.campaign.pk, poster)
            raise NotFound("The end poster is being drawn; ask again in a moment.")
        response = FileResponse(
            default_storage.open(poster.name, "rb"),
            content_type="image/png",
            as_attachment=True,
            filename=f"earthbook-{access.campaign.pk}-poster.png",
        )
        response["Cache-Control"] = "private, no-cache"
        return response
