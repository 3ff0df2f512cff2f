"""What is read off the games rather than written: the factions a campaign can seat, the scar
cards left to deal, the faction cards' backs, the standings and the next game's number. Each
reads a fixed number of queries, whatever the number of games.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.db.models import Q, Sum

from campaigns.models import (
    Game,
    GameStatus,
    Result,
    Seat,
)
from legacy.box import FACTION_BY_SLUG
from legacy.drawing import FACTION_COLORS
from legacy.models import (
    Scar,
    ScarKind,
    UnlockedFaction,
)


@dataclass(frozen=True)
class FactionInfo:
    """One faction of a campaign: the box's, or one the group unlocked (``unlocked``)."""

    slug: str
    name: str
    colour: str
    unlocked: bool = False
    appeared_in_game: int = 0
    text: str = ""
    pk: int | None = None


BOX_FACTIONS = tuple(
    FactionInfo(f.slug, f.name, FACTION_COLORS.get(f.slug, "#8a8a8a"))
    for f in FACTION_BY_SLUG.values()
)


def unlocked_factions(campaign_id: int):
    """The factions the group unlocked (a voided packet opening takes its factions with it)."""
    return UnlockedFaction.objects.filter(campaign_id=campaign_id).filter(
        Q(unlocked_by__isnull=True) | Q(unlocked_by__voided=False)
    )


def factions_of(campaign_id: int, game: int | None = None) -> dict[str, FactionInfo]:
    """The campaign's factions, in one query: the box's five, then the unlocked ones in the
    order they appeared. With ``game``, only those that existed at the end of that game."""
    rows = unlocked_factions(campaign_id)
    if game is not None:
        rows = rows.filter(appeared_in_game__lte=game)
    found = {f.slug: f for f in BOX_FACTIONS}
    for row in rows.order_by("appeared_in_game", "id"):
        found.setdefault(
            row.slug,
            FactionInfo(
                row.slug, row.name, row.colour, True, row.appeared_in_game, row.text, row.pk
            ),
        )
    return found


def campaign_factions(campaign_id: int) -> dict[str, str]:
    """The factions this campaign can seat: the box's five and any the group unlocked."""
    return {slug: f.name for slug, f in factions_of(campaign_id).items()}


def unlocked_among(campaign_id: int, slugs) -> dict[str, FactionInfo]:
    """The unlocked factions among ``slugs``; asks the database only when there are some."""
    wanted = {s for s in slugs if s and s not in FACTION_COLORS}
    if not wanted:
        return {}
    return {
        row.slug: FactionInfo(
            row.slug, row.name, row.colour, True, row.appeared_in_game, row.text, row.pk
        )
        for row in unlocked_factions(campaign_id).filter(slug__in=wanted)
    }


def faction_colours(campaign_id: int, slugs) -> dict[str, str]:
    """The colour of each faction in ``slugs``; asks the database only for unlocked ones."""
    colours = {slug: FACTION_COLORS[slug] for slug in slugs if slug in FACTION_COLORS}
    colours.update({s: f.colour for s, f in unlocked_among(campaign_id, slugs).items()})
    return colours


def scar_cards_available(campaign_id: int) -> int:
    """Scar cards left to deal: the cards of every scar type minus the scars already stuck."""
    total = ScarKind.objects.filter(campaign_id=campaign_id).aggregate(n=Sum("cards"))["n"] or 0
    used = Scar.objects.filter(campaign_id=campaign_id, voided=False).count()
    return max(0, total - used)


def faction_card_backs(
    campaign_id: int,
    game: int | None = None,
    factions: dict[str, FactionInfo] | None = None,
    last: int | None = None,
) -> dict[str, list[dict]]:
    """Each faction card's back: for every game, who played it, where they started and how it
    ended, or an "X" for a game it sat out. With ``game``: the cards as they were at the end of
    that game (a faction unlocked later has no card yet). ``factions``: ``factions_of``, when
    the caller has read it already. ``last``: only the last games, that many."""
    if factions is None:
        factions = factions_of(campaign_id, game)
    games = Game.objects.filter(campaign_id=campaign_id).order_by("-number")
    if game is not None:
        games = games.filter(number__lte=game)
    games = list(games[:last] if last else games)[::-1]
    seats = Seat.objects.filter(game__in=[g.pk for g in games])
    seats = {(s.game_id, s.faction): s for s in seats.select_related("player")}
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
            entry = table.setdefault(key, {"played": 0, **dict.fromkeys(Result.values, 0)})
            entry["played"] += 1
            entry[result] += 1
    return {"players": per_player, "factions": per_faction}
