"""REST: photos of the real board, attached to a game (``campaigns.photos``).

    GET    /api/v1/campaigns/{id}/games/{n}/photos/                   the game's photos
    POST   /api/v1/campaigns/{id}/games/{n}/photos/                   add one (multipart: file,
                                                                      caption); editors, owner
    GET    /api/v1/campaigns/{id}/games/{n}/photos/{photo_id}/        one photo
    DELETE /api/v1/campaigns/{id}/games/{n}/photos/{photo_id}/        its uploader or the owner
    GET    .../photos/{photo_id}/web/, .../thumbnail/, .../original/  the stored files

Photos show the real board with its stickers, so they are read like the drawn pictures: by
whoever may read the campaign (strangers to a private one get 404), except the readers from whom
the campaign hides what its packets unlocked (401/403). The files come from Django, behind the
same checks, never from a public folder. The web copy and the thumbnail are made by a task:
until ``status`` is ``done`` their URLs are null.
"""

from __future__ import annotations

from django.urls import reverse
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import serializers, status
from rest_framework.exceptions import NotFound, PermissionDenied
from rest_framework.response import Response

from api.access import MAX_ID, Access, Level, campaign_access, require_unlocked
from api.parsers import PhotoUploadParser
from api.serializers.common import StrictCharField
from api.views.common import READ_ERRORS, SHARE, WRITE_ERRORS, ApiView, errors
from campaigns.models import Game, GamePhoto, JobStatus
from campaigns.photos.service import CAPTION_MAX, add_photo, delete_photo, may_delete
from campaigns.photos.storage import photo_response
from campaigns.selectors import games, media

HIDDEN_PHOTOS = (
    "The photos of the board show what the packets unlocked, and this campaign shows that to "
    "its owner and editors only."
)


class PhotoSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    game = serializers.IntegerField(help_text="The game's number.")
    caption = serializers.CharField()
    status = serializers.ChoiceField(
        choices=GamePhoto.public_statuses(),
        help_text="queued or processing while the web copy and thumbnail are made; then done "
        "(or failed, with the reason in error).",
    )
    uploaded_by = serializers.CharField(
        allow_null=True, help_text="The uploader's username (null once the account is gone)."
    )
    width = serializers.IntegerField(help_text="Pixels of the stored photo, upright.")
    height = serializers.IntegerField()
    original_url = serializers.CharField(
        help_text="The whole photo: its pixels encoded again, with no metadata."
    )
    web_url = serializers.CharField(
        allow_null=True, help_text="A copy for the screen (WebP, 1600 px at most); once done."
    )
    thumbnail_url = serializers.CharField(
        allow_null=True, help_text="A thumbnail (WebP, 400 px at most); once done."
    )
    error = serializers.CharField(help_text="Why preparing the copies failed.")
    created_at = serializers.DateTimeField()


class PhotoUploadSerializer(serializers.Serializer):
    file = serializers.FileField(
        help_text="A JPEG, PNG, WebP or HEIC photo, at most PHOTO_MAX_BYTES (15 MB) and "
        "PHOTO_MAX_PIXELS (40 million pixels). Judged by its content, not its name.",
        allow_empty_file=False,
    )
    caption = StrictCharField(
        max_length=CAPTION_MAX, required=False, allow_blank=True, default="", trim_whitespace=True
    )


def photo_access(request, campaign_id: int, need: Level = Level.READ) -> Access:
    return require_unlocked(request, campaign_access(request, campaign_id, need), HIDDEN_PHOTOS)


def _game(access: Access, number: int) -> Game:
    game = games.game(access.campaign.pk, number)
    if game is None:
        raise NotFound(f"There is no game {number} in this campaign.")
    return game


def _photo(game: Game, photo_id: int) -> GamePhoto:
    photo = None
    if 0 < photo_id <= MAX_ID:
        photo = media.photo(game, photo_id)
    if photo is None:
        raise NotFound(f"There is no such photo of game {game.number}.")
    return photo


def _url(request, name: str, photo: GamePhoto) -> str:
    args = [photo.game.campaign_id, photo.game.number, photo.pk]
    return request.build_absolute_uri(reverse(f"api:{name}", args=args))


def photo_data(request, photo: GamePhoto) -> dict:
    done = photo.status == JobStatus.DONE
    return {
        "id": photo.pk,
        "game": photo.game.number,
        "caption": photo.caption,
        "status": photo.public_status,
        "uploaded_by": photo.uploaded_by.username if photo.uploaded_by else None,
        "width": photo.width,
        "height": photo.height,
        "original_url": _url(request, "game-photo-original", photo),
        "web_url": _url(request, "game-photo-web", photo) if done else None,
        "thumbnail_url": _url(request, "game-photo-thumbnail", photo) if done else None,
        "error": photo.error,
        "created_at": photo.created_at,
    }


class PhotoListView(ApiView):
    """The photos of the real board taken during a game; POST adds one."""

    parser_classes = [PhotoUploadParser]

    @extend_schema(
        parameters=[SHARE],
        responses={200: PhotoSerializer(many=True), **errors(*READ_ERRORS)},
        tags=["photos"],
    )
    def get(self, request, campaign_id, number):
        game = _game(photo_access(request, campaign_id), number)
        photos = media.photos_of(game, with_game=True)
        return Response([photo_data(request, p) for p in photos])

    @extend_schema(
        request={"multipart/form-data": PhotoUploadSerializer},
        responses={201: PhotoSerializer, **errors(*WRITE_ERRORS, 413)},
        tags=["photos"],
        description="Add a photo of the board (editors and the owner). The file is judged by "
        "its content; anything but a whole JPEG, PNG, WebP or HEIC photo within the limits is "
        "refused (400, rule photo-type, photo-too-large, photo-too-many-pixels or "
        "photo-too-many-scans: a JPEG of more than 64 scans) and nothing is stored; the request "
        "reads only its header. Its pixels are decoded by a task, which keeps them alone, "
        "encoded again: EXIF (GPS included), XMP, comments, the colour profile and anything "
        "appended are dropped. The web copy and the thumbnail follow (status queued, then "
        "done); a file that is damaged or takes too long to decode ends failed, with the "
        "reason. Until then no file of the photo is served. One photo more than the uploader's "
        "or the campaign's quota (count or bytes) is refused with 409 (rule quota-photos-per-"
        "account, quota-photo-bytes-per-account, quota-photos-per-campaign or "
        "quota-photo-bytes-per-campaign) and nothing is stored.",
    )
    def post(self, request, campaign_id, number):
        access = photo_access(request, campaign_id, Level.EDIT)
        game = _game(access, number)
        serializer = PhotoUploadSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        data = serializer.validated_data
        photo = add_photo(game=game, upload=data["file"], caption=data["caption"], by=request.user)
        photo = media.photo_afresh(photo.pk)
        return Response(photo_data(request, photo), status=status.HTTP_201_CREATED)


class PhotoDetailView(ApiView):
    @extend_schema(
        parameters=[SHARE],
        responses={200: PhotoSerializer, **errors(*READ_ERRORS)},
        tags=["photos"],
    )
    def get(self, request, campaign_id, number, photo_id):
        game = _game(photo_access(request, campaign_id), number)
        return Response(photo_data(request, _photo(game, photo_id)))

    @extend_schema(
        request=None,
        responses={204: None, **errors(*WRITE_ERRORS)},
        tags=["photos"],
        description="Delete a photo and its files: its uploader or the campaign's owner.",
    )
    def delete(self, request, campaign_id, number, photo_id):
        access = photo_access(request, campaign_id, Level.EDIT)
        photo = _photo(_game(access, number), photo_id)
        if not may_delete(photo, request.user, is_owner=access.level >= Level.OWN, can_write=True):
            raise PermissionDenied(
                "Only the photo's uploader or the campaign's owner may delete it."
            )
        if not delete_photo(photo=photo, by=request.user):
            raise NotFound("This photo was deleted a moment ago.")
        return Response(status=status.HTTP_204_NO_CONTENT)


class PhotoFileView(ApiView):
    """A stored file of a photo: sent whatever the Accept header asks for; refusals stay JSON."""

    variant = "web"

    def perform_content_negotiation(self, request, force=False):
        return super().perform_content_negotiation(request, force=True)

    def get(self, request, campaign_id, number, photo_id):
        game = _game(photo_access(request, campaign_id), number)
        response = photo_response(request, _photo(game, photo_id), self.variant)
        if response is None:
            raise NotFound("This copy of the photo is not made yet: its status says when.")
        return response


def _file_schema(media_types: tuple[str, ...], description: str):
    return extend_schema(
        parameters=[SHARE],
        responses={
            **{
                (200, media_type): OpenApiResponse(OpenApiTypes.BINARY, description=description)
                for media_type in media_types
            },
            304: OpenApiResponse(description="The client's copy (If-None-Match) is current."),
            **errors(*READ_ERRORS),
        },
        tags=["photos"],
    )


class PhotoWebView(PhotoFileView):
    variant = "web"

    @_file_schema(("image/webp",), "The copy for the screen.")
    def get(self, request, campaign_id, number, photo_id):
        return super().get(request, campaign_id, number, photo_id)


class PhotoThumbnailView(PhotoFileView):
    variant = "thumbnail"

    @_file_schema(("image/webp",), "The thumbnail.")
    def get(self, request, campaign_id, number, photo_id):
        return super().get(request, campaign_id, number, photo_id)


class PhotoOriginalView(PhotoFileView):
    variant = "original"

    @_file_schema(("image/jpeg", "image/png"), "The whole photo, with no metadata.")
    def get(self, request, campaign_id, number, photo_id):
        return super().get(request, campaign_id, number, photo_id)
