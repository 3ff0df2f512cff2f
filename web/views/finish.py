"""The end of a game: the end-of-game form (only legal rewards are offered), amending the last
game until the next one is set up, and naming the world.
"""

from __future__ import annotations

from uuid import uuid4

from django.contrib import messages
from django.shortcuts import redirect
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from campaigns.capitals import with_capitals_allowed
from campaigns.game.finish import (
    amend_game,
    finish_game,
    name_world,
    results_from_log,
    rewards_as_they_stand,
    world_before_the_end,
)
from campaigns.models import (
    GameStatus,
    Result,
)
from campaigns.selectors import marks
from legacy import rules
from legacy.box import Stock
from legacy.selectors import world_as_of
from web.context_processors import by_script
from web.forms.finish import AmendForm, FinishForm, NameWorldForm
from web.names import campaign_faction_names
from web.views.common import (
    campaign_view,
    form_page,
    game_or_404,
    label_seats,
    player_names,
)


def _end_of_game_form(request, access, game, form_class, world):
    """The end-of-game form (results, signature, rewards) of ``game``, offering the rewards
    that ``world`` allows, with the seats as the page labels them."""
    factions = campaign_faction_names(access.campaign.pk, access.sees_unlocked)
    seats = label_seats(list(game.seats.select_related("player").order_by("order")), factions)
    give = rules.rewards_given(game.number)
    all_territories = [t.slug for t in world.board.territories]
    return form_class(
        request.POST or None,
        seats=seats,
        winner_targets=rules.winner_reward_targets(world) if give else {},
        held_targets=(
            rules.held_on_reward_targets(
                world,
                all_territories,
                end_together=access.campaign.held_on_rewards_end_together,
            )
            if give
            else {}
        ),
        rewards=give,
        ends=results_from_log(game),
        world=world,
    )


STOCK_NAMES = {
    Stock.MINOR_CITIES: gettext_lazy("minor city stickers"),
    Stock.HELD_ON_COINS: gettext_lazy("coin stickers"),
}


def _stocks_out_note(stocks_out, name: str | None = None) -> str:
    """Why no held-on reward is left when the stocks say so, in the reader's language (for
    ``name``, who held on, when given)."""
    both = len(stocks_out) == len(STOCK_NAMES)
    if name is None and both:
        return _("All minor city and coin stickers are used.")
    if name is None:
        return _(
            "The %(stock)s are all used, and in this campaign held-on rewards end when either "
            "stock runs out."
        ) % {"stock": STOCK_NAMES[stocks_out[0]]}
    if both:
        return _(
            "%(name)s held on and gets no reward: all minor city and coin stickers are used."
        ) % {"name": name}
    return _(
        "%(name)s held on and gets no reward: the %(stock)s are all used, and in this campaign "
        "held-on rewards end when either stock runs out."
    ) % {"name": name, "stock": STOCK_NAMES[stocks_out[0]]}


def _no_reward_notice(name: str, none) -> str:
    """The notice for a player who held on and got none (``campaigns.game.finish.NoReward``)."""
    if none.why == "stocks-empty":
        return _stocks_out_note(none.stocks_out, name)
    return _(
        "%(name)s held on and gets no reward: they controlled nothing a reward could go on."
    ) % {"name": name}


def _end_of_game_context(request, access, game, form, *, amend: bool = False) -> dict:
    """What the end-of-game page shows. Results chosen so far decide who gets a held-on reward and
    in which order (clockwise from the winner), so the form is redrawn when a result changes."""
    source = request.POST if request.method == "POST" else form.initial
    results = {s.player_id: source.get(f"result_{s.player_id}", "") for s in form.seats}
    winner = next((p for p, r in results.items() if r == Result.WON), None)
    order = (
        rules.held_on_order({s.player_id: s.order for s in form.seats}, winner)
        if winner
        else [s.player_id for s in form.seats]
    )
    context = {
        "access": access,
        "game": game,
        "form": form,
        "preview": bool(request.POST.get("_preview")),
        "held_rows": form.held_rows(order, results) if form.rewards else [],
        "no_held_on_reward": (
            _stocks_out_note(rules.held_on_stocks_out(form.world))
            if form.rewards and not form.held_kinds
            else ""
        ),
        "winner_chosen": winner is not None,
        "rewards": form.rewards,
        "amend": amend,
        # Each drawing of the form gets its own key: the same end sent twice (a double tap, a
        # page sent again) is recorded once and answered the same way.
        "form_key": uuid4().hex,
    }
    return context


# The game page after its end was recorded (``KEPT_END``) or amended (``KEPT_AMENDMENT``): it
# says so every time it is drawn at that address, whoever draws it, so the sentence is never used
# up by another fetch of the page, and an end sent again is answered with the same address.
KEPT = "kept"
KEPT_END = "end"
KEPT_AMENDMENT = "amendment"


def kept_url(campaign, game, what: str = KEPT_END) -> str:
    """The game page saying that its end is in the book."""
    return reverse("campaigns:game", args=[campaign.pk, game.number]) + f"?{KEPT}={what}"


def kept_words(request, game) -> str:
    """ "Game N is in the book." on a finished game's page reached after its end was recorded or
    amended; empty otherwise."""
    if not game.is_finished:
        return ""
    what = request.GET.get(KEPT)
    if what == KEPT_END:
        return _("Game %(n)s is in the book.") % {"n": game.number}
    if what == KEPT_AMENDMENT:
        return _("Game %(n)s is in the book, as amended.") % {"n": game.number}
    return ""


def _tell_no_rewards(request, form, done) -> None:
    """Say, for each player who held on and got no reward, why none was legal."""
    names = {s.player_id: s.player.name for s in form.seats}
    for p, none in done.no_rewards.items():
        messages.info(request, _no_reward_notice(names.get(p, "?"), none))


def _end_of_game(form) -> dict:
    """What the end-of-game form gives the services (finish and amend alike)."""
    held, controlled = form.held_on()
    return {
        "results": form.results(),
        "controlled": controlled,
        "winner_reward": form.winner_reward(),
        "held_on_rewards": held,
        "slogan": form.cleaned_data.get("slogan") or "",
        "signed_on": form.cleaned_data.get("signed_on"),
    }


@campaign_view(write=True)
def game_finish(request, access, number):
    campaign = access.campaign
    game = game_or_404(access, number)
    if game.status == GameStatus.FINISHED:
        # Its end is kept: an end sent again, this page fetched again by the live table, or
        # opened on another phone, all land on the game saying so; nothing is recorded twice.
        return redirect(kept_url(campaign, game))
    if game.status != GameStatus.IN_PROGRESS:
        if not by_script(request):
            messages.info(request, _("Only a game being played can be finished."))
        return redirect("campaigns:game", campaign.pk, game.number)
    world = with_capitals_allowed(world_as_of(campaign.pk), campaign)
    form = _end_of_game_form(request, access, game, FinishForm, world)

    def said(done) -> str:
        # The game page says the end is kept (its address tells it), which packets must open now
        # and whether the world is named.
        _tell_no_rewards(request, form, done)
        return ""

    return form_page(
        request,
        form,
        lambda: finish_game(game=game, by=request.user, **_end_of_game(form)),
        template="campaigns/game_finish.html",
        context=lambda: _end_of_game_context(request, access, game, form),
        message=said,
        then=kept_url(campaign, game),
        ready=not request.POST.get("_preview"),
    )


@campaign_view(write=True)
def game_amend(request, access, number):
    """Enter the end of the last finished game again, until the next game is set up; the form
    is the finish's, filled in with what the game's end holds now, plus the reason."""
    campaign = access.campaign
    game = game_or_404(access, number)
    if game.status != GameStatus.FINISHED or campaign.games.filter(number__gt=number).exists():
        if by_script(request):
            return redirect("campaigns:game", campaign.pk, game.number)
        messages.info(
            request,
            _(
                "Only the last finished game can be amended, until the next one is set up: "
                "fix single marks from the history instead."
            ),
        )
        return redirect("campaigns:game", campaign.pk, game.number)
    world = world_before_the_end(game)
    form = _end_of_game_form(request, access, game, AmendForm, world)
    if request.method != "POST":
        form.initial = form.initial_from(game, rewards_as_they_stand(game))
        signature = marks.signature_of(campaign.pk, game.number)
        if signature:
            form.initial.update(slogan=signature.slogan, signed_on=signature.date)

    def said(done) -> str:
        _tell_no_rewards(request, form, done)
        return ""

    return form_page(
        request,
        form,
        lambda: amend_game(
            game=game,
            revision=form.cleaned_data["revision"],
            reason=form.cleaned_data["reason"],
            by=request.user,
            **_end_of_game(form),
        ),
        template="campaigns/game_finish.html",
        context=lambda: _end_of_game_context(request, access, game, form, amend=True),
        message=said,
        then=kept_url(campaign, game, KEPT_AMENDMENT),
        ready=not request.POST.get("_preview"),
    )


@campaign_view(write=True)
def world_name(request, access):
    campaign = access.campaign
    world = world_as_of(campaign.pk)
    players = player_names(campaign.pk)
    counts = world.signature_counts()
    most = max(counts.values(), default=0)
    tied = [(p, players.get(p, "?")) for p, n in counts.items() if n == most]
    form = NameWorldForm(request.POST or None, tied=tied if len(tied) > 1 else ())
    return form_page(
        request,
        form,
        lambda: name_world(
            campaign=campaign,
            name=form.cleaned_data["name"],
            rolls=form.rolls() or None,
            by=request.user,
        ),
        template="campaigns/world_name.html",
        context={"access": access, "form": form, "tied": tied, "most": most},
        message=_("The world has its name."),
        then=reverse("campaigns:dashboard", args=[campaign.pk]),
    )
