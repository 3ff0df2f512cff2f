"""A fifteen-game campaign for the chronicle's tests: four games played through the services,
eleven more added in bulk (``bench.long.extend_with_games``) with the victory passed round the
table, and the world named after the fifteenth."""

from __future__ import annotations

from bench.long import extend_with_games
from campaigns.game.finish import name_world
from campaigns.models import Campaign, Player, Seat
from tests.support.games import play
from tests.support.pages import prepared

WINNERS_BY_TURN = ("Ada", "Boris", "Chloe")


def fifteen_games(owner, *, name="The long war", world="Pangaea", names=None, games=15):
    """A campaign of ``games`` finished games; ``names`` renames Ada, Boris, Chloe, Dmitri and
    Esme (to write their names in another alphabet). Returns the campaign and the winners' names,
    game by game."""
    campaign = play(prepared(owner, name), 4)
    if games > 4:
        # The world is named below, as a group names it at the end of game 15.
        extend_with_games(campaign.pk, up_to=games, name_world=False)
    players = {p.name: p for p in campaign.players.all()}
    # After game 4, each of the three wins in turn; the others hold on.
    for seat in Seat.objects.filter(game__campaign=campaign, game__number__gt=4).select_related(
        "game", "player"
    ):
        winner = WINNERS_BY_TURN[seat.game.number % 3]
        seat.result = "won" if seat.player.name == winner else "held_on"
        seat.save(update_fields=["result"])
    if games >= 15:
        name_world(campaign=campaign, name=world, by=owner)
    if names:
        for old, new in names.items():
            Player.objects.filter(pk=players[old].pk).update(name=new)
    winners = ["Ada" if n <= 4 else WINNERS_BY_TURN[n % 3] for n in range(1, games + 1)]
    if names:
        winners = [names.get(w, w) for w in winners]
    return Campaign.objects.get(pk=campaign.pk), winners
