"""What is read off the games rather than written: the factions a campaign can seat, the scar
cards left to deal, the faction cards' backs, the standings and the next game's number. Each
reads a fixed number of queries, whatever the number of games.
"""

from __future__ import annotations

from django.db.models import Max, Sum

from campaigns.models import (
    Game,
    GameStatus,
    Seat,
)
from legacy import board
from legacy.box import FACTION_BY_SLUG
from legacy.models import (
    ContentKind,
    Scar,
    ScarKind,
    UnlockedContent,
)


def campaign_factions(campaign_id: int) -> dict[str, str]:
    """The factions this campaign can seat: the box's five and any a packet unlocked."""
    factions = {slug: f.name for slug, f in FACTION_BY_SLUG.items()}
    for title in UnlockedContent.objects.filter(
        campaign_id=campaign_id, kind=ContentKind.FACTION, opening__voided=False
    ).values_list("title", flat=True):
        factions.setdefault(board.slugify(title), title)
    return factions


def scar_cards_available(campaign_id: int) -> int:
    """Scar cards left to deal: the cards of every scar type minus the scars already stuck."""
    total = ScarKind.objects.filter(campaign_id=campaign_id).aggregate(n=Sum("cards"))["n"] or 0
    used = Scar.objects.filter(campaign_id=campaign_id, voided=False).count()
    return max(0, total - used)


def faction_card_backs(campaign_id: int) -> dict[str, list[dict]]:
    """Each faction card's back: for every game, who played it, where they started and how it
    ended, or an "X" for a game it sat out."""
    factions = campaign_factions(campaign_id)
    games = list(Game.objects.filter(campaign_id=campaign_id).order_by("number"))
    seats = {
        (s.game_id, s.faction): s
        for s in Seat.objects.filter(game__campaign_id=campaign_id).select_related("player")
    }
    backs: dict[str, list[dict]] = {}
    for slug in factions:
        lines = []
        for g in games:
            s = seats.get((g.pk, slug))
            lines.append(
                {"game": g.number, "x": True}
                if s is None
                else {
                    "game": g.number,
                    "x": False,
                    "player": s.player.name,
                    "hq": s.hq,
                    "result": s.result,
                }
            )
        backs[slug] = lines
    return backs


def standings(campaign_id: int) -> dict[str, dict]:
    """Wins, held-on and eliminations per player and per faction, from finished games."""
    rows = Seat.objects.filter(
        game__campaign_id=campaign_id, game__status=GameStatus.FINISHED
    ).values_list("player__name", "faction", "result")
    per_player: dict[str, dict[str, int]] = {}
    per_faction: dict[str, dict[str, int]] = {}
    for player, faction, result in rows:
        for table, key in ((per_player, player), (per_faction, faction)):
            entry = table.setdefault(key, {"played": 0, "won": 0, "held_on": 0, "eliminated": 0})
            entry["played"] += 1
            entry[result] += 1
    return {"players": per_player, "factions": per_faction}


def next_game_number(campaign_id: int) -> int:
    last = Game.objects.filter(campaign_id=campaign_id).aggregate(n=Max("number"))["n"] or 0
    return last + 1
