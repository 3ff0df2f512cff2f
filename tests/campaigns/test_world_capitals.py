"""World Capitals: founded between games once a packet allows it, within the campaign's limit,
one city per territory, population 5."""

import pytest

from campaigns import members
from campaigns.capitals import found_world_capital, with_capitals_allowed
from campaigns.game.packets import open_packet
from legacy import rules
from legacy.errors import RuleViolation
from legacy.models import City
from legacy.selectors import world_as_of
from legacy.world import empty_world
from tests.support.games import EARNED_ANOTHER_WAY, finish, start

pytestmark = pytest.mark.django_db

CAPITAL_RULE = [{"kind": "world-capital", "title": "Our capital rule", "text": "In our words."}]


@pytest.fixture
def unlocked(prepared_campaign):
    open_packet(
        earned_otherwise=EARNED_ANOTHER_WAY,
        campaign=prepared_campaign,
        packet="pack-3",
        unlocked=CAPITAL_RULE,
    )
    prepared_campaign.refresh_from_db()
    return prepared_campaign


def test_a_world_capital_is_refused_until_a_packet_allows_it(prepared_campaign, players):
    with pytest.raises(RuleViolation) as refused:
        found_world_capital(campaign=prepared_campaign, territory="egypt", name="Nova")
    assert refused.value.rule == "world-capital-locked"
    assert not City.objects.filter(campaign=prepared_campaign).exists()


def test_a_world_capital_counts_five_in_recruitment(unlocked, players):
    ada = players["Ada"]
    found_world_capital(campaign=unlocked, territory="egypt", name="Nova", player=ada.pk)
    world = world_as_of(unlocked.pk)
    assert world.territories["egypt"].city.kind == "capital"
    # 7 territories + population 5 = 12, divided by 3: 4 troops (without the capital: 3).
    held = ["egypt", "alaska", "peru", "japan", "iceland", "india", "ural"]
    assert rules.recruitment(world, player=ada.pk, controlled=held) == 4
    assert rules.recruitment(empty_world(), player=ada.pk, controlled=held) == 3


def test_a_second_world_capital_is_refused_when_one_is_allowed(unlocked):
    found_world_capital(campaign=unlocked, territory="egypt", name="Nova")
    with pytest.raises(RuleViolation) as refused:
        found_world_capital(campaign=unlocked, territory="peru", name="Alta")
    assert refused.value.rule == "world-capitals-allowed"
    assert City.objects.filter(campaign=unlocked, kind="capital").count() == 1


def test_a_second_world_capital_is_founded_when_the_campaign_allows_two(unlocked, owner):
    members.set_house_rules(campaign=unlocked, world_capitals_allowed=2, by=owner)
    unlocked.refresh_from_db()
    found_world_capital(campaign=unlocked, territory="egypt", name="Nova")
    found_world_capital(campaign=unlocked, territory="peru", name="Alta")
    assert rules.world_capitals(world_as_of(unlocked.pk)) == ["peru", "egypt"]


def test_a_world_capital_on_a_territory_with_a_city_is_refused(unlocked):
    City.objects.create(
        campaign=unlocked, territory="egypt", kind="minor", name="Tiny", placed_in_game=0
    )
    with pytest.raises(RuleViolation) as refused:
        found_world_capital(campaign=unlocked, territory="egypt", name="Nova")
    assert refused.value.rule == "one-city-per-territory"


def test_a_world_capital_is_founded_between_games_only(unlocked, players):
    start(unlocked, players)
    with pytest.raises(RuleViolation) as refused:
        found_world_capital(campaign=unlocked, territory="india", name="Nova")
    assert refused.value.rule == "world-capital-between-games"


def test_a_world_capital_is_no_legal_start_not_even_for_its_founder(unlocked, players):
    ada, boris = players["Ada"], players["Boris"]
    found_world_capital(campaign=unlocked, territory="egypt", name="Nova", player=ada.pk)
    world = world_as_of(unlocked.pk)
    assert "not a legal start, even for its founder" in rules.starting_refusal(
        world, "egypt", player=ada.pk
    )
    assert "egypt" not in rules.legal_starting_territories(world, player=ada.pk)
    assert "World Capital founded by someone else" in rules.starting_refusal(
        world, "egypt", player=boris.pk
    )
    assert "egypt" not in rules.legal_starting_territories(world, player=boris.pk)


def test_a_group_that_reads_it_otherwise_lets_the_founder_start_on_their_capital(unlocked, players):
    ada, boris = players["Ada"], players["Boris"]
    found_world_capital(campaign=unlocked, territory="egypt", name="Nova", player=ada.pk)
    world = world_as_of(unlocked.pk)
    assert rules.starting_refusal(world, "egypt", player=ada.pk, capital_starts=True) is None
    assert "egypt" in rules.legal_joining_territories(world, player=ada.pk, capital_starts=True)
    assert "egypt" not in rules.legal_starting_territories(
        world, player=boris.pk, capital_starts=True
    )


def test_the_world_capitals_setting_refuses_a_negative_number(unlocked, owner):
    with pytest.raises(RuleViolation) as refused:
        members.set_house_rules(campaign=unlocked, world_capitals_allowed=-1, by=owner)
    assert refused.value.rule == "world-capitals-setting"


def _finish(game, players, reward):
    """The usual ending with ``reward`` for Ada; Boris holds Japan only."""
    boris = players["Boris"]
    return finish(game, players, winner_reward=reward, controlled={boris.pk: ["japan"]})


def test_the_winner_may_found_a_world_capital_as_the_reward(unlocked, players):
    game = start(unlocked, players)
    _finish(game, players, {"kind": "world-capital", "territory": "india", "name": "Nova"})
    city = City.objects.get(campaign=unlocked, kind="capital")
    assert (city.territory, city.placed_in_game, city.placed_by) == ("india", 1, players["Ada"])


def test_a_world_capital_reward_beyond_the_campaigns_number_is_refused(unlocked, players):
    found_world_capital(campaign=unlocked, territory="brazil", name="Nova")
    game = start(unlocked, players)
    world = with_capitals_allowed(world_as_of(unlocked.pk), unlocked)
    assert rules.Reward.WORLD_CAPITAL not in rules.winner_reward_targets(world)
    with pytest.raises(RuleViolation) as refused:
        _finish(game, players, {"kind": "world-capital", "territory": "india", "name": "Alta"})
    assert refused.value.rule == "world-capitals-allowed"
    assert City.objects.filter(campaign=unlocked, kind="capital").count() == 1


def test_no_world_capital_is_a_reward_until_a_packet_allows_it(prepared_campaign, players):
    world = with_capitals_allowed(world_as_of(prepared_campaign.pk), prepared_campaign)
    assert rules.Reward.WORLD_CAPITAL not in rules.winner_reward_targets(world)
