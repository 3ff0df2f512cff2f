"""Before a game: the campaign's first preparation, and the wizard that seats a game (only legal
starts are offered).
"""

from __future__ import annotations

import re

from django.contrib import messages
from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import PermissionDenied
from django.db.models import Max
from django.http import Http404
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _

from campaigns import services
from campaigns.game.setup import cancel_game, fix_seat, played_since_setup, setup_game
from campaigns.models import (
    GameStatus,
)
from campaigns.selectors import marks, people
from campaigns.services import campaign_world
from legacy import rules
from legacy.box import FACTIONS
from legacy.errors import RuleViolation
from legacy.selectors import board_as_of_game, stock_allowances
from legacy.wording import said
from web.forms.setup import (
    MAX_SEATS,
    CancelGameForm,
    FirstGameForm,
    SeatFixForm,
    SetupForm,
    raw_seat_plan,
)
from web.names import campaign_faction_names, faction_name, power_words, territory_name
from web.views.common import (
    board_context,
    campaign_view,
    form_page,
    game_or_404,
    interactive_board,
    refuse,
)


@campaign_view()
def first_game(request, access):
    campaign = access.campaign
    if campaign.prepared_at is not None:
        powers, coins = marks.before_the_first_game(campaign.pk)
        kept = {p.faction: p for p in powers if p.removed_in_game is None}
        cards: dict[str, int] = {}
        for c in coins:
            cards[c.territory] = max(cards.get(c.territory, 1), c.coins_after)
        return render(
            request,
            "campaigns/first_game_done.html",
            {
                "access": access,
                "powers": [
                    (
                        faction_name(f.slug),
                        power_words(kept[f.slug]) if f.slug in kept else None,
                    )
                    for f in FACTIONS
                ],
                "cards": sorted(
                    ((territory_name(t), n) for t, n in cards.items()),
                    key=lambda x: (-x[1], x[0]),
                ),
            },
        )
    if not access.can_write:
        if not request.user.is_authenticated:
            return redirect_to_login(request.get_full_path())
        raise PermissionDenied
    stock = stock_allowances(campaign.pk)["first-game-coins"]
    # A campaign being brought in goes back to its page: its next game is not game 1.
    bringing_in = campaign.bringing_in
    kept = marks.starting_powers_kept(campaign.pk)
    form = FirstGameForm(request.POST or None, stock=stock, kept={p.faction for p in kept})
    return form_page(
        request,
        form,
        lambda: services.prepare_first_game(
            campaign=campaign,
            powers=form.powers(),
            coins=None if form.cleaned_data["random_coins"] else form.coins(),
            random_coins=form.cleaned_data["random_coins"],
            by=request.user,
        ),
        template="campaigns/first_game.html",
        context={
            "access": access,
            "form": form,
            "stock": stock,
            "kept": [(faction_name(p.faction), power_words(p)[0]) for p in kept],
        },
        message=_("Before the first game: done. Back to bringing the campaign in.")
        if bringing_in
        else _("Before the first game: done. Now set up game 1."),
        then=reverse("campaigns:bring_in", args=[campaign.pk]) + "#factions"
        if bringing_in
        else reverse("campaigns:first_game", args=[campaign.pk]),
    )


def legal_by_seat(world, plan, *, capital_starts: bool = False) -> dict[int, list[str]]:
    """For each seat, the legal starts given the HQs chosen in the seats before it."""
    legal, placed = {}, []
    for i, (player, hq) in enumerate(plan):
        legal[i] = rules.legal_starting_territories(
            world, player=player, hqs=placed, capital_starts=capital_starts
        )
        if hq:
            placed.append(hq)
    return legal


def seat_of_refusal(refusal: RuleViolation, plan, legal) -> int | None:
    """The seat a setup refusal belongs to: the first HQ that is not a legal start."""
    if refusal.rule != "legal-start":
        return None
    return next((i for i, (_p, hq) in enumerate(plan) if hq and hq not in legal.get(i, [])), None)


def setup_state(access, data, *, preview: bool = False):
    """What the setup wizard shows for the seats typed so far: the form (each seat offered only
    legal starts, and what the other seats took disabled) and the seat still to be chosen."""
    campaign = access.campaign
    world = campaign_world(campaign)
    players = people.players(campaign.pk)
    factions = campaign_faction_names(campaign.pk, access.sees_unlocked)
    plan = raw_seat_plan(data or {})
    legal = legal_by_seat(world, plan, capital_starts=campaign.world_capital_is_a_start)
    form = SetupForm(
        data, players=players, factions=factions, legal=legal, preview=preview, on=world.board
    )
    # The map shows where the next seat still to be chosen may start.
    focus = next((i for i, (_p, hq) in enumerate(plan) if not hq), len(plan) - 1)
    highlight = set(legal.get(focus, []))
    return {
        "world": world,
        "players": players,
        "plan": plan,
        "legal": legal,
        "form": form,
        "highlight": highlight,
        "legal_slugs": sorted(highlight),
        "chosen_hqs": sorted(hq for _p, hq in plan if hq),
        "focus_seat": focus + 1,
        "legal_names": sorted(territory_name(t) for t in highlight),
    }


@campaign_view(write=True)
def game_new(request, access):
    campaign = access.campaign
    if campaign.prepared_at is None:
        messages.info(request, _("First things first: before the first game."))
        return redirect("campaigns:first_game", campaign.pk)
    current = campaign.games.exclude(status=GameStatus.FINISHED).first()
    if current:
        return redirect("campaigns:game", campaign.pk, current.number)
    data = request.POST if request.method == "POST" else None
    preview = bool(data and data.get("_preview"))
    state = setup_state(access, data, preview=preview)
    form = state["form"]

    def refused(form, refusal) -> None:
        # A start refused is said at the seat that chose it; anything else, at the top.
        seat = seat_of_refusal(refusal, state["plan"], state["legal"])
        if seat is None:
            refuse(form, refusal)
        else:
            form.seat_error(seat, "hq", said(refusal))

    def page() -> dict:
        # Chosen HQs are outlined (not drawn): the seats' fragment updates them without the map.
        ctx = board_context(access, {p.pk: p.name for p in state["players"]})
        board = interactive_board(
            access,
            state["world"],
            ctx,
            highlight=state["highlight"],
            label=_("Legal starts are outlined"),
            chosen=set(state["chosen_hqs"]),
        )
        return {
            **state,
            "access": access,
            "preview": preview,
            "number": (campaign.games.aggregate(n=Max("number"))["n"] or 0) + 1,
            "board": board,
        }

    return form_page(
        request,
        form,
        lambda: setup_game(
            campaign=campaign,
            seats=form.cleaned_data["seats"],
            played_on=form.cleaned_data.get("played_on"),
            by=request.user,
        ),
        template="campaigns/game_new.html",
        context=page,
        then=lambda game: reverse("campaigns:game", args=[campaign.pk, game.number]),
        refused=refused,
        ready=not preview,
    )


def changed_by(form, changed: str) -> list:
    """The seat choices that one change (``seat<k>_<kind>``) can alter: a player or a faction is
    disabled in the other seats; a player changes his own seat's legal starts (a major city he
    founded); an HQ changes the legal starts of the seats after it. Unknown: every choice."""
    names = [f"seat{i}_{kind}" for i in range(MAX_SEATS) for kind in ("player", "faction", "hq")]
    match = re.fullmatch(r"seat(\d)_(player|faction|hq)", changed or "")
    if match:
        k, kind = int(match.group(1)), match.group(2)
        if kind == "hq":
            names = [f"seat{i}_hq" for i in range(k + 1, MAX_SEATS)]
        else:
            names = [f"seat{i}_{kind}" for i in range(MAX_SEATS) if i != k]
            if kind == "player":
                names.append(f"seat{k}_hq")
    return [form[name] for name in names]


@campaign_view(write=True)
def game_new_seats(request, access):
    """For a change of one choice in the setup wizard: the legal starts, and (swapped in out of
    band) only the seat choices that change, instead of the whole page. The page itself works
    without it."""
    if request.method != "POST":
        return redirect("campaigns:game_new", access.campaign.pk)
    state = setup_state(access, request.POST, preview=True)
    return render(
        request,
        "campaigns/_setup_seats_fragment.html",
        {
            **state,
            "access": access,
            "preview": True,
            "changed_fields": changed_by(state["form"], request.POST.get("_changed", "")),
        },
    )


# --- Mistakes at setup: cancelling a game, fixing a seat ------------------------------------------


@campaign_view(write=True)
def game_cancel(request, access, number):
    """Cancel a game set up by mistake, with a reason, until its first entry."""
    game = game_or_404(access, number)
    played = played_since_setup(game)
    form = CancelGameForm(request.POST or None)
    return form_page(
        request,
        form,
        lambda: cancel_game(game=game, reason=form.cleaned_data["reason"], by=request.user),
        template="campaigns/game_cancel.html",
        context={"access": access, "game": game, "form": form, "played": bool(played)},
        message=_("Game %(n)s is cancelled. The audit keeps that it was set up.") % {"n": number},
        then=reverse("campaigns:dashboard", args=[access.campaign.pk]),
        ready=not played,
    )


@campaign_view(write=True)
def seat_fix(request, access, number, player):
    """Fix one seat's player, faction or HQ: plainly before the first entry, with a reason
    after it."""
    game = game_or_404(access, number)
    if player > 2**63 - 1:
        raise Http404
    seat = game.seats.filter(player_id=player).select_related("player").first()
    if seat is None:
        raise Http404
    played = bool(played_since_setup(game))
    form = SeatFixForm(
        request.POST or None,
        initial={"player": str(seat.player_id), "faction": seat.faction, "hq": seat.hq},
        players=people.players(access.campaign.pk),
        factions=campaign_faction_names(access.campaign.pk, access.sees_unlocked),
        reason_needed=played,
        # The board the game started on: the box's, and what packets added before it.
        on=board_as_of_game(access.campaign.pk, game.number - 1),
    )

    def fix():
        d = form.cleaned_data
        return fix_seat(
            game=game,
            player=seat.player_id,
            new_player=int(d["player"]),
            faction=d["faction"],
            hq=d["hq"],
            reason=d.get("reason") or "",
            by=request.user,
        )

    return form_page(
        request,
        form,
        fix,
        template="campaigns/seat_fix.html",
        context={"access": access, "game": game, "seat": seat, "form": form, "played": played},
        message=_("The seat is corrected. The reason is kept in the audit.")
        if played
        else _("The seat is fixed."),
        then=reverse("campaigns:game", args=[access.campaign.pk, game.number]),
    )
