"""A whole campaign of fifteen games as a script, and the ``Table`` that plays it through the
services, game by game, choosing every HQ among the legal starts of the moment.

All names and packet contents here are invented placeholders: no sealed content.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from django.contrib.auth import get_user_model

from campaigns import services
from campaigns.game.common import EventResult
from campaigns.game.finish import FinishResult, amend_game, finish_game
from campaigns.game.packets import open_packet
from campaigns.game.setup import setup_game, start_game
from campaigns.game.table import (
    coin_pile_out,
    eliminate_faction,
    place_scar,
    record_recruitment,
    rejoin_faction,
    use_missiles,
)
from campaigns.game.territory_entries import place_mark
from campaigns.models import Game
from legacy import board, rules
from legacy.box import FACTIONS
from legacy.rules import Reward, RewardChoice
from legacy.selectors import world_as_of
from tests.support.games import EARNED_ANOTHER_WAY, TWELVE_COINS

KHAN, MECH, BEAR, BALK, SAHARA = (
    "khan-industries",
    "die-mechaniker",
    "enclave-of-the-bear",
    "imperial-balkania",
    "saharan-republic",
)
HARBOUR = "harbour-union"  # a faction the group unlocks in Pack 1 (an invented placeholder)

# Where each player likes to start, when they have no major city of their own.
HOME = {
    "Ada": "africa",
    "Boris": "asia",
    "Chloe": "south-america",
    "Dmitri": "north-america",
    "Esme": "australia",
}
# The territories each player holds at the end of the later games (never two owners at once).
HOLDINGS = {
    "Ada": ["egypt", "east-africa", "central-africa"],
    "Boris": ["japan", "siberia", "irkutsk"],
    "Chloe": ["brazil", "peru", "argentina"],
    "Dmitri": ["alaska", "northwest-territory", "western-united-states"],
    "Esme": ["new-guinea", "western-australia", "india"],
}
AUTO = "auto"  # a held-on player takes a coin on the first card they can still upgrade

# What the group writes down when a packet opens: invented, neutral placeholders.
UNLOCKS = {
    "pack-2": [
        {
            "kind": "mark-kind",
            "title": "Beacon",
            "text": "A placeholder mark.",
            "opens_pack_4": True,
        },
        {"kind": "scar-type", "title": "Quarantine", "text": "A placeholder scar.", "cards": 1},
    ],
    "pocket-1": [{"kind": "rule", "title": "Signal Flares", "text": "A placeholder rule."}],
    "pack-1": [
        {"kind": "faction", "title": "Harbour Union", "text": "A placeholder faction."},
        {"kind": "power", "title": "Tidewise", "text": "A placeholder power."},
    ],
    "pack-3": [{"kind": "mission-card", "title": "Hold the Line", "text": "A placeholder."}],
    "pack-4": [{"kind": "event-card", "title": "Long Winter", "text": "A placeholder event."}],
    "pocket-2": [{"kind": "other", "title": "Reserve Troops", "text": "A placeholder."}],
}


@dataclass
class Plan:
    seating: list[tuple[str, str]]  # (player, faction), clockwise
    winner: str
    reward: dict
    held: dict[str, object] = field(default_factory=dict)  # player -> AUTO or (land, reward)
    eliminated: tuple[str, ...] = ()
    during: Callable | None = None  # (table, game, played) -> None
    opens_after: tuple[str, ...] = ()  # packets the table opens once the game is over
    amend_reward: dict | None = None  # the winner's reward, corrected right after the game


@dataclass
class Played:
    game: Game
    hqs: dict[str, str]
    finish: FinishResult | None = None
    events: dict[str, EventResult] = field(default_factory=dict)


def minor(land: str, name: str) -> tuple[list[str], dict]:
    return [land], {"kind": "minor-city", "territory": land, "name": name}


def upgrade(land: str) -> tuple[list[str], dict]:
    return [land], {"kind": "upgrade-card", "territory": land}


def seated(players: list[str], factions=(KHAN, MECH, BEAR, BALK, SAHARA)):
    """Players clockwise, each with the faction at the same place in ``factions``."""
    return list(zip(players, factions, strict=False))


def game_one(table, game, played):
    played.events["bunker"] = table.scar(game, "bunker", "ural", "Ada")
    played.events["ammo"] = table.scar(game, "ammo-shortage", "iceland", "Boris")
    played.events["coins"] = coin_pile_out(
        game=game, territories=table.by_id({"Dmitri": 14, "Ada": 10, "Boris": 9})
    )


def game_three(table, game, played):
    ids = table.ids
    played.events["chloe out"] = eliminate_faction(game=game, player=ids["Chloe"], can_rejoin=True)
    rejoin_faction(game=game, player=ids["Chloe"], territory="new-guinea")
    played.events["esme out"] = eliminate_faction(game=game, player=ids["Esme"], can_rejoin=False)
    table.open("pack-2")


def game_four(table, game, played):
    # Ada, Boris and Chloe each signed once, so each holds one missile: all three on one roll.
    ids = table.ids
    first = use_missiles(game=game, count=1, player=ids["Ada"])
    played.events["two missiles"] = use_missiles(
        game=game, count=1, player=ids["Boris"], roll=first.event.seq
    )
    played.events["three missiles"] = use_missiles(
        game=game, count=1, player=ids["Chloe"], roll=first.event.seq
    )
    table.open("pocket-1")


def game_seven(table, game, played):
    played.events["beacon"] = place_mark(
        game=game, kind="beacon", territory="middle-east", player=table.ids["Boris"]
    )
    table.open("pack-4")


def game_eight(table, game, played):
    # Boris signed in games 2 and 7: he holds two missiles.
    played.events["recruitment"] = record_recruitment(
        game=game, player=table.ids["Boris"], troops=31
    )
    table.open("pocket-2")


def game_twelve(table, game, played):
    played.events["scar again"] = table.scar(game, "ammo-shortage", "ural", "Esme")


FIVE = ["Ada", "Boris", "Chloe", "Dmitri", "Esme"]
ALL_AUTO = {p: AUTO for p in FIVE}

SCRIPT: list[Plan] = [
    Plan(  # 1
        seated(FIVE),
        "Ada",
        {"kind": "major-city", "territory": "north-africa", "name": "Aurelia"},
        held={"Boris": minor("kamchatka", "Kamport"), "Chloe": minor("venezuela", "Vela")},
        during=game_one,
    ),
    Plan(  # 2: Boris's city goes on the wrong territory, and the game is amended at once
        seated(["Boris", "Chloe", "Dmitri", "Esme", "Ada"]),
        "Boris",
        {"kind": "major-city", "territory": "mongolia", "name": "Borograd"},
        held={
            "Chloe": minor("peru", "Inti"),
            "Dmitri": minor("alberta", "Prairie Rest"),
            "Esme": upgrade("new-guinea"),
        },
        amend_reward={"kind": "major-city", "territory": "china", "name": "Borograd"},
    ),
    Plan(  # 3: the first faction eliminated for good
        seated(["Chloe", "Dmitri", "Esme", "Ada", "Boris"]),
        "Chloe",
        {"kind": "name-continent", "continent": "europe", "name": "Nordmark"},
        held={
            "Dmitri": minor("central-america", "Isthmia"),
            "Boris": minor("yakutsk", "Frostford"),
        },
        eliminated=("Esme",),
        during=game_three,
    ),
    Plan(  # 4: four players, a third missile on one roll
        seated(["Dmitri", "Ada", "Boris", "Chloe"]),
        "Dmitri",
        {"kind": "change-bonus", "continent": "africa", "delta": 1},
        held={"Ada": minor("scandinavia", "Fjordheim"), "Boris": minor("mongolia", "Steppegate")},
        during=game_four,
    ),
    Plan(  # 5: the ninth minor city
        seated(FIVE),
        "Esme",
        {"kind": "major-city", "territory": "eastern-australia", "name": "Coral Crown"},
        held={
            "Ada": (
                HOLDINGS["Ada"],
                {"kind": "minor-city", "territory": "egypt", "name": "Sandmere"},
            ),
            "Boris": AUTO,
            "Chloe": AUTO,
            "Dmitri": AUTO,
        },
        opens_after=("pack-1",),
    ),
    Plan(  # 6: Ada signs for the second time
        seated(["Boris", "Chloe", "Dmitri", "Esme", "Ada"]),
        "Ada",
        {"kind": "name-continent", "continent": "asia", "name": "Eastreach"},
        held=ALL_AUTO,
        opens_after=("pack-3",),
    ),
    Plan(  # 7: the unlocked mark appears
        seated(["Chloe", "Dmitri", "Esme", "Ada", "Boris"]),
        "Boris",
        {"kind": "fortify-city", "territory": "north-africa"},
        held=ALL_AUTO,
        during=game_seven,
    ),
    Plan(  # 8: a big recruitment with a missile in hand
        seated(["Dmitri", "Esme", "Ada", "Boris", "Chloe"]),
        "Chloe",
        {"kind": "major-city", "territory": "argentina", "name": "Pampas Gate"},
        held=ALL_AUTO,
        during=game_eight,
    ),
    Plan(  # 9: the unlocked faction takes a seat; The Saharan Republic sits out
        seated(["Esme", "Ada", "Boris", "Chloe", "Dmitri"], (HARBOUR, KHAN, MECH, BEAR, BALK)),
        "Ada",
        {"kind": "name-continent", "continent": "australia", "name": "Southwater"},
        held=ALL_AUTO,
    ),
    Plan(  # 10: the fifth and last major city
        seated(FIVE, (SAHARA, KHAN, MECH, BEAR, BALK)),
        "Dmitri",
        {"kind": "major-city", "territory": "ontario", "name": "Lakeshire"},
        held=ALL_AUTO,
    ),
    Plan(  # 11
        seated(["Boris", "Chloe", "Dmitri", "Esme", "Ada"], (SAHARA, KHAN, MECH, BEAR, BALK)),
        "Boris",
        {"kind": "cancel-scar", "territory": "ural"},
        held=ALL_AUTO,
    ),
    Plan(  # 12: the cancelled territory is scarred again
        seated(["Chloe", "Dmitri", "Esme", "Ada", "Boris"], (SAHARA, KHAN, MECH, BEAR, BALK)),
        "Esme",
        {"kind": "name-continent", "continent": "south-america", "name": "Verdant"},
        held=ALL_AUTO,
        during=game_twelve,
    ),
    Plan(  # 13: the held-on coins run out
        seated(["Dmitri", "Esme", "Ada", "Boris", "Chloe"], (SAHARA, KHAN, MECH, BEAR, BALK)),
        "Chloe",
        {"kind": "destroy-card", "territory": "madagascar"},
        held=ALL_AUTO,
    ),
    Plan(  # 14: Aurelia fortified again; the old fortification stops counting
        seated(["Esme", "Ada", "Boris", "Chloe", "Dmitri"], (SAHARA, KHAN, MECH, BEAR, BALK)),
        "Ada",
        {"kind": "fortify-city", "territory": "north-africa"},
        held=ALL_AUTO,
    ),
    Plan(  # 15
        seated(FIVE, (MECH, KHAN, SAHARA, BALK, BEAR)),
        "Boris",
        {"kind": "change-bonus", "continent": "north-america", "delta": -1},
        held=ALL_AUTO,
    ),
]
# Game 16: the war goes on after the campaign, without rewards.
AFTERWORD = Plan(seated(["Chloe", "Esme", "Ada"]), "Esme", {})


def choice(reward: dict) -> RewardChoice:
    return RewardChoice(
        kind=Reward(reward["kind"]),
        territory=reward.get("territory"),
        continent=reward.get("continent"),
        name=reward.get("name", ""),
        delta=reward.get("delta", 0),
    )


class Table:
    """Plays the script through the services, as the group would enter it."""

    def __init__(self, campaign, owner):
        self.campaign = campaign
        self.owner = owner
        self.ids = {p.name: p.pk for p in campaign.players.all()}
        self.played: dict[int, Played] = {}

    def by_id(self, per_player: dict) -> dict:
        return {self.ids[name]: value for name, value in per_player.items()}

    def scar(self, game, kind, territory, player) -> EventResult:
        return place_scar(
            game=game, scar=kind, territory=territory, player=self.ids[player], by=self.owner
        )

    def open(self, packet: str):
        return open_packet(
            earned_otherwise=EARNED_ANOTHER_WAY,
            campaign=self.campaign,
            packet=packet,
            unlocked=UNLOCKS[packet],
            by=self.owner,
        )

    def setup(self, plan: Plan) -> tuple[Game, dict[str, str]]:
        """Seat the table; each HQ is the player's own major city if they have one, else the
        first legal start in their home continent, else the first legal start anywhere."""
        world = world_as_of(self.campaign.pk)
        placed: list[str] = []
        hqs = {}
        for name, _ in plan.seating:
            legal = rules.legal_starting_territories(world, player=self.ids[name], hqs=placed)
            own = [
                s
                for s in legal
                if world.territories[s].city and world.territories[s].city.founder == self.ids[name]
            ]
            home = [s for s in legal if board.TERRITORY_BY_SLUG[s].continent == HOME[name]]
            hqs[name] = (own or home or legal)[0]
            placed.append(hqs[name])
        game = setup_game(
            campaign=self.campaign,
            seats=[{"player": self.ids[n], "faction": f, "hq": hqs[n]} for n, f in plan.seating],
            by=self.owner,
        )
        return start_game(game=game, by=self.owner), hqs

    def ending(self, plan: Plan, reward: dict | None = None) -> dict:
        """The arguments of finish_game for this plan: results, land held, rewards in order."""
        reward = plan.reward if reward is None else reward
        results = {}
        for name, _ in plan.seating:
            results[name] = (
                "won"
                if name == plan.winner
                else "eliminated"
                if name in plan.eliminated
                else "held_on"
            )
        world = world_as_of(self.campaign.pk)
        if reward:
            world = rules.world_after_reward(world, choice(reward), player=self.ids[plan.winner])
        order = rules.held_on_order(
            {self.ids[n]: i for i, (n, _) in enumerate(plan.seating)}, self.ids[plan.winner]
        )
        controlled, held_rewards = {}, {}
        for pid in order:
            name = next(n for n, i in self.ids.items() if i == pid)
            spec = plan.held.get(name)
            if results[name] != "held_on":
                continue
            if spec is None:
                # A player who held on chooses a reward while any is legal: one the script
                # gives none to controlled nothing a reward could go on.
                controlled[name] = []
                continue
            if spec == AUTO:
                land = HOLDINGS[name]
                targets = rules.held_on_reward_targets(world, land)
                picked = (
                    {"kind": "upgrade-card", "territory": targets[Reward.UPGRADE_CARD][0]}
                    if Reward.UPGRADE_CARD in targets
                    else None
                )
            else:
                land, picked = spec
            controlled[name] = land
            if picked:
                held_rewards[name] = picked
                world = rules.world_after_reward(world, choice(picked), player=pid)
        return {
            "results": self.by_id(results),
            "controlled": self.by_id(controlled),
            "winner_reward": reward or None,
            "held_on_rewards": self.by_id(held_rewards),
        }

    def play_next(self, before_finish: Callable | None = None) -> Played:
        number = len(self.played) + 1
        plan = SCRIPT[number - 1] if number <= len(SCRIPT) else AFTERWORD
        game, hqs = self.setup(plan)
        played = Played(game=game, hqs=hqs)
        if plan.during:
            plan.during(self, game, played)
        if before_finish:
            before_finish(self, game, plan)
        slogan = f"Game {number}" if number <= 15 else ""  # nobody signs after game 15
        played.finish = finish_game(game=game, slogan=slogan, by=self.owner, **self.ending(plan))
        if plan.amend_reward:
            played.finish = amend_game(
                game=game,
                revision=played.finish.game.revision,
                reason="The city was written on the wrong territory.",
                by=self.owner,
                # Explicit held-on rewards only in an amended game: no planning on a stale world.
                **self.ending(plan, plan.amend_reward),
            )
        for packet in plan.opens_after:
            self.open(packet)
        played.game.refresh_from_db()
        self.played[number] = played
        return played

    def fork(self) -> Table:
        """The same table, so a test can play on without changing what the others read."""
        other = Table(self.campaign, self.owner)
        other.played = dict(self.played)
        return other

    def play_until(self, number: int) -> Table:
        while len(self.played) < number:
            self.play_next()
        return self


def play_season(username: str = "keeper") -> Table:
    """A campaign of the five players with all fifteen games of the script played."""
    owner = get_user_model().objects.create_user(username=username, password="pw-keeper-1")
    campaign = services.create_campaign(owner=owner, name="The Long Season", players=FIVE)
    services.prepare_first_game(
        campaign=campaign, powers={f.slug: "a" for f in FACTIONS}, coins=TWELVE_COINS, by=owner
    )
    campaign.refresh_from_db()
    return Table(campaign, owner).play_until(15)
