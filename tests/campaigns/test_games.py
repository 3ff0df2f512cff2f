"""A game's life through the services: setup, events, the end with rewards, amendments."""

import pytest

from campaigns.game.event_words import EventWords, event_text
from campaigns.game.finish import amend_game, finish_game
from campaigns.game.holdings import holdings_of
from campaigns.game.packets import open_packet, packets_to_open
from campaigns.game.setup import setup_game, start_game
from campaigns.game.table import (
    buy_red_star,
    coin_pile_out,
    eliminate_faction,
    place_scar,
    record_recruitment,
    rejoin_faction,
    use_missiles,
)
from campaigns.game.taking_back import void_event
from campaigns.game.territory_entries import place_mark
from campaigns.models import AuditEntry, Campaign, Game, GameStatus, Result, Seat
from campaigns.selectors.cards import faction_card_backs
from campaigns.selectors.standings import standings
from legacy.errors import RuleViolation
from legacy.models import MARK_MODELS, City, CoinSticker, ScarKind, Signature
from legacy.rules import finish_rules
from legacy.selectors import world_as_of
from tests.support.games import EARNED_ANOTHER_WAY, FACTIONS, HQS, finish, give, seat

pytestmark = pytest.mark.django_db


def snapshot(campaign) -> dict:
    rows = {m.__name__: list(m.objects.filter(campaign=campaign).values()) for m in MARK_MODELS}
    rows["games"] = list(Game.objects.filter(campaign=campaign).values())
    rows["seats"] = list(Seat.objects.filter(game__campaign=campaign).values())
    rows["audit"] = AuditEntry.objects.filter(campaign=campaign).count()
    # A refused write leaves the versions too: no open page is told of a change that never was.
    rows["versions"] = list(
        Campaign.objects.filter(pk=campaign.pk).values(
            "world_version", "marks_version", "triggers_version"
        )
    )
    return rows


def seat_row(game, player) -> Seat:
    return game.seats.get(player=player)


def test_the_first_game_is_number_one_and_everyone_starts_with_a_red_star(game):
    assert game.number == 1 and game.status == GameStatus.IN_PROGRESS
    assert [(s.red_stars, s.missiles) for s in game.seats.all()] == [(1, 0)] * 3
    assert game.scar_cards_dealt


def test_a_game_needs_the_first_game_setup(campaign, trio):
    with pytest.raises(RuleViolation, match="before the first game"):
        setup_game(
            campaign=campaign,
            seats=[seat(p, f, h) for p, f, h in zip(trio, FACTIONS, HQS, strict=True)],
        )


@pytest.mark.parametrize(
    ("seats", "message"),
    [
        (
            lambda a, b, c: [
                seat(a, "khan-industries", "egypt"),
                seat(b, "khan-industries", "japan"),
                seat(c, "die-mechaniker", "peru"),
            ],
            "taken",
        ),
        (
            lambda a, b, c: [
                seat(a, "atlantis", "egypt"),
                seat(b, "die-mechaniker", "japan"),
                seat(c, "khan-industries", "peru"),
            ],
            "no faction 'atlantis'",
        ),
        (
            lambda a, b, c: [
                seat(a, "khan-industries", "egypt"),
                seat(a, "die-mechaniker", "japan"),
                seat(c, "enclave-of-the-bear", "peru"),
            ],
            "seated twice",
        ),
        (
            lambda a, b, c: [
                seat(a, "khan-industries", "egypt"),
                seat(b, "die-mechaniker", "middle-east"),
                seat(c, "enclave-of-the-bear", "peru"),
            ],
            "borders the HQ",
        ),
        (
            lambda a, b, c: [
                seat(a, "khan-industries", "egypt"),
                seat(b, "die-mechaniker", "egypt"),
                seat(c, "enclave-of-the-bear", "peru"),
            ],
            "occupied",
        ),
        (
            lambda a, b, c: [
                seat(a, "khan-industries", "egypt"),
                seat(b, "die-mechaniker", "japan"),
            ],
            "3 to 5 players",
        ),
    ],
)
def test_an_illegal_setup_is_refused_and_writes_nothing(prepared_campaign, trio, seats, message):
    before = snapshot(prepared_campaign)
    with pytest.raises(RuleViolation, match=message):
        setup_game(campaign=prepared_campaign, seats=seats(*trio))
    assert snapshot(prepared_campaign) == before


def test_finishing_a_game_signs_and_places_the_rewards(game, trio):
    ada, boris, _ = trio
    result = finish(game, trio, slogan="First blood")
    world = world_as_of(game.campaign_id, 1)
    assert world.signatures[0].player == ada.pk and world.signatures[0].slogan == "First blood"
    assert (
        world.territories["egypt"].city.name == "Cairo"
        and world.territories["egypt"].city.founder == ada.pk
    )
    assert world.territories["japan"].city.kind == "minor"
    assert world.stock_left["major-cities"] == 4 and world.stock_left["minor-cities"] == 8
    assert result.packets_to_open == ["pack-2"]  # Chloe was eliminated at the end
    game.refresh_from_db()
    assert game.status == GameStatus.FINISHED and game.revision == 1


def test_a_game_is_finished_once(game, trio):
    finish(game, trio)
    before = snapshot(game.campaign)
    with pytest.raises(RuleViolation, match="already finished") as refusal:
        finish(game, trio)
    assert refusal.value.conflict
    assert snapshot(game.campaign) == before


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (
            lambda a, b, c: {"results": {a.pk: "won", b.pk: "won", c.pk: "held_on"}},
            "exactly one winner",
        ),
        (lambda a, b, c: {"results": {a.pk: "won", b.pk: "held_on"}}, "Every seat gets a result"),
        (lambda a, b, c: {"winner_reward": None}, "chooses one reward"),
        (
            lambda a, b, c: {
                "held_on_rewards": {b.pk: {"kind": "minor-city", "territory": "egypt", "name": "X"}}
            },
            "did not control Egypt",
        ),
        (
            lambda a, b, c: {
                "held_on_rewards": {
                    b.pk: {"kind": "minor-city", "territory": "egypt", "name": "X"}
                },
                "controlled": {b.pk: ["egypt"]},
            },
            "already has a city",
        ),
        (lambda a, b, c: {"controlled": {b.pk: ["japan"], c.pk: ["china"]}}, "eliminated"),
        (
            lambda a, b, c: {"winner_reward": {"kind": "cancel-scar", "territory": "egypt"}},
            "no scar to cancel",
        ),
        (lambda a, b, c: {"winner_reward": {"kind": "teleport"}}, "needs a known kind"),
    ],
)
def test_an_illegal_end_of_game_is_refused_and_writes_nothing(game, trio, change, message):
    before = snapshot(game.campaign)
    with pytest.raises(RuleViolation, match=message):
        finish(game, trio, **change(*trio))
    assert snapshot(game.campaign) == before


def test_held_on_rewards_go_clockwise_from_the_winner_when_stock_runs_short(
    prepared_campaign, players
):
    from legacy.models import StockAllowance

    StockAllowance.objects.filter(campaign=prepared_campaign, stock="minor-cities").update(
        quantity=1
    )
    a, b, c, d = players["Ada"], players["Boris"], players["Chloe"], players["Dmitri"]
    g = start_game(
        game=setup_game(
            campaign=prepared_campaign,
            seats=[
                seat(a, "khan-industries", "egypt"),
                seat(b, "die-mechaniker", "japan"),
                seat(c, "enclave-of-the-bear", "argentina"),
                seat(d, "imperial-balkania", "greenland"),
            ],
        )
    )
    # Chloe wins; clockwise from her: Dmitri, then Ada. Dmitri takes the last minor city first.
    results = {a.pk: "held_on", b.pk: "eliminated", c.pk: "won", d.pk: "held_on"}
    controlled = {a.pk: ["egypt"], d.pk: ["greenland"]}
    with pytest.raises(RuleViolation, match="Ada: All 9 minor city stickers are used"):
        finish_game(
            game=g,
            results=results,
            controlled=controlled,
            winner_reward={"kind": "destroy-card", "territory": "peru"},
            held_on_rewards={
                a.pk: {"kind": "minor-city", "territory": "egypt", "name": "A"},
                d.pk: {"kind": "minor-city", "territory": "greenland", "name": "D"},
            },
        )
    finish_game(
        game=g,
        results=results,
        controlled=controlled,
        winner_reward={"kind": "destroy-card", "territory": "peru"},
        held_on_rewards={
            a.pk: {"kind": "upgrade-card", "territory": "egypt"},
            d.pk: {"kind": "minor-city", "territory": "greenland", "name": "D"},
        },
    )
    world = world_as_of(prepared_campaign.pk)
    assert world.territories["greenland"].city.name == "D"
    assert world.territories["egypt"].coins == 3
    assert world.territories["peru"].card_destroyed


def test_a_scar_placed_during_the_game_is_permanent(game, trio):
    place_scar(game=game, scar="bunker", territory="brazil", player=trio[0].pk)
    with pytest.raises(RuleViolation, match="already has a scar"):
        place_scar(game=game, scar="ammo-shortage", territory="brazil", player=trio[1].pk)
    finish(game, trio)
    assert world_as_of(game.campaign_id, 1).territories["brazil"].scar == "bunker"


def test_a_second_game_gives_the_signer_a_missile(game, trio):
    finish(game, trio)
    ada, boris, chloe = trio
    g2 = setup_game(
        campaign=game.campaign,
        seats=[
            seat(ada, "khan-industries", "egypt"),
            seat(boris, "die-mechaniker", "argentina"),
            seat(chloe, "saharan-republic", "greenland"),
        ],
    )
    tokens = {s.player_id: (s.red_stars, s.missiles) for s in g2.seats.all()}
    assert tokens == {ada.pk: (0, 1), boris.pk: (1, 0), chloe.pk: (1, 0)}
    assert g2.number == 2


def test_a_major_city_is_a_legal_start_only_for_its_founder(game, trio):
    finish(game, trio)
    ada, boris, chloe = trio
    with pytest.raises(RuleViolation, match="founded by someone else"):
        setup_game(
            campaign=game.campaign,
            seats=[
                seat(boris, "khan-industries", "egypt"),
                seat(ada, "die-mechaniker", "argentina"),
                seat(chloe, "saharan-republic", "greenland"),
            ],
        )


def test_three_missiles_on_one_roll_tell_the_table_to_open_pocket_one(game, trio):
    ada, boris, _ = trio
    give(game, ada, missiles=2)
    give(game, boris, missiles=3)
    assert use_missiles(game=game, count=2, player=ada.pk).packets_to_open == []
    assert use_missiles(game=game, count=3, player=boris.pk).packets_to_open == ["pocket-1"]


def test_a_big_recruitment_while_holding_a_missile_opens_pocket_two(game, trio):
    ada, boris, _ = trio
    give(game, boris, missiles=1)
    assert record_recruitment(game=game, player=ada.pk, troops=31).packets_to_open == []
    assert record_recruitment(game=game, player=boris.pk, troops=29).packets_to_open == []
    assert record_recruitment(game=game, player=boris.pk, troops=30).packets_to_open == ["pocket-2"]


def test_a_big_recruitment_in_the_first_game_opens_nothing_as_nobody_holds_a_missile(game, trio):
    result = record_recruitment(game=game, player=trio[0].pk, troops=40)
    assert result.packets_to_open == [] and result.event.data["holds_missile"] is False


def test_a_player_with_no_missile_cannot_fire_one(game, trio):
    before = snapshot(game.campaign)
    with pytest.raises(RuleViolation, match="holds 0 missile") as refused:
        use_missiles(game=game, count=3, player=trio[0].pk)
    assert refused.value.rule == "missiles-held"
    assert snapshot(game.campaign) == before and not game.events.exists()


def test_missiles_on_one_roll_from_two_players_open_pocket_one(game, trio):
    ada, boris, _ = trio
    give(game, ada, missiles=1)
    give(game, boris, missiles=2)
    first = use_missiles(game=game, count=1, player=ada.pk)
    assert first.packets_to_open == []
    second = use_missiles(game=game, count=2, player=boris.pk, roll=first.event.seq)
    assert second.packets_to_open == ["pocket-1"]


def test_missiles_on_different_rolls_do_not_add_up(game, trio):
    ada, boris, _ = trio
    give(game, ada, missiles=1)
    give(game, boris, missiles=2)
    use_missiles(game=game, count=1, player=ada.pk)
    second = use_missiles(game=game, count=2, player=boris.pk, new_roll=True)
    assert second.packets_to_open == []


def test_three_missiles_on_three_rolls_do_not_open_pocket_one(game, trio):
    """«как только 3 ракеты используются во время одного броска кубиков»: missiles entered one
    after another are on rolls of their own unless the table names the roll."""
    for player in trio:
        give(game, player, missiles=1)
    results = [use_missiles(game=game, count=1, player=p.pk) for p in trio]
    assert [r.packets_to_open for r in results] == [[], [], []]
    assert [r.event.data["roll"] for r in results] == [r.event.seq for r in results]


def test_three_players_missiles_on_one_named_roll_open_pocket_one(game, trio):
    ada, boris, chloe = trio
    for player in trio:
        give(game, player, missiles=1)
    first = use_missiles(game=game, count=1, player=ada.pk)
    second = use_missiles(game=game, count=1, player=boris.pk, roll=first.event.seq)
    assert second.packets_to_open == []
    third = use_missiles(game=game, count=1, player=chloe.pk, roll=first.event.seq)
    assert third.packets_to_open == ["pocket-1"]
    assert third.event.data["roll"] == first.event.seq


def test_another_entry_closes_the_open_roll(game, trio):
    ada, boris, _ = trio
    give(game, ada, missiles=2)
    give(game, boris, missiles=1)
    first = use_missiles(game=game, count=2, player=ada.pk)
    record_recruitment(game=game, player=boris.pk, troops=5)
    later = use_missiles(game=game, count=1, player=boris.pk)
    assert later.event.data["roll"] == later.event.seq != first.event.seq
    assert later.packets_to_open == []


def test_missiles_are_on_a_named_roll_or_a_new_one_not_both(game, trio):
    ada = trio[0]
    give(game, ada, missiles=2)
    first = use_missiles(game=game, count=1, player=ada.pk)
    with pytest.raises(RuleViolation) as refused:
        use_missiles(game=game, count=1, player=ada.pk, roll=first.event.seq, new_roll=True)
    assert refused.value.field == "new_roll"


def test_a_missile_played_is_no_longer_held(game, trio):
    ada = trio[0]
    give(game, ada, missiles=2)
    use_missiles(game=game, count=2, player=ada.pk)
    assert holdings_of(game).holdings[seat_row(game, ada).pk].missiles == 0
    with pytest.raises(RuleViolation, match="holds 0 missile"):
        use_missiles(game=game, count=1, player=ada.pk)
    # With no missile left, a big recruitment opens nothing.
    assert record_recruitment(game=game, player=ada.pk, troops=35).packets_to_open == []


def test_a_roll_has_at_most_five_missiles_from_everyone_together(game, trio):
    ada, boris, _ = trio
    give(game, ada, missiles=3)
    give(game, boris, missiles=3)
    first = use_missiles(game=game, count=3, player=ada.pk)
    with pytest.raises(RuleViolation, match="at most 5 missiles"):
        use_missiles(game=game, count=3, player=boris.pk, roll=first.event.seq)


def test_a_scar_in_a_game_where_no_scar_cards_were_dealt_is_refused(game, trio):
    Game.objects.filter(pk=game.pk).update(scar_cards_dealt=False)
    with pytest.raises(RuleViolation, match="No scar cards were dealt") as refused:
        place_scar(game=game, scar="bunker", territory="brazil", player=trio[0].pk)
    assert refused.value.rule == "no-scar-cards-this-game"
    assert not world_as_of(game.campaign_id).territories["brazil"].scar


def test_a_player_plays_the_one_scar_card_dealt_to_them_once(game, trio):
    ada = trio[0]
    place_scar(game=game, scar="bunker", territory="brazil", player=ada.pk)
    with pytest.raises(RuleViolation, match="holds no scar card"):
        place_scar(game=game, scar="bunker", territory="peru", player=ada.pk)


def test_a_scar_card_of_a_known_type_places_only_that_type(game, trio):
    ada = trio[0]
    give(game, ada, scar_card_kind="bunker")
    with pytest.raises(RuleViolation, match="not a Ammo Shortage card|not a .* card"):
        place_scar(game=game, scar="ammo-shortage", territory="brazil", player=ada.pk)
    place_scar(game=game, scar="bunker", territory="brazil", player=ada.pk)


def test_a_fourth_bunker_is_refused_as_the_box_has_three_bunker_cards(game, trio):
    for territory in ("brazil", "peru", "india"):
        place_scar(
            game=game,
            scar="bunker",
            territory=territory,
            without_card=True,
            reason="Our event card",
        )
    with pytest.raises(RuleViolation, match="All 3 Bunker scar cards") as refused:
        place_scar(game=game, scar="bunker", territory="china", player=trio[0].pk)
    assert refused.value.rule == "stock-empty"


def test_a_scar_placed_by_unlocked_content_needs_no_card_but_says_which_rule(game):
    with pytest.raises(RuleViolation, match="says which rule"):
        place_scar(game=game, scar="bunker", territory="brazil", without_card=True)
    result = place_scar(
        game=game, scar="bunker", territory="brazil", without_card=True, reason="Our event card"
    )
    assert result.event.data["with_card"] is False and result.event.data["reason"] == (
        "Our event card"
    )
    assert all(h.scar_cards == 1 for h in holdings_of(game).holdings.values())


def test_a_red_star_bought_with_four_cards_is_held(game, trio):
    ada = trio[0]
    buy_red_star(game=game, player=ada.pk)
    assert holdings_of(game).holdings[seat_row(game, ada).pk].red_stars == 2


def test_the_coin_pile_star_is_held_by_the_player_with_most_territories(game, trio):
    ada, boris, chloe = trio
    coin_pile_out(game=game, territories={ada.pk: 10, boris.pk: 15, chloe.pk: 10})
    held = holdings_of(game).holdings
    assert held[seat_row(game, boris).pk].red_stars == 2
    assert held[seat_row(game, ada).pk].red_stars == 1


def test_a_faction_eliminated_for_good_cannot_rejoin(game, trio):
    chloe = trio[2]
    out = eliminate_faction(game=game, player=chloe.pk, can_rejoin=False)
    with pytest.raises(RuleViolation, match=f"eliminated \\(entry {out.event.seq}\\)") as refused:
        rejoin_faction(game=game, player=chloe.pk, territory="brazil")
    assert refused.value.rule == "eliminated-for-good"


def test_a_faction_wiped_out_that_may_rejoin_rejoins(game, trio):
    chloe = trio[2]
    eliminate_faction(game=game, player=chloe.pk, can_rejoin=True)
    assert holdings_of(game).holdings[seat_row(game, chloe).pk].out
    rejoin_faction(game=game, player=chloe.pk, territory="brazil")
    assert not holdings_of(game).holdings[seat_row(game, chloe).pk].out


def test_a_rejoin_records_where_the_faction_joins_the_war(game, trio):
    chloe = trio[2]
    eliminate_faction(game=game, player=chloe.pk, can_rejoin=True)
    # Brazil borders Peru, Chloe's own HQ: an HQ closes nothing to a joining player.
    entry = rejoin_faction(game=game, player=chloe.pk, territory="brazil").event
    assert entry.data == {"territory": "brazil"}
    assert event_text(entry, EventWords(game.campaign_id, True)) == (
        "Chloe joins the war again in Brazil"
    )


def test_a_rejoin_on_a_marked_territory_is_refused_and_writes_nothing(game, trio):
    ada, chloe = trio[0], trio[2]
    place_scar(game=game, scar="bunker", territory="brazil", player=ada.pk)
    eliminate_faction(game=game, player=chloe.pk, can_rejoin=True)
    before = (snapshot(game.campaign), game.events.count())
    with pytest.raises(RuleViolation, match="Brazil is marked") as refused:
        rejoin_faction(game=game, player=chloe.pk, territory="brazil")
    assert refused.value.rule == "join-the-war" and refused.value.field == "territory"
    assert (snapshot(game.campaign), game.events.count()) == before
    assert holdings_of(game).holdings[seat_row(game, chloe).pk].out


@pytest.mark.parametrize(
    "territory, occupied",
    [("japan", []), ("brazil", ["brazil", "argentina"]), ("atlantis", []), ("brazil", ["mu"])],
)
def test_a_rejoin_on_an_hq_or_an_occupied_territory_is_refused(game, trio, territory, occupied):
    chloe = trio[2]
    eliminate_faction(game=game, player=chloe.pk, can_rejoin=True)
    count = game.events.count()
    with pytest.raises(RuleViolation):
        rejoin_faction(game=game, player=chloe.pk, territory=territory, occupied=occupied)
    assert game.events.count() == count


def test_a_rejoin_may_land_next_to_an_occupied_territory(game, trio):
    chloe = trio[2]
    eliminate_faction(game=game, player=chloe.pk, can_rejoin=True)
    rejoin_faction(game=game, player=chloe.pk, territory="brazil", occupied=["argentina"])
    assert not holdings_of(game).holdings[seat_row(game, chloe).pk].out


def test_a_taken_back_entry_stays_in_the_log_and_holdings_are_read_without_it(game, trio, owner):
    ada = trio[0]
    give(game, ada, missiles=2)
    entry = use_missiles(game=game, count=2, player=ada.pk).event
    result = void_event(game=game, seq=entry.seq, reason="Mis-tap", by=owner)
    entry.refresh_from_db()
    assert entry.voided and entry.void_reason == "Mis-tap" and entry.voided_by == owner
    assert result.event.seq == entry.seq
    assert holdings_of(game).holdings[seat_row(game, ada).pk].missiles == 2
    assert AuditEntry.objects.filter(action="entry-voided", campaign=game.campaign).exists()
    with pytest.raises(RuleViolation, match="already taken back"):
        void_event(game=game, seq=entry.seq, reason="again", by=owner)


def test_an_entry_is_taken_back_only_with_a_reason(game, trio):
    give(game, trio[0], missiles=1)
    entry = use_missiles(game=game, count=1, player=trio[0].pk).event
    with pytest.raises(RuleViolation, match="Say why"):
        void_event(game=game, seq=entry.seq, reason="  ")
    entry.refresh_from_db()
    assert not entry.voided


def test_taking_back_the_third_missile_takes_pocket_one_off_the_list(game, trio):
    ada, boris, _ = trio
    give(game, ada, missiles=1)
    give(game, boris, missiles=2)
    first = use_missiles(game=game, count=1, player=ada.pk)
    second = use_missiles(game=game, count=2, player=boris.pk, roll=first.event.seq)
    assert second.packets_to_open == ["pocket-1"]
    result = void_event(game=game, seq=first.event.seq, reason="Ada kept her missile")
    assert result.packets_to_open == [] and result.stays_opened == []
    assert packets_to_open(game.campaign_id) == []


def test_taking_back_an_entry_whose_packet_was_opened_says_the_packet_stays_opened(game, trio):
    ada = trio[0]
    give(game, ada, missiles=3)
    entry = use_missiles(game=game, count=3, player=ada.pk).event
    open_packet(earned_otherwise=EARNED_ANOTHER_WAY, campaign=game.campaign, packet="pocket-1")
    result = void_event(game=game, seq=entry.seq, reason="It was two missiles")
    assert result.stays_opened == ["pocket-1"] and result.packets_to_open == []
    assert world_as_of(game.campaign_id).packets_opened == {"pocket-1"}


def test_taking_back_a_scar_entry_voids_the_scar_and_gives_the_card_back(game, trio, owner):
    ada = trio[0]
    entry = place_scar(game=game, scar="bunker", territory="brazil", player=ada.pk).event
    void_event(game=game, seq=entry.seq, reason="Wrong territory", by=owner)
    assert not world_as_of(game.campaign_id).territories["brazil"].scar
    assert holdings_of(game).holdings[seat_row(game, ada).pk].scar_cards == 1
    place_scar(game=game, scar="bunker", territory="peru", player=ada.pk)
    assert world_as_of(game.campaign_id).territories["peru"].scar == "bunker"


def test_taking_back_an_elimination_lets_the_faction_play_on(game, trio):
    chloe = trio[2]
    out = eliminate_faction(game=game, player=chloe.pk, can_rejoin=False)
    void_event(game=game, seq=out.event.seq, reason="Chloe still had a troop in Peru")
    assert not holdings_of(game).holdings[seat_row(game, chloe).pk].out


def test_the_coin_pile_gives_a_red_star_the_first_time_only(game, trio):
    ada, boris, chloe = trio
    first = coin_pile_out(game=game, territories={ada.pk: 15, boris.pk: 12, chloe.pk: 10})
    assert first.red_star_to == ada.pk
    again = coin_pile_out(game=game, territories={ada.pk: 15, boris.pk: 12, chloe.pk: 10})
    assert again.red_star_to is None and again.event.data["red_star_to"] is None
    assert event_text(again.event, EventWords(game.campaign_id, True)) == "no red star"


def test_a_tie_for_most_territories_gives_no_red_star(game, trio):
    ada, boris, chloe = trio
    assert (
        coin_pile_out(game=game, territories={ada.pk: 14, boris.pk: 14, chloe.pk: 10}).red_star_to
        is None
    )


def test_an_opened_packet_unlocks_a_scar_type_the_group_can_use(game):
    open_packet(
        earned_otherwise=EARNED_ANOTHER_WAY,
        campaign=game.campaign,
        packet="pack-2",
        unlocked=[{"kind": "scar-type", "title": "Mercenaries", "text": "Our words.", "cards": 2}],
    )
    place_scar(
        game=game, scar="mercenaries", territory="india", player=game.seats.first().player_id
    )
    assert world_as_of(game.campaign_id).territories["india"].scar == "mercenaries"
    with pytest.raises(RuleViolation, match="already open"):
        open_packet(earned_otherwise=EARNED_ANOTHER_WAY, campaign=game.campaign, packet="pack-2")


def test_a_mark_the_group_unlocked_can_open_pack_four(game):
    open_packet(
        earned_otherwise=EARNED_ANOTHER_WAY,
        campaign=game.campaign,
        packet="pack-1",
        unlocked=[{"kind": "mark-kind", "title": "Beacon", "opens_pack_4": True}],
    )
    assert place_mark(game=game, kind="beacon", territory="india").packets_to_open == ["pack-4"]
    assert world_as_of(game.campaign_id).territories["india"].marked


def test_a_faction_scar_goes_on_a_faction_card(game):
    ScarKind.objects.create(
        campaign=game.campaign, slug="traitor", name="Traitor", cards=1, on_faction_card=True
    )
    place_scar(
        game=game, scar="traitor", faction="khan-industries", player=game.seats.first().player_id
    )
    assert world_as_of(game.campaign_id).faction_scars == {"khan-industries": "traitor"}


def test_amending_a_finished_game_replaces_its_end(game, trio):
    ada, boris, chloe = trio
    finish(game, trio)
    result = amend_game(
        game=game,
        revision=1,
        reason="Boris actually won",
        results={ada.pk: "held_on", boris.pk: "won", chloe.pk: "eliminated"},
        controlled={ada.pk: ["egypt"]},
        winner_reward={"kind": "name-continent", "continent": "asia", "name": "Orient"},
        held_on_rewards={ada.pk: {"kind": "upgrade-card", "territory": "egypt"}},
    )
    world = world_as_of(game.campaign_id, 1)
    assert world.territories["egypt"].city is None and world.territories["japan"].city is None
    assert world.continents["asia"].name == "Orient" and world.signatures[0].player == boris.pk
    assert world.territories["egypt"].coins == 3
    assert City.objects.filter(campaign=game.campaign, voided=True).count() == 2
    assert Signature.objects.filter(campaign=game.campaign).count() == 2  # nothing deleted
    assert result.game.revision == 2
    with pytest.raises(RuleViolation, match="changed this game meanwhile"):
        amend_game(
            game=game,
            revision=1,
            reason="x",
            results={ada.pk: "won", boris.pk: "held_on", chloe.pk: "eliminated"},
        )


def test_a_game_cannot_be_amended_once_the_next_one_is_set_up(game, trio):
    ada, boris, chloe = trio
    finish(game, trio)
    setup_game(
        campaign=game.campaign,
        seats=[
            seat(ada, "khan-industries", "egypt"),
            seat(boris, "die-mechaniker", "argentina"),
            seat(chloe, "saharan-republic", "greenland"),
        ],
    )
    with pytest.raises(RuleViolation, match="can no longer be amended"):
        amend_game(game=game, revision=1, reason="late", results={})


def test_the_faction_card_backs_show_each_game_or_an_x(game, trio):
    finish(game, trio)
    backs = faction_card_backs(game.campaign_id)
    assert backs["khan-industries"] == [
        {"game": 1, "x": False, "player": "Ada", "hq": "egypt", "result": "won", "draft": None}
    ]
    assert backs["saharan-republic"] == [{"game": 1, "x": True}]


def test_standings_are_counted_from_the_games(game, trio):
    finish(game, trio)
    table = standings(game.campaign_id)
    assert table["players"]["Ada"] == {"played": 1, "won": 1, "held_on": 0, "eliminated": 0}
    assert table["factions"]["enclave-of-the-bear"]["eliminated"] == 1


def test_coins_added_by_held_on_players_stack_up_to_six(game, trio):
    ada, boris, chloe = trio
    finish(game, trio, held_on_rewards={boris.pk: {"kind": "upgrade-card", "territory": "japan"}})
    assert (
        world_as_of(game.campaign_id).territories["japan"].coins == 3
    )  # 1 printed + 1 first-game + 1
    assert CoinSticker.objects.filter(campaign=game.campaign, territory="japan").count() == 2


def test_the_results_a_seat_stores_are_the_ones_the_rules_decide():
    assert tuple(Result.values) == finish_rules.RESULTS


def _second_game(campaign, trio):
    ada, boris, chloe = trio
    return setup_game(
        campaign=campaign,
        seats=[
            seat(ada, "khan-industries", "egypt"),
            seat(boris, "die-mechaniker", "argentina"),
            seat(chloe, "saharan-republic", "greenland"),
        ],
    )


@pytest.mark.parametrize(
    ("reading", "ada_starts_with"),
    [("per-signature", (1, 0)), ("per-game-won", (0, 1))],
)
def test_a_winner_whose_line_is_not_signed_starts_as_the_campaign_reads_the_missiles_at_setup(
    game, trio, reading, ada_starts_with
):
    finish(game, trio)
    # As after game 15: the game was won, but no line of the board was signed for it.
    Signature.objects.filter(campaign=game.campaign).update(voided=True)
    game.campaign.missiles_at_setup = reading
    game.campaign.save(update_fields=["missiles_at_setup"])
    g2 = _second_game(game.campaign, trio)
    ada = g2.seats.get(player=trio[0])
    assert (ada.red_stars, ada.missiles) == ada_starts_with


def test_game_sixteen_waits_for_the_world_to_be_named(game, trio):
    finish(game, trio)
    Game.objects.filter(pk=game.pk).update(number=15)
    with pytest.raises(RuleViolation) as refused:
        _second_game(game.campaign, trio)
    assert refused.value.rule == "world-not-named"
    assert game.campaign.games.count() == 1


def test_a_second_scar_without_a_card_from_a_player_who_played_theirs_is_refused(game, trio):
    ada = trio[0]
    place_scar(game=game, scar="bunker", territory="brazil", player=ada.pk)
    with pytest.raises(RuleViolation) as refused:
        place_scar(
            game=game,
            scar="bunker",
            territory="peru",
            player=ada.pk,
            without_card=True,
            reason="Another one",
        )
    assert refused.value.rule == "one-scar-card-each"
    assert world_as_of(game.campaign.pk).territories["peru"].scar is None


@pytest.mark.parametrize(("reading", "brazil_is_a_start"), [("unmarked", True), ("marked", False)])
def test_a_territory_whose_scar_was_cancelled_is_a_start_as_the_campaign_reads_it(
    game, trio, reading, brazil_is_a_start
):
    place_scar(game=game, scar="bunker", territory="brazil", player=trio[0].pk)
    finish(game, trio, winner_reward={"kind": "cancel-scar", "territory": "brazil"})
    campaign = game.campaign
    campaign.cancelled_scar_territory = reading
    campaign.save(update_fields=["cancelled_scar_territory"])
    ada, boris, chloe = trio
    plan = [
        seat(ada, "khan-industries", "brazil"),
        seat(boris, "die-mechaniker", "india"),
        seat(chloe, "saharan-republic", "greenland"),
    ]
    if brazil_is_a_start:
        assert setup_game(campaign=campaign, seats=plan).seats.get(player=ada).hq == "brazil"
    else:
        with pytest.raises(RuleViolation, match="Brazil is marked"):
            setup_game(campaign=campaign, seats=plan)
