"""The event and mission decks (where each card is, entering a card a packet added), the card
entries at the table, and founding a World Capital between games."""

from __future__ import annotations

from django.contrib import messages
from django.http import Http404
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _

from campaigns.capitals import found_world_capital, world_capitals_unlocked
from campaigns.game import decks, event_words
from campaigns.game.entries.recording import record_entry
from campaigns.game.rulebook import setting_stickers
from campaigns.models import GameStatus
from campaigns.selectors import packets
from campaigns.vocabulary import HIDDEN
from legacy import rules
from legacy.errors import RuleViolation
from legacy.selectors import world_as_of
from web import pages
from web.forms.decks import CardForm, WorldCapitalForm, card_entry_form
from web.names import campaign_faction_names, territory_name
from web.views.common import campaign_view, game_or_404, label_seats, player_names, refuse
from web.views.quick_log import drawn_fields
from web.views.table import game_context


def state_words(where: decks.Where) -> str:
    words = str(decks.CardState(where.state).label)
    return words % {"n": where.game} if where.game is not None else words


def card_rows(campaign_id: int, sees_unlocked: bool) -> dict[str, list[dict]]:
    states = decks.card_states(campaign_id)
    out: dict[str, list[dict]] = {"event": [], "mission": []}
    for card in packets.deck_cards(campaign_id):
        where = states.get(card.pk, decks.Where(decks.CardState.IN_DECK))
        out[card.deck].append(
            {
                "id": card.pk,
                "title": card.title if sees_unlocked else str(HIDDEN),
                "text": card.text if sees_unlocked else "",
                "packet": pages.packet_name(card.opening.packet),
                "state": where.state,
                "where": state_words(where),
            }
        )
    return out


def _opened(campaign) -> list[tuple[str, str]]:
    return [(p, pages.packet_name(p)) for p in packets.opened_in_order(campaign.pk)]


@campaign_view()
def decks_page(request, access):
    """Both decks, each card with where it is; editors enter a card a packet added."""
    campaign = access.campaign
    form = None
    if access.can_write:
        form = CardForm(request.POST or None, packets=_opened(campaign))
        if request.method == "POST" and form.is_valid():
            try:
                decks.add_card(campaign=campaign, by=request.user, **form.cleaned_data)
            except RuleViolation as refusal:
                refuse(form, refusal)
            else:
                messages.success(request, _("The card is in its deck."))
                return redirect("campaigns:decks", campaign.pk)
    elif request.method == "POST":
        raise Http404
    rows = card_rows(campaign.pk, access.sees_unlocked)
    return render(
        request,
        "campaigns/decks.html",
        {"access": access, "events": rows["event"], "missions": rows["mission"], "form": form},
    )


@campaign_view(write=True)
def game_card(request, access, number):
    """A card drawn, a mission completed or a card destroyed at the table."""
    game = game_or_404(access, number)
    if request.method != "POST" or game.status != GameStatus.IN_PROGRESS:
        return redirect("campaigns:game", access.campaign.pk, game.number)
    factions = campaign_faction_names(access.campaign.pk)
    seats = label_seats(list(game.seats.select_related("player").order_by("order")), factions)
    form = card_entry_form(access.campaign.pk, seats, request.POST)
    if form is None:
        raise Http404
    if form.is_valid():
        try:
            kind, params = form.entry()
            result = record_entry(kind, game=game, params=params, by=request.user)
        except RuleViolation as refusal:
            refuse(form, refusal)
        else:
            words = event_words.EventWords.load(access.campaign.pk, factions, access.sees_unlocked)
            what = event_words.event_text(result.event, words)
            messages.success(request, _("Noted: %(what)s") % {"what": what})
            return redirect("campaigns:game", access.campaign.pk, game.number)
    context = game_context(request, access, game)
    context["card_form"] = form
    context["card_fields"] = drawn_fields(form)
    context["card_form_open"] = True
    return render(request, "campaigns/game.html", context)


@campaign_view(write=True)
def world_capital(request, access):
    """Found a World Capital between games, once a packet allows it."""
    campaign = access.campaign
    world = world_as_of(campaign.pk)
    free = [slug for slug, t in world.territories.items() if t.city is None]
    form = WorldCapitalForm(
        request.POST or None, free=free, players=player_names(campaign.pk), on=world.board
    )
    if request.method == "POST" and form.is_valid():
        d = form.cleaned_data
        try:
            city = found_world_capital(
                campaign=campaign,
                territory=d["territory"],
                name=d["name"],
                player=int(d["player"]) if d.get("player") else None,
                by=request.user,
            )
        except RuleViolation as refusal:
            refuse(form, refusal)
        else:
            messages.success(
                request,
                _("%(name)s, a World Capital, is founded in %(where)s.")
                % {"name": city.name, "where": territory_name(city.territory)},
            )
            return redirect("campaigns:dashboard", campaign.pk)
    # The rule sticker that changed how many may exist, if the group named one.
    sticker = setting_stickers(campaign.pk).get("world_capitals_allowed")
    return render(
        request,
        "campaigns/world_capital.html",
        {
            "access": access,
            "form": form,
            "unlocked": world_capitals_unlocked(campaign.pk),
            "allowed": campaign.world_capitals_allowed,
            "sticker": sticker,
            "sticker_url": (
                f"{reverse('campaigns:rules', args=[campaign.pk])}#sticker-{sticker.pk}"
                if sticker
                else ""
            ),
            "founded": [
                (world.territories[slug].city.name, territory_name(slug))
                for slug in rules.world_capitals(world)
            ],
            # The game set up or being played, if any: a capital founded then is its entry.
            "playing": campaign.games.exclude(status=GameStatus.FINISHED)
            .values_list("number", flat=True)
            .first(),
        },
    )
