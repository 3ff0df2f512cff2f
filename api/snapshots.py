"""REST: a campaign's board snapshots, drawn by Celery (``campaigns.snapshots``).

    GET  /api/v1/campaigns/{id}/snapshots/?as_of_game=N   status and image URL of the picture of
                                                          game N (asks for it if nobody has yet)
    POST /api/v1/campaigns/{id}/snapshots/?as_of_game=N   draw it again (members)
    GET  /api/v1/campaigns/{id}/snapshots/timeline/       the animated timeline (asks if needed)
    POST /api/v1/campaigns/{id}/snapshots/timeline/       draw it again (members)

Whoever may read the campaign (members, share-link readers, anyone for a public campaign) may
read its pictures and ask for a missing one; strangers get 404 (``api.access``). A client polls
until ``status`` is ``done`` (then ``image_url`` is set) or ``failed`` (then ``error`` says
why). A GET answers without waiting for the render, except where Celery runs in-process.

Wiring, in ``api/urls.py`` before the catch-all (``C`` is ``campaigns/<id:campaign_id>/``)::

    path(C + "snapshots/", snapshots.SnapshotView.as_view(), name="snapshots"),
    path(C + "snapshots/timeline/", snapshots.TimelineView.as_view(), name="snapshot-timeline"),

or ``path("", include("api.snapshots"))``: ``urlpatterns`` below holds the same two.
"""

from __future__ import annotations

from django.core.files.storage import default_storage
from django.urls import path
from drf_spectacular.utils import extend_schema
from rest_framework import serializers, status
from rest_framework.exceptions import NotFound
from rest_framework.permissions import AllowAny
from rest_framework.response import Response

from api.access import Level, campaign_access
from api.views import READ_ERRORS, SHARE, WRITE_ERRORS, ApiView, errors, read_query
from campaigns import snapshots
from campaigns.models import Game, GameStatus, Snapshot, SnapshotStatus

GAME_NUMBER_MAX = 32767


class SnapshotQuerySerializer(serializers.Serializer):
    as_of_game = serializers.IntegerField(
        min_value=1,
        max_value=GAME_NUMBER_MAX,
        required=False,
        help_text="The finished game whose end the picture shows.",
    )

    def validate(self, attrs):
        if "as_of_game" not in attrs:
            raise serializers.ValidationError({"as_of_game": ["Say which game's picture."]})
        return attrs


class SnapshotSerializer(serializers.Serializer):
    game = serializers.IntegerField(help_text="The game whose end it shows; 0 for the timeline.")
    kind = serializers.ChoiceField(choices=["game", "timeline"])
    status = serializers.ChoiceField(choices=SnapshotStatus.choices)
    image_url = serializers.CharField(allow_null=True, help_text="Set once the status is done.")
    state_hash = serializers.CharField(help_text="sha256 of what the stored picture shows.")
    error = serializers.CharField(help_text="Why the last render failed, or will be retried.")
    attempts = serializers.IntegerField(help_text="Renders started, retries included.")
    updated_at = serializers.DateTimeField()


def snapshot_data(row: Snapshot, request) -> dict:
    url = None
    if row.status == SnapshotStatus.DONE and row.image:
        url = request.build_absolute_uri(default_storage.url(row.image.name))
    return {
        "game": row.game_number,
        "kind": "timeline" if row.game_number == Snapshot.TIMELINE else "game",
        "status": row.status,
        "image_url": url,
        "state_hash": row.state_hash,
        "error": row.error,
        "attempts": row.attempts,
        "updated_at": row.updated_at,
    }


def _finished_game(campaign_id: int, number: int) -> None:
    if not Game.objects.filter(
        campaign_id=campaign_id, number=number, status=GameStatus.FINISHED
    ).exists():
        raise NotFound(f"There is no finished game {number} in this campaign.")


class SnapshotView(ApiView):
    """The board picture at the end of a finished game: its status and, once drawn, its URL."""

    permission_classes = [AllowAny]

    @extend_schema(
        parameters=[SnapshotQuerySerializer, SHARE],
        responses={200: SnapshotSerializer, **errors(*READ_ERRORS)},
        tags=["snapshots"],
        description="The picture of game `as_of_game`; asked for if nobody has yet.",
    )
    def get(self, request, campaign_id):
        access = campaign_access(request, campaign_id, Level.READ)
        number = read_query(SnapshotQuerySerializer, request)["as_of_game"]
        row = Snapshot.objects.filter(campaign=access.campaign, game_number=number).first()
        if row is None:
            _finished_game(access.campaign.pk, number)
            row = snapshots.snapshot_for_reading(access.campaign.pk, number)
        return Response(snapshot_data(row, request))

    @extend_schema(
        parameters=[SnapshotQuerySerializer],
        request=None,
        responses={202: SnapshotSerializer, **errors(*WRITE_ERRORS)},
        tags=["snapshots"],
        description="Draw the picture of game `as_of_game` again (a stored file of the same "
        "state is reused).",
    )
    def post(self, request, campaign_id):
        access = campaign_access(request, campaign_id, Level.MEMBER)
        number = read_query(SnapshotQuerySerializer, request)["as_of_game"]
        _finished_game(access.campaign.pk, number)
        snapshots.request_snapshot(access.campaign.pk, number, force=True)
        row = Snapshot.objects.get(campaign=access.campaign, game_number=number)
        return Response(snapshot_data(row, request), status=status.HTTP_202_ACCEPTED)


class TimelineView(ApiView):
    """One animated image (WebP) of the board after every finished game."""

    permission_classes = [AllowAny]

    def _row(self, campaign_id: int) -> Snapshot:
        if not snapshots.finished_games(campaign_id):
            raise NotFound("No game of this campaign is finished yet: there is no timeline.")
        return snapshots.timeline_for_reading(campaign_id)

    @extend_schema(
        parameters=[SHARE],
        responses={200: SnapshotSerializer, **errors(*READ_ERRORS)},
        tags=["snapshots"],
    )
    def get(self, request, campaign_id):
        access = campaign_access(request, campaign_id, Level.READ)
        return Response(snapshot_data(self._row(access.campaign.pk), request))

    @extend_schema(
        request=None,
        responses={202: SnapshotSerializer, **errors(*WRITE_ERRORS)},
        tags=["snapshots"],
    )
    def post(self, request, campaign_id):
        access = campaign_access(request, campaign_id, Level.MEMBER)
        self._row(access.campaign.pk)
        snapshots.request_timeline(access.campaign.pk, force=True)
        row = Snapshot.objects.get(campaign=access.campaign, game_number=Snapshot.TIMELINE)
        return Response(snapshot_data(row, request), status=status.HTTP_202_ACCEPTED)


urlpatterns = [
    path("campaigns/<int:campaign_id>/snapshots/", SnapshotView.as_view(), name="snapshots"),
    path(
        "campaigns/<int:campaign_id>/snapshots/timeline/",
        TimelineView.as_view(),
        name="snapshot-timeline",
    ),
]
