"""Bringing a campaign in, on one page for its owner while the group has not said it is done:
how many games were played, the winners' section, the marks on the board, the packets opened,
then the check and "done". Each step is saved as it is made; a refusal is shown on its form,
beside the field it names."""

from __future__ import annotations

import uuid
from urllib.parse import urlencode

from django.contrib import messages
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils import translation
from django.utils.translation import gettext as _

from campaigns.bring_in import (
    BringInRefused,
    MarkToBringIn,
    bring_in,
    bringing_in_done,
    start_bringing_in,
    take_out_game,
    take_out_mark,
)
from campaigns.bring_in.marks import starting_powers_kept
from campaigns.capitals import world_capitals_unlocked
from campaigns.game.derived import campaign_factions
from campaigns.models import Result
from campaigns.selectors import marks as mark_rows
from campaigns.selectors import packets as packet_rows
from campaigns.selectors.bring_in import (
    brought_so_far,
    mark_type,
    mark_words,
    on_a_card,
    on_territory,
)
from campaigns.services import cached_world
from legacy import names
from legacy.board import TERRITORY_BY_SLUG
from legacy.box import FACTION_BY_SLUG, PACKET_BY_SLUG, PACKETS
from legacy.errors import RuleViolation
from legacy.rules.bring_in import pasted_games, pasted_results
from legacy.wording import said
from web import pages
from web.board_svg import interactive_svg
from web.forms.bring_in import (
    UNKNOWN,
    ContinentMarkForm,
    FactionScarForm,
    GamesPlayedForm,
    PastConnectionForm,
    PastedGamesForm,
    PastGameForm,
    PastMarkForm,
    PastPacketForm,
    PastPowerForm,
    PastStickerForm,
    PastTerritoryForm,
    StartingPowerForm,
)
from web.forms.common import territory_choices
from web.names import continent_name, faction_name, scar_kind_name, territory_name
from web.views.common import FORM_REFUSED_STATUS, board_context, campaign_view, player_names
from web.views.rulebook import opened_packets

STEPS = (
    "played",
    "game",
    "pasted",
    "mark",
    "continent",
    "added-territory",
    "added-connection",
    "packet",
    "sticker",
    "starting-power",
    "faction-scar",
    "power",
    "take-out",
    "done",
)
# The steps of the board, saved in place from the map: a fragment answers them.
ON_THE_MAP = ("mark", "continent", "added-territory", "added-connection")
# What a packet added to the board: its forms share one slot below the map.
ADDED = ("added-territory", "added-connection")
# The steps of the faction cards: saved, then the page opens at its factions.
ON_THE_CARDS = ("starting-power", "faction-scar", "power")


def kept_game_key(campaign_id: int) -> str:
    """The session's note of the game the last mark was made in: the next one starts there."""
    return f"bring-in-game-{campaign_id}"


def form_key(step: str) -> str:
    """A step's form among the page's forms (as a template names it)."""
    return step.replace("-", "_")


def in_place(request) -> bool:
    return request.headers.get("HX-Request") == "true"


def page_address(campaign_id: int, territory: str | None = None, anchor: str = "") -> str:
    address = reverse("campaigns:bring_in", args=[campaign_id])
    if territory:
        address += "?" + urlencode({"territory": territory})
    return address + (f"#{anchor}" if anchor else "")


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


def forms_of(request, access, so_far, step: str | None, *, world, territory: str | None):
    campaign = access.campaign
    roster = list(player_names(campaign.pk).values())
    unlocked = campaign_factions(campaign.pk)
    factions = {slug: faction_name(slug, unlocked) for slug in unlocked}
    games = so_far.games_played or 0
    data = request.POST if request.method == "POST" else None
    kept = request.session.get(kept_game_key(campaign.pk), UNKNOWN)
    opened = set(packet_rows.opened(campaign.pk))
    own = [(c.slug, c.name) for c in packet_rows.components(campaign.pk) if c.slug not in opened]
    kinds = mark_rows.scar_kinds(campaign.pk)
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
            scar_kinds={k.slug: scar_kind_name(k) for k in kinds if not k.on_faction_card},
            capitals=world_capitals_unlocked(campaign.pk),
            initial={"territory": territory, "game": kept, "kind": MarkToBringIn.MINOR_CITY},
        ),
        "added_territory": PastTerritoryForm(
            data if step == "added-territory" else None,
            prefix="added",
            games=games,
            on=world.board,
            initial={"game": UNKNOWN},
        ),
        "added_connection": PastConnectionForm(
            data if step == "added-connection" else None,
            prefix="connection",
            games=games,
            on=world.board,
            initial={"game": UNKNOWN},
        ),
        "starting_power": StartingPowerForm(
            data if step == "starting-power" else None,
            prefix="starting",
            kept=starting_powers_kept(campaign),
            language=translation.get_language(),
        ),
        "faction_scar": FactionScarForm(
            data if step == "faction-scar" else None,
            prefix="faction-scar",
            games=games,
            factions=factions,
            scar_kinds={k.slug: scar_kind_name(k) for k in kinds if k.on_faction_card},
            initial={"game": UNKNOWN},
        ),
        "power": PastPowerForm(
            data if step == "power" else None,
            prefix="power",
            games=games,
            factions=factions,
            opened=list(opened),
            initial={"game": UNKNOWN},
        ),
        "continent": ContinentMarkForm(
            data if step == "continent" else None,
            prefix="continent",
            games=games,
            roster=roster,
            initial={"game": kept, "delta": 0},
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
    if step == "continent":
        return bring_in(campaign=campaign, marks=form.items(), by=by)
    if step == "sticker":
        return bring_in(campaign=campaign, stickers=[form.item()], by=by)
    if step in ADDED or step in ON_THE_CARDS:
        return bring_in(campaign=campaign, marks=[form.item()], by=by)
    return bring_in(campaign=campaign, packets=[form.item()], by=by)


def chosen_territory(request, world) -> str | None:
    """The territory tapped on the map (or whose mark was just posted), if the board has it."""
    slug = request.POST.get("mark-territory") or request.POST.get("territory")
    slug = slug if request.method == "POST" else request.GET.get("territory")
    return slug if slug and world.board.has(slug) else None


def board_of(access, world):
    """The map of the board step: each territory a link to its own marks' form."""
    ctx = board_context(access, player_names(access.campaign.pk))
    campaign_id = access.campaign.pk
    return interactive_svg(
        world,
        ctx,
        link=lambda slug: page_address(campaign_id, slug, "mark"),
        label=_("The board as brought in so far"),
    )


def mark_rows_of(marks) -> list[dict]:
    return [
        {
            "type": mark_type(m),
            "id": m.pk,
            "text": mark_words(m),
            "game": m.placed_in_game,
            "known": m.brought_in == "known",
        }
        for m in marks
    ]


def take_out(request, campaign) -> None:
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


@campaign_view(owner=True)
def bring_in_page(request, access):
    campaign = access.campaign
    step = request.POST.get("step") if request.method == "POST" else None
    if step not in STEPS:
        step = None
    if step == "take-out":
        take_out(request, campaign)
        if not in_place(request):
            territory = request.POST.get("territory") or None
            anchor = "mark" if territory else ""
            anchor = "factions" if request.POST.get("where") == "factions" else anchor
            return redirect(page_address(campaign.pk, territory, anchor))
        campaign.refresh_from_db()
        return board_fragment(request, access, None, changed=True)
    if step == "done":
        try:
            bringing_in_done(campaign=campaign, by=request.user)
        except RuleViolation as refusal:
            messages.error(request, said(refusal))
            return redirect(reverse("campaigns:bring_in", args=[campaign.pk]))
        messages.success(request, _("Everything is brought in. Play on!"))
        return redirect(reverse("campaigns:dashboard", args=[campaign.pk]))
    if step in ON_THE_MAP and in_place(request):
        return board_fragment(request, access, step)
    if step is None and in_place(request) and request.GET.get("territory"):
        return board_fragment(request, access, None)
    so_far = brought_so_far(campaign)
    world = cached_world(campaign)
    territory = chosen_territory(request, world)
    forms = forms_of(request, access, so_far, step, world=world, territory=territory)
    if step is not None:
        form = forms[form_key(step)]
        if saved(request, access, step, form):
            messages.success(request, _("Brought in."))
            where = step if step not in ON_THE_MAP else "mark"
            where = "factions" if step in ON_THE_CARDS else where
            return redirect(page_address(campaign.pk, territory if step == "mark" else None, where))
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
        "marks": mark_rows_of(so_far.marks),
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
        "faction_marks": mark_rows_of(m for m in so_far.marks if on_a_card(m)),
        "unlocked_factions": [
            name for slug, name in factions.items() if slug not in FACTION_BY_SLUG
        ],
        "brought_packets": [
            (slug, pages.packet_name(slug) if slug in PACKET_BY_SLUG else own.get(slug, slug))
            for own in [packet_rows.component_names(campaign.pk)]
            for slug in packet_rows.contents_to_enter(campaign)
        ],
    }
    if so_far.games_played is not None:
        context |= territory_context(so_far, world, territory)
        context["board"] = board_of(access, world)
        context["territory_choices"] = territory_choices(on=world.board)
    return render(request, "campaigns/bring_in.html", context, status=FORM_REFUSED_STATUS)


def saved(request, access, step: str, form) -> bool:
    """Take a step's form to its service; False when the form now holds what was refused."""
    if not form.is_valid():
        return False
    try:
        act(request, access, step, form)
    except (BringInRefused, RuleViolation) as refusal:
        put_on(form, refusal)
        return False
    if step in ON_THE_MAP:
        request.session[kept_game_key(access.campaign.pk)] = form.cleaned_data["game"]
    return True


def write_keys() -> dict:
    """A fresh Idempotency-Key for each form of the board step: the same form sent again (a
    retry on a flaky network) is recorded once; a form drawn again gets a new one."""
    return {
        "mark_key": uuid.uuid4().hex,
        "continent_key": uuid.uuid4().hex,
        "territory_key": uuid.uuid4().hex,
        "connection_key": uuid.uuid4().hex,
    }


def territory_context(so_far, world, territory: str | None) -> dict:
    """The territory tapped on the map: its name, and the marks brought in on it so far."""
    if territory is None:
        return write_keys() | {"territory": None}
    return write_keys() | {
        "territory": territory,
        "territory_name": territory_name(territory)
        if territory in TERRITORY_BY_SLUG
        else world.board.name(territory),
        "territory_continent": continent_name(world.board.territory_by_slug[territory].continent),
        "territory_marks": mark_rows_of(on_territory(so_far, territory)),
    }


def board_fragment(request, access, step: str | None, *, changed: bool = False):
    """The board step's answer in place: the tapped territory's form (or the continents' form),
    with the map and the list of marks drawn again when something was saved."""
    campaign = access.campaign
    so_far = brought_so_far(campaign)
    if so_far.games_played is None:
        return redirect(reverse("campaigns:bring_in", args=[campaign.pk]))
    world = cached_world(campaign)
    territory = chosen_territory(request, world)
    forms = forms_of(request, access, so_far, step, world=world, territory=territory)
    if step is not None and saved(request, access, step, forms[form_key(step)]):
        changed = True
        campaign.refresh_from_db()
        so_far = brought_so_far(campaign)
        world = cached_world(campaign)
        forms = forms_of(request, access, so_far, None, world=world, territory=territory)
    context = {
        "access": access,
        "so_far": so_far,
        "forms": forms,
        "changed": changed,
        "part": "added" if step in ADDED else ("continent" if step == "continent" else "territory"),
        "marks": mark_rows_of(so_far.marks),
    } | territory_context(so_far, world, territory)
    if changed:  # the map, and the list of territories beside it, with what was saved
        context["board"] = board_of(access, world)
        context["territory_choices"] = territory_choices(on=world.board)
    response = render(
        request, "campaigns/_bring_in_board.html", context, status=FORM_REFUSED_STATUS
    )
    # The version this answer leaves the campaign at: the page's own write is no news to it.
    response["X-Earthbook-Version"] = str(campaign.world_version)
    return response
