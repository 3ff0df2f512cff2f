"""Board pictures on the pages: a game's snapshot with its progress, the animated timeline, and
drawing a failed picture again. The stored files are served behind the campaign's access rules.

A reader who is not a member (a share-link or public reader) is given signed picture addresses
(``campaigns.pictures.links``): each opens that one picture and no page of the campaign, and
holds no share token. With ``sig`` in its query, a picture is decided by the signature alone; a
wrong or expired one is a 404.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from urllib.parse import urlencode

from django.contrib import messages
from django.http import Http404
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from campaigns.models import (
    GameStatus,
    JobStatus,
    Snapshot,
)
from campaigns.pictures import links
from campaigns.pictures.snapshots import (
    request_snapshot,
    request_timeline,
    snapshot_for_reading,
    timeline_for_reading,
)
from campaigns.pictures.state import finished_games
from campaigns.pictures.storage import picture_response
from campaigns.selectors import media
from legacy.errors import RuleViolation
from legacy.wording import said
from web.views.common import campaign_view, game_or_404


class PictureState(enum.StrEnum):
    """Where a drawn picture stands for a reader (its page says it in words)."""

    READY = "ready"  # drawn: its address is given
    PENDING = "pending"  # the worker has not drawn it yet
    FAILED = "failed"
    SVG = "svg"  # hidden from this reader: the SVG board is shown instead
    EMPTY = "empty"  # the timeline before any game is finished
    HIDDEN = "hidden"  # the timeline, for a reader it would show hidden content


@dataclass(frozen=True)
class Picture:
    """A picture as a page shows it; the template asks it how it stands, never compares words."""

    state: PictureState
    url: str | None = None
    error: str = ""

    @property
    def is_ready(self) -> bool:
        return self.state is PictureState.READY

    @property
    def is_pending(self) -> bool:
        return self.state is PictureState.PENDING

    @property
    def is_failed(self) -> bool:
        return self.state is PictureState.FAILED

    @property
    def is_empty(self) -> bool:
        return self.state is PictureState.EMPTY


def snapshot_state(access, game) -> Picture:
    """Where the picture of the world after ``game`` stands: ``ready`` (with its address),
    ``pending`` (the worker has not drawn it yet), ``failed``, or ``svg`` (show the SVG board).

    Reading it asks for a picture nobody has asked for yet. A reader from whom the packets'
    content is hidden always gets the SVG, which hides it (the stored picture names every scar
    type).
    """
    if not access.sees_unlocked:
        return Picture(PictureState.SVG)
    return _picture_state(
        access,
        snapshot_for_reading(access.campaign.pk, game.number),
        reverse("campaigns:game_snapshot_image", args=[access.campaign.pk, game.number]),
    )


def _picture_state(access, row: Snapshot, url: str) -> Picture:
    if row.status == JobStatus.DONE:
        if not access.is_member:
            sig = links.sign(
                row.campaign_id,
                row.game_number,
                row.state_hash,
                hides=access.campaign.hide_unlocked_content,
                through=links.through(access.campaign, access.is_member),
            )
            url = f"{url}?{urlencode({'sig': sig})}"
        return Picture(PictureState.READY, url)
    if row.status == JobStatus.FAILED:
        return Picture(PictureState.FAILED, error=row.error)
    return Picture(PictureState.PENDING)


def stored_picture_url(access, row: Snapshot | None) -> str | None:
    """The address of a game's drawn picture for this reader, or None: not drawn yet, or it
    would show this reader what the campaign hides from them (the SVG board hides it)."""
    if row is None or not access.sees_unlocked:
        return None
    url = reverse("campaigns:game_snapshot_image", args=[access.campaign.pk, row.game_number])
    return _picture_state(access, row, url).url


def _stored_picture(request, access, game_number: int):
    """The stored picture (PNG of a game, or the timeline's WebP), behind the campaign's own
    access rules; 404 while it is not drawn, or for a reader it would tell too much."""
    row = None
    if access.sees_unlocked:
        row = media.snapshot(access.campaign.pk, game_number)
    response = picture_response(request, row)
    if response is None:
        raise Http404
    return response


def _signed_picture(request, pk: int, game_number: int):
    """The one picture a signed link opens; 404 for a link tampered with, expired, or made for
    another picture (or for the same game before it was amended)."""
    outcome, row = links.signed_picture(pk, game_number, request.GET["sig"])
    response = picture_response(request, row) if outcome is links.Check.GOOD else None
    if response is None:
        raise Http404
    return response


def game_snapshot_image(request, pk, number):
    """The stored picture of a game: by a signed link, or for whoever may read the campaign."""
    if "sig" in request.GET:
        return _signed_picture(request, pk, number)
    return _readers_game_snapshot_image(request, pk, number)


@campaign_view()
def _readers_game_snapshot_image(request, access, number):
    game = game_or_404(access, number)
    return _stored_picture(request, access, game.number)


def timeline_image(request, pk):
    """The stored timeline, the board after every finished game, animated: by a signed link, or
    for whoever may read the campaign."""
    if "sig" in request.GET:
        return _signed_picture(request, pk, Snapshot.TIMELINE)
    return _readers_timeline_image(request, pk)


@campaign_view()
def _readers_timeline_image(request, access):
    return _stored_picture(request, access, Snapshot.TIMELINE)


@campaign_view()
def game_snapshot(request, access, number):
    """The snapshot's box alone, polled by the game page until the picture is drawn. A game
    not finished has no picture yet: no such page."""
    game = game_or_404(access, number)
    if game.status != GameStatus.FINISHED:
        raise Http404
    return render(
        request,
        "campaigns/_snapshot.html",
        {"access": access, "game": game, "snapshot": snapshot_state(access, game)},
    )


@require_POST
@campaign_view(write=True)
def game_snapshot_redraw(request, access, number):
    """Draw the picture of a finished game again (after a failure, say)."""
    game = game_or_404(access, number)
    try:
        request_snapshot(access.campaign.pk, game.number, asked=True)
    except RuleViolation as refusal:
        messages.error(request, said(refusal))
    else:
        messages.success(request, _("The picture is being drawn again."))
    return redirect(reverse("campaigns:game", args=[access.campaign.pk, game.number]) + "#snapshot")


def timeline_state(access, games=None) -> Picture:
    """Where the campaign's animated timeline stands, as ``snapshot_state`` says it for a game;
    also ``empty`` (no game is finished) and ``hidden`` (it would show hidden content).
    ``games``: the finished games' numbers, when the caller has them."""
    if not access.sees_unlocked:
        return Picture(PictureState.HIDDEN)
    if not (finished_games(access.campaign.pk) if games is None else games):
        return Picture(PictureState.EMPTY)
    return _picture_state(
        access,
        timeline_for_reading(access.campaign.pk),
        reverse("campaigns:timeline_image", args=[access.campaign.pk]),
    )


@campaign_view()
def timeline(request, access):
    """The campaign game after game: a player over the board after every finished game, and the
    animation drawn by the worker (polled, as a fragment, while it is being drawn)."""
    fragment = request.headers.get("HX-Request") == "true"
    games = finished_games(access.campaign.pk)
    # The player: the board after each finished game, one frame per game (the same SVG picture
    # the history shows, which hides what a reader may not see).
    frames = [
        {"number": n, "url": reverse("campaigns:board_svg_game", args=[access.campaign.pk, n])}
        for n in games
    ]
    return render(
        request,
        "campaigns/_timeline.html" if fragment else "campaigns/timeline.html",
        {"access": access, "timeline": timeline_state(access, games), "frames": frames},
    )


@require_POST
@campaign_view(write=True)
def timeline_redraw(request, access):
    try:
        request_timeline(access.campaign.pk, asked=True)
    except RuleViolation as refusal:
        messages.error(request, said(refusal))
    else:
        messages.success(request, _("The timeline is being drawn again."))
    return redirect("campaigns:timeline", access.campaign.pk)
