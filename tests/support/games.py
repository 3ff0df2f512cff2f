"""Games played through the real services, the way the tests need them.

The usual table is Ada (Khan Industries, Egypt), Boris (Die Mechaniker, Japan) and Chloe (Enclave
of the Bear, Peru). The usual ending: Ada wins and founds Cairo in Egypt, Boris holds on (he
controls Japan and China) and founds Edo in Japan, Chloe is eliminated.
"""

from __future__ import annotations

from collections.abc import Mapping

from campaigns.game.finish import finish_game
from campaigns.game.setup import setup_game, start_game
from campaigns.game.table import place_scar, use_missiles

# The twelve coins of the box, on the cards before the first game.
TWELVE_COINS = [
    "alaska",
    "alaska",
    "brazil",
    "brazil",
    "egypt",
    "china",
    "india",
    "peru",
    "iceland",
    "japan",
    "ural",
    "siberia",
]

FACTIONS = ("khan-industries", "die-mechaniker", "enclave-of-the-bear")
HQS = ("egypt", "japan", "peru")
SEATS = (
    ("Ada", "khan-industries", "egypt"),
    ("Boris", "die-mechaniker", "japan"),
    ("Chloe", "enclave-of-the-bear", "peru"),
)
DESTROYED = ("alaska", "brazil", "iceland", "ural", "siberia", "madagascar", "ontario")
SCARRED = ("greenland", "scandinavia", "yakutsk", "argentina", "new-guinea", "irkutsk")


def trio_of(players) -> tuple:
    """Ada, Boris and Chloe, from the campaign's players by name or as the three already."""
    if isinstance(players, Mapping):
        return players["Ada"], players["Boris"], players["Chloe"]
    return tuple(players)


def seat(player, faction, hq):
    return {"player": player.pk, "faction": faction, "hq": hq}


def seats(players, hqs=HQS):
    """The usual table, its HQs moved to ``hqs`` if given."""
    return [seat(p, f, h) for p, f, h in zip(trio_of(players), FACTIONS, hqs, strict=True)]


def give(game, player, **start) -> None:
    """The seat of ``player`` in ``game`` starts with these tokens (``missiles=2``, a
    ``scar_card_kind``...), as the signatures of earlier games would have given it."""
    from campaigns.models import Seat

    Seat.objects.filter(game=game, player=player).update(**start)


def start(campaign, players, hqs=HQS):
    """The next game of ``campaign`` at the usual table, set up and started."""
    return start_game(game=setup_game(campaign=campaign, seats=seats(players, hqs)))


def start_next_game(campaign):
    """The next game of ``campaign`` at the usual table, set up and started."""
    return start(campaign, {p.name: p for p in campaign.players.all()})


def finish_kwargs(players):
    """The usual ending, as keyword arguments of ``finish_game``."""
    ada, boris, chloe = trio_of(players)
    return {
        "results": {ada.pk: "won", boris.pk: "held_on", chloe.pk: "eliminated"},
        "controlled": {boris.pk: ["japan", "china"]},
        "winner_reward": {"kind": "major-city", "territory": "egypt", "name": "Cairo"},
        "held_on_rewards": {boris.pk: {"kind": "minor-city", "territory": "japan", "name": "Edo"}},
    }


def finish(game, players, **kw):
    """The usual ending (Ada wins and founds Cairo; Boris holds on and founds Edo; Chloe is out);
    each keyword given replaces its part of it."""
    return finish_game(game=game, **{**finish_kwargs(players), **kw})


def play(campaign, n: int, *, then_start: bool = False):
    """Play ``n`` games: Ada wins each, Boris holds on, Chloe is eliminated.

    Game 1: Ada founds Cairo (a major city) in Egypt, her HQ, so she may start there again; in
    every game a missile roll and a scar are logged, Boris adds a coin to China's card and Ada
    destroys a territory card.
    """
    players = {p.name: p for p in campaign.players.all()}
    ada, boris, chloe = players["Ada"], players["Boris"], players["Chloe"]
    done = campaign.games.count()
    for i in range(done, done + n):
        game = start_next_game(campaign)
        give(game, boris, missiles=1)  # as if Boris had signed once
        use_missiles(game=game, count=1, player=boris.pk)
        place_scar(
            game=game,
            scar="bunker" if i % 2 else "ammo-shortage",
            territory=SCARRED[i],
            player=ada.pk,
            # Once the scar cards run short nobody is dealt one: an event card places it.
            without_card=not game.scar_cards_dealt,
            reason="" if game.scar_cards_dealt else "Our event card",
        )
        if i == 0:
            reward = {"kind": "major-city", "territory": "egypt", "name": "Cairo"}
        else:
            reward = {"kind": "destroy-card", "territory": DESTROYED[i]}
        finish_game(
            game=game,
            results={ada.pk: "won", boris.pk: "held_on", chloe.pk: "eliminated"},
            controlled={boris.pk: ["china"]},
            winner_reward=reward,
            held_on_rewards={boris.pk: {"kind": "upgrade-card", "territory": "china"}},
            slogan=f"Victory number {i + 1}",
        )
    if then_start:
        start_next_game(campaign)
    return campaign


def play_first_game(campaign, players, *, scar_on="brazil"):
    """Game 1 with a bunker placed on ``scar_on`` during play; returns the finished game."""
    game = start(campaign, players)
    if scar_on:
        place_scar(game=game, scar="bunker", territory=scar_on, player=players["Ada"].pk)
    finish(game, players, slogan="Veni, vidi")
    game.refresh_from_db()
    return game


def play_naming_game(campaign, players, continent: str, name: str, hqs=HQS):
    """A later game: Ada wins and names a continent; the others hold on with nothing to claim."""
    ada, boris, chloe = players["Ada"], players["Boris"], players["Chloe"]
    game = start(campaign, players, hqs)
    finish_game(
        game=game,
        results={ada.pk: "won", boris.pk: "held_on", chloe.pk: "held_on"},
        controlled={boris.pk: [], chloe.pk: []},
        winner_reward={"kind": "name-continent", "continent": continent, "name": name},
    )
    game.refresh_from_db()
    return game


BUDGET_HQS = [("egypt", "japan", "peru"), ("argentina", "greenland", "india")]


def play_games(campaign, players, owner, count: int) -> None:
    """``count`` more finished games, each with a scar placed during play and rewards."""
    scars = ["brazil", "ural", "siberia", "alberta", "iceland", "ontario"]
    for _ in range(count):
        n = campaign.games.count() + 1
        g = start_game(
            game=setup_game(campaign=campaign, seats=seats(players, BUDGET_HQS[n % 2]), by=owner)
        )
        if n > 1:  # Ada signed every game before: she holds a missile
            use_missiles(game=g, count=1, player=players["Ada"].pk)
        if n <= len(scars) and g.scar_cards_dealt:
            scar = "ammo-shortage" if n % 2 else "bunker"  # the box has 3 cards of each
            place_scar(game=g, scar=scar, territory=scars[n - 1], player=players["Boris"].pk)
        kw = finish_kwargs(players)
        kw["winner_reward"] = {"kind": "destroy-card", "territory": scars[n - 1]}
        boris_hq = BUDGET_HQS[n % 2][1]
        kw["controlled"] = {players["Boris"].pk: [boris_hq]}
        kw["held_on_rewards"] = {
            players["Boris"].pk: {"kind": "upgrade-card", "territory": boris_hq}
        }
        finish_game(game=g, by=owner, **kw)


# The reason a test gives when it opens a box packet whose trigger its setup has not fired:
# the group says how it earned the packet another way (the rule keeps it in the history).
EARNED_ANOTHER_WAY = "Our group earned it another way"
