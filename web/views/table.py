"""A game at the table: its page (each seat's holdings), starting it, the quick log of what
happens during play, and taking an entry back."""

from __future__ import annotations

from datetime import datetime

from django.contrib import messages
from django.http import Http404
from django.middleware.csrf import get_token
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.dateparse import parse_datetime
from django.utils.timezone import is_naive
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from campaigns.capitals import world_capitals_unlocked
from campaigns.game import event_words, late_entries, taking_back
from campaigns.game.entries.recording import record_entry
from campaigns.game.holdings import entries_of, entry_of, open_roll, roll_of
from campaigns.game.packets import packets_due
from campaigns.game.setup import played_since_setup, start_game
from campaigns.models import (
    EventKind,
    GameStatus,
)
from campaigns.selectors import game_log as log_of_game
from campaigns.selectors import games, marks
from campaigns.services import cached_world
from campaigns.versioned import cached_read
from campaigns.vocabulary import VoidReason
from legacy.box import FORTIFICATION_BOXES
from legacy.errors import RuleViolation
from legacy.rules import world_naming
from legacy.wording import said
from web import pages
from web.board_svg import shapes_url
from web.forms.table import QUICK_LOG, LogChoices, VoidEntryForm
from web.names import campaign_faction_names, scar_kind_name, territory_name
from web.views.common import (
    board_context,
    campaign_view,
    each_address,
    game_or_404,
    interactive_board,
    label_rewards,
    label_seats,
    player_names,
    refuse,
)
from web.views.decided import decided
from web.views.draft import draft_context
from web.views.log_list import drawn_entries, word_entry
from web.views.notes import notes_context
from web.views.photos import photos_context
from web.views.pictures import snapshot_state
from web.views.quick_log import quick_log_context


def game_forms(
    access,
    game,
    seats,
    data=None,
    which=None,
    *,
    world=None,
    factions=None,
    events=None,
    log=None,
    scar_kinds=None,
    kinds_of_mark=None,
    only=None,
    own_seat=None,
):
    """The quick in-game log's forms by kind, each with the choices it offers (``which`` is bound
    to ``data`` when posted or re-shown with errors); a form with nothing to choose is left out.
    ``only``: the one kind of form to build (the form posted).

    The board's choices (free territories, cities, fortified cities) come from the world now,
    and the last missile rolls from the facts of the game's log (``log``: ``LogFacts``) when the
    page has read them, or from its ``events`` read."""
    campaign = access.campaign
    if factions is None:
        factions = campaign_faction_names(campaign.pk, access.sees_unlocked)
    if world is None:
        world = cached_world(campaign)
    kinds = scar_kinds if scar_kinds is not None else marks.scar_kinds(campaign.pk)
    free = [t.slug for t in world.board.territories if world.territories[t.slug].scar is None]
    mark_kinds = kinds_of_mark if kinds_of_mark is not None else marks.mark_kinds(campaign.pk)
    standing = sorted((slug, t.city) for slug, t in world.territories.items() if t.city)
    cities = [(slug, f"{city.name} ({territory_name(slug)})") for slug, city in standing]
    # The fortified cities whose fortification still works: a worn-out one is attacked as any
    # city, so the quick log does not offer it. A form posted (``only``) takes every fortified
    # city, so that an attack sent from a page drawn earlier is refused with its reason.
    forts = [
        (
            slug,
            _("%(city)s (%(territory)s): %(left)s of 10 boxes left")
            % {
                "city": city.name,
                "territory": territory_name(slug),
                "left": FORTIFICATION_BOXES - city.boxes_used,
            },
        )
        for slug, city in standing
        if city.fortification_works or (only is not None and city.fortified)
    ]
    if log is not None:
        names = {s.pk: s.player.name for s in seats}
        rolls = [
            (str(roll), _("Entry %(n)s: %(who)s") % {"n": seq, "who": names.get(seat, "—")})
            for seq, roll, seat in log.rolls
        ]
        still_open = log.open_roll
    else:
        if events is None:
            events = game.events.select_related("seat__player").order_by("seq")
        missiles = [e for e in events if e.kind == EventKind.MISSILES and e.standing]
        rolls = [
            (
                str(roll_of(entry_of(e))),
                _("Entry %(n)s: %(who)s")
                % {"n": e.seq, "who": e.seat.player.name if e.seat else "—"},
            )
            for e in sorted(missiles, key=lambda e: -e.seq)[:5]
        ]
        still_open = open_roll(game, events)
    choices = LogChoices(
        seats=seats,
        factions=factions,
        scar_kinds=[(k.slug, scar_kind_name(k)) for k in kinds],
        free_territories=free,
        rolls=rolls,
        open_roll=still_open,
        mark_kinds=[(k.slug, k.name) for k in mark_kinds],
        cities=cities,
        forts=forts,
        capitals_allowed=world_capitals_unlocked(campaign.pk),
        board=world.board,
        own_seat=own_seat,
    )
    return {
        form.kind: form(data if form.kind == which else None, choices=choices)
        for form in QUICK_LOG
        if (only is None or form.kind == only) and form.offered(choices)
    }


# The field the live page and the offline queue send with an entry: when it was made.
MADE_AT = "made_at"

# The quick log's addresses (/log/<path>/): each form names its own.
KIND_OF_PATH = {form.path: form.kind for form in QUICK_LOG}


NOTED = "earthbook:table-noted"


def remember_noted(request, game, seq: int, kind: str, stays_opened=()) -> None:
    """What the quick log just did, for the confirmation next to it on the next view of the
    game page (read once, as a message is)."""
    request.session[NOTED] = {
        "game": game.pk,
        "seq": seq,
        "kind": kind,
        "stays": list(stays_opened),
    }


def table_confirmation(request, game, log, words) -> dict | None:
    """The confirmation the quick log shows after an entry or an undo: the entry, whether it
    may still be undone, and (for an undo) the packets it had opened, which stay opened."""
    noted = request.session.get(NOTED)
    if not noted or noted.get("game") != game.pk:
        return None
    del request.session[NOTED]
    entry = log.entry(noted.get("seq"))
    if entry is None:
        return None
    if not hasattr(entry, "text"):  # an entry the page's log no longer lists
        entry.text = event_words.event_text(entry, words)
    return {
        "kind": noted.get("kind"),
        "entry": entry,
        "stays": [pages.packet_name(slug) for slug in noted.get("stays", [])],
    }


def made_at_of(data) -> datetime | None:
    """When the entry was made, as the live page or the offline queue sends it (the phone's
    clock, ISO 8601); None when not sent or not a time (the server's time then)."""
    raw = (data.get(MADE_AT) or "").strip()
    try:
        made = parse_datetime(raw) if raw and len(raw) <= 40 else None
    except ValueError:
        return None
    if made is not None and is_naive(made):
        return None
    return made


def own_seat(request, seats) -> int | None:
    """The player of the reader's own seat at this game (the roster name they claimed), or None:
    the quick log's forms start on it, or on nobody."""
    user = getattr(request, "user", None)
    if user is None or not user.is_authenticated:
        return None
    return next((s.player_id for s in seats if s.player.user_id == user.pk), None)


def log_url(access, game) -> str:
    """The game page at its quick log, where the confirmation is."""
    return reverse("campaigns:game", args=[access.campaign.pk, game.number]) + "#log"


def live_shape(game, war_won) -> str:
    """The game page's shape: a page of another shape is drawn again whole, not in parts (a war
    won closes the quick log)."""
    return f"{game.status}-won" if war_won else str(game.status)


def game_context(request, access, game, *, log_forms=None, open_log=None) -> dict:
    campaign = access.campaign
    # The factions and the kinds of scar and mark change only with a write that bumps the
    # marks version (a packet opened, a world edit): an entry leaves them read.
    factions = cached_read(
        campaign,
        "faction-names",
        (access.sees_unlocked, get_language()),
        lambda: campaign_faction_names(campaign.pk, access.sees_unlocked),
        versions=(campaign.marks_version,),
    )
    scar_kinds, kinds_of_mark = cached_read(
        campaign,
        "kinds-of-mark",
        (),
        lambda: (marks.scar_kinds(campaign.pk), marks.mark_kinds(campaign.pk)),
        versions=(campaign.marks_version,),
    )
    seats = label_seats(list(game.seats.select_related("player").order_by("order")), factions)
    # The page lists the latest entries only (the history holds them all), and reads the rest
    # off the replay of the whole log, kept per version of the campaign: its time does not grow
    # with the game's entries. The last to arrive is worded too (the bar's undo), and so is a
    # late entry awaiting the table (the banner names it, however early it was made).
    log = log_of_game.game_log(campaign, game, seats)
    # Read once: the entries' words and the quick log's choices.
    words = event_words.EventWords.load(
        campaign.pk, factions, access.sees_unlocked, scar_kinds=scar_kinds
    )
    for e in log.read():
        word_entry(e, words, access.sees_unlocked, campaign.pk)
    replayed = log.replayed
    for s in seats:
        s.holdings = replayed.holdings[s.pk]
        s.holding_words = event_words.holding_words(s.holdings, words.scars)
    awaiting = late_entries.awaiting_of(
        seats,
        log.waiting,
        lambda e: e.text,
        lambda e: e.credit.name if e.credit else "",
        log=lambda: entries_of(game.pk, None),
    )
    facts = decided(game, seats, replayed, awaiting=awaiting, later=log.facts.after_the_win)
    finished = game.status == GameStatus.FINISHED
    world = cached_world(campaign, game.number if finished else None)

    def draw_board():
        hqs = {s.hq: s.faction for s in seats}
        ctx = board_context(
            access,
            player_names(campaign.pk),
            hqs,
            scar_kinds=scar_kinds,
            kinds_of_mark=kinds_of_mark,
        )
        label = (
            _("The board after game %(n)s") % {"n": game.number} if finished else _("The board now")
        )
        return interactive_board(access, world, ctx, label=label)

    # Whether a later game is set up, and whether this one was played since its setup (an entry,
    # a mark): read once per version of the campaign.
    is_latest, played = cached_read(
        campaign,
        "game-played",
        (game.number,),
        lambda: (
            not campaign.games.filter(number__gt=game.number).exists(),
            bool(played_since_setup(game, has_entries=log.count > 0)),
        ),
    )
    context = {
        "access": access,
        "game": game,
        "status_label": game.get_status_display(),
        "seats": seats,
        "log": log,
        "shown_events": log.shown,
        "drawn_events": drawn_entries(
            log.shown,
            each_address("campaigns:game_void", campaign.pk, game.number)
            if game.is_in_progress and access.can_write
            else None,
        ),
        "earlier_entries": log.earlier,
        # The last entry to arrive (the one a phone just sent), whenever it was made.
        "last_entry": log.last_entry,
        "words": words,
        "quick_undo_reason": VoidReason.ENTERED_BY_MISTAKE.value,
        # Drawn once per marks version of the campaign (the world, the roster, the kinds of
        # mark and the factions change only with a write that bumps it; an entry that places
        # no mark leaves it), game, seats' HQs, kind of reader and language.
        "board": cached_read(
            campaign,
            "game-board-marks",
            (
                game.number,
                finished,
                access.sees_unlocked,
                get_language(),
                shapes_url(),
                tuple(sorted((s.hq or "", s.faction or "") for s in seats)),
            ),
            draw_board,
            versions=(campaign.marks_version,),
        ),
        "is_latest": is_latest,
        "can_cancel": access.can_write and not played,
        # What the log decided (a win, a faction out for good, the end): said first, and once
        # the war is won the quick log takes only the end or the winning entry back.
        "decided": facts,
        "war_won": facts.war_won,
        "live_shape": live_shape(game, facts.war_won),
        # Where the page takes its live parts from (web/views/game_live.py).
        "live_parts_url": reverse("campaigns:game_live", args=[campaign.pk, game.number]),
        **photos_context(request, access, game),
        **notes_context(request, access, game),
        **draft_context(access, game, seats),
    }
    if game.status == GameStatus.IN_PROGRESS and access.can_write:
        own = own_seat(request, seats)
        context.update(
            quick_log_context(
                access,
                game,
                seats,
                lambda: game_forms(
                    access,
                    game,
                    seats,
                    world=world,
                    factions=factions,
                    log=log.facts,
                    scar_kinds=scar_kinds,
                    kinds_of_mark=kinds_of_mark,
                    own_seat=own,
                ),
                facts=log.facts,
                log_forms=log_forms,
                open_log=open_log,
                latest=game.number if is_latest else None,
                own_seat=own,
                csrf_token=get_token(request),
            )
        )
    if context["is_latest"] and campaign.prepared_at:
        context["to_open"] = [(s, pages.packet_name(s)) for s in packets_due(campaign)]
    if finished:
        context["world_to_name"] = context["is_latest"] and world_naming.world_to_be_named(
            game.number, world.world_name
        )
        context["rewards"] = label_rewards(
            access,
            games.rewards_of([game.pk]),
        )
        context["signature"] = marks.signature_of(campaign.pk, game.number)
        context["snapshot"] = snapshot_state(access, game)
    return context


@require_POST
@campaign_view(write=True)
def game_start(request, access, number):
    game = game_or_404(access, number)
    try:
        start_game(game=game, by=request.user)
    except RuleViolation as refusal:
        messages.error(request, said(refusal))
    else:
        messages.success(request, _("Game %(n)s has begun. Good luck!") % {"n": game.number})
    return redirect("campaigns:game", access.campaign.pk, game.number)


@require_POST
@campaign_view(write=True)
def game_log(request, access, number, kind):
    game = game_or_404(access, number)
    if game.status != GameStatus.IN_PROGRESS:
        messages.error(request, _("Game %(n)s is not being played.") % {"n": game.number})
        return redirect("campaigns:game", access.campaign.pk, game.number)
    kind = KIND_OF_PATH.get(kind)
    if kind is None:  # an address the quick log does not have
        raise Http404
    factions = campaign_faction_names(access.campaign.pk, access.sees_unlocked)
    seats = label_seats(list(game.seats.select_related("player").order_by("order")), factions)
    # Only the form posted is built; the page re-shown with its errors builds the others.
    log_forms = game_forms(
        access, game, seats, request.POST, kind, only=kind, own_seat=own_seat(request, seats)
    )
    form = log_forms.get(kind)
    if form is None:
        raise Http404
    if form.is_valid():
        try:
            result = record_entry(
                kind,
                game=game,
                params=form.params(),
                by=request.user,
                made_at=made_at_of(request.POST),
            )
        except RuleViolation as refusal:
            refuse(form, refusal)
        else:
            # The confirmation by the quick log names the entry, its undo and the packets due.
            remember_noted(request, game, result.event.seq, "noted")
            return redirect(log_url(access, game))
    game.refresh_from_db()
    context = game_context(request, access, game, log_forms=log_forms, open_log=kind)
    return render(request, "campaigns/game.html", context)


@campaign_view(write=True)
@require_POST
def game_confirm(request, access, number, seq):
    """The table confirms a late entry awaiting confirmation (the banner's button): it takes its
    place in the log. A refusal (already confirmed or taken back) is said on the game page."""
    game = game_or_404(access, number)
    if seq > 2**31 - 1:
        raise Http404
    try:
        late_entries.confirm_entry(game=game, seq=seq, by=request.user)
    except RuleViolation as refusal:
        messages.error(request, said(refusal))
    else:
        remember_noted(request, game, seq, "confirmed")
    return redirect(log_url(access, game))


@campaign_view(write=True)
def game_void(request, access, number, seq):
    """Take an entry back: a confirmation with the reason, then the entry is struck out."""
    game = game_or_404(access, number)
    if seq > 2**31 - 1:
        raise Http404
    event = game.events.filter(seq=seq).select_related("seat__player").first()
    if event is None:
        raise Http404
    form = VoidEntryForm(request.POST or None)
    if game.status == GameStatus.IN_PROGRESS and request.method == "POST" and form.is_valid():
        try:
            result = taking_back.void_event(
                game=game, seq=seq, reason=form.cleaned_data["reason"], by=request.user
            )
        except RuleViolation as refusal:
            refuse(form, refusal)
        else:
            remember_noted(request, game, seq, "voided", result.stays_opened)
            return redirect(log_url(access, game))
    factions = campaign_faction_names(access.campaign.pk, access.sees_unlocked)
    words = event_words.EventWords.load(access.campaign.pk, factions, access.sees_unlocked)
    event.label = event_words.kind_label(event.kind, access.sees_unlocked)
    event.text = event_words.event_text(event, words)
    return render(
        request,
        "campaigns/game_void.html",
        {"access": access, "game": game, "event": event, "form": form},
    )
