"""A whole campaign of fifteen games, played through the services as a table would play it.

The campaign is a script (``SCRIPT``): who sits where with which faction, who wins and what they
choose, who holds on and what they take, and what happens during each game. ``Table`` plays it
game by game through the services only, choosing every HQ among the legal starts of the moment.
Most tests read the season played once for the module (``season``), looking back at any game
with ``world_as_of``; the few that must act at a moment mid-campaign (a request refused just
before a game ends) play their own campaign up to that moment (``table``).

All names and packet contents here are invented placeholders: no sealed content.
"""

from __future__ import annotations

import pytest
from django.db import transaction

from campaigns.game.finish import finish_game, name_world
from campaigns.game.packets import packets_to_open
from campaigns.models import AuditEntry, Game, GameReward, GameStatus, Seat
from campaigns.selectors.cards import faction_card_backs
from campaigns.selectors.standings import standings as standings_of
from legacy import board, rules
from legacy.errors import RuleViolation
from legacy.models import MARK_MODELS, City, Fortification, RemovedReason, Signature
from legacy.rules import Reward
from legacy.selectors import world_as_of
from tests.support.season import (
    BALK,
    BEAR,
    FIVE,
    HARBOUR,
    HOLDINGS,
    KHAN,
    MECH,
    SAHARA,
    SCRIPT,
    Table,
    play_season,
)

pytestmark = pytest.mark.django_db


@pytest.fixture
def table(prepared_campaign, owner) -> Table:
    """A campaign ready for its first game: tests that need a moment mid-campaign play to it."""
    return Table(prepared_campaign, owner)


@pytest.fixture(scope="module")
def season(django_db_setup, django_db_blocker):
    """The fifteen games, played once for the tests that only read them.

    They run inside this transaction, each test in a savepoint of it (pytest-django nests
    its own), and everything is rolled back when the module is done.
    """
    with django_db_blocker.unblock(), transaction.atomic():
        yield play_season()
        transaction.set_rollback(True)


def rows(campaign) -> dict:
    """Every row the campaign owns, to tell that a refusal wrote nothing."""
    out = {m.__name__: list(m.objects.filter(campaign=campaign).values()) for m in MARK_MODELS}
    out["games"] = list(Game.objects.filter(campaign=campaign).values())
    out["seats"] = list(Seat.objects.filter(game__campaign=campaign).values())
    out["rewards"] = list(GameReward.objects.filter(game__campaign=campaign).values())
    out["audit"] = AuditEntry.objects.filter(campaign=campaign).count()
    return out


# --- Setting up ----------------------------------------------------------------------------------


def test_every_start_of_the_campaign_was_legal_when_it_was_chosen(season):
    for number, played in season.played.items():
        world = world_as_of(season.campaign.pk, number - 1)
        placed = []
        for seat in played.game.seats.order_by("order"):
            legal = rules.legal_starting_territories(world, player=seat.player_id, hqs=placed)
            assert seat.hq in legal, f"game {number}: {seat.player.name} at {seat.hq}"
            placed.append(seat.hq)


def test_a_founder_starts_on_their_own_major_city_which_stays_closed_to_the_others(season):
    # Aurelia, Ada's major city in North Africa since game 1, is her start in every later game
    # unless a player seated before her took a territory bordering it (HQs may not start side by
    # side): in games 2, 3, 6 and 7 Chloe took Brazil first.
    for number in range(2, 16):
        seating = [name for name, _ in SCRIPT[number - 1].seating]
        hqs = season.played[number].hqs
        before_ada = [hqs[n] for n in seating[: seating.index("Ada")]]
        blocked = any(board.are_adjacent(h, "north-africa") for h in before_ada)
        assert (hqs["Ada"] == "north-africa") != blocked, f"game {number}: {hqs}"
        assert all(hq != "north-africa" for n, hq in hqs.items() if n != "Ada")
    elsewhere = [n for n in range(2, 16) if season.played[n].hqs["Ada"] != "north-africa"]
    assert elsewhere == [2, 3, 6, 7]
    world = world_as_of(season.campaign.pk)
    assert "north-africa" not in rules.legal_starting_territories(world, player=season.ids["Boris"])
    assert "north-africa" in rules.legal_starting_territories(world, player=season.ids["Ada"])


def test_signers_start_with_missiles_and_the_others_with_a_red_star(season):
    def tokens(number):
        seats = season.played[number].game.seats.select_related("player")
        return {s.player.name: (s.red_stars, s.missiles) for s in seats}

    assert tokens(1) == dict.fromkeys(FIVE, (1, 0))
    assert tokens(4) == {"Ada": (0, 1), "Boris": (0, 1), "Chloe": (0, 1), "Dmitri": (1, 0)}
    assert tokens(7)["Ada"] == (0, 2) and tokens(7)["Esme"] == (0, 1)


def test_scar_cards_are_dealt_only_when_there_is_one_for_every_player(season):
    dealt = {n: season.played[n].game.scar_cards_dealt for n in (1, 2, 3, 4)}
    # Six cards in the box; two scars in game 1 leave four for five players, until Pack 2 adds
    # a card of a new scar type during game 3 and game 4 seats only four players.
    assert dealt == {1: True, 2: False, 3: False, 4: True}


# --- During the games, and the packets they open -------------------------------------------------


def test_scars_placed_in_the_first_game_stay_until_a_winner_cancels_one(season):
    campaign = season.campaign.pk
    assert world_as_of(campaign, 1).territories["ural"].scar == "bunker"
    assert world_as_of(campaign, 10).territories["ural"].scar == "bunker"
    assert world_as_of(campaign, 11).territories["ural"].scar is None  # cancelled in game 11
    assert world_as_of(campaign, 12).territories["ural"].scar == "ammo-shortage"  # scarred again
    assert world_as_of(campaign, 15).territories["iceland"].scar == "ammo-shortage"
    assert world_as_of(campaign, 12).stock_left["scar-cancels"] == 3


def test_a_faction_wiped_out_that_may_rejoin_opens_nothing_the_first_eliminated_opens_pack_two(
    season,
):
    played = season.played[3]
    assert season.played[1].finish.packets_to_open == []
    assert season.played[2].finish.packets_to_open == []
    assert played.events["chloe out"].packets_to_open == []
    assert played.events["esme out"].packets_to_open == ["pack-2"]
    assert played.finish.packets_to_open == []  # opened during the game, as the rules say
    esme = played.game.seats.get(player__name="Esme")
    assert esme.result == "eliminated" and esme.controlled_at_end == []
    assert played.game.seats.get(player__name="Chloe").result == "won"  # back from the dead


def test_a_third_missile_on_one_roll_opens_pocket_one_with_what_the_group_entered(season):
    played = season.played[4]
    assert played.events["two missiles"].packets_to_open == []
    assert played.events["three missiles"].packets_to_open == ["pocket-1"]
    opening = season.campaign.packetopening_set.get(packet="pocket-1")
    assert opening.placed_in_game == 4
    assert [(c.kind, c.title) for c in opening.contents.all()] == [("rule", "Signal Flares")]
    kinds = list(played.game.events.values_list("kind", flat=True))
    assert kinds == ["missiles", "missiles", "missiles", "packet-opened"]


def test_the_ninth_minor_city_tells_the_table_to_open_pack_one(table):
    table.play_until(4)
    assert world_as_of(table.campaign.pk).minor_cities_founded == 8

    def a_tenth_city_is_refused(table, game, plan):
        args = table.ending(plan)
        args["held_on_rewards"][table.ids["Boris"]] = {
            "kind": "minor-city",
            "territory": "japan",
            "name": "Tenth",
        }
        args["controlled"][table.ids["Boris"]] = ["japan"]
        before = rows(table.campaign)
        # Clockwise from Esme, Ada takes the ninth sticker; Boris comes after her.
        with pytest.raises(RuleViolation, match="Boris: All 9 minor city stickers are used"):
            finish_game(game=game, **args)
        assert rows(table.campaign) == before

    played = table.play_next(before_finish=a_tenth_city_is_refused)
    assert played.finish.packets_to_open == ["pack-1"]
    world = world_as_of(table.campaign.pk, 5)
    assert world.minor_cities_founded == 9 and world.stock_left["minor-cities"] == 0
    assert world.territories["egypt"].city.name == "Sandmere"
    assert all(
        Reward.MINOR_CITY not in rules.held_on_reward_targets(world, HOLDINGS[p]) for p in FIVE
    )


def test_a_second_signature_opens_pack_three_at_the_end_of_the_game(season):
    assert season.played[5].finish.packets_to_open == ["pack-1"]
    assert season.played[6].finish.packets_to_open == ["pack-3"]
    assert world_as_of(season.campaign.pk, 6).signature_counts()[season.ids["Ada"]] == 2


def test_the_mark_the_group_unlocked_opens_pack_four_when_it_first_appears(season):
    assert season.played[7].events["beacon"].packets_to_open == ["pack-4"]
    world = world_as_of(season.campaign.pk, 7)
    assert world.territories["middle-east"].other_marks == ("beacon",)
    assert "middle-east" not in rules.legal_starting_territories(world, player=None)


def test_a_big_recruitment_with_a_missile_opens_pocket_two(season):
    assert season.played[8].events["recruitment"].packets_to_open == ["pocket-2"]


def test_a_faction_the_group_unlocked_takes_a_seat_and_gets_a_card_back(season):
    assert season.played[9].game.seats.get(player__name="Esme").faction == HARBOUR
    backs = faction_card_backs(season.campaign.pk)
    assert [line["x"] for line in backs[HARBOUR]] == [True] * 8 + [False] + [True] * 6
    assert backs[SAHARA][8] == {"game": 9, "x": True}


# --- The end of each game ------------------------------------------------------------------------


def test_an_amended_game_moves_the_city_and_keeps_the_mistake_as_a_voided_row(season):
    game = season.played[2].game
    assert game.revision == 2
    world = world_as_of(season.campaign.pk, 2)
    assert world.territories["china"].city.name == "Borograd"
    assert world.territories["mongolia"].city is None
    assert world.stock_left["major-cities"] == 3
    # The whole end was entered again: the first rewards are kept, voided, never deleted.
    voided = City.objects.filter(campaign=season.campaign, voided=True)
    assert sorted(c.name for c in voided) == ["Borograd", "Inti", "Prairie Rest"]
    assert world.territories["peru"].city.name == "Inti"
    assert GameReward.objects.filter(game=game, voided=True).count() == 4


def test_held_on_players_choose_a_reward_while_the_stock_allows_it(table):
    table.play_until(5)

    def a_held_on_player_with_nothing_chosen_is_refused(table, game, plan):
        args = table.ending(plan)
        del args["held_on_rewards"][table.ids["Dmitri"]]
        with pytest.raises(RuleViolation, match="Dmitri held on and chooses one reward"):
            finish_game(game=game, **args)

    table.play_next(before_finish=a_held_on_player_with_nothing_chosen_is_refused)


def test_the_held_on_coins_run_out_in_game_thirteen_and_later_holders_get_nothing(season):
    campaign = season.campaign.pk
    upgrades = {
        n: GameReward.objects.filter(
            game__campaign_id=campaign, game__number=n, kind="upgrade-card", voided=False
        ).count()
        for n in range(1, 16)
    }
    # Game 2: one; game 5: three (Ada took the ninth city); then four a game until the stock
    # of 35 ends during game 13, whose last holder clockwise (Boris) gets nothing.
    assert upgrades == {
        **dict.fromkeys(range(1, 16), 0),
        2: 1,
        5: 3,
        **dict.fromkeys(range(6, 13), 4),
        13: 3,
    }
    assert world_as_of(campaign, 12).stock_left["held-on-coins"] == 3
    assert world_as_of(campaign, 13).stock_left["held-on-coins"] == 0
    thirteen = season.played[13].game
    boris = thirteen.seats.get(player__name="Boris")
    assert boris.result == "held_on" and boris.controlled_at_end
    assert not GameReward.objects.filter(game=thirteen, seat=boris).exists()
    world = world_as_of(campaign)
    assert Reward.UPGRADE_CARD not in rules.held_on_reward_targets(world, HOLDINGS["Boris"])
    assert all(1 <= t.coins <= 6 for t in world.territories.values())


def test_the_fifth_major_city_is_the_last_one(table):
    table.play_until(10)
    world = world_as_of(table.campaign.pk)
    assert world.stock_left["major-cities"] == 0
    assert Reward.MAJOR_CITY not in rules.winner_reward_targets(world)

    def a_sixth_major_city_is_refused(table, game, plan):
        before = rows(table.campaign)
        args = table.ending(plan, {"kind": "major-city", "territory": "greenland", "name": "Sixth"})
        with pytest.raises(RuleViolation, match="All 5 major city stickers are used"):
            finish_game(game=game, **args)
        assert rows(table.campaign) == before

    table.play_next(before_finish=a_sixth_major_city_is_refused)
    majors = [c for c in world_as_of(table.campaign.pk).cities().values() if c.kind == "major"]
    assert sorted(c.name for c in majors) == [
        "Aurelia",
        "Borograd",
        "Coral Crown",
        "Lakeshire",
        "Pampas Gate",
    ]


def test_every_kind_of_reward_was_given_during_the_campaign(season):
    given = set(
        GameReward.objects.filter(game__campaign=season.campaign, voided=False).values_list(
            "kind", flat=True
        )
    )
    # A World Capital needs a packet that allows it (none does in this season): see
    # test_world_capitals for that reward.
    assert given == {r.value for r in Reward} - {Reward.WORLD_CAPITAL}


def test_a_city_fortified_again_keeps_one_working_fortification(season):
    forts = Fortification.objects.filter(campaign=season.campaign).order_by("placed_in_game")
    assert [(f.placed_in_game, f.removed_in_game, f.removed_reason) for f in forts] == [
        (7, 14, RemovedReason.REPLACED),
        (14, None, ""),
    ]
    world = world_as_of(season.campaign.pk)
    assert world.territories["north-africa"].city.fortified
    assert world.stock_left["fortifications"] == 3  # a covered sticker is still used up


def test_continents_named_and_bonuses_changed_stay_that_way(season):
    world = world_as_of(season.campaign.pk)
    named = {slug: (c.name, c.namer) for slug, c in world.continents.items() if c.name}
    assert named == {
        "europe": ("Nordmark", season.ids["Chloe"]),
        "asia": ("Eastreach", season.ids["Ada"]),
        "australia": ("Southwater", season.ids["Ada"]),
        "south-america": ("Verdant", season.ids["Esme"]),
    }
    assert world.continents["africa"].bonus == 4 and world.continents["north-america"].bonus == 4
    assert world.stock_left["bonus-plus"] == 0 and world.stock_left["bonus-minus"] == 0
    assert world.territories["madagascar"].card_destroyed


# --- The campaign's end --------------------------------------------------------------------------


def test_fifteen_games_fill_the_fifteen_lines_of_the_winners_section(season):
    lines = Signature.objects.filter(campaign=season.campaign, voided=False).order_by("line")
    assert [(s.line, s.placed_in_game, s.name) for s in lines] == [
        (n, n, plan.winner) for n, plan in enumerate(SCRIPT, start=1)
    ]
    assert season.played[15].finish.world_to_be_named
    assert not season.played[14].finish.world_to_be_named


def test_every_packet_whose_trigger_fired_was_opened_in_the_game_it_fired(season):
    opened = dict(season.campaign.packetopening_set.values_list("packet", "placed_in_game"))
    assert opened == {
        "pack-2": 3,
        "pocket-1": 4,
        "pack-1": 5,
        "pack-3": 6,
        "pack-4": 7,
        "pocket-2": 8,
    }
    assert packets_to_open(season.campaign.pk) == []
    assert all(p.finish.packets_to_open == [] for n, p in season.played.items() if n > 6)


def test_the_world_cannot_be_named_before_the_fifteenth_game(table):
    table.play_until(14)
    with pytest.raises(RuleViolation, match="after the fifteenth game"):
        name_world(campaign=table.campaign, name="Too Soon")


def test_the_most_signatures_name_the_world_and_a_tie_is_broken_by_the_roll(season):
    ada, boris = season.ids["Ada"], season.ids["Boris"]
    counts = world_as_of(season.campaign.pk).signature_counts()
    assert counts[ada] == counts[boris] == 4
    with pytest.raises(RuleViolation, match="Ada and Boris are tied"):
        name_world(campaign=season.campaign, name="Concord")
    # Ada named two continents: her 2 + 2 ties Boris's 4, so both roll again.
    with pytest.raises(RuleViolation, match="tied"):
        name_world(campaign=season.campaign, name="Concord", rolls={ada: 2, boris: 4})
    # Then 3 + 2 beats Boris's 4, though Boris rolled higher.
    mark = name_world(campaign=season.campaign, name="Concord", rolls={ada: 3, boris: 4})
    assert mark.placed_by_id == ada and mark.placed_in_game == 15
    world = world_as_of(season.campaign.pk)
    assert world.world_name == "Concord" and world.world_namer == ada
    with pytest.raises(RuleViolation, match="already has a name"):
        name_world(campaign=season.campaign, name="Again", rolls={ada: 6, boris: 1})


def test_a_roll_from_a_player_who_was_not_tied_is_refused_and_nothing_is_named(season):
    ada, boris, chloe = season.ids["Ada"], season.ids["Boris"], season.ids["Chloe"]
    with pytest.raises(RuleViolation, match="Only the players tied") as refused:
        name_world(campaign=season.campaign, name="Concord", rolls={ada: 3, boris: 1, chloe: 6})
    assert refused.value.rule == "naming-roll-untied"
    assert world_as_of(season.campaign.pk).world_name is None


def test_the_faction_card_backs_show_every_game_exactly(season):
    backs = faction_card_backs(season.campaign.pk)
    expected = {slug: [] for slug in (KHAN, MECH, BEAR, BALK, SAHARA, HARBOUR)}
    for number, plan in enumerate(SCRIPT, start=1):
        seated = {faction: name for name, faction in plan.seating}
        hqs = season.played[number].hqs
        for slug, lines in expected.items():
            name = seated.get(slug)
            if name is None:
                lines.append({"game": number, "x": True})
                continue
            result = (
                "won"
                if name == plan.winner
                else "eliminated"
                if name in plan.eliminated
                else "held_on"
            )
            lines.append(
                {
                    "game": number,
                    "x": False,
                    "player": name,
                    "hq": hqs[name],
                    "result": result,
                    "draft": None,  # no draft was entered
                }
            )
    assert backs == expected


def test_the_standings_count_every_finished_game(season):
    table_of = standings_of(season.campaign.pk)
    assert table_of["players"] == {
        "Ada": {"played": 15, "won": 4, "held_on": 11, "eliminated": 0},
        "Boris": {"played": 15, "won": 4, "held_on": 11, "eliminated": 0},
        "Chloe": {"played": 15, "won": 3, "held_on": 12, "eliminated": 0},
        "Dmitri": {"played": 15, "won": 2, "held_on": 13, "eliminated": 0},
        "Esme": {"played": 14, "won": 2, "held_on": 11, "eliminated": 1},
    }
    assert sum(f["played"] for f in table_of["factions"].values()) == 74
    assert table_of["factions"][HARBOUR] == {"played": 1, "won": 0, "held_on": 1, "eliminated": 0}


def test_a_sixteenth_game_is_played_without_rewards_and_the_world_keeps_its_name(season):
    table = season.fork()
    name_world(
        campaign=table.campaign, name="Concord", rolls={table.ids["Ada"]: 5, table.ids["Boris"]: 1}
    )

    def rewards_are_refused_after_fifteen(table, game, plan):
        args = table.ending(plan, {"kind": "destroy-card", "territory": "peru"})
        with pytest.raises(RuleViolation, match="no more winner or held-on rewards"):
            finish_game(game=game, **args)
        with pytest.raises(RuleViolation, match="nobody signs") as refused:
            finish_game(game=game, slogan="One more for the road", **table.ending(plan))
        assert refused.value.field == "slogan"

    played = table.play_next(before_finish=rewards_are_refused_after_fifteen)
    assert played.game.number == 16 and played.game.status == GameStatus.FINISHED
    assert not played.finish.world_to_be_named and played.finish.packets_to_open == []
    assert not GameReward.objects.filter(game=played.game).exists()
    world = world_as_of(table.campaign.pk)
    assert len(world.signatures) == 15 and world.world_name == "Concord"
    fifteen = world_as_of(table.campaign.pk, 15)
    assert (world.territories, world.continents, world.stock_left) == (
        fifteen.territories,
        fifteen.continents,
        fifteen.stock_left,
    )
    standings = standings_of(table.campaign.pk)["players"]
    assert standings["Esme"]["won"] == 3 and standings["Esme"]["played"] == 15
