"""The game page's live parts: what a page that follows the table takes in place of the whole
page again.

Each live part of the game page (``data-live``) is a template of its own under
``campaigns/game_parts/``; the page includes them, and the address ``game_live``
(``/c/<pk>/games/<n>/live/?since=V``) answers them alone, as JSON::

    {"version": 42, "shape": "in_progress", "parts": {"seats": "<section ...>", ...}}

``204`` when the campaign is still at the version the page has (``since``). The parts are drawn
once per version of the campaign, game, language and kind of reader (``campaigns.versioned``),
so the phones of one table cost one drawing; only the quick log's forms, which start on the
reader's own seat, are drawn per seat (each kept as ``quick_log_context`` keeps it). The log
lists a bounded number of entries, and the rest is read off its replay, kept per version and
taken on through new entries (``campaigns.selectors.game_log``): neither the page nor its
parts take longer as the game's entries grow.

A form in a part is drawn with ``CSRF_PLACEHOLDER`` in its token's field: a drawing shared by
readers carries no one's token, and the page puts its own in (``static/js/live.js``).

The quick log's answer to the phone that wrote is the same parts (``game_detail`` asked with the
``X-Earthbook-Parts`` header, the redirect after the entry): with the confirmation
(``log-status``) next to the form, and nothing of the rest of the page.

A part added to the game page goes into ``SHARED_PARTS`` (drawn the same for every reader of its
kind) with a template of that name, and the live table takes it with no more code.
"""

from __future__ import annotations

from django.http import HttpResponse, JsonResponse
from django.shortcuts import render
from django.template.loader import render_to_string
from django.utils.cache import patch_vary_headers
from django.utils.translation import get_language
from django.views.decorators.http import require_GET

from campaigns.models import GameStatus
from campaigns.selectors.game_log import facts_of
from campaigns.versioned import cached_read
from web.context_processors import by_script, vocabularies
from web.names import campaign_faction_names
from web.views.common import campaign_view, game_or_404, label_seats
from web.views.finish import kept_words
from web.views.quick_log import quick_log_context
from web.views.table import game_context, game_forms, live_shape, own_seat, table_confirmation

# The header of the live table's own fetch of the game page after an entry: answer the parts.
PARTS_HEADER = "X-Earthbook-Parts"
CSRF_PLACEHOLDER = "live"
# The parts every reader of a kind sees alike, by their template's name (``data-live`` name
# with "-" for "_").
SHARED_PARTS = ("decided", "due", "seats", "actions", "cards", "events", "end", "board", "photos")
# The parts that depend on the reader's own last entry (drawn for that reader only).
OWN_PARTS = ("log_status", "undo")


def _draw(names, context) -> dict[str, str]:
    context = {**vocabularies(None), **context, "csrf_token": CSRF_PLACEHOLDER}
    return {
        name.replace("_", "-"): render_to_string(f"campaigns/game_parts/{name}.html", context)
        for name in names
    }


def _present(names, context) -> list[str]:
    """The parts the page draws for this game: the end once it is over, the bar of the quick log
    while it is open."""
    game = context["game"]
    with_log = game.status == GameStatus.IN_PROGRESS and bool(context.get("log_forms"))
    return [
        name
        for name in names
        if (name != "end" or game.status == GameStatus.FINISHED)
        and (name not in OWN_PARTS or with_log)
    ]


def _shared(context) -> dict:
    """What every reader of one kind takes: the shared parts, the shape, whether the quick log
    is open and the undo bar as a reader without an entry of their own sees it."""
    game = context["game"]
    forms = bool(context.get("log_forms")) and not context["war_won"]
    return {
        "shape": live_shape(game, context["war_won"]),
        "parts": _draw(_present((*SHARED_PARTS, "undo"), context), context),
        "forms": forms,
        "latest": game.number if context["is_latest"] else None,
    }


def _forms(request, access, game, latest) -> dict[str, str]:
    """The quick log's forms, each its part, starting on the reader's own seat."""
    factions = campaign_faction_names(access.campaign.pk, access.sees_unlocked)
    seats = label_seats(list(game.seats.select_related("player").order_by("order")), factions)
    own = own_seat(request, seats)
    facts = facts_of(access.campaign, game, seats)
    log = quick_log_context(
        access,
        game,
        seats,
        lambda: game_forms(access, game, seats, factions=factions, log=facts, own_seat=own),
        facts=facts,
        latest=latest,
        own_seat=own,
        csrf_token=CSRF_PLACEHOLDER,
    )
    return {f"log-{entry['path']}": entry["drawn"] for entry in log["log_forms"]}


def _kind_of_reader(access, game) -> tuple:
    return (game.number, get_language(), access.sees_unlocked, access.can_write)


def _answer(access, shape: str, parts: dict, page: str | None = None) -> JsonResponse:
    """The parts; or, for a page of another shape than ``shape`` (a war won, the game ended),
    the page whole (``page``), in the same answer."""
    body = {"version": access.campaign.world_version, "shape": shape, "parts": parts}
    if page is not None:
        body["page"] = page
    response = JsonResponse(body)
    response["Cache-Control"] = "private, no-store"
    patch_vary_headers(response, ("Cookie", "Accept-Language"))
    return response


def writers_parts(request, access, game) -> JsonResponse:
    """The parts as the phone that just wrote takes them: the confirmation of its entry with the
    rest. The shared parts it draws are kept for the other phones of the table."""
    context = game_context(request, access, game)
    if access.can_write:
        context["noted"] = table_confirmation(request, game, context["log"], context["words"])
    if request.headers[PARTS_HEADER] not in ("1", context["live_shape"]):
        return _answer(access, context["live_shape"], {}, _page(request, context))
    shared = cached_read(
        access.campaign, "game-live", _kind_of_reader(access, game), lambda: _shared(context)
    )
    parts = {**shared["parts"], **_draw(_present(OWN_PARTS, context), context)}
    if shared["forms"] and access.can_write:
        parts.update(_forms(request, access, game, shared["latest"]))
    return _answer(access, shared["shape"], parts)


def _page(request, context) -> str:
    return render_to_string("campaigns/game.html", context, request=request)


@require_GET
@campaign_view()
def game_live(request, access, number):
    """The game page's live parts at the campaign's version now; ``204`` while it is the one the
    page has (``?since=``)."""
    game = game_or_404(access, number)
    # A game ended (or back in play) elsewhere: the page whole, without drawing its parts.
    asked = request.GET.get("shape", "")
    if asked and asked.split("-")[0] != str(game.status):
        return _answer(
            access, str(game.status), {}, _page(request, game_context(request, access, game))
        )
    since = request.GET.get("since", "")
    if since.isdigit() and len(since) < 12 and int(since) >= access.campaign.world_version:
        response = HttpResponse(status=204)
        response["Cache-Control"] = "private, no-store"
        return response
    shared = cached_read(
        access.campaign,
        "game-live",
        _kind_of_reader(access, game),
        lambda: _shared(game_context(request, access, game)),
    )
    if request.GET.get("shape", shared["shape"]) != shared["shape"]:
        return _answer(
            access, shared["shape"], {}, _page(request, game_context(request, access, game))
        )
    parts = dict(shared["parts"])
    if shared["forms"] and access.can_write:
        parts.update(_forms(request, access, game, shared["latest"]))
    return _answer(access, shared["shape"], parts)


@campaign_view()
def game_detail(request, access, number):
    """The game page; its live parts alone for the live table's fetch after an entry
    (``PARTS_HEADER``)."""
    game = game_or_404(access, number)
    if PARTS_HEADER in request.headers:
        return writers_parts(request, access, game)
    context = game_context(request, access, game)
    context["kept"] = kept_words(request, game)
    # A script's fetch of this page (the live table's, the service worker's) leaves the
    # confirmation to the page that posted.
    if access.can_write and not by_script(request):
        context["noted"] = table_confirmation(request, game, context["log"], context["words"])
    return render(request, "campaigns/game.html", context)
