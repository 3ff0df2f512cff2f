"""The history's answers on a page: which factions have won, how often, and on which continent
each started, as of any game (``campaigns.selectors.faction_past``)."""

from __future__ import annotations

from django.shortcuts import render

from campaigns.selectors.faction_past import faction_past
from web.names import campaign_faction_names, continent_name, territory_name
from web.views.common import campaign_view


@campaign_view()
def faction_past_page(request, access):
    campaign = access.campaign
    last = campaign.games.order_by("-number").values_list("number", flat=True).first() or 0
    raw = request.GET.get("game", "")
    game = int(raw) if raw.isdigit() and 0 < int(raw) <= last else None
    names = campaign_faction_names(campaign.pk, access.sees_unlocked)
    rows = []
    for past in faction_past(campaign.pk, game):
        rows.append(
            {
                "name": names.get(past.faction, past.faction),
                "past": past,
                "continents": [(continent_name(c), n) for c, n in past.continents.items() if c],
                "won_from": [(continent_name(c), n) for c, n in past.won_from.items() if c],
                "starts": [
                    (s.game, s.player, territory_name(s.hq), s.result == "won") for s in past.starts
                ],
            }
        )
    context = {"access": access, "rows": rows, "game": game, "games": range(1, last + 1)}
    return render(request, "campaigns/faction_past.html", context)
