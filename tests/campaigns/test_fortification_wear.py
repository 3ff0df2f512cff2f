"""Fortifications wear during play: each attack with 3 troops on a fortified city marks one of
its 10 boxes, the tenth wears it out, and an entry taken back gives its box back."""

import pytest

from campaigns.game.finish import finish_game
from campaigns.game.setup import setup_game, start_game
from campaigns.game.taking_back import void_event
from campaigns.game.territory_entries import attack_fortification
from campaigns.models import EventKind, GameEvent
from legacy.errors import RuleViolation
from legacy.models import City, Correction, Fortification
from legacy.selectors import world_as_of
from tests.support.games import seat, start

pytestmark = pytest.mark.django_db


@pytest.fixture
def game(prepared_campaign, trio):
    return start(prepared_campaign, trio, ("egypt", "siberia", "peru"))


def egypt(campaign_id, game=None):
    return world_as_of(campaign_id, game).territories["egypt"].city


def test_an_attack_with_three_troops_marks_one_box_of_the_fortification(game, cairo, trio):
    result = attack_fortification(game=game, territory="egypt", player=trio[1].pk)
    city = egypt(game.campaign_id)
    assert city.boxes_used == 1 and city.fortification_works
    assert result.event.kind == EventKind.FORTIFICATION_ATTACKED
    assert result.event.data == {"territory": "egypt", "boxes_used": 1, "worn_out": False}
    cairo.refresh_from_db()
    assert cairo.boxes_used == 1
    assert Correction.objects.filter(campaign=game.campaign, mark_type="Fortification").exists()


def test_the_tenth_mark_wears_the_fortification_out(game, cairo):
    for _ in range(9):
        attack_fortification(game=game, territory="egypt")
    assert egypt(game.campaign_id).fortification_works
    last = attack_fortification(game=game, territory="egypt")
    city = egypt(game.campaign_id)
    assert city.boxes_used == 10 and not city.fortification_works
    assert last.event.data["worn_out"] is True


def test_an_attack_on_a_worn_out_fortification_is_refused_and_writes_nothing(game, cairo):
    Fortification.objects.filter(pk=cairo.pk).update(boxes_used=10)
    entries = GameEvent.objects.count()
    with pytest.raises(RuleViolation, match="no working fortification") as refused:
        attack_fortification(game=game, territory="egypt")
    assert refused.value.rule == "no-working-fortification"
    assert GameEvent.objects.count() == entries
    cairo.refresh_from_db()
    assert cairo.boxes_used == 10


@pytest.mark.parametrize("territory", ["egypt", "brazil"])
def test_an_attack_where_there_is_no_fortification_is_refused_and_writes_nothing(
    game, prepared_campaign, territory
):
    City.objects.create(
        campaign=prepared_campaign, territory="egypt", kind="minor", name="Giza", placed_in_game=0
    )
    corrections = Correction.objects.count()
    with pytest.raises(RuleViolation, match="no working fortification"):
        attack_fortification(game=game, territory=territory)
    assert not GameEvent.objects.filter(kind=EventKind.FORTIFICATION_ATTACKED).exists()
    assert Correction.objects.count() == corrections


def test_an_attack_on_a_territory_not_on_the_board_is_refused(game, cairo):
    with pytest.raises(RuleViolation, match="no territory called"):
        attack_fortification(game=game, territory="atlantis")


def test_taking_the_attack_back_gives_the_box_back(game, cairo, owner):
    attack_fortification(game=game, territory="egypt")
    entry = attack_fortification(game=game, territory="egypt").event
    void_event(game=game, seq=entry.seq, reason="It was two troops", by=owner)
    assert egypt(game.campaign_id).boxes_used == 1
    cairo.refresh_from_db()
    assert cairo.boxes_used == 1 and cairo.boxes_marked_in == {"1": 1}
    undone = Correction.objects.filter(campaign=game.campaign, mark_type="Fortification").first()
    assert undone.before["boxes_used"] == 2 and undone.after["boxes_used"] == 1
    assert undone.reason == "It was two troops" and undone.reason_code == "entry-taken-back"
    assert undone.reason_params == {"game": game.number, "seq": entry.seq}


def test_taking_back_the_tenth_mark_makes_the_fortification_work_again(game, cairo):
    for _ in range(9):
        attack_fortification(game=game, territory="egypt")
    last = attack_fortification(game=game, territory="egypt").event
    void_event(game=game, seq=last.seq, reason="Only two dice")
    city = egypt(game.campaign_id)
    assert city.boxes_used == 9 and city.fortification_works


def test_the_world_of_an_earlier_game_shows_the_boxes_marked_by_then(game, cairo, trio):
    ada, boris, chloe = trio
    attack_fortification(game=game, territory="egypt")
    finish_game(
        game=game,
        results={ada.pk: "won", boris.pk: "held_on", chloe.pk: "eliminated"},
        controlled={boris.pk: ["japan"]},
        winner_reward={"kind": "major-city", "territory": "brazil", "name": "Rio"},
        held_on_rewards={boris.pk: {"kind": "minor-city", "territory": "japan", "name": "Edo"}},
    )
    second = start_game(
        game=setup_game(
            campaign=game.campaign,
            seats=[
                seat(ada, "khan-industries", "brazil"),
                seat(boris, "die-mechaniker", "siberia"),
                seat(chloe, "saharan-republic", "greenland"),
            ],
        )
    )
    attack_fortification(game=second, territory="egypt")
    attack_fortification(game=second, territory="egypt")
    assert egypt(game.campaign_id, 0).boxes_used == 0
    assert egypt(game.campaign_id, 1).boxes_used == 1
    assert egypt(game.campaign_id, 2).boxes_used == 3
    assert egypt(game.campaign_id).boxes_used == 3


def test_a_backup_keeps_the_boxes_marked_and_the_games_they_were_marked_in(game, cairo, owner):
    from campaigns import backup

    attack_fortification(game=game, territory="egypt")
    data = backup.loads(backup.dumps(backup.export_campaign(game.campaign_id)))
    copy = backup.import_campaign(data, owner=owner)
    restored = Fortification.objects.get(campaign=copy)
    assert restored.boxes_used == 1 and restored.boxes_marked_in == {"1": 1}
    assert world_as_of(copy.pk, 0).territories["egypt"].city.boxes_used == 0


def test_a_backup_made_before_boxes_were_tracked_by_game_still_restores(game, cairo, owner):
    from campaigns import backup

    data = backup.loads(backup.dumps(backup.export_campaign(game.campaign_id)))
    for row in data["marks"]["Fortification"]:
        del row["boxes_marked_in"]
    copy = backup.import_campaign(data, owner=owner)
    assert Fortification.objects.get(campaign=copy).boxes_marked_in == {}
