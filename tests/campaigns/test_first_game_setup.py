"""Creating a campaign and 'before the first game', through the services."""

import pytest
from django.db import connection
from django.db.models import Count
from django.test.utils import CaptureQueriesContext

from campaigns import services
from campaigns.models import AuditEntry, Membership, Role
from legacy.box import FACTIONS
from legacy.errors import RuleViolation
from legacy.models import MARK_MODELS, CoinSticker, FactionPower, StockAllowance
from legacy.selectors import world_as_of
from tests.support.games import TWELVE_COINS

pytestmark = pytest.mark.django_db

ALL_A = {f.slug: "a" for f in FACTIONS}


def world_rows(campaign) -> dict[str, int]:
    return {m.__name__: m.objects.filter(campaign=campaign).count() for m in MARK_MODELS}


def test_a_new_campaign_has_an_untouched_world(campaign, owner):
    world = world_as_of(campaign.pk)
    assert len(world.territories) == 42
    assert all(not t.marked and t.coins == 1 for t in world.territories.values())
    assert all(c.name is None and c.bonus_change == 0 for c in world.continents.values())
    assert world.packets_opened == frozenset()
    assert world.stock_left["minor-cities"] == 9 and world.stock_left["major-cities"] == 5
    assert Membership.objects.get(campaign=campaign).role == Role.OWNER
    assert campaign.players.count() == 5


def test_two_players_with_the_same_name_are_refused(owner):
    with pytest.raises(RuleViolation, match="different name"):
        services.create_campaign(owner=owner, name="X", players=["Ada", "ada"])


@pytest.mark.parametrize(
    "players", [["Ada", "ada"], ["Ada", ""], ["Ada", "x" * 61]], ids=["same", "empty", "long"]
)
def test_a_refused_roster_writes_nothing_at_all(owner, players):
    """The roster is checked before the campaign's first row: not one INSERT is sent, so
    nothing depends on a rollback to undo it."""
    with CaptureQueriesContext(connection) as queries, pytest.raises(RuleViolation):
        services.create_campaign(owner=owner, name="X", players=players)
    writes = [q["sql"] for q in queries if q["sql"].lstrip().upper().startswith("INSERT")]
    assert writes == []
    assert not Membership.objects.filter(user=owner, campaign__name="X").exists()


def test_before_the_first_game_each_faction_keeps_one_power_and_twelve_coins_go_on(campaign, owner):
    powers = {**ALL_A, "khan-industries": "b"}
    result = services.prepare_first_game(
        campaign=campaign, powers=powers, coins=TWELVE_COINS, by=owner
    )
    world = world_as_of(campaign.pk, 0)
    assert world.faction_powers["khan-industries"] == ("A troop with a territory card",)
    assert world.faction_powers["die-mechaniker"] == ("Starting HQ fortified",)
    destroyed = FactionPower.objects.filter(campaign=campaign, removed_reason="destroyed")
    assert destroyed.count() == 5
    assert world.territories["alaska"].coins == 3
    assert world.territories["egypt"].coins == 2
    assert sum(t.coins for t in world.territories.values()) == 42 + 12
    assert world.stock_left["first-game-coins"] == 0
    assert result.coins["brazil"] == 3
    assert AuditEntry.objects.filter(campaign=campaign, action="first-game-setup").exists()


def test_random_coin_placement_puts_twelve_coins_on_twelve_cards(campaign):
    services.prepare_first_game(campaign=campaign, powers=ALL_A, random_coins=True, seed=7)
    per_card = (
        CoinSticker.objects.filter(campaign=campaign).values("territory").annotate(n=Count("id"))
    )
    assert len(per_card) == 12 and all(row["n"] == 1 for row in per_card)


@pytest.mark.parametrize(
    ("powers", "coins", "message"),
    [
        ({**ALL_A, "atlantis": "a"}, TWELVE_COINS, "no faction 'atlantis'"),
        ([*ALL_A.items(), ("khan-industries", "b")], TWELVE_COINS, "one starting power, not two"),
        ({**ALL_A, "khan-industries": "c"}, TWELVE_COINS, "no starting power 'c'"),
        ({"khan-industries": "a"}, TWELVE_COINS, "still to choose"),
        (ALL_A, [*TWELVE_COINS, "peru"], "12 coin stickers"),
        (ALL_A, [*TWELVE_COINS[:-1], "alaska"], "no card may hold more than 3"),
        (ALL_A, [*TWELVE_COINS[:-1], "atlantis"], "no territory called 'atlantis'"),
    ],
)
def test_a_refused_setup_writes_nothing(campaign, powers, coins, message):
    before = world_rows(campaign)
    with pytest.raises(RuleViolation, match=message):
        services.prepare_first_game(campaign=campaign, powers=powers, coins=coins)
    assert world_rows(campaign) == before
    campaign.refresh_from_db()
    assert campaign.prepared_at is None


def test_setup_runs_once(prepared_campaign):
    before = world_rows(prepared_campaign)
    with pytest.raises(RuleViolation, match="happens once") as refusal:
        services.prepare_first_game(campaign=prepared_campaign, powers=ALL_A, coins=TWELVE_COINS)
    assert refusal.value.conflict
    assert world_rows(prepared_campaign) == before


def test_a_campaign_with_a_smaller_coin_stock_expects_fewer_coins(campaign):
    StockAllowance.objects.filter(campaign=campaign, stock="first-game-coins").update(quantity=10)
    services.prepare_first_game(campaign=campaign, powers=ALL_A, coins=TWELVE_COINS[:10])
    assert CoinSticker.objects.filter(campaign=campaign).count() == 10
