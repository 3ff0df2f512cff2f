"""The demo campaign that `make run` shows on an empty database.

Three games already played through the same services a group uses, so every page has
something to show: signatures, cities, a scar, a named continent, a fortification, a coin
added to a card, an eliminated faction, and the packet that elimination opened. What the
packet "unlocked" is a placeholder written for the demo: Earthbook never ships sealed content.
"""

import datetime
from typing import Any

from django.contrib.auth import get_user_model
from django.db import transaction

from campaigns import services
from campaigns.game.finish import finish_game
from campaigns.game.packets import open_packet
from campaigns.game.setup import setup_game, start_game
from campaigns.game.table import (
    coin_pile_out,
    eliminate_faction,
    place_scar,
    record_recruitment,
    use_missiles,
)
from campaigns.models import Result
from legacy.box import FACTIONS

DEMO_PLAYERS = ["Ada", "Boris", "Chloe", "Dmitri", "Esme"]
FACTION_ORDER = [
    "khan-industries",
    "die-mechaniker",
    "enclave-of-the-bear",
    "imperial-balkania",
    "saharan-republic",
]
# Where each player starts; all legal in all three games (Ada's start is her own major city).
HQS = {
    1: ["egypt", "japan", "peru", "greenland", "western-australia"],
    2: ["egypt", "china", "argentina", "alberta", "new-guinea"],
    3: ["egypt", "china", "argentina", "alberta", "new-guinea"],
}
FIRST_EVENING = datetime.date(2026, 1, 9)

PLACEHOLDER_UNLOCKS: list[dict[str, Any]] = [
    {
        "kind": "scar-type",
        "title": "Example scar",
        "text": "Demo placeholder: a group types here, in its own words, the scar it unlocked.",
        "cards": 2,
    },
    {
        "kind": "rule",
        "title": "Example rule",
        "text": "Demo placeholder: the rule a packet added, as the group wrote it down.",
    },
]


@transaction.atomic
def create_demo(username: str = "demo", password: str = "demo"):
    user = get_user_model().objects.create_user(
        username=username, password=password, is_staff=True, is_superuser=True
    )
    campaign = services.create_campaign(owner=user, name="Demo: The Long War", players=DEMO_PLAYERS)
    services.prepare_first_game(
        campaign=campaign,
        powers={f.slug: "a" for f in FACTIONS},
        random_coins=True,
        seed=2128,
        by=user,
    )
    ids = dict(campaign.players.values_list("name", "pk"))

    def play(number: int):
        seats = [
            {"player": ids[name], "faction": faction, "hq": hq}
            for name, faction, hq in zip(DEMO_PLAYERS, FACTION_ORDER, HQS[number], strict=True)
        ]
        played_on = FIRST_EVENING + datetime.timedelta(weeks=number - 1)
        game = setup_game(campaign=campaign, seats=seats, played_on=played_on, by=user)
        return start_game(game=game, by=user)

    def result(won: str, eliminated: tuple[str, ...] = ()) -> dict:
        return {
            ids[n]: Result.WON
            if n == won
            else Result.ELIMINATED
            if n in eliminated
            else Result.HELD_ON
            for n in DEMO_PLAYERS
        }

    # Game 1: a scar, Ada's major city, and Dmitri wiped out for good (Pack 2 opens).
    game = play(1)
    place_scar(game=game, scar="bunker", territory="ural", player=ids["Boris"], by=user)
    eliminate_faction(game=game, player=ids["Dmitri"], can_rejoin=False, by=user)
    open_packet(
        campaign=campaign,
        packet="pack-2",
        unlocked=PLACEHOLDER_UNLOCKS,
        trigger="Dmitri's faction was eliminated.",
        by=user,
    )
    finish_game(
        game=game,
        results=result("Ada", eliminated=("Dmitri",)),
        controlled={
            ids["Boris"]: ["japan"],
            ids["Chloe"]: ["peru", "argentina"],
            ids["Esme"]: ["western-australia"],
        },
        winner_reward={"kind": "major-city", "territory": "egypt", "name": "Port Amber"},
        held_on_rewards={
            ids["Boris"]: {"kind": "minor-city", "territory": "japan", "name": "Kiri"},
            ids["Chloe"]: {"kind": "upgrade-card", "territory": "peru"},
            ids["Esme"]: {"kind": "upgrade-card", "territory": "western-australia"},
        },
        slogan="First to the coast.",
        by=user,
    )

    # Game 2: the coin pile runs out; Boris names Asia.
    game = play(2)
    coin_pile_out(game=game, territories={ids["Boris"]: 13, ids["Ada"]: 9, ids["Esme"]: 7}, by=user)
    finish_game(
        game=game,
        results=result("Boris"),
        controlled={
            ids["Chloe"]: ["brazil"],
            ids["Ada"]: ["egypt"],
            ids["Dmitri"]: ["alberta"],
            ids["Esme"]: ["new-guinea"],
        },
        winner_reward={"kind": "name-continent", "continent": "asia", "name": "The Far Reaches"},
        held_on_rewards={
            ids["Ada"]: {"kind": "upgrade-card", "territory": "egypt"},
            ids["Chloe"]: {"kind": "minor-city", "territory": "brazil", "name": "Verde"},
            ids["Dmitri"]: {"kind": "upgrade-card", "territory": "alberta"},
            ids["Esme"]: {"kind": "upgrade-card", "territory": "new-guinea"},
        },
        by=user,
    )

    # Game 3: Chloe fortifies Port Amber. Boris recruits 32 troops while holding a missile, which
    # opens Pocket 2 (left sealed here, so the demo shows a packet waiting to be opened); then
    # Ada and Boris each play their missile on the same roll.
    game = play(3)
    record_recruitment(game=game, player=ids["Boris"], troops=32, by=user)
    roll = use_missiles(game=game, count=1, player=ids["Ada"], by=user).event.seq
    use_missiles(game=game, count=1, player=ids["Boris"], roll=roll, by=user)
    finish_game(
        game=game,
        results=result("Chloe"),
        controlled={
            ids["Esme"]: ["new-guinea"],
            ids["Ada"]: ["egypt"],
            ids["Boris"]: ["china"],
            ids["Dmitri"]: ["alberta"],
        },
        winner_reward={"kind": "fortify-city", "territory": "egypt"},
        held_on_rewards={
            ids["Esme"]: {"kind": "upgrade-card", "territory": "new-guinea"},
            ids["Ada"]: {"kind": "upgrade-card", "territory": "egypt"},
            ids["Boris"]: {"kind": "upgrade-card", "territory": "china"},
            ids["Dmitri"]: {"kind": "upgrade-card", "territory": "alberta"},
        },
        slogan="Walls before wars.",
        by=user,
    )
    return campaign
