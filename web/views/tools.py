"""The calculators: troops to recruit, legal starting territories, battle odds."""

from __future__ import annotations

from django.shortcuts import render
from django.utils.translation import gettext as _

from campaigns.models import (
    Player,
)
from legacy import board, rules
from legacy.errors import RuleViolation
from legacy.odds import OddsInputError, battle_odds, odds_table
from legacy.selectors import trade_chart, world_as_of
from web import pages
from web.forms.common import territory_choices
from web.forms.tools import OddsForm, RecruitForm, StartsForm
from web.refusals import refuse
from web.views.common import board_context, campaign_view, interactive_board


@campaign_view()
def calc_recruit(request, access):
    campaign = access.campaign
    players = list(Player.objects.filter(campaign=campaign).order_by("id"))
    form = RecruitForm(request.GET or None, players=players)
    result = None
    if form.is_bound and form.is_valid():
        world = world_as_of(campaign.pk)
        d = form.cleaned_data
        try:
            result = rules.recruitment(
                world,
                player=int(d["player"]) if d.get("player") else None,
                controlled=d["controlled"],
                trade_coins=d.get("trade_coins") or 0,
                round_up=d["round_up"],
                trade_chart=trade_chart(campaign.pk) or None,
            )
        except RuleViolation as refusal:
            refuse(form, refusal)
        else:
            held = set(d["controlled"])
            result = {
                "troops": result,
                "territories": len(held),
                "population": sum(
                    world.territories[s].city.population for s in held if world.territories[s].city
                ),
                "continents": [
                    (
                        world.continents[c.slug].name or pages.continent_name(c.slug),
                        rules.continent_bonus(
                            world, c.slug, int(d["player"]) if d.get("player") else None
                        ),
                    )
                    for c in board.CONTINENTS
                    if set(board.territories_of(c.slug)) <= held
                ],
            }
    return render(
        request,
        "campaigns/calc_recruit.html",
        {"access": access, "form": form, "result": result, "tool": "recruit"},
    )


@campaign_view()
def calc_starts(request, access):
    campaign = access.campaign
    players = list(Player.objects.filter(campaign=campaign).order_by("id"))
    form = StartsForm(request.GET or None, players=players)
    world = world_as_of(campaign.pk)
    player, hqs, occupied, joining = None, [], [], False
    if form.is_bound and form.is_valid():
        player = int(form.cleaned_data["player"]) if form.cleaned_data.get("player") else None
        hqs = form.cleaned_data["hqs"]
        occupied = form.cleaned_data["occupied"]
        joining = form.cleaned_data["joining"]
    if joining:  # no HQ is placed: HQs are occupied territories and close nothing around them
        legal = rules.legal_joining_territories(world, player=player, occupied=[*occupied, *hqs])
    else:
        legal = rules.legal_starting_territories(world, player=player, occupied=occupied, hqs=hqs)
    ctx = board_context(
        access, {p.pk: p.name for p in players}, {h: "neutral" for h in [*occupied, *hqs]}
    )
    return render(
        request,
        "campaigns/calc_starts.html",
        {
            "access": access,
            "form": form,
            "legal": [(pages.territory_name(t), t) for t in legal],
            "joining": joining,
            "troops": rules.JOINING_TROOPS,
            "board": interactive_board(
                access, world, ctx, highlight=set(legal), label=_("Legal starts are outlined")
            ),
            "tool": "starts",
        },
    )


@campaign_view()
def calc_odds(request, access):
    campaign = access.campaign
    world = world_as_of(campaign.pk)
    initial = {}
    slug = request.GET.get("territory")
    if slug in world.territories and not request.GET.get("attackers"):
        t = world.territories[slug]
        initial = {
            "bunker": t.scar == "bunker",
            "ammo_shortage": t.scar == "ammo-shortage",
            # A worn-out fortification (every box marked) no longer counts.
            "fortified": bool(t.city and t.city.fortification_works),
            "fortification_boxes": (
                10 - t.city.boxes_used if t.city and t.city.fortification_works else 10
            ),
        }
    bound = request.GET if request.GET.get("attackers") else None
    form = OddsForm(bound, initial=initial)
    result = chart = None
    if form.is_bound and form.is_valid():
        d = form.cleaned_data
        mods = form.modifiers()
        missiles = d.get("missiles") or 0
        try:
            result = battle_odds(d["attackers"], d["defenders"], missiles=missiles, **mods)
            top = min(300, max(20, d["attackers"] + 5, d["defenders"] * 3))
            table = odds_table(top, d["defenders"], missiles=missiles, **mods)
        except OddsInputError as error:
            form.add_error(error.field if error.field in form.fields else None, error.message)
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
            "territories": territory_choices(),
            "territory": slug or "",
            "tool": "odds",
        },
    )
