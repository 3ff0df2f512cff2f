"""The calculators: troops to recruit, legal starting territories, battle odds."""

from __future__ import annotations

from django.shortcuts import redirect, render
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy as _lazy

from campaigns.game import odds as odds_service
from campaigns.game.draft import joining_troops_now
from campaigns.game.odds import held_powers
from campaigns.hiding import board_to_read, world_as_read
from campaigns.selectors import people
from campaigns.services import campaign_world
from campaigns.vocabulary import HIDDEN, MissileOrder
from legacy import board, names, rules, scar_effects
from legacy.box import FACTION_BY_SLUG
from legacy.errors import RuleViolation
from legacy.odds import OddsInputError, battle_odds, odds_table
from legacy.selectors import board_as_of_game, trade_chart
from legacy.wording import said
from web import pages
from web.forms.common import territory_choices
from web.forms.tools import POWER_TOGGLES, OddsForm, RecruitForm, StartsForm
from web.names import campaign_faction_names, continent_name, faction_name, territory_name
from web.views.common import board_context, campaign_view, interactive_board, refuse

# Who chooses their missiles first after a roll, as the odds page says it.
MISSILE_ORDER_WORDS = {
    MissileOrder.ATTACKER_FIRST: _lazy("If the attacker chooses its missiles first"),
    MissileOrder.DEFENDER_FIRST: _lazy("If the defender chooses its missiles first"),
}


def _hidden_left_out(request, access, *names: str):
    """A territory a packet added is, to a reader the campaign hides it from, one nobody made:
    the page leaves either out of its address (which it would otherwise repeat) and answers
    again, so that naming one tells nothing. None when nothing is left out."""
    if access.sees_unlocked:
        return None
    query = request.GET.copy()
    named = {name: query.getlist(name) for name in names}
    kept = {
        name: [s for s in slugs if s in board.TERRITORY_BY_SLUG] for name, slugs in named.items()
    }
    if kept == named:
        return None
    for name, slugs in kept.items():
        query.setlist(name, slugs)
    return redirect(f"{request.path}?{query.urlencode()}" if query else request.path)


@campaign_view()
def calc_recruit(request, access):
    if left_out := _hidden_left_out(request, access, "controlled"):
        return left_out
    campaign = access.campaign
    players = people.players(campaign.pk)
    world = world_as_read(campaign_world(campaign), access.sees_unlocked)
    form = RecruitForm(
        request.GET or None,
        players=players,
        factions=faction_choices(access),
        on=board_to_read(world.board, access.sees_unlocked),
    )
    result = None
    if form.is_bound and form.is_valid():
        d = form.cleaned_data
        # Rounding up is Imperial Balkania's power (a): it counts while Balkania holds it (the
        # faction given, or the one the player plays in the latest game); the switch is a
        # "what if".
        by_power = odds_service.rounds_up(
            campaign.pk,
            d.get("faction") or None,
            int(d["player"]) if d.get("player") else None,
        )
        try:
            result = rules.recruitment(
                world,
                player=int(d["player"]) if d.get("player") else None,
                controlled=d["controlled"],
                trade_coins=d.get("trade_coins") or 0,
                round_up=d["round_up"] or by_power,
                trade_chart=trade_chart(campaign.pk) or None,
            )
        except RuleViolation as refusal:
            refuse(form, refusal)
        else:
            held = set(d["controlled"])
            result = {
                "troops": result,
                "rounded_up": "power" if by_power else ("what-if" if d["round_up"] else ""),
                "territories": len(held),
                "population": sum(
                    world.territories[s].city.population for s in held if world.territories[s].city
                ),
                "continents": [
                    (
                        world.continents[c.slug].name or continent_name(c.slug),
                        rules.continent_bonus(
                            world, c.slug, int(d["player"]) if d.get("player") else None
                        ),
                    )
                    for c in world.board.continents
                    if set(world.board.territories_of(c.slug)) <= held
                ],
            }
    return render(
        request,
        "campaigns/calc_recruit.html",
        {"access": access, "form": form, "result": result, "tool": "recruit"},
    )


@campaign_view()
def calc_starts(request, access):
    if left_out := _hidden_left_out(request, access, "hqs", "occupied"):
        return left_out
    campaign = access.campaign
    players = people.players(campaign.pk)
    world = world_as_read(campaign_world(campaign), access.sees_unlocked)
    form = StartsForm(
        request.GET or None, players=players, on=board_to_read(world.board, access.sees_unlocked)
    )
    player, hqs, occupied, joining = None, [], [], False
    if form.is_bound and form.is_valid():
        player = int(form.cleaned_data["player"]) if form.cleaned_data.get("player") else None
        hqs = form.cleaned_data["hqs"]
        occupied = form.cleaned_data["occupied"]
        joining = form.cleaned_data["joining"]
    if joining:  # no HQ is placed: HQs are occupied territories and close nothing around them
        legal = rules.legal_joining_territories(
            world,
            player=player,
            occupied=[*occupied, *hqs],
            capital_starts=campaign.world_capital_is_a_start,
        )
    else:
        legal = rules.legal_starting_territories(
            world,
            player=player,
            occupied=occupied,
            hqs=hqs,
            capital_starts=campaign.world_capital_is_a_start,
        )
    ctx = board_context(
        access, {p.pk: p.name for p in players}, {h: "neutral" for h in [*occupied, *hqs]}
    )
    return render(
        request,
        "campaigns/calc_starts.html",
        {
            "access": access,
            "form": form,
            "legal": [
                (territory_name(t) if t in board.TERRITORY_BY_SLUG else world.board.name(t), t)
                for t in legal
            ],
            "joining": joining,
            "troops": joining_troops_now(campaign.pk, player),
            "board": interactive_board(
                access, world, ctx, highlight=set(legal), label=_("Legal starts are outlined")
            ),
            "tool": "starts",
        },
    )


def faction_choices(access) -> list[tuple[str, str]]:
    """The factions a battle may be between: the box's, and those the packets unlocked for
    readers who may see them."""
    factions = campaign_faction_names(access.campaign.pk)
    return [
        (slug, name)
        for slug, name in factions.items()
        if slug in FACTION_BY_SLUG or access.sees_unlocked
    ]


def reading_words(access, found) -> dict:
    """What the campaign keeps for a battle, in the reader's words (an unlocked scar type's
    name only for those who may see it)."""
    scar = None
    if found.scar:
        if found.scar_base:
            scar = names.base_scar(found.scar, found.scar_name, get_language())
        else:
            scar = found.scar_name if access.sees_unlocked else str(HIDDEN)
    return {
        "scar": scar,
        "effect": pages.dice_effect_label(found.dice_effect),
        "fortified": found.fortified,
        "boxes": found.fortification_boxes,
        "defender_hq": found.defender_hq,
        "powers": [
            (
                faction_name(faction),
                names.power(faction, code, power.name, power.text, get_language())[0],
            )
            for faction, code in found.powers_used
            for power in [FACTION_BY_SLUG[faction].power(code)]
        ],
    }


def _initial(found) -> dict:
    """The what-if switches set as the campaign keeps the territory now."""
    effect = found.dice_effect
    return {
        "bunker": effect == scar_effects.DEFENDER_HIGHEST_UP,
        "ammo_shortage": effect == scar_effects.DEFENDER_HIGHEST_DOWN,
        "scar_effect": (
            scar_effects.NONE
            if effect in (scar_effects.DEFENDER_HIGHEST_UP, scar_effects.DEFENDER_HIGHEST_DOWN)
            else effect
        ),
        # A worn-out fortification (every box marked) no longer counts.
        "fortified": found.fortified,
        "fortification_boxes": found.fortification_boxes,
        **{name: found.modifiers[name] for name in POWER_TOGGLES},
    }


@campaign_view()
def calc_odds(request, access):
    campaign = access.campaign
    slug = request.GET.get("territory") or ""
    # A territory a packet added is, to a reader the campaign hides it from, one nobody made:
    # either is left out of the address, which the page would otherwise repeat.
    if slug and (
        slug not in board.TERRITORY_BY_SLUG
        and (not access.sees_unlocked or not board_as_of_game(campaign.pk).has(slug))
    ):
        query = request.GET.copy()
        del query["territory"]
        return redirect(f"{request.path}?{query.urlencode()}" if query else request.path)
    bound = request.GET if request.GET.get("attackers") else None
    form = OddsForm(bound, held=held_powers(campaign.pk), factions=faction_choices(access))
    valid = form.is_valid() if bound else False
    found = None
    if slug:
        d = form.cleaned_data if valid else {}
        try:
            found = odds_service.battle(
                campaign,
                slug,
                attacker_faction=d.get("attacker_faction") or None,
                defender_faction=d.get("defender_faction") or None,
                bear_first_attack=d.get("bear_first_attack", True),
                sees_unlocked=access.sees_unlocked,
            )
        except RuleViolation as refusal:
            refuse(form, refusal)
            valid = False
        else:
            form.initial.update(_initial(found))
    result = chart = None
    orders: list[tuple[str, float]] = []
    if valid:
        d = form.cleaned_data
        what_if = found is None or d.get("what_if")
        mods = form.modifiers() if what_if else found.modifiers
        if what_if:
            # The campaign's readings of the open points rule the what-if too.
            mods = mods | odds_service.reading_modifiers(campaign)
        missiles = d.get("missiles") or 0
        held = {"missiles": missiles, "defender_missiles": d.get("defender_missiles") or 0}
        try:
            result = battle_odds(d["attackers"], d["defenders"], **held, **mods)
            by_order = odds_service.chances_by_missile_order(campaign, result, mods)
            orders = [
                (MISSILE_ORDER_WORDS[order], round(100 * p, 1)) for order, p in by_order.items()
            ]
            top = min(300, max(20, d["attackers"] + 5, d["defenders"] * 3))
            table = odds_table(top, d["defenders"], **held, **mods)
        except OddsInputError as error:
            form.add_error(error.field if error.field in form.fields else None, said(error))
        else:
            step = max(1, (top - 1) // 40)
            chart = [
                {
                    "attackers": a,
                    "pct": round(100 * float(table[a, d["defenders"]]), 1),
                    "mine": a == d["attackers"],
                }
                for a in range(2, top + 1)
                if a == d["attackers"] or (a - 2) % step == 0
            ]
    return render(
        request,
        "campaigns/calc_odds.html",
        {
            "access": access,
            "form": form,
            "result": result,
            "pct": round(100 * result.p_conquer, 1) if result else None,
            "chart": chart,
            "missile_orders": orders,
            "territories": territory_choices(),
            "territory": slug,
            "reading": reading_words(access, found) if found else None,
            "what_if": bool(valid and found and form.cleaned_data.get("what_if")),
            "tool": "odds",
        },
    )
