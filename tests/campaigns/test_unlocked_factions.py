"""Factions beyond the box's five, and the powers on the faction cards, through the services.

Every name here is an invented placeholder: no text of the box's sealed packets.
"""

from __future__ import annotations

import pytest

from campaigns import backup
from campaigns.game.derived import factions_of
from campaigns.game.factions import add_faction, destroy_power, place_power, powers_as_of
from campaigns.game.finish import finish_game
from campaigns.game.packets import open_packet
from campaigns.game.setup import fix_seat, setup_game, start_game
from campaigns.game.table import place_scar
from campaigns.models import Campaign, Seat
from campaigns.pictures.state import picture_for
from campaigns.selectors.cards import faction_card_backs
from legacy import drawing
from legacy.errors import RuleViolation
from legacy.models import FactionPower, RemovedReason, Scar, UnlockedFaction
from tests.support.games import EARNED_ANOTHER_WAY

pytestmark = pytest.mark.django_db

TIDE = "tidewater-league"
TEAL = "#1f9a8a"


def seats(players, third="enclave-of-the-bear", hqs=("egypt", "japan", "peru")):
    factions = ("khan-industries", "die-mechaniker", third)
    return [
        {"player": players[n].pk, "faction": f, "hq": h}
        for n, f, h in zip(("Ada", "Boris", "Chloe"), factions, hqs, strict=True)
    ]


def finish(game, players, winner="Ada"):
    others = [n for n in ("Ada", "Boris", "Chloe") if n != winner]
    finish_game(
        game=game,
        results={
            players[winner].pk: "won",
            players[others[0]].pk: "held_on",
            players[others[1]].pk: "eliminated",
        },
        controlled={players[others[0]].pk: ["china"]},
        winner_reward={"kind": "destroy-card", "territory": ("alaska", "brazil")[game.number - 1]},
        held_on_rewards={players[others[0]].pk: {"kind": "upgrade-card", "territory": "china"}},
    )


def play_one(campaign, players, **kw):
    game = start_game(game=setup_game(campaign=campaign, seats=seats(players, **kw)))
    finish(game, players)
    return game


@pytest.fixture
def unlocked(prepared_campaign, players, owner):
    """Game 1 played; then Pack 1 opened with a faction (in teal) and a faction-card scar type."""
    play_one(prepared_campaign, players)
    open_packet(
        earned_otherwise=EARNED_ANOTHER_WAY,
        campaign=prepared_campaign,
        packet="pack-1",
        unlocked=[
            {"kind": "faction", "title": "Tidewater League", "text": "Ours.", "colour": TEAL},
            {"kind": "scar-type", "title": "Rust", "cards": 3, "on_faction_card": True},
        ],
        by=owner,
    )
    return prepared_campaign


def test_a_faction_entered_with_a_packet_is_a_faction_of_the_campaign(unlocked):
    row = UnlockedFaction.objects.get(campaign=unlocked, slug=TIDE)
    assert (row.name, row.colour, row.appeared_in_game) == ("Tidewater League", TEAL, 1)
    assert row.unlocked_by.packet == "pack-1"
    assert list(factions_of(unlocked.pk))[-1] == TIDE
    assert TIDE not in factions_of(unlocked.pk, game=0)


def test_an_unlocked_faction_is_seated_in_a_game_and_wins(unlocked, players):
    game = start_game(game=setup_game(campaign=unlocked, seats=seats(players, third=TIDE)))
    finish(game, players, winner="Chloe")
    seat = Seat.objects.get(game=game, faction=TIDE)
    assert (seat.player.name, seat.result) == ("Chloe", "won")
    back = faction_card_backs(unlocked.pk)[TIDE]
    won = {"game": 2, "x": False, "player": "Chloe", "hq": "peru", "result": "won"}
    assert back[-1] == {**won, "draft": None}


def test_a_seat_is_fixed_onto_an_unlocked_faction(unlocked, players):
    game = setup_game(campaign=unlocked, seats=seats(players))
    fix_seat(game=game, player=players["Chloe"].pk, faction=TIDE)
    assert Seat.objects.get(game=game, player=players["Chloe"]).faction == TIDE


def test_a_scar_on_an_unlocked_factions_card_is_accepted_and_a_second_is_refused(unlocked, players):
    game = start_game(game=setup_game(campaign=unlocked, seats=seats(players, third=TIDE)))
    place_scar(game=game, scar="rust", faction=TIDE, without_card=True, reason="Our house rule")
    assert Scar.objects.get(campaign=unlocked, faction=TIDE).kind.slug == "rust"
    with pytest.raises(RuleViolation) as refused:
        place_scar(
            game=game, scar="rust", faction=TIDE, without_card=True, reason="Again, our house rule"
        )
    assert refused.value.rule == "one-scar-per-faction-card"
    assert "Tidewater League card already has a scar" in refused.value.message
    with pytest.raises(RuleViolation) as unknown:
        place_scar(
            game=game, scar="rust", faction="nobody", without_card=True, reason="Our event card"
        )
    assert unknown.value.rule == "unknown-faction"


def test_a_faction_is_added_between_games_and_not_while_one_is_played(unlocked, players, owner):
    row = add_faction(campaign=unlocked, name="Salt Guild", colour="", by=owner)
    assert row.appeared_in_game == 1 and row.colour.startswith("#") and row.colour != TEAL
    with pytest.raises(RuleViolation) as taken:
        add_faction(campaign=unlocked, name="salt guild", by=owner)
    assert taken.value.rule == "faction-name-taken"
    with pytest.raises(RuleViolation) as box:
        add_faction(campaign=unlocked, name="Khan Industries", by=owner)
    assert box.value.rule == "faction-name-taken"
    with pytest.raises(RuleViolation) as colour:
        add_faction(campaign=unlocked, name="Ash Court", colour="teal", by=owner)
    assert colour.value.rule == "faction-colour"
    start_game(game=setup_game(campaign=unlocked, seats=seats(players)))
    with pytest.raises(RuleViolation) as playing:
        add_faction(campaign=unlocked, name="Ash Court", by=owner)
    assert playing.value.rule == "between-games"
    assert not UnlockedFaction.objects.filter(name="Ash Court").exists()


def test_a_second_power_of_the_same_type_is_refused(unlocked, owner):
    place_power(campaign=unlocked, faction=TIDE, slot="red", name="Undertow", by=owner)
    with pytest.raises(RuleViolation) as refused:
        place_power(campaign=unlocked, faction=TIDE, slot="Red", name="Riptide", by=owner)
    assert refused.value.rule == "one-power-per-type" and refused.value.conflict
    assert [p.name for p in powers_as_of(unlocked.pk)[TIDE]] == ["Undertow"]
    other = place_power(campaign=unlocked, faction=TIDE, slot="blue", name="Riptide", by=owner)
    assert other.placed_in_game == 1


def test_a_power_covers_the_one_of_its_type_and_counts_from_then_on(unlocked, players, owner):
    place_power(campaign=unlocked, faction="khan-industries", slot="red", name="Old", by=owner)
    game = start_game(game=setup_game(campaign=unlocked, seats=seats(players)))
    new = place_power(
        campaign=unlocked,
        faction="khan-industries",
        slot="red",
        name="New",
        game=game.number,
        unlocked_by="pack-1",
        covers=True,
        by=owner,
    )
    old = FactionPower.objects.get(name="Old")
    assert (old.removed_in_game, old.removed_reason) == (2, RemovedReason.COVERED)
    assert new.unlocked_by.packet == "pack-1"
    finish(game, players)
    names = lambda g: [p.name for p in powers_as_of(unlocked.pk, g)["khan-industries"]]  # noqa: E731
    assert "Old" in names(1) and "New" not in names(1)
    assert "New" in names(2) and "Old" not in names(2)
    with pytest.raises(RuleViolation) as nothing:
        place_power(campaign=unlocked, faction=TIDE, slot="green", name="X", covers=True, by=owner)
    assert nothing.value.rule == "nothing-to-cover"


def test_a_destroyed_power_stops_counting_and_cannot_be_destroyed_twice(unlocked, owner):
    power = place_power(campaign=unlocked, faction=TIDE, slot="red", name="Undertow", by=owner)
    destroy_power(campaign=unlocked, power=power.pk, by=owner)
    power.refresh_from_db()
    assert power.removed_reason == RemovedReason.DESTROYED
    assert TIDE not in powers_as_of(unlocked.pk)
    with pytest.raises(RuleViolation) as again:
        destroy_power(campaign=unlocked, power=power.pk, by=owner)
    assert again.value.rule == "power-gone"


def test_powers_are_placed_in_the_game_being_played_only(unlocked, owner):
    with pytest.raises(RuleViolation) as refused:
        place_power(campaign=unlocked, faction=TIDE, slot="red", name="X", game=1, by=owner)
    assert refused.value.rule == "game-not-in-progress"
    with pytest.raises(RuleViolation) as sealed:
        place_power(
            campaign=unlocked, faction=TIDE, slot="red", name="X", unlocked_by="pack-3", by=owner
        )
    assert sealed.value.rule == "packet-not-open"


def test_the_new_factions_colour_is_drawn_at_its_hq(unlocked, players):
    game = start_game(game=setup_game(campaign=unlocked, seats=seats(players, third=TIDE)))
    finish(game, players)
    svg = drawing.render_svg(picture_for(unlocked.pk, game.number))
    assert 'class="mark hq hq-unlocked" data-for="peru"' in svg
    assert 'class="mark hq hq-khan-industries" data-for="egypt"' in svg
    hq = svg.split('class="mark hq hq-unlocked"', 1)[1].split("</g>", 1)[0]
    assert f'fill="{TEAL}"' in hq


def test_a_backup_with_an_unlocked_faction_and_powers_round_trips_byte_identically(
    unlocked, players, owner
):
    game = start_game(game=setup_game(campaign=unlocked, seats=seats(players, third=TIDE)))
    place_scar(game=game, scar="rust", faction=TIDE, without_card=True, reason="Our house rule")
    place_power(campaign=unlocked, faction=TIDE, slot="red", name="Undertow", game=2, by=owner)
    finish(game, players, winner="Chloe")
    text = backup.dumps(backup.export_campaign(unlocked.pk))
    copy = backup.import_campaign(backup.loads(text), owner=owner)
    assert backup.dumps(backup.export_campaign(copy.pk)) == text
    assert factions_of(copy.pk)[TIDE].colour == TEAL
    assert [p.name for p in powers_as_of(copy.pk)[TIDE]] == ["Undertow"]


def test_an_older_backup_without_faction_rows_still_imports(unlocked, players, owner):
    game = start_game(game=setup_game(campaign=unlocked, seats=seats(players, third=TIDE)))
    finish(game, players)
    document = backup.export_campaign(unlocked.pk)
    del document["factions"]  # as written before factions were rows of their own
    copy = backup.import_campaign(backup.loads(backup.dumps(document)), owner=owner)
    assert isinstance(copy, Campaign)
    assert factions_of(copy.pk)[TIDE].name == "Tidewater League"
    assert Seat.objects.filter(game__campaign=copy, faction=TIDE).count() == 1


def test_a_mis_entered_power_is_voided_like_any_mark(unlocked, owner):
    from campaigns.services import void_mark

    power = place_power(campaign=unlocked, faction=TIDE, slot="red", name="Typo", by=owner)
    void_mark(
        campaign=unlocked, model=FactionPower, mark_id=power.pk, reason="Wrong card", by=owner
    )
    assert TIDE not in powers_as_of(unlocked.pk)
    # The slot is free again: a void is as if it had never been placed.
    place_power(campaign=unlocked, faction=TIDE, slot="red", name="Undertow", by=owner)


def test_a_scar_is_corrected_onto_a_campaign_faction_only(unlocked, players, owner):
    from campaigns.services import correct_mark

    game = start_game(game=setup_game(campaign=unlocked, seats=seats(players)))
    place_scar(
        game=game,
        scar="rust",
        faction="khan-industries",
        without_card=True,
        reason="Our event card",
    )
    scar = Scar.objects.get(campaign=unlocked, kind__slug="rust")
    correct_mark(
        campaign=unlocked,
        model=Scar,
        mark_id=scar.pk,
        changes={"faction": TIDE},
        reason="Wrong card",
        by=owner,
    )
    with pytest.raises(RuleViolation) as refused:
        correct_mark(
            campaign=unlocked,
            model=Scar,
            mark_id=scar.pk,
            changes={"faction": "nobody"},
            reason="Typo",
            by=owner,
        )
    assert refused.value.rule == "unknown-faction"
    assert Scar.objects.get(pk=scar.pk).faction == TIDE


def test_each_change_to_factions_and_powers_leaves_an_audit_entry(unlocked, owner):
    from campaigns.models import AuditEntry

    add_faction(campaign=unlocked, name="Salt Guild", by=owner)
    power = place_power(campaign=unlocked, faction=TIDE, slot="red", name="Undertow", by=owner)
    place_power(campaign=unlocked, faction=TIDE, slot="red", name="Riptide", covers=True, by=owner)
    destroy_power(campaign=unlocked, power=power.pk + 1, by=owner)
    entries = AuditEntry.objects.filter(campaign=unlocked).order_by("id")
    actions = [e.action for e in entries][-4:]
    assert actions == ["faction-added", "power-placed", "power-placed", "power-destroyed"]
    assert entries.filter(action="power-placed").last().data["covered"] == power.pk
    assert all(e.user == owner for e in entries.reverse()[:4])


def test_a_faction_added_before_the_first_game_is_seated_in_game_one(prepared_campaign, players):
    add_faction(campaign=prepared_campaign, name="Salt Guild", colour="#8c6239")
    game = setup_game(campaign=prepared_campaign, seats=seats(players, third="salt-guild"))
    assert game.number == 1
    assert Seat.objects.get(game=game, player=players["Chloe"]).faction == "salt-guild"


def test_a_game_set_up_but_not_begun_is_still_between_games(unlocked, players, owner):
    game = setup_game(campaign=unlocked, seats=seats(players))
    row = add_faction(campaign=unlocked, name="Salt Guild", by=owner)
    assert row.appeared_in_game == 1
    fix_seat(game=game, player=players["Chloe"].pk, faction="salt-guild")
    power = place_power(campaign=unlocked, faction="salt-guild", slot="red", name="Brine")
    assert power.placed_in_game == 1


def test_a_faction_named_in_russian_is_seated_and_survives_a_backup(unlocked, players, owner):
    add_faction(campaign=unlocked, name="Северный союз", colour="#5a6b7d", by=owner)
    game = setup_game(campaign=unlocked, seats=seats(players, third="северный-союз"))
    assert Seat.objects.get(game=game, player=players["Chloe"]).faction == "северный-союз"
    text = backup.dumps(backup.export_campaign(unlocked.pk))
    copy = backup.import_campaign(backup.loads(text), owner=owner)
    assert factions_of(copy.pk)["северный-союз"].name == "Северный союз"
    assert backup.dumps(backup.export_campaign(copy.pk)) == text
