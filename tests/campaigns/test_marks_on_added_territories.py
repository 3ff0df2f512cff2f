"""A territory a packet added takes marks like a printed one, from the game it came in: a scar,
a city, a fortification, a coin on its card, an HQ. Before that game, and on a territory that
never existed, the same entry is refused and nothing is written."""

from __future__ import annotations

import pytest
from django.db import IntegrityError, transaction
from django.utils import translation

from campaigns import backup, services
from campaigns.audit_words import audit_text
from campaigns.game.finish import finish_game
from campaigns.game.setup import fix_seat, setup_game
from campaigns.game.table import coin_pile_out, place_scar
from campaigns.models import AuditEntry
from legacy import board
from legacy.errors import RuleViolation
from legacy.models import City, CoinSticker, Correction, Fortification, Scar
from legacy.rules import table_rules
from legacy.selectors import world_as_of
from tests.support.board import quillowmere_in_game_7
from tests.support.games import play, seats, start

pytestmark = pytest.mark.django_db

QUILLOWMERE = board.AddedTerritory("quillowmere", "Quillowmere", "africa", 7)


@pytest.fixture
def game_7(prepared_campaign, owner):
    """The seventh game at the table, Quillowmere added to Africa in it (joined to Madagascar
    and South Africa)."""
    return quillowmere_in_game_7(prepared_campaign, owner)


def people(campaign):
    found = {p.name: p for p in campaign.players.all()}
    return found["Ada"], found["Boris"], found["Chloe"]


def scar_on(game, territory, player):
    return place_scar(
        game=game,
        scar="bunker",
        territory=territory,
        player=player.pk,
        without_card=not game.scar_cards_dealt,
        reason="" if game.scar_cards_dealt else "Our event card",
    )


def finish_on_quillowmere(game, **kw):
    ada, boris, chloe = people(game.campaign)
    return finish_game(
        game=game,
        results={ada.pk: "won", boris.pk: "held_on", chloe.pk: "eliminated"},
        controlled={boris.pk: ["quillowmere", "china"]},
        winner_reward=kw.get(
            "winner", {"kind": "major-city", "territory": "quillowmere", "name": "Quillport"}
        ),
        held_on_rewards={boris.pk: {"kind": "upgrade-card", "territory": "quillowmere"}},
    )


def test_a_scar_on_a_territory_added_in_game_7_counts_from_game_7(game_7):
    ada, _, _ = people(game_7.campaign)
    scar_on(game_7, "quillowmere", ada)
    assert world_as_of(game_7.campaign_id, 7).territories["quillowmere"].scar == "bunker"
    assert "quillowmere" not in world_as_of(game_7.campaign_id, 6).territories


def test_a_city_founded_on_a_territory_added_in_game_7_counts_from_game_7(game_7):
    finish_on_quillowmere(game_7)
    there = world_as_of(game_7.campaign_id, 7).territories["quillowmere"]
    assert there.city is not None and there.city.name == "Quillport"
    assert there.city.kind == "major"


def test_a_held_on_coin_goes_on_the_added_territorys_card(game_7):
    finish_on_quillowmere(game_7)
    assert world_as_of(game_7.campaign_id, 7).territories["quillowmere"].coins == 2
    sticker = CoinSticker.objects.get(campaign=game_7.campaign, territory="quillowmere")
    assert (sticker.placed_in_game, sticker.coins_after) == (7, 2)


def test_the_next_game_fortifies_the_city_and_starts_an_hq_on_the_added_territory(game_7):
    campaign = game_7.campaign
    finish_on_quillowmere(game_7)
    ada, boris, chloe = people(campaign)
    # Ada founded Quillport, a major city: she may start there.
    game_8 = start(campaign, (ada, boris, chloe), hqs=("quillowmere", "japan", "peru"))
    assert game_8.seats.get(player=ada).hq == "quillowmere"
    finish_on_quillowmere(game_8, winner={"kind": "fortify-city", "territory": "quillowmere"})
    assert world_as_of(campaign.pk, 8).territories["quillowmere"].city.fortified
    assert Fortification.objects.get(city__territory="quillowmere").placed_in_game == 8


def test_the_coin_pile_counts_the_added_territory_among_the_boards(game_7):
    ada, boris, chloe = people(game_7.campaign)
    coin_pile_out(game=game_7, territories={ada.pk: 20, boris.pk: 20, chloe.pk: 3})
    with pytest.raises(RuleViolation, match="The board has 43 territories in all"):
        table_rules.coin_pile_counts(
            {ada.pk: 30, boris.pk: 14}, seated={ada.pk, boris.pk}, on_the_board=43
        )


def test_a_scar_on_a_territory_before_its_game_is_refused():
    before = board.board_as_of(6, [QUILLOWMERE])
    after = board.board_as_of(7, [QUILLOWMERE])
    bunker = table_rules.ScarType("bunker", "Bunker", cards=10)
    spot = table_rules.ScarSpot(territory="quillowmere")
    with pytest.raises(RuleViolation) as refused:
        table_rules.scar_place(bunker, spot, asked="bunker", factions={}, on=before)
    assert refused.value.rule == "unknown-territory"
    assert "no territory called 'quillowmere'" in refused.value.message
    assert table_rules.scar_place(bunker, spot, asked="bunker", factions={}, on=after) == (
        "Quillowmere"
    )


def test_moving_a_mark_on_the_added_territory_to_a_game_before_it_is_refused(game_7, owner):
    ada, _, _ = people(game_7.campaign)
    scar_on(game_7, "quillowmere", ada)
    scar = Scar.objects.get(campaign=game_7.campaign, territory="quillowmere")
    corrections = Correction.objects.count()
    with pytest.raises(RuleViolation) as refused:
        services.correct_mark(
            campaign=game_7.campaign,
            model=Scar,
            mark_id=scar.pk,
            changes={"placed_in_game": 6},
            reason="Entered in the wrong game",
            by=owner,
        )
    assert refused.value.rule == "unknown-territory"
    scar.refresh_from_db()
    assert scar.placed_in_game == 7 and Correction.objects.count() == corrections


def test_a_scar_on_a_territory_that_never_existed_is_refused_and_nothing_is_written(game_7):
    ada, _, _ = people(game_7.campaign)
    before = Scar.objects.count()
    with pytest.raises(RuleViolation) as refused:
        scar_on(game_7, "lemuria", ada)
    assert refused.value.rule == "unknown-territory"
    assert Scar.objects.count() == before


def test_moving_a_city_to_a_territory_the_campaign_never_had_is_refused(prepared_campaign, owner):
    play(prepared_campaign, 1)
    city = City.objects.get(campaign=prepared_campaign, territory="egypt")
    with pytest.raises(RuleViolation) as refused:
        services.correct_mark(
            campaign=prepared_campaign,
            model=City,
            mark_id=city.pk,
            changes={"territory": "quillowmere"},
            reason="Wrong territory",
            by=owner,
        )
    assert refused.value.rule == "unknown-territory"
    city.refresh_from_db()
    assert city.territory == "egypt"


def test_the_database_keeps_a_territorys_shape_not_its_list(game_7):
    campaign = game_7.campaign
    City.objects.create(
        campaign=campaign, placed_in_game=7, territory="quillowmere", kind="minor", name="Q"
    )
    for odd in ("", "Quillowmere", "quill owmere"):
        with pytest.raises(IntegrityError), transaction.atomic():
            CoinSticker.objects.create(
                campaign=campaign, placed_in_game=7, territory=odd, coins_after=2
            )


def test_a_mark_on_an_added_territory_survives_export_and_import(game_7, owner):
    finish_on_quillowmere(game_7)
    text = backup.dumps(backup.export_campaign(game_7.campaign_id))
    copy_ = backup.import_campaign(backup.loads(text), owner=owner)
    there = world_as_of(copy_.pk, 7).territories["quillowmere"]
    assert there.city.name == "Quillport" and there.coins == 2
    assert backup.dumps(backup.export_campaign(copy_.pk)) == text


def test_a_backup_with_a_mark_on_an_added_territory_before_its_game_is_refused(game_7, owner):
    finish_on_quillowmere(game_7)
    document = backup.export_campaign(game_7.campaign_id)
    city = next(c for c in document["marks"]["City"] if c["territory"] == "quillowmere")
    city["placed_in_game"] = 6
    with pytest.raises(backup.BackupError, match="no territory called 'quillowmere'"):
        backup.import_campaign(backup.loads(backup.dumps(document)), owner=owner)


def test_the_audit_says_an_hq_moved_to_the_added_territory_in_the_groups_words(game_7, owner):
    campaign = game_7.campaign
    finish_on_quillowmere(game_7)
    ada, boris, chloe = people(campaign)
    game_8 = setup_game(campaign=campaign, seats=seats((ada, boris, chloe)))
    fix_seat(game=game_8, player=ada.pk, hq="quillowmere", by=owner)
    entry = AuditEntry.objects.filter(campaign=campaign).latest("pk")
    with translation.override("ru"):
        assert "Египет → Quillowmere" in audit_text(entry)
