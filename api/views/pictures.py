"""REST: a campaign's board snapshots, drawn by Celery (``campaigns.pictures``).

    GET  /api/v1/campaigns/{id}/snapshots/?as_of_game=N        status and image URL of the
                                                               picture of game N (asks for it
                                                               if nobody has yet)
    POST /api/v1/campaigns/{id}/snapshots/?as_of_game=N        draw it again (members)
    GET  /api/v1/campaigns/{id}/snapshots/image/?as_of_game=N  the PNG itself, once drawn
    GET  /api/v1/campaigns/{id}/snapshots/timeline/            the animated timeline's status
    POST /api/v1/campaigns/{id}/snapshots/timeline/            draw it again (members)
    GET  /api/v1/campaigns/{id}/snapshots/timeline/image/      the animated WebP, once drawn

Whoever may read the campaign (members, share-link readers, anyone for a public campaign) may
read its pictures and ask for a missing one; strangers get 404 (``api.access``). The pictures
name every scar type, so a campaign that keeps the packets' content to its editors shows them to
its editors only (401/403 for the others, as ``campaigns.access`` decides for the pages).

A client polls the status until ``status`` is ``done`` (then ``image_url`` is set) or ``failed``
(then ``error`` says why). A GET answers without waiting for the render, except where Celery
runs in-process. The image itself comes from Django, behind the same checks, with the state's
hash as its ETag: a client that already holds the picture gets a 304. A client that knows the
game may fetch the image directly: a picture not drawn yet is a 404 that says so.

``image_url`` is a signed link (``campaigns.pictures.links``): it opens that one picture, as it
is now, for ``PICTURE_LINK_TTL_MINUTES``, with no token, session or share token. It never holds
the campaign's share token, so passing it on does not open the campaign. With ``sig`` in its
query, an image request is decided by the signature alone: a tampered one, or one made for
another picture, is a 404, an expired one a 403.
"""

from __future__ import annotations

from urllib.parse import urlencode

from django.urls import reverse
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework import serializers, status
from rest_framework.exceptions import NotFound, PermissionDenied
from rest_framework.response import Response

from api.access import (
    MAX_ID,
    Access,
    Level,
    campaign_access,
    decide,
    refuse_hidden,
    require_unlocked,
    standing,
)
from api.serializers.common import GAME_NUMBER_MAX, Whole
from api.views.common import READ_ERRORS, SHARE, WRITE_ERRORS, ApiView, errors, read_query
from campaigns.access import (
    ServedPicture,
    picture_to_serve,
    sees_unlocked,
    snapshot_with_campaign,
)
from campaigns.models import JobStatus, Snapshot
from campaigns.pictures import links
from campaigns.pictures.snapshots import (
    request_snapshot,
    request_timeline,
    settle,
    snapshot_for_reading,
    timeline_for_reading,
)
from campaigns.pictures.state import finished_games
from campaigns.pictures.storage import picture_response
from campaigns.selectors import games, media


class SnapshotQuerySerializer(serializers.Serializer):
    as_of_game = Whole(
        min_value=1,
        max_value=GAME_NUMBER_MAX,
        error_messages={"required": "Say which game's picture."},
        help_text="The finished game whose end the picture shows.",
    )


class SnapshotSerializer(serializers.Serializer):
    game = serializers.IntegerField(help_text="The game whose end it shows; 0 for the timeline.")
    kind = serializers.ChoiceField(choices=["game", "timeline"])
    status = serializers.ChoiceField(choices=Snapshot.public_statuses())
    image_url = serializers.CharField(
        allow_null=True,
        help_text="Set once the status is done: a signed link that opens this one picture, as "
        "it is now, for a limited time (PICTURE_LINK_TTL_MINUTES), with no credentials. It "
        "holds no share token.",
    )
    state_hash = serializers.CharField(help_text="sha256 of what the stored picture shows.")
    error = serializers.CharField(help_text="Why the last render failed, or will be retried.")
    attempts = serializers.IntegerField(help_text="Renders started, retries included.")
    updated_at = serializers.DateTimeField()


def plain_game(request) -> int | None:
    """The game ``?as_of_game=`` names when it is plainly one (given once, in ASCII digits, within
    range), else None. Every poll and fetch of a picture starts here, so the common case is read
    without building a serializer; all else goes to ``SnapshotQuerySerializer``, which accepts
    the same numbers and words the refusals."""
    values = request.query_params.getlist("as_of_game")
    if len(values) != 1:
        return None
    value = values[0]
    if not (0 < len(value) <= 5 and value.isascii() and value.isdigit()):
        return None
    number = int(value)
    return number if 1 <= number <= GAME_NUMBER_MAX else None


def game_in_query(request) -> int:
    """The game the query names, or its refusal."""
    number = plain_game(request)
    if number is None:
        number = read_query(SnapshotQuerySerializer, request)["as_of_game"]
    return number


HIDDEN_PICTURES = (
    "The board pictures show what the packets unlocked, and this campaign shows that to its "
    "owner and editors only."
)


def picture_access(request, campaign_id: int, need: Level = Level.READ) -> Access:
    """The caller's access, refused when the campaign hides from them what the pictures show."""
    return require_unlocked(request, campaign_access(request, campaign_id, need), HIDDEN_PICTURES)


def picture_row(request, campaign_id: int, game_number: int) -> tuple[Access, Snapshot | None]:
    """The caller's access and the snapshot row, read together in one query (the path of every
    poll of a picture). Without a row, the campaign alone is read, so that a stranger still gets
    the same 404 as for a campaign that does not exist."""
    row = None
    if 0 < campaign_id <= MAX_ID:
        row = snapshot_with_campaign(campaign_id, game_number, request.user)
    if row is None:
        return picture_access(request, campaign_id), None
    access = decide(request, row.campaign, getattr(row, "my_role", None), Level.READ)
    return require_unlocked(request, access, HIDDEN_PICTURES), row


def picture_to_send(request, campaign_id: int, game_number: int) -> ServedPicture | None:
    """The picture to send, with what serving its file reads (``picture_to_serve``), after the
    same checks as ``picture_row`` decides them; None when there is no such row (then the
    campaign alone is read, for the same 404 a stranger gets)."""
    row = None
    if 0 < campaign_id <= MAX_ID:
        row = picture_to_serve(campaign_id, game_number, request.user)
    if row is None:
        picture_access(request, campaign_id)
        return None
    level = standing(request, row.campaign, row.my_role, Level.READ)
    refuse_hidden(request, sees_unlocked(row.campaign, level), HIDDEN_PICTURES)
    return row


def image_url(request, row: Snapshot) -> str | None:
    """Where the stored picture is served, once it is drawn: a link signed for this picture
    alone (never the campaign's share token)."""
    if row.status != JobStatus.DONE or not row.image or not row.state_hash:
        return None
    query: dict[str, str | int]
    if row.game_number == Snapshot.TIMELINE:
        address = reverse("api:snapshot-timeline-image", args=[row.campaign_id])
        query = {}
    else:
        address = reverse("api:snapshot-image", args=[row.campaign_id])
        query = {"as_of_game": row.game_number}
    reader = getattr(request, "campaign_reader", None)  # remembered by api.access.decide
    hides = bool(reader and reader.campaign.hide_unlocked_content)
    through = links.through(reader.campaign, reader.is_member) if reader else ""
    query["sig"] = links.sign(
        row.campaign_id, row.game_number, row.state_hash, hides=hides, through=through
    )
    return request.build_absolute_uri(f"{address}?{urlencode(query)}")


SIG = OpenApiParameter(
    "sig",
    str,
    required=False,
    description="The signature of a picture link (the `image_url` of the snapshot's status). "
    "With it, nothing else is asked: it opens this one picture as it is now, until it expires "
    "(403); one tampered with, or made for another picture or state, is a 404.",
)


def signed_row(request, campaign_id: int, game_number: int) -> ServedPicture | None:
    """The row a signed picture link opens, or the refusal: 404 for a link that was tampered
    with or made for another picture, 403 for one that has expired."""
    outcome, row = links.signed_picture(campaign_id, game_number, request.query_params["sig"])
    if outcome is links.Check.EXPIRED:
        raise PermissionDenied(
            "This picture link has expired: read the picture's status again for a new one."
        )
    if outcome is not links.Check.GOOD:
        raise NotFound(
            "This picture link is not valid: it was changed, or made for a picture "
            "that has been drawn again since."
        )
    return row


def snapshot_data(row: Snapshot, request) -> dict:
    return {
        "game": row.game_number,
        "kind": "timeline" if row.game_number == Snapshot.TIMELINE else "game",
        "status": row.public_status,
        "image_url": image_url(request, row),
        "state_hash": row.state_hash,
        "error": row.error,
        "attempts": row.attempts,
        "updated_at": row.updated_at,
    }


def _finished_game(campaign_id: int, number: int) -> None:
    if not games.is_finished(campaign_id, number):
        raise NotFound(f"There is no finished game {number} in this campaign.")


def _served(request, row: ServedPicture | None, what: str):
    response = picture_response(request, row)
    if response is None:
        state = f" (it is {row.public_status})" if row is not None else ""
        raise NotFound(
            f"The picture of {what} is not drawn yet{state}; its status is at the snapshots "
            "address, which also asks for it."
        )
    return response


class ImageView(ApiView):
    """A stored picture: sent whatever the Accept header asks for; refusals stay JSON."""

    def perform_content_negotiation(self, request, force=False):
        return super().perform_content_negotiation(request, force=True)


def image_schema(media_type: str, parameters: list, description: str):
    return extend_schema(
        parameters=parameters,
        responses={
            (200, media_type): OpenApiResponse(OpenApiTypes.BINARY, description=description),
            304: OpenApiResponse(description="The client's copy (If-None-Match) is current."),
            **errors(*READ_ERRORS),
        },
        tags=["snapshots"],
    )


class SnapshotView(ApiView):
    """The board picture at the end of a finished game: its status and, once drawn, its URL."""

    @extend_schema(
        parameters=[SnapshotQuerySerializer, SHARE],
        responses={200: SnapshotSerializer, **errors(*READ_ERRORS)},
        tags=["snapshots"],
        description="The picture of game `as_of_game`; asked for if nobody has yet.",
    )
    def get(self, request, campaign_id):
        number = game_in_query(request)
        access, row = picture_row(request, campaign_id, number)
        if row is None:
            _finished_game(access.campaign.pk, number)
            row = snapshot_for_reading(access.campaign.pk, number)
        return Response(snapshot_data(settle(row), request))

    @extend_schema(
        parameters=[SnapshotQuerySerializer],
        request=None,
        responses={202: SnapshotSerializer, **errors(*WRITE_ERRORS)},
        tags=["snapshots"],
        description="Draw the picture of game `as_of_game` again (a stored file of the same "
        "state is reused). While a drawing of it waits in the queue, asking again adds "
        "nothing: the drawing that waits reads the board when it starts.",
    )
    def post(self, request, campaign_id):
        access = picture_access(request, campaign_id, Level.MEMBER)
        number = game_in_query(request)
        _finished_game(access.campaign.pk, number)
        request_snapshot(access.campaign.pk, number, asked=True)
        row = media.asked_snapshot(access.campaign.pk, number)
        return Response(snapshot_data(row, request), status=status.HTTP_202_ACCEPTED)


class TimelineView(ApiView):
    """One animated image (WebP) of the board after every finished game."""

    def _row(self, campaign_id: int) -> Snapshot:
        if not finished_games(campaign_id):
            raise NotFound("No game of this campaign is finished yet: there is no timeline.")
        return timeline_for_reading(campaign_id)

    @extend_schema(
        parameters=[SHARE],
        responses={200: SnapshotSerializer, **errors(*READ_ERRORS)},
        tags=["snapshots"],
    )
    def get(self, request, campaign_id):
        access = picture_access(request, campaign_id)
        return Response(snapshot_data(self._row(access.campaign.pk), request))

    @extend_schema(
        request=None,
        responses={202: SnapshotSerializer, **errors(*WRITE_ERRORS)},
        tags=["snapshots"],
    )
    def post(self, request, campaign_id):
        access = picture_access(request, campaign_id, Level.MEMBER)
        self._row(access.campaign.pk)
        request_timeline(access.campaign.pk, asked=True)
        row = media.asked_snapshot(access.campaign.pk, Snapshot.TIMELINE)
        return Response(snapshot_data(row, request), status=status.HTTP_202_ACCEPTED)


class SnapshotImageView(ImageView):
    """The board picture at the end of a finished game, as a PNG."""

    @image_schema(
        "image/png", [SnapshotQuerySerializer, SHARE, SIG], "The board at the end of the game."
    )
    def get(self, request, campaign_id):
        number = game_in_query(request)
        if "sig" in request.query_params:
            row = signed_row(request, campaign_id, number)
        else:
            row = picture_to_send(request, campaign_id, number)
        return _served(request, row, f"game {number}")


class TimelineImageView(ImageView):
    """The animated timeline, as a WebP."""

    @image_schema("image/webp", [SHARE, SIG], "The board after every finished game, animated.")
    def get(self, request, campaign_id):
        if "sig" in request.query_params:
            row = signed_row(request, campaign_id, Snapshot.TIMELINE)
        else:
            row = picture_to_send(request, campaign_id, Snapshot.TIMELINE)
        return _served(request, row, "the timeline")
