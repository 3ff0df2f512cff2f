"""Bringing a campaign in, on one page for its owner while the group has not said it is done:
how many games were played, the winners' section, the marks on the board, the packets opened,
then the check and "done". Each step is saved as it is made; a refusal is shown on its form,
beside the field it names."""

from __future__ import annotations

from django.contrib import messages
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils import translation
from django.utils.translation import gettext as _

from campaigns.bring_in import (
    BringInRefused,
    bring_in,
    bringing_in_done,
    start_bringing_in,
    take_out_game,
    take_out_mark,
)
from campaigns.game.derived import campaign_factions
from campaigns.models import Result
from campaigns.selectors import marks as mark_rows
from campaigns.selectors import packets as packet_rows
from campaigns.selectors.bring_in import brought_so_far, mark_type, mark_words
from campaigns.services import cached_world
from legacy import names
from legacy.box import PACKETS
from legacy.errors import RuleViolation
from legacy.rules.bring_in import pasted_games, pasted_results
from legacy.wording import said
from web import pages
from web.forms.bring_in import (
    GamesPlayedForm,
    PastedGamesForm,
    PastGameForm,
    PastMarkForm,
    PastPacketForm,
    PastStickerForm,
)
from web.names import faction_name, scar_kind_name
from web.views.common import FORM_REFUSED_STATUS, campaign_view, player_names
from web.views.rulebook import opened_packets

STEPS = ("played", "game", "pasted", "mark", "packet", "sticker", "take-out", "done")


def put_on(form, refusal: RuleViolation) -> None:
    """A refusal on its form: each problem beside the field it names, when the form has it."""
    problems = getattr(refusal, "problems", None) or [(refusal.field or "", refusal)]
    for where, problem in problems:
        name = str(where).split(".")[-1]
        form.add_error(name if name in form.fields else None, said(problem))


def faction_spellings(factions: dict[str, str]) -> dict[str, str]:
    """Every way a pasted line may name a faction: its slug, its name in either language."""
    spellings = {}
    for slug, name in factions.items():
        for word in (slug, name, names.faction(slug, "en"), names.faction(slug, "ru")):
            spellings[word.casefold()] = slug
    return spellings


def result_spellings() -> dict[str, str]:
    """Every way a pasted line may say held on or eliminated: its code, its words in either
    language."""
    spellings = {}
    for result in (Result.HELD_ON, Result.ELIMINATED):
        spellings[result.value.casefold()] = result.value
        for language in ("en", "ru"):
            with translation.override(language):
                spellings[str(result.label).casefold()] = result.value
    return spellings


def forms_of(request, access, so_far, step: str | None):
    campaign = access.campaign
    roster = list(player_names(campaign.pk).values())
    unlocked = campaign_factions(campaign.pk)
    factions = {slug: faction_name(slug, unlocked) for slug in unlocked}
    games = so_far.games_played or 0
    data = request.POST if request.method == "POST" else None
    world = cached_world(campaign)
    opened = set(packet_rows.opened(campaign.pk))
    own = [(c.slug, c.name) for c in packet_rows.components(campaign.pk) if c.slug not in opened]
    return {
        "played": GamesPlayedForm(
            data if step == "played" else None,
            prefix="played",
            initial={"games_played": so_far.games_played},
        ),
        "game": PastGameForm(
            data if step == "game" else None,
            prefix="game",
            missing=so_far.missing,
            roster=roster,
            factions=factions,
        ),
        "pasted": PastedGamesForm(data if step == "pasted" else None, prefix="pasted"),
        "mark": PastMarkForm(
            data if step == "mark" else None,
            prefix="mark",
            games=games,
            on=world.board,
            roster=roster,
            scar_kinds={k.slug: scar_kind_name(k) for k in mark_rows.scar_kinds(campaign.pk)},
        ),
        "packet": PastPacketForm(
            data if step == "packet" else None,
            prefix="packet",
            games=games,
            packets=[(p.slug, pages.packet_name(p.slug)) for p in PACKETS if p.slug not in opened]
            + own,
        ),
        "sticker": PastStickerForm(
            data if step == "sticker" else None,
            prefix="sticker",
            games=games,
            openings=opened_packets(campaign.pk),
        ),
    }


def act(request, access, step: str, form):
    """Take one step's form to its service; None when its form holds what was refused."""
    campaign, by = access.campaign, request.user
    if step == "played":
        d = form.cleaned_data
        return start_bringing_in(
            campaign=campaign, games=d["games_played"], world_name=d["world_name"], by=by
        )
    if step == "game":
        d = form.cleaned_data
        spellings = faction_spellings(campaign_factions(campaign.pk))
        others = pasted_results(d["others"], spellings, result_spellings())
        game = {"number": d["number"], "winner": d["winner"], "faction": d["faction"]}
        return bring_in(campaign=campaign, games=[game | {"results": others}], by=by)
    if step == "pasted":
        spellings = faction_spellings(campaign_factions(campaign.pk))
        return bring_in(
            campaign=campaign, games=pasted_games(form.cleaned_data["lines"], spellings), by=by
        )
    if step == "mark":
        return bring_in(campaign=campaign, marks=[form.item()], by=by)
    if step == "sticker":
        return bring_in(campaign=campaign, stickers=[form.item()], by=by)
    return bring_in(campaign=campaign, packets=[form.item()], by=by)


@campaign_view(owner=True)
def bring_in_page(request, access):
    campaign = access.campaign
    step = request.POST.get("step") if request.method == "POST" else None
    if step not in STEPS:
        step = None
    if step == "take-out":
        try:
            if request.POST.get("game"):
                take_out_game(campaign=campaign, number=int(request.POST["game"]), by=request.user)
            else:
                take_out_mark(
                    campaign=campaign,
                    mark_type=request.POST.get("type", ""),
                    mark_id=int(request.POST.get("mark") or 0),
                    by=request.user,
                )
        except (RuleViolation, ValueError) as refusal:
            if isinstance(refusal, RuleViolation):
                messages.error(request, said(refusal))
        return redirect(reverse("campaigns:bring_in", args=[campaign.pk]))
    if step == "done":
        try:
            bringing_in_done(campaign=campaign, by=request.user)
        except RuleViolation as refusal:
            messages.error(request, said(refusal))
            return redirect(reverse("campaigns:bring_in", args=[campaign.pk]))
        messages.success(request, _("Everything is brought in. Play on!"))
        return redirect(reverse("campaigns:dashboard", args=[campaign.pk]))
    so_far = brought_so_far(campaign)
    forms = forms_of(request, access, so_far, step)
    if step is not None:
        form = forms[step]
        if form.is_valid():
            try:
                act(request, access, step, form)
            except (BringInRefused, RuleViolation) as refusal:
                put_on(form, refusal)
            else:
                messages.success(request, _("Brought in."))
                return redirect(reverse("campaigns:bring_in", args=[campaign.pk]) + f"#{step}")
    factions = campaign_factions(campaign.pk)
    context = {
        "access": access,
        "so_far": so_far,
        "forms": forms,
        "games": [
            {
                "number": g.number,
                "seats": [
                    (s.player.name, faction_name(s.faction, factions), s.get_result_display())
                    for s in g.seats
                ],
            }
            for g in so_far.games
        ],
        "marks": [
            {
                "type": mark_type(m),
                "id": m.pk,
                "text": mark_words(m),
                "game": m.placed_in_game,
                "known": m.brought_in == "known",
            }
            for m in so_far.marks
        ],
        "packets": [
            {
                "name": pages.packet_name(p.packet),
                "slug": p.packet,
                "game": p.placed_in_game,
                "known": p.brought_in == "known",
            }
            for p in so_far.packets
        ],
        "due": [pages.packet_name(s) for s in so_far.due],
    }
    return render(request, "campaigns/bring_in.html", context, status=FORM_REFUSED_STATUS)
