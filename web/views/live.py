"""The live table: every open page of a campaign asks, about once a second, whether anything was
written since it was drawn.

The answer is the campaign's ``world_version`` (bumped under the campaign lock by every write) as
an ETag. A page sends the one it was drawn at in ``If-None-Match``; while nothing changed the
answer is an empty ``304``. Asking costs the reader's session, account and the campaign row (the
same check every page makes, three small queries) and nothing about the world. Short requests
suit the shipped gunicorn (gthread workers with a few threads each), which a stream held open
per page would tie up.
"""

from __future__ import annotations

from django.http import HttpResponseNotModified, JsonResponse
from django.utils.cache import patch_vary_headers
from django.views.decorators.http import require_GET

from web.views.common import campaign_view


def version_tag(campaign) -> str:
    """The ETag of a campaign's live answer: its world version (the address names the
    campaign)."""
    return f'"{campaign.world_version}"'


def _matches(header: str, tag: str) -> bool:
    return any(part.strip() in (tag, f"W/{tag}", "*") for part in header.split(","))


@require_GET
@campaign_view()
def campaign_live(request, access):
    """``{"version": N}`` with its ETag, or ``304`` when the page already has that version."""
    tag = version_tag(access.campaign)
    if _matches(request.headers.get("If-None-Match", ""), tag):
        response = HttpResponseNotModified()
    else:
        response = JsonResponse({"version": access.campaign.world_version})
    response["ETag"] = tag
    # Each reader asks the server every time: no cache in between keeps an answer.
    response["Cache-Control"] = "private, no-cache"
    patch_vary_headers(response, ("Cookie",))
    return response
