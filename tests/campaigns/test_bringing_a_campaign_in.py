"""A campaign brought in at any game, through the services: its past games and marks entered
freely until the group says it is done, then played on from the game after."""

from __future__ import annotations

import pytest

from campaigns import services
from campaigns.bring_in import (
    BringInRefused,
    bring_in,
    bringing_in_done,
    start_bringing_in,
    take_out_game,
)
from campaigns.game.setup import setup_game
from campaigns.models import Game
from campaigns.selectors.standings import standings
from legacy.errors import RuleViolation
from legacy.models import BroughtIn, City, Fortification, Signature
from legacy.selectors import world_as_of
from tests.support.games import seats

pytestmark = pytest.mark.django_db

THREE_GAMES = [
    {"number": 1, "winner": "Ada", "faction": "khan-industries"},
    {
        "number": 2,
        "winner": "Ada",
        "faction": "khan-industries",
        "results": [{"player": "Boris", "faction": "die-mechaniker", "result": "eliminated"}],
    },
    {"number": 3, "winner": "Boris", "faction": "die-mechaniker"},
]


@pytest.fixture
def brought(owner):
    """A campaign whose group has played three games before Earthbook."""
    return services.create_campaign(
        owner=owner,
        name="Old Earth",
        players=["Ada", "Boris", "Chloe", "Dmitri", "Esme"],
        brought_in_games=3,
    )


def problems_of(refused: BringInRefused) -> dict[str, str]:
    return {where: refusal.rule for where, refusal in refused.problems}


def test_three_games_brought_in_set_up_game_4_with_missiles_from_the_signatures(brought, owner):
    bring_in(campaign=brought, games=THREE_GAMES, by=owner)
    bringing_in_done(campaign=brought, by=owner)
    players = {p.name: p for p in brought.players.all()}

    game = setup_game(campaign=brought, seats=seats(players))

    assert game.number == 4
    tokens = {s.player.name: (s.red_stars, s.missiles) for s in game.seats.all()}
    assert tokens == {"Ada": (0, 2), "Boris": (0, 1), "Chloe": (1, 0)}
    table = standings(brought.pk)["players"]
    assert table["Ada"]["won"] == 2 and table["Boris"]["won"] == 1
    assert table["Boris"]["eliminated"] == 1


def test_a_brought_in_game_signs_the_winners_section(brought, owner):
    bring_in(campaign=brought, games=THREE_GAMES, by=owner)
    lines = list(Signature.objects.filter(campaign=brought).values_list("line", "name"))
    assert lines == [(1, "Ada"), (2, "Ada"), (3, "Boris")]
    assert world_as_of(brought.pk).signature_counts() == {
        brought.players.get(name="Ada").pk: 2,
        brought.players.get(name="Boris").pk: 1,
    }


def test_a_game_past_the_games_played_or_twice_is_refused_and_nothing_is_kept(brought, owner):
    games = [
        {"number": 4, "winner": "Ada", "faction": "khan-industries"},
        {"number": 1, "winner": "Ada", "faction": "khan-industries"},
        {"number": 1, "winner": "Boris", "faction": "die-mechaniker"},
        {"number": 2, "winner": "Zed", "faction": "khan-industries"},
    ]
    with pytest.raises(BringInRefused) as refused:
        bring_in(campaign=brought, games=games, by=owner)
    assert problems_of(refused.value) == {
        "games.0.number": "bring-in-game-beyond",
        "games.2.number": "bring-in-game-twice",
        "games.3.winner": "bring-in-not-on-roster",
    }
    assert not Game.objects.filter(campaign=brought).exists()


def test_a_tenth_minor_city_is_refused(brought, owner):
    territories = ["egypt", "peru", "japan", "china", "india", "brazil", "ural", "siberia", "chad"]
    territories[-1] = "alaska"
    nine = [
        {"kind": "minor-city", "territory": t, "name": f"Town {i}", "game": None}
        for i, t in enumerate(territories)
    ]
    bring_in(campaign=brought, marks=nine, by=owner)
    with pytest.raises(BringInRefused) as refused:
        bring_in(
            campaign=brought,
            marks=[{"kind": "minor-city", "territory": "iceland", "name": "Tenth"}],
            by=owner,
        )
    assert problems_of(refused.value) == {"marks.0.kind": "stickers-used"}
    assert City.objects.filter(campaign=brought).count() == 9


def test_marks_without_their_game_stand_in_the_last_brought_in_game(brought, owner):
    bring_in(
        campaign=brought,
        marks=[
            {"kind": "major-city", "territory": "egypt", "name": "Cairo", "player": "Ada"},
            {"kind": "scar", "territory": "peru", "scar_type": "bunker", "game": 2},
        ],
        by=owner,
    )
    city = City.objects.get(campaign=brought)
    assert (city.placed_in_game, city.brought_in) == (3, BroughtIn.UNKNOWN)
    assert city.placed_by.name == "Ada"
    world = world_as_of(brought.pk)
    assert world.territories["peru"].scar == "bunker"


def test_one_city_per_territory_and_a_founder_on_the_roster(brought, owner):
    with pytest.raises(BringInRefused) as refused:
        bring_in(
            campaign=brought,
            marks=[
                {"kind": "major-city", "territory": "egypt", "name": "Cairo", "player": "Ada"},
                {"kind": "minor-city", "territory": "egypt", "name": "Giza"},
                {"kind": "major-city", "territory": "peru", "name": "Lima", "player": "Zed"},
                {"kind": "scar", "territory": "atlantis", "scar_type": "bunker"},
            ],
            by=owner,
        )
    assert problems_of(refused.value) == {
        "marks.1.territory": "one-city-per-territory",
        "marks.2.player": "bring-in-not-on-roster",
        "marks.3.territory": "unknown-territory",
    }
    assert not City.objects.filter(campaign=brought).exists()


def test_pack_4_opened_before_any_other_packet_is_refused(brought, owner):
    with pytest.raises(BringInRefused) as refused:
        bring_in(campaign=brought, packets=[{"packet": "pack-4", "game": 2}], by=owner)
    assert problems_of(refused.value) == {"packets.0.packet": "bring-in-packet-before"}
    bring_in(
        campaign=brought,
        packets=[{"packet": "pack-1", "game": 2}, {"packet": "pack-4", "game": 3}],
        by=owner,
    )


def test_nothing_is_set_up_while_bringing_in_and_nothing_brought_in_after(brought, owner):
    players = {p.name: p for p in brought.players.all()}
    with pytest.raises(RuleViolation) as waits:
        setup_game(campaign=brought, seats=seats(players))
    assert waits.value.rule == "bring-in-setup-waits"
    with pytest.raises(RuleViolation) as missing:
        bringing_in_done(campaign=brought, by=owner)
    assert missing.value.rule == "bring-in-games-missing"
    bring_in(campaign=brought, games=THREE_GAMES, by=owner)
    bringing_in_done(campaign=brought, by=owner)
    with pytest.raises(RuleViolation) as done:
        bring_in(campaign=brought, games=THREE_GAMES[:1], by=owner)
    assert done.value.rule == "bring-in-done"


def test_bringing_in_after_a_game_played_here_is_refused(game, owner):
    with pytest.raises(RuleViolation) as refused:
        start_bringing_in(campaign=game.campaign, games=3, by=owner)
    assert refused.value.rule == "bring-in-after-play"


def test_a_brought_in_game_can_be_taken_out_until_done(brought, owner):
    bring_in(campaign=brought, games=THREE_GAMES, by=owner)
    take_out_game(campaign=brought, number=3, by=owner)
    assert list(brought.games.values_list("number", flat=True)) == [1, 2]
    assert Signature.objects.filter(campaign=brought).count() == 2


def test_more_than_fifteen_games_need_the_worlds_name(owner):
    with pytest.raises(RuleViolation) as refused:
        services.create_campaign(owner=owner, name="Long", players=["Ada"], brought_in_games=17)
    assert refused.value.rule == "bring-in-world-name"
    campaign = services.create_campaign(
        owner=owner, name="Long", players=["Ada"], brought_in_games=17, world_name="Ada's Earth"
    )
    assert world_as_of(campaign.pk).world_name == "Ada's Earth"


def test_a_brought_in_campaign_round_trips_through_a_backup(brought, owner):
    from campaigns import backup

    bring_in(
        campaign=brought,
        games=THREE_GAMES,
        marks=[
            {"kind": "major-city", "territory": "egypt", "name": "Cairo", "player": "Ada"},
            {"kind": "fortification", "territory": "egypt", "game": 3, "boxes": 4},
        ],
        packets=[{"packet": "pack-2", "game": None}],
        by=owner,
    )
    bringing_in_done(campaign=brought, by=owner)
    saved = backup.dumps(backup.export_campaign(brought.pk))
    copy_ = backup.import_campaign(backup.loads(saved), owner=owner)
    assert copy_.brought_in_games == 3 and copy_.games.filter(brought_in=True).count() == 3
    assert City.objects.get(campaign=copy_).brought_in == BroughtIn.UNKNOWN
    assert Fortification.objects.get(campaign=copy_).boxes_used == 4
    assert backup.dumps(backup.export_campaign(copy_.pk)) == saved


def test_after_seventeen_games_brought_in_missiles_count_games_won_as_the_setting_says(owner):
    campaign = services.create_campaign(
        owner=owner,
        name="Long",
        players=["Ada", "Boris", "Chloe"],
        brought_in_games=17,
        world_name="Ada's Earth",
    )
    campaign.missiles_at_setup = "per-game-won"
    campaign.save()
    games = [
        {"number": n, "winner": "Ada" if n > 2 else "Boris", "faction": "khan-industries"}
        for n in range(1, 18)
    ]
    bring_in(campaign=campaign, games=games, by=owner)
    services.prepare_first_game(
        campaign=campaign,
        powers={f: "a" for f in services.FACTION_BY_SLUG},
        random_coins=True,
        seed=1,
        by=owner,
    )
    bringing_in_done(campaign=campaign, by=owner)
    players = {p.name: p for p in campaign.players.all()}
    game = setup_game(campaign=campaign, seats=seats(players))
    assert game.number == 18
    missiles = {s.player.name: s.missiles for s in game.seats.all()}
    assert missiles == {"Ada": 15, "Boris": 2, "Chloe": 0}


def test_a_brought_in_game_is_not_amended_but_corrected(brought, owner):
    from campaigns.game.finish import amend_game

    bring_in(campaign=brought, games=THREE_GAMES, by=owner)
    bringing_in_done(campaign=brought, by=owner)
    game = brought.games.get(number=3)
    with pytest.raises(RuleViolation) as refused:
        amend_game(game=game, revision=game.revision, results={}, reason="Boris lost", by=owner)
    assert refused.value.rule == "bring-in-amend"
