"""The standings: how the seats of finished games ended, per player and per faction.

One tally, read off the seats as they stand and never kept as a counter: a seat counts as played
and under its result (won, held on, eliminated). The standings page and endpoint show it by name;
the statistics (``campaigns.selectors.statistics``) count the same way, per player, faction and
starting territory.
"""

from __future__ import annotations

from campaigns.models import GameStatus, Result, Seat

RESULTS = tuple(Result.values)  # "won", "held_on", "eliminated"


def empty_tally() -> dict[str, int]:
    return {"played": 0, **{r: 0 for r in RESULTS}}


def count_seat(table: dict, key, result: str) -> None:
    """One seat's ending counted under ``key``: as played, and under its result."""
    entry = table.setdefault(key, empty_tally())
    entry["played"] += 1
    if result in RESULTS:
        entry[result] += 1


def finished_starts(campaign_id: int) -> list[tuple[str, str]]:
    """The faction and HQ of every seat of a finished game (not those of a game brought in
    without its HQs)."""
    return list(
        Seat.objects.filter(game__campaign_id=campaign_id, game__status=GameStatus.FINISHED)
        .exclude(hq="")
        .values_list("faction", "hq")
    )


def standings(campaign_id: int) -> dict[str, dict]:
    """Wins, held-on and eliminations per player and per faction, from finished games."""
    rows = Seat.objects.filter(
        game__campaign_id=campaign_id, game__status=GameStatus.FINISHED
    ).values_list("player__name", "faction", "result")
    per_player: dict[str, dict[str, int]] = {}
    per_faction: dict[str, dict[str, int]] = {}
    for player, faction, result in rows:
        count_seat(per_player, player, result)
        count_seat(per_faction, faction, result)
    return {"players": per_player, "factions": per_faction}
