"""A World Capital, a faction power (placed, or over another), and a territory or connection a
packet added are brought in as marks, through the services the played path uses: their rules
refuse the same, and every problem of a request is listed with nothing kept."""

from __future__ import annotations

import pytest

from campaigns import services
from campaigns.bring_in import BringInRefused, bring_in, take_out_mark
from campaigns.game.packets import open_packet
from campaigns.selectors.bring_in import brought_so_far, mark_type
from legacy.models import (
    AddedConnection,
    AddedTerritory,
    BroughtIn,
    City,
    CityKind,
    FactionPower,
)
from legacy.refusals import ServiceRule, TableRule

pytestmark = pytest.mark.django_db

THREE_GAMES = [
    {"number": 1, "winner": "Ada", "faction": "khan-industries"},
    {"number": 2, "winner": "Ada", "faction": "khan-industries"},
    {"number": 3, "winner": "Boris", "faction": "die-mechaniker"},
]
CAPITAL = {"kind": "world-capital", "game": 3, "territory": "egypt", "name": "Cairo"}


@pytest.fixture
def brought(owner):
    """Three games played before Earthbook; Pack 1 opened in game 2."""
    campaign = services.create_campaign(
        owner=owner,
        name="Old Earth",
        players=["Ada", "Boris", "Chloe", "Dmitri", "Esme"],
        brought_in_games=3,
    )
    bring_in(
        campaign=campaign, games=THREE_GAMES, packets=[{"packet": "pack-1", "game": 2}], by=owner
    )
    return campaign


def problems_of(refused: BringInRefused) -> dict[str, str]:
    return {where: refusal.rule for where, refusal in refused.problems}


def test_a_world_capital_is_brought_in_once_a_packet_allowed_them(brought, owner):
    capitals = {"kind": "world-capital", "title": "World Capitals"}
    open_packet(campaign=brought, packet="pack-1", unlocked=[capitals], by=owner)

    marks = bring_in(campaign=brought, marks=[CAPITAL | {"player": "Ada"}], by=owner).marks

    city = City.objects.get(pk=marks[0].pk)
    assert (city.kind, city.territory, city.placed_in_game) == (CityKind.CAPITAL, "egypt", 3)
    assert city.brought_in == BroughtIn.KNOWN and city.placed_by.name == "Ada"


def test_a_world_capital_no_packet_allowed_is_refused_with_the_other_problems(brought, owner):
    bad_power = {"kind": "power", "faction": "nobody", "slot": "red", "name": "Blitz"}

    with pytest.raises(BringInRefused) as refused:
        bring_in(campaign=brought, marks=[CAPITAL, bad_power], by=owner)

    assert problems_of(refused.value) == {
        "marks.0": TableRule.WORLD_CAPITAL_LOCKED,
        "marks.1.faction": TableRule.UNKNOWN_FACTION,
    }
    assert not City.objects.filter(kind=CityKind.CAPITAL).exists()


def test_a_power_placed_then_one_over_it_stand_in_the_games_given(brought, owner):
    first = {"kind": "power", "game": 1, "faction": "khan-industries", "slot": "red"}
    over = first | {"game": 3, "covers": True}

    bring_in(
        campaign=brought,
        marks=[first | {"name": "Blitz"}, over | {"name": "Storm", "unlocked_by": "pack-1"}],
        by=owner,
    )

    powers = FactionPower.objects.filter(campaign=brought, slot="red").order_by("pk")
    blitz, storm = powers
    assert (blitz.placed_in_game, blitz.removed_in_game) == (1, 3)
    assert (storm.placed_in_game, storm.removed_in_game) == (3, None)
    assert storm.unlocked_by.packet == "pack-1" and storm.brought_in == BroughtIn.KNOWN


def test_a_second_power_of_a_type_not_covering_is_refused(brought, owner):
    power = {"kind": "power", "game": 1, "faction": "khan-industries", "slot": "red"}

    with pytest.raises(BringInRefused) as refused:
        bring_in(
            campaign=brought, marks=[power | {"name": "Blitz"}, power | {"name": "Storm"}], by=owner
        )

    assert problems_of(refused.value) == {"marks.1.slot": ServiceRule.ONE_POWER_PER_TYPE}
    assert not FactionPower.objects.filter(slot="red").exists()


def test_a_territory_and_a_connection_a_packet_added_are_brought_in(brought, owner):
    oasis = {
        "kind": "territory",
        "game": 2,
        "name": "Oasis",
        "continent": "africa",
        "connections": ["egypt", "north-africa"],
    }
    bridge = {"kind": "connection", "game": None, "a": "egypt", "b": "brazil"}

    marks = bring_in(campaign=brought, marks=[oasis, bridge], by=owner).marks

    territory = AddedTerritory.objects.get(campaign=brought)
    assert (territory.name, territory.placed_in_game) == ("Oasis", 2)
    joined = AddedConnection.objects.filter(campaign=brought)
    assert {(c.a, c.b, c.brought_in) for c in joined} == {
        ("egypt", "oasis", "known"),
        ("north-africa", "oasis", "known"),
        ("brazil", "egypt", "unknown"),
    }
    listed = [mark_type(m) for m in brought_so_far(brought).marks]
    assert listed.count("added-territories") == 1 and listed.count("added-connections") == 3
    take_out_mark(campaign=brought, mark_type="added-territories", mark_id=marks[0].pk, by=owner)
    assert list(AddedConnection.objects.values_list("a", "b")) == [("brazil", "egypt")]


def test_a_connection_already_on_the_board_is_refused(brought, owner):
    printed = {"kind": "connection", "game": 2, "a": "egypt", "b": "middle-east"}

    with pytest.raises(BringInRefused) as refused:
        bring_in(campaign=brought, marks=[printed], by=owner)

    assert list(problems_of(refused.value)) == ["marks.0.b"]
    assert not AddedConnection.objects.exists()


def test_a_starting_power_kept_is_brought_in_before_the_first_game_the_other_destroyed(
    brought, owner
):
    marks = bring_in(
        campaign=brought,
        marks=[{"kind": "starting-power", "faction": "die-mechaniker", "code": "b", "game": 3}],
        by=owner,
    ).marks

    rows = {p.code: p for p in FactionPower.objects.filter(campaign=brought)}
    assert marks[0] == rows["b"] and rows["b"].placed_in_game == 0
    assert (rows["b"].removed_in_game, rows["a"].removed_in_game) == (None, 0)
    assert rows["a"].removed_note == "starting-power-not-chosen"
    assert [mark_type(m) for m in brought_so_far(brought).marks] == ["faction-powers"]


def test_a_second_starting_power_for_a_faction_is_refused_then_changed_by_taking_it_out(
    brought, owner
):
    kept = {"kind": "starting-power", "faction": "die-mechaniker", "code": "b"}
    first = bring_in(campaign=brought, marks=[kept], by=owner).marks[0]

    with pytest.raises(BringInRefused) as refused:
        bring_in(campaign=brought, marks=[kept | {"code": "a"}], by=owner)
    assert problems_of(refused.value) == {"marks.0.code": ServiceRule.ONE_STARTING_POWER}

    take_out_mark(campaign=brought, mark_type="faction-powers", mark_id=first.pk, by=owner)
    assert not FactionPower.objects.filter(campaign=brought).exists()
    bring_in(campaign=brought, marks=[kept | {"code": "a"}], by=owner)
    assert FactionPower.objects.current().get(campaign=brought).code == "a"


def test_a_power_taken_out_gives_the_card_back_the_power_it_covered(brought, owner):
    first = {"kind": "power", "game": 1, "faction": "khan-industries", "slot": "red"}
    marks = bring_in(
        campaign=brought,
        marks=[first | {"name": "Blitz"}, first | {"game": 3, "covers": True, "name": "Storm"}],
        by=owner,
    ).marks

    take_out_mark(campaign=brought, mark_type="faction-powers", mark_id=marks[1].pk, by=owner)

    blitz = FactionPower.objects.get(campaign=brought)
    assert (blitz.name, blitz.removed_in_game, blitz.removed_reason) == ("Blitz", None, "")


def test_the_factions_and_what_packets_placed_round_trip_through_a_backup(brought, owner):
    from campaigns import backup
    from campaigns.bring_in import bringing_in_done

    haze = {"kind": "scar-type", "title": "Haze", "cards": 2, "on_faction_card": True}
    capitals = {"kind": "world-capital", "title": "World Capitals"}
    open_packet(campaign=brought, packet="pack-1", unlocked=[haze, capitals], by=owner)
    red = {"kind": "power", "faction": "khan-industries", "slot": "red"}
    bring_in(
        campaign=brought,
        marks=[
            {"kind": "starting-power", "faction": "die-mechaniker", "code": "b"},
            {"kind": "scar", "faction": "imperial-balkania", "scar_type": "haze", "game": 3},
            red | {"game": 1, "name": "Blitz"},
            red | {"game": 3, "name": "Storm", "covers": True, "unlocked_by": "pack-1"},
            CAPITAL | {"player": "Chloe"},
            {"kind": "territory", "name": "Oasis", "continent": "africa", "connections": ["egypt"]},
            {"kind": "connection", "game": 2, "a": "egypt", "b": "brazil"},
        ],
        by=owner,
    )
    bringing_in_done(campaign=brought, by=owner)

    saved = backup.dumps(backup.export_campaign(brought.pk))
    copy_ = backup.import_campaign(backup.loads(saved), owner=owner)

    powers = FactionPower.objects.current().filter(campaign=copy_)
    assert {(p.faction, p.code or p.name) for p in powers} == {
        ("die-mechaniker", "b"),
        ("khan-industries", "storm"),
    }
    assert City.objects.get(campaign=copy_).kind == CityKind.CAPITAL
    assert AddedTerritory.objects.get(campaign=copy_).brought_in == BroughtIn.UNKNOWN
    assert backup.dumps(backup.export_campaign(copy_.pk)) == saved


def test_before_the_first_game_is_refused_once_a_starting_power_was_brought_in(brought, owner):
    from legacy.errors import RuleViolation

    kept = {"kind": "starting-power", "faction": "die-mechaniker", "code": "b"}
    bring_in(campaign=brought, marks=[kept], by=owner)

    with pytest.raises(RuleViolation) as refused:
        services.prepare_first_game(
            campaign=brought,
            powers={f: "a" for f in services.FACTION_BY_SLUG},
            random_coins=True,
            seed=1,
            by=owner,
        )

    assert refused.value.rule == ServiceRule.ONE_STARTING_POWER
    assert "Die Mechaniker" in str(refused.value)
    assert FactionPower.objects.filter(campaign=brought).count() == 2
