"""The faction cards: the box's five and those the group unlocked, each with its back, its scar
and its powers, now or as of any game; and, for editors, adding a faction between games and
placing, covering and destroying powers."""

from __future__ import annotations

from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _

from campaigns.game import factions as service
from campaigns.game.derived import factions_of
from campaigns.models import GameStatus, Result
from campaigns.selectors import marks, packets
from campaigns.selectors.cards import faction_card_backs
from campaigns.vocabulary import HIDDEN, UNLOCKED_FACTION, UNLOCKED_POWER
from legacy.box import CAMPAIGN_GAMES
from legacy.models import power_type_label
from web.forms.factions import FactionAddForm, PowerDestroyForm, PowerPlaceForm
from web.names import (
    faction_name,
    power_words,
    scar_kind_name,
    territory_name,
)
from web.views.common import campaign_view, form_page


def _as_of(request, last: int) -> int | None:
    raw = request.GET.get("game", "")
    if raw.isdigit() and int(raw) <= last:
        return int(raw)
    return None


# The printed card's back has a line for each game of the campaign; later games are shown on ask.
CARD_LINES = CAMPAIGN_GAMES


def _card_names(access, found) -> dict[str, str]:
    """Each faction's name as the reader reads it: the box's in the reader's language, an
    unlocked one as the group wrote it, or its placeholder when it is hidden from the reader."""
    sees = access.sees_unlocked
    return {
        slug: str(UNLOCKED_FACTION)
        if f.unlocked and not sees
        else faction_name(slug, {slug: f.name})
        for slug, f in found.items()
    }


def _page(request, access, forms: dict | None = None):
    return render(request, "campaigns/factions.html", _page_context(request, access, forms))


def _page_context(request, access, forms: dict | None = None) -> dict:
    campaign = access.campaign
    games = list(campaign.games.order_by("number").values_list("number", "status"))
    last = games[-1][0] if games else 0
    game = _as_of(request, last)
    playing = next((n for n, s in games if s == GameStatus.IN_PROGRESS), None)
    found = factions_of(campaign.pk, game)
    # The backs show the last fifteen games, as many as a card has lines, unless asked for all.
    show_all = request.GET.get("all") == "1"
    shown = len([n for n, _s in games if game is None or n <= game])
    backs = faction_card_backs(campaign.pk, game, found, last=None if show_all else CARD_LINES)
    # Every power placed by then, the ones covered or destroyed by then too (struck out).
    powers: dict[str, list] = {}
    for p in marks.powers_placed(campaign.pk, game):
        p.counts = p.removed_in_game is None or (game is not None and p.removed_in_game > game)
        p.removed_label = "" if p.counts else p.get_removed_reason_display()
        p.slot_label = power_type_label(p.slot)
        powers.setdefault(p.faction, []).append(p)
    sees = access.sees_unlocked
    scars = {}
    for s in marks.faction_scars(campaign.pk, game):
        scars[s.faction] = scar_kind_name(s.kind) if (s.kind.base or sees) else str(HIDDEN)
    cards = []
    names = _card_names(access, found)
    for slug, f in found.items():
        hidden = f.unlocked and not sees
        name = names[slug]
        lines = backs.get(slug, [])
        for line in lines:
            line["hq_name"] = territory_name(line.get("hq"))
            line["result_label"] = Result(line["result"]).label if line.get("result") else ""
        held = []
        for p in powers.get(slug, []):
            p.hidden = not sees and service.is_unlocked_content(p)
            if p.hidden:
                p.display_name, p.display_text = str(UNLOCKED_POWER), ""
            else:
                p.display_name, p.display_text = power_words(p)
            held.append(p)
        cards.append(
            {
                # An unlocked faction's slug is made of its name: never in a class or an id; its
                # own colour is unlocked content, not shown when it is hidden.
                "slug": f"unlocked-{f.pk}" if f.unlocked else slug,
                "name": name,
                "colour": "" if hidden else f.colour,
                "unlocked": f.unlocked,
                "text": "" if hidden else f.text,
                "lines": lines,
                "powers": held,
                "scar": scars.get(slug),
            }
        )
    forms = forms or {}
    if access.can_write and game is None:
        opened = packets.opened(campaign.pk)
        forms.setdefault("add", FactionAddForm(prefix="add"))
        forms.setdefault("place", PowerPlaceForm(prefix="place", factions=names, opened=opened))
    return {
        "access": access,
        "cards": cards,
        "games": [n for n, _s in games],
        "as_of": game,
        "playing": playing,
        "between_games": playing is None,
        "forms": forms,
        "total_games": shown,
        "cut": not show_all and shown > CARD_LINES,
        "card_lines": CARD_LINES,
    }


@campaign_view()
def factions_page(request, access):
    return _page(request, access)


@campaign_view(write=True)
def factions_change(request, access):
    """The factions page's forms: ``action`` says which."""
    if request.method != "POST":
        return redirect("campaigns:factions", access.campaign.pk)
    campaign = access.campaign
    action = request.POST.get("action")
    playing = campaign.games.filter(status=GameStatus.IN_PROGRESS).values_list("number", flat=True)
    game = playing.first()
    if action == "add-faction":
        key, form = "add", FactionAddForm(request.POST, prefix="add")

        def act():
            return service.add_faction(campaign=campaign, by=request.user, **form.cleaned_data)

        said = _("%(name)s joins the campaign.")
    elif action == "place-power":
        factions = _card_names(access, factions_of(campaign.pk))
        opened = packets.opened(campaign.pk)
        key = "place"
        form = PowerPlaceForm(request.POST, prefix="place", factions=factions, opened=opened)

        def act():
            d = form.cleaned_data
            return service.place_power(
                campaign=campaign,
                faction=d["faction"],
                slot=d["slot"],
                name=d["name"],
                text=d["text"],
                game=game,
                unlocked_by=d["unlocked_by"] or None,
                covers=d["covers"],
                by=request.user,
            )

        said = _("%(name)s is on the card.")
    elif action == "destroy-power":
        key, form = "destroy", PowerDestroyForm(request.POST)

        def act():
            return service.destroy_power(
                campaign=campaign, power=form.cleaned_data["power"], game=game, by=request.user
            )

        said = _("%(name)s is destroyed.")
    else:
        return redirect("campaigns:factions", campaign.pk)
    return form_page(
        request,
        form,
        act,
        template="campaigns/factions.html",
        context=lambda: _page_context(request, access, {key: form}),
        message=lambda done: said % {"name": done.name},
        then=reverse("campaigns:factions", args=[campaign.pk]),
    )
