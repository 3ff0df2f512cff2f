"""Properties: whatever legal games a table plays, the box's limits hold, and whatever illegal
request it makes along the way is refused without writing anything.

Hypothesis plays random campaigns through the services. Every choice is drawn from what the
rules offer at that moment (``legal_starting_territories``, ``winner_reward_targets``,
``held_on_reward_targets`` on ``world_as_of``), so the games are legal by construction; between
them it draws an illegal request (a reward among the illegal ones, an HQ among the illegal
starts, a held-on reward on land not held, a second finish) and checks the refusal.

Each example builds its own campaign inside the test's transaction, so examples never see
each other's rows and everything is rolled back at the end.
"""

from __future__ import annotations

import pytest
from django.db.models import Count
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from campaigns import services
from campaigns.game.finish import finish_game, name_world
from campaigns.game.holdings import holdings_of
from campaigns.game.setup import setup_game, start_game
from campaigns.game.table import place_scar, record_recruitment, use_missiles
from campaigns.models import AuditEntry, Game, GameEvent, GameReward, Seat
from legacy import board, rules
from legacy.box import FACTIONS, Stock
from legacy.errors import RuleViolation
from legacy.models import MARK_MODELS, City, CoinSticker, Scar, ScarKind, Signature, WorldName
from legacy.rules import HELD_ON_REWARDS, Reward, RewardChoice
from legacy.selectors import world_as_of

pytestmark = pytest.mark.django_db

NAMES = ["Ada", "Boris", "Chloe", "Dmitri", "Esme"]
TERRITORIES = [t.slug for t in board.TERRITORIES]
CONTINENTS = [c.slug for c in board.CONTINENTS]
ILLEGAL_KINDS = ("reward", "hq", "held-on", "second-finish", "none")


def rows(campaign) -> dict:
    """Every row of the campaign, to tell that a refusal wrote nothing."""
    out = {m.__name__: list(m.objects.filter(campaign=campaign).values()) for m in MARK_MODELS}
    out["games"] = list(Game.objects.filter(campaign=campaign).values())
    out["seats"] = list(Seat.objects.filter(game__campaign=campaign).values())
    out["events"] = list(GameEvent.objects.filter(game__campaign=campaign).values())
    out["rewards"] = list(GameReward.objects.filter(game__campaign=campaign).values())
    out["audit"] = list(AuditEntry.objects.filter(campaign=campaign).values())
    return out


def as_dict(c: RewardChoice) -> dict:
    return {
        "kind": c.kind.value,
        "territory": c.territory,
        "continent": c.continent,
        "name": c.name,
        "delta": c.delta,
    }


def winner_choice(kind: Reward, target) -> RewardChoice:
    if kind == Reward.NAME_CONTINENT:
        return RewardChoice(kind, continent=target, name="Named Land")
    if kind == Reward.CHANGE_BONUS:
        return RewardChoice(kind, continent=target[0], delta=target[1])
    name = "Big Town" if kind == Reward.MAJOR_CITY else ""
    return RewardChoice(kind, territory=target, name=name)


def every_winner_request():
    """Every winner's reward a player could ask for, legal or not (held-on kinds included)."""
    for slug in CONTINENTS:
        yield Reward.NAME_CONTINENT, slug
        yield Reward.CHANGE_BONUS, (slug, 1)
        yield Reward.CHANGE_BONUS, (slug, -1)
    for slug in TERRITORIES:
        for kind in (Reward.MAJOR_CITY, Reward.CANCEL_SCAR, Reward.FORTIFY_CITY):
            yield kind, slug
        yield Reward.DESTROY_CARD, slug
        for kind in HELD_ON_REWARDS:
            yield kind, slug


def check_the_box_limits(campaign, world) -> None:
    marks = City.objects.filter(campaign=campaign, voided=False)
    assert marks.filter(kind="minor").count() <= 9  # ever founded, destroyed ones included
    assert marks.filter(kind="major").count() <= 5
    assert all(1 <= t.coins <= 6 for t in world.territories.values())
    assert not CoinSticker.objects.filter(campaign=campaign, coins_after__gt=6).exists()
    for model in (City, Scar):
        doubled = (
            model.objects.current()
            .filter(campaign=campaign, territory__isnull=False)
            .values("territory")
            .annotate(n=Count("id"))
            .filter(n__gt=1)
        )
        assert not doubled.exists(), f"two counting {model.__name__} marks on one territory"
    signatures = Signature.objects.filter(campaign=campaign, voided=False)
    assert signatures.count() <= 15
    assert sorted(signatures.values_list("line", flat=True)) == list(
        range(1, signatures.count() + 1)
    )
    assert WorldName.objects.filter(campaign=campaign, voided=False).count() <= 1
    assert all(v >= 0 for v in world.stock_left.values())


class RandomTable:
    def __init__(self, campaign, draw):
        self.campaign = campaign
        self.draw = draw
        self.ids = dict(campaign.players.values_list("name", "pk"))
        self.world = world_as_of(campaign.pk)  # read again whenever the world changes

    def pick(self, options, label=None):
        return self.draw(st.sampled_from(list(options)), label=label)

    def refused_without_writing(self, attempt, **match) -> RuleViolation:
        before = rows(self.campaign)
        with pytest.raises(RuleViolation) as refusal:
            attempt()
        for attribute, value in match.items():
            assert getattr(refusal.value, attribute) == value
        assert rows(self.campaign) == before
        return refusal.value

    # --- one game ---

    def seating(self):
        count = self.draw(st.integers(3, 5), label="players")
        names = self.draw(st.permutations(NAMES), label="seating")[:count]
        factions = self.draw(st.permutations([f.slug for f in FACTIONS]), label="factions")
        world = self.world
        placed, seats = [], []
        for name, faction in zip(names, factions, strict=False):
            legal = rules.legal_starting_territories(world, player=self.ids[name], hqs=placed)
            assert legal, "a table of five always finds a legal start"
            hq = self.pick(legal, label=f"hq of {name}")
            seats.append({"player": self.ids[name], "faction": faction, "hq": hq})
            placed.append(hq)
        return world, seats

    def an_illegal_hq_is_refused(self, world, seats) -> None:
        illegal_for = {}
        for i, seat in enumerate(seats):
            before = [s["hq"] for s in seats[:i]]
            legal = rules.legal_starting_territories(world, player=seat["player"], hqs=before)
            illegal_for[i] = [t for t in TERRITORIES if t not in legal]
        # The first seat on an unmarked board has no illegal start; the next ones always do.
        i = self.pick([i for i, illegal in illegal_for.items() if illegal], label="illegal seat")
        illegal = illegal_for[i]
        bad = [
            *seats[:i],
            {**seats[i], "hq": self.pick(illegal, label="illegal hq")},
            *seats[i + 1 :],
        ]
        refusal = self.refused_without_writing(
            lambda: setup_game(campaign=self.campaign, seats=bad)
        )
        assert refusal.rule == "legal-start"

    def during(self, game, seats) -> None:
        for _ in range(self.draw(st.integers(0, 2), label="events")):
            event = self.pick(["scar", "missiles", "recruitment"], label="event")
            held = {h_seat: h for h_seat, h in holdings_of(game).holdings.items()}
            by_player = {s.player_id: held[s.pk] for s in game.seats.all()}
            if event == "scar" and game.scar_cards_dealt:  # a scar comes from a scar card
                holders = [p for p, h in by_player.items() if h.scar_cards]
                scarred = Scar.objects.current().filter(campaign=self.campaign)
                taken = set(scarred.values_list("territory", flat=True))
                free = [t for t in TERRITORIES if t not in taken]
                kinds = [
                    k.slug
                    for k in ScarKind.objects.filter(
                        campaign=self.campaign, on_faction_card=False
                    ).order_by("slug")
                    if Scar.objects.filter(kind=k, voided=False).count() < k.cards
                ]
                if holders and kinds:
                    place_scar(
                        game=game,
                        scar=self.pick(kinds),
                        territory=self.pick(free, label="scar on"),
                        player=self.pick(sorted(holders), label="scar card of"),
                    )
            elif event == "missiles":
                armed = sorted(p for p, h in by_player.items() if h.missiles)
                if armed:
                    player = self.pick(armed, label="missiles of")
                    count = self.draw(st.integers(1, min(3, by_player[player].missiles)))
                    use_missiles(game=game, count=count, player=player)
            else:
                player = self.pick([s["player"] for s in seats])
                record_recruitment(game=game, player=player, troops=self.draw(st.integers(3, 40)))

    def ending(self, game, seats) -> dict:
        players = [s["player"] for s in seats]
        winner = self.pick(players, label="winner")
        results = {
            p: "won" if p == winner else self.pick(["held_on", "eliminated"], label="result")
            for p in players
        }
        land = self.draw(st.permutations(TERRITORIES), label="land")
        controlled, start = {}, 0
        for p in players:
            if results[p] == "eliminated":
                continue
            n = self.draw(st.integers(0, 4), label="territories held")
            controlled[p] = land[start : start + n]
            start += n
        world = self.world = world_as_of(self.campaign.pk)  # scars may have been placed
        args = {"results": results, "controlled": controlled, "held_on_rewards": {}}
        if not rules.rewards_given(game.number):
            return args
        targets = rules.winner_reward_targets(world)
        kind = self.pick(sorted(targets), label="winner reward")
        choice = winner_choice(kind, self.pick(targets[kind], label="target"))
        args["winner_reward"] = as_dict(choice)
        world = rules.world_after_reward(world, choice, player=winner)
        order = rules.held_on_order({s["player"]: i for i, s in enumerate(seats)}, winner)
        for p in order:
            if results[p] != "held_on":
                continue
            held = rules.held_on_reward_targets(world, controlled.get(p, []))
            if not held:
                continue
            kind = self.pick(sorted(held), label="held-on reward")
            choice = RewardChoice(kind, territory=self.pick(held[kind]), name="Small Town")
            args["held_on_rewards"][p] = as_dict(choice)
            world = rules.world_after_reward(world, choice, player=p)
        return args

    def an_illegal_reward_is_refused(self, game, args) -> None:
        legal = {
            (kind, target)
            for kind, options in rules.winner_reward_targets(self.world).items()
            for target in options
        }
        illegal = [r for r in every_winner_request() if r not in legal]
        kind, target = self.pick(illegal, label="illegal reward")
        bad = {**args, "winner_reward": as_dict(winner_choice(kind, target))}
        self.refused_without_writing(lambda: finish_game(game=game, **bad))

    def an_illegal_held_on_reward_is_refused(self, game, args) -> None:
        holders = [p for p, r in args["results"].items() if r == "held_on"]
        if not holders:
            return
        p = self.pick(holders, label="held-on player")
        elsewhere = [t for t in TERRITORIES if t not in args["controlled"].get(p, [])]
        bad_choice = {"kind": "upgrade-card", "territory": self.pick(elsewhere)}
        bad = {**args, "held_on_rewards": {**args["held_on_rewards"], p: bad_choice}}
        self.refused_without_writing(lambda: finish_game(game=game, **bad))

    def play(self) -> None:
        world, seats = self.seating()
        illegal = self.pick(ILLEGAL_KINDS, label="illegal request")
        if illegal == "hq":
            self.an_illegal_hq_is_refused(world, seats)
        game = start_game(game=setup_game(campaign=self.campaign, seats=seats))
        self.during(game, seats)
        args = self.ending(game, seats)
        if illegal == "reward" and "winner_reward" in args:
            self.an_illegal_reward_is_refused(game, args)
        if illegal == "held-on" and "winner_reward" in args:
            self.an_illegal_held_on_reward_is_refused(game, args)
        finish_game(game=game, **args)
        self.world = world_as_of(self.campaign.pk)
        if illegal == "second-finish":
            self.refused_without_writing(lambda: finish_game(game=game, **args), conflict=True)

    def name_the_world(self) -> None:
        rolls = None
        for _ in range(20):
            try:
                name_world(campaign=self.campaign, name="Somewhere", rolls=rolls)
                break
            except RuleViolation as tie:
                assert tie.rule == "naming-tie"
                world = world_as_of(self.campaign.pk)
                counts = world.signature_counts()
                most = max(counts.values())  # only the players tied for most signatures roll
                rolls = {
                    p: self.draw(st.integers(1, 6), label="roll")
                    for p, n in counts.items()
                    if n == most
                }
        else:
            pytest.skip("the dice kept tying")  # pragma: no cover - 20 ties in a row
        world = world_as_of(self.campaign.pk)
        counts = world.signature_counts()
        assert counts[world.world_namer] == max(counts.values())
        self.refused_without_writing(
            lambda: name_world(campaign=self.campaign, name="Again", rolls=rolls),
            conflict=True,
        )


@settings(
    max_examples=8,
    deadline=None,
    database=None,
    suppress_health_check=[
        HealthCheck.function_scoped_fixture,
        HealthCheck.too_slow,
        HealthCheck.data_too_large,
    ],
)
@given(data=st.data())
def test_random_legal_campaigns_keep_the_box_limits_and_refuse_illegal_requests(owner, data):
    campaign = services.create_campaign(owner=owner, name="Random", players=NAMES)
    services.prepare_first_game(
        campaign=campaign,
        powers={f.slug: data.draw(st.sampled_from("ab")) for f in FACTIONS},
        random_coins=True,
        seed=data.draw(st.integers(0, 2**16), label="coin seed"),
    )
    table = RandomTable(campaign, data.draw)
    # Long campaigns matter most (stocks run out, the world is named): half reach game 15.
    length = data.draw(st.integers(1, 8) | st.integers(15, 16), label="games")
    for number in range(1, length + 1):
        if number == 16:  # the world is named at the end of game 15, before game 16
            table.name_the_world()
        table.play()
        check_the_box_limits(campaign, table.world)
    world = world_as_of(campaign.pk)
    assert world.stock_left[Stock.FIRST_GAME_COINS] == 0
    if length == 15:
        table.name_the_world()
    if length >= 15:
        check_the_box_limits(campaign, world_as_of(campaign.pk))
        assert Signature.objects.filter(campaign=campaign, voided=False).count() == 15
