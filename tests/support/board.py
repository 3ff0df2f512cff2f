"""A territory a packet adds, as the tests add it: Quillowmere, in Africa, joined by sea to
Madagascar and South Africa."""

from __future__ import annotations

from bench.long import extend_with_games
from campaigns.board import add_territory
from tests.support.games import play, start_next_game


def add_quillowmere(campaign, game: int, by=None):
    """Quillowmere added to ``campaign``'s board by a packet opened in game ``game``."""
    return add_territory(
        campaign=campaign,
        game=game,
        name="Quillowmere",
        continent="africa",
        connections=["madagascar", "south-africa"],
        by=by,
    )


def quillowmere_in_game_7(campaign, by):
    """Six games played (the last four like the second), the seventh at the table, and a packet
    opened in it adds Quillowmere: the seventh game."""
    play(campaign, 2)
    extend_with_games(campaign.pk, 6)
    start_next_game(campaign)
    add_quillowmere(campaign, 7, by)
    return campaign.games.get(number=7)
