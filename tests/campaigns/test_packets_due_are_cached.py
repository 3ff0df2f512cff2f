"""The packets due after an entry are read once per state of what the triggers read: an entry
that changes nothing a trigger reads (a red star bought, a small recruitment) answers from the
entry before it, and every other write reads them afresh. These tests commit their writes, as a
phone's request does, so that the answers may be kept."""

import pytest

from campaigns.game import packets
from campaigns.game.table import buy_red_star, record_recruitment, use_missiles
from campaigns.game.taking_back import void_event
from tests.support.games import give

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def trigger_reads(monkeypatch):
    """How many times the packets' triggers were read from the database."""
    calls = []
    real = packets.trigger_facts

    def counted(*args, **kwargs):
        calls.append(args)
        return real(*args, **kwargs)

    monkeypatch.setattr(packets, "trigger_facts", counted)
    return calls


def test_a_red_star_bought_after_pocket_one_fired_still_says_open_pocket_one(
    game, trio, trigger_reads
):
    ada, boris, chloe = trio
    give(game, ada, missiles=3)
    assert use_missiles(game=game, count=3, player=ada.pk).packets_to_open == ["pocket-1"]
    reads = len(trigger_reads)
    assert buy_red_star(game=game, player=boris.pk).packets_to_open == ["pocket-1"]
    assert record_recruitment(game=game, player=chloe.pk, troops=7).packets_to_open == ["pocket-1"]
    assert len(trigger_reads) == reads


def test_taking_the_missiles_back_after_a_red_star_makes_pocket_one_no_longer_due(game, trio):
    ada, boris, _ = trio
    give(game, ada, missiles=3)
    missiles = use_missiles(game=game, count=3, player=ada.pk)
    assert buy_red_star(game=game, player=boris.pk).packets_to_open == ["pocket-1"]
    taken_back = void_event(game=game, seq=missiles.event.seq, reason="Entered by mistake")
    assert taken_back.packets_to_open == []
    assert buy_red_star(game=game, player=boris.pk).packets_to_open == []


def test_a_big_recruitment_reads_the_triggers_again_and_finds_pocket_two(game, trio, trigger_reads):
    _, boris, _ = trio
    give(game, boris, missiles=1)
    assert buy_red_star(game=game, player=boris.pk).packets_to_open == []
    reads = len(trigger_reads)
    assert record_recruitment(game=game, player=boris.pk, troops=30).packets_to_open == ["pocket-2"]
    assert len(trigger_reads) == reads + 1
