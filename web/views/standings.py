"""What is read off the games: the standings."""

from __future__ import annotations

from collections import Counter, defaultdict

from django.shortcuts import render

from campaigns.selectors.standings import finished_starts, standings
from legacy import board
from legacy.selectors import board_as_of_game
from web.names import campaign_faction_names, continent_name, territory_name
from web.views.common import campaign_view


def bars(table: dict[str, dict], key: str, label=lambda k: k) -> list[dict]:
    """Rows for a CSS bar chart: each with its value and its share of the largest."""
    rows = [(label(k), v.get(key, 0)) for k, v in table.items()]
    rows.sort(key=lambda r: (-r[1], r[0]))
    top = max((v for _k, v in rows), default=0) or 1
    return [{"label": k, "value": v, "pct": round(100 * v / top)} for k, v in rows]


@campaign_view()
def standings_page(request, access):
    campaign = access.campaign
    factions = campaign_faction_names(campaign.pk, access.sees_unlocked)
    table = standings(campaign.pk)
    fname = lambda slug: factions.get(slug, slug)  # noqa: E731
    starts = Counter()
    grown = None
    continents = defaultdict(Counter)
    for faction, hq in finished_starts(campaign.pk):
        starts[(faction, hq)] += 1
        info = board.TERRITORY_BY_SLUG.get(hq)
        if info is None:  # a territory a packet added: the board read once, only then
            grown = grown or board_as_of_game(campaign.pk)
            info = grown.territory_by_slug.get(hq)
        if info:
            continents[faction][info.continent] += 1
    start_rows = [
        {
            "faction": fname(f),
            "continents": [(continent_name(c), n) for c, n in continents[f].most_common()],
            "territories": [
                (territory_name(t), t, n)
                for (ff, t), n in sorted(starts.items(), key=lambda kv: -kv[1])
                if ff == f
            ],
        }
        for f in factions
        if continents[f]
    ]
    players = [
        {"name": name, **row}
        for name, row in sorted(table["players"].items(), key=lambda kv: (-kv[1]["won"], kv[0]))
    ]
    faction_rows = [
        {"name": fname(slug), **row}
        for slug, row in sorted(table["factions"].items(), key=lambda kv: -kv[1]["won"])
    ]
    return render(
        request,
        "campaigns/standings.html",
        {
            "access": access,
            "players": players,
            "factions": faction_rows,
            "wins_by_player": bars(table["players"], "won"),
            "wins_by_faction": bars(table["factions"], "won", fname),
            "eliminations": bars(table["players"], "eliminated"),
            "starts": start_rows,
        },
    )
