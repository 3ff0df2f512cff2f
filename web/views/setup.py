"""Before a game: the campaign's first preparation, and the wizard that seats a game (only legal
starts are offered).
"""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import PermissionDenied
from django.db.models import Max
from django.http import Http404
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _

from campaigns import services
from campaigns.game.setup import cancel_game, fix_seat, played_since_setup, setup_game
from campaigns.models import (
    GameStatus,
    Player,
)
from legacy import rules
from legacy.box import FACTIONS
from legacy.errors import RuleViolation
from legacy.models import (
    CoinSticker,
    FactionPower,
)
from legacy.selectors import stock_allowances, world_as_of
from web import pages
from web.forms.setup import (
    CancelGameForm,
    FirstGameForm,
    SeatFixForm,
    SetupForm,
    raw_seat_plan,
)
from web.refusals import refuse
from web.views.common import board_context, campaign_view, game_or_404, interactive_board


@campaign_view()
def first_game(request, access):
    campaign = access.campaign
    if campaign.prepared_at is not None:
        powers = FactionPower.objects.filter(campaign=campaign, placed_in_game=0, voided=False)
        kept = {p.faction: p for p in powers if p.removed_in_game is None}
        coins = CoinSticker.objects.filter(campaign=campaign, placed_in_game=0, voided=False)
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
                        pages.faction_name(f.slug),
                        pages.power_words(kept[f.slug]) if f.slug in kept else None,
                    )
                    for f in FACTIONS
                ],
                "cards": sorted(
                    ((pages.territory_name(t), n) for t, n in cards.items()),
                    key=lambda x: (-x[1], x[0]),
                ),
            },
        )
    if not access.can_write:
        if not request.user.is_authenticated:
            return redirect_to_login(request.get_full_path())
        raise PermissionDenied
    stock = stock_allowances(campaign.pk)["first-game-coins"]
    form = FirstGameForm(request.POST or None, stock=stock)
    if request.method == "POST" and form.is_valid():
        try:
            services.prepare_first_game(
                campaign=campaign,
                powers=form.powers(),
                coins=None if form.cleaned_data["random_coins"] else form.coins(),
                random_coins=form.cleaned_data["random_coins"],
                by=request.user,
            )
        except RuleViolation as refusal:
            refuse(form, refusal)
        else:
            messages.success(request, _("Before the first game: done. Now set up game 1."))
            return redirect("campaigns:first_game", campaign.pk)
    return render(
        request, "campaigns/first_game.html", {"access": access, "form": form, "stock": stock}
    )


def legal_by_seat(world, plan) -> dict[int, list[str]]:
    """For each seat, the legal starts given the HQs chosen in the seats before it."""
    legal, placed = {}, []
    for i, (player, hq) in enumerate(plan):
        legal[i] = rules.legal_starting_territories(world, player=player, hqs=placed)
        if hq:
            placed.append(hq)
    return legal


@campaign_view(write=True)
def game_new(request, access):
    campaign = access.campaign
    if campaign.prepared_at is None:
        messages.info(request, _("First things first: before the first game."))
        return redirect("campaigns:first_game", campaign.pk)
    current = campaign.games.exclude(status=GameStatus.FINISHED).first()
    if current:
        return redirect("campaigns:game", campaign.pk, current.number)
    world = world_as_of(campaign.pk)
    players = list(Player.objects.filter(campaign=campaign).order_by("id"))
    factions = pages.campaign_factions(campaign.pk)
    data = request.POST if request.method == "POST" else None
    plan = raw_seat_plan(data or {})
    legal = legal_by_seat(world, plan)
    form = SetupForm(data, players=players, factions=factions, legal=legal)
    preview = bool(data and data.get("_preview"))
    if data is not None and not preview and form.is_valid():
        try:
            game = setup_game(
                campaign=campaign,
                seats=form.cleaned_data["seats"],
                played_on=form.cleaned_data.get("played_on"),
                by=request.user,
            )
        except RuleViolation as refusal:
            refuse(form, refusal)
        else:
            return redirect("campaigns:game", campaign.pk, game.number)
    # The map shows where the next seat still to be chosen may start.
    focus = next((i for i, (_p, hq) in enumerate(plan) if not hq), len(plan) - 1)
    highlight = set(legal.get(focus, []))
    hqs = {
        hq: (data or {}).get(f"seat{i}_faction") or "neutral"
        for i, (_p, hq) in enumerate(plan)
        if hq
    }
    ctx = board_context(access, {p.pk: p.name for p in players}, hqs)
    context = {
        "access": access,
        "form": form,
        "preview": preview,
        "number": (campaign.games.aggregate(n=Max("number"))["n"] or 0) + 1,
        "board": interactive_board(
            access, world, ctx, highlight=highlight, label=_("Legal starts are outlined")
        ),
        "focus_seat": focus + 1,
        "legal_names": sorted(pages.territory_name(t) for t in highlight),
    }
    return render(request, "campaigns/game_new.html", context)


# --- Mistakes at setup: cancelling a game, fixing a seat ------------------------------------------


@campaign_view(write=True)
def game_cancel(request, access, number):
    """Cancel a game set up by mistake, with a reason, until its first entry."""
    game = game_or_404(access, number)
    played = played_since_setup(game)
    form = CancelGameForm(request.POST or None)
    if not played and request.method == "POST" and form.is_valid():
        try:
            cancel_game(game=game, reason=form.cleaned_data["reason"], by=request.user)
        except RuleViolation as refusal:
            refuse(form, refusal)
        else:
            messages.success(
                request,
                _("Game %(n)s is cancelled. The audit keeps that it was set up.") % {"n": number},
            )
            return redirect("campaigns:dashboard", access.campaign.pk)
    return render(
        request,
        "campaigns/game_cancel.html",
        {"access": access, "game": game, "form": form, "played": bool(played)},
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
        players=Player.objects.filter(campaign=access.campaign).order_by("id"),
        factions=pages.campaign_factions(access.campaign.pk),
        reason_needed=played,
    )
    if request.method == "POST" and form.is_valid():
        d = form.cleaned_data
        try:
            fix_seat(
                game=game,
                player=seat.player_id,
                new_player=int(d["player"]),
                faction=d["faction"],
                hq=d["hq"],
                reason=d.get("reason") or "",
                by=request.user,
            )
        except RuleViolation as refusal:
            refuse(form, refusal)
        else:
            messages.success(
                request,
                _("The seat is corrected. The reason is kept in the audit.")
                if played
                else _("The seat is fixed."),
            )
            return redirect("campaigns:game", access.campaign.pk, game.number)
    return render(
        request,
        "campaigns/seat_fix.html",
        {"access": access, "game": game, "seat": seat, "form": form, "played": played},
    )
