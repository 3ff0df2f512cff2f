"""The faction cards' backs: for every game, who played each faction and how it ended.

Read by the faction cards' page and the API's card backs alike: two queries, whatever the number
of games (the factions, when the caller has not read them, one more).
"""

from __future__ import annotations

from campaigns.game.derived import FactionInfo, factions_of
from campaigns.models import Game, Seat


def draft_of(seat: Seat) -> dict | None:
    """A seat's picks in the draft of its game, or None when none was entered."""
    if seat.draft_turn is None:
        return None
    return {
        "turn": seat.draft_turn,
        "placement": seat.draft_placement,
        "troops": seat.starting_troops,
        "coin_cards": seat.starting_coin_cards,
    }


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
    rows = Game.objects.filter(campaign_id=campaign_id).order_by("-number")
    if game is not None:
        rows = rows.filter(number__lte=game)
    games = list(rows[:last] if last else rows)[::-1]
    found = Seat.objects.filter(game__in=[g.pk for g in games])
    seats = {(s.game_id, s.faction): s for s in found.select_related("player")}
    backs: dict[str, list[dict]] = {}
    for slug in factions:
        lines: list[dict] = []
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
                    "draft": draft_of(s),
                }
            )
        backs[slug] = lines
    return backs
