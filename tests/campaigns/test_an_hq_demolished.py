"""An HQ demolished ("Снести (Штаб)"): back in the box, it counts as a red star for nobody
from that entry; taking the entry back restores it. Over the table, the API and the page."""

from __future__ import annotations

import pytest
from django.utils import translation

from campaigns.game.entries.hq_demolished import HqDemolished
from campaigns.game.entries.recording import record_entry
from campaigns.game.event_words import EventWords, event_text
from campaigns.game.holdings import holdings_of
from campaigns.game.table import buy_red_star, take_hq
from campaigns.game.taking_back import void_event
from campaigns.models import EventKind
from legacy.errors import RuleViolation

pytestmark = pytest.mark.django_db


def held(game, player):
    seat = game.seats.get(player=player)
    return holdings_of(game).holdings[seat.pk]


def demolish(game, hq_of, player=None):
    return record_entry(EventKind.HQ_DEMOLISHED, game=game, params=HqDemolished(hq_of, player))


def test_a_demolished_hq_counts_for_nobody(game, trio):
    ada, boris, _chloe = trio
    demolish(game, ada.pk, player=boris.pk)
    assert (held(game, ada).hqs, held(game, ada).red_stars_counted) == (0, 1)


def test_a_demolition_makes_the_count_one_lower_so_a_later_purchase_does_not_falsely_win(
    game, trio
):
    ada, boris, _chloe = trio
    take_hq(game=game, player=ada.pk, hq_of=boris.pk)  # Ada: her HQ, Boris's, a token: 3
    demolish(game, boris.pk)  # Boris's HQ, held by Ada, back in the box: 2
    buy_red_star(game=game, player=ada.pk)
    replayed = holdings_of(game)
    assert replayed.winner is None
    assert held(game, ada).red_stars_counted == 3


def test_taking_the_demolition_back_restores_the_count(game, trio):
    ada, boris, _chloe = trio
    take_hq(game=game, player=ada.pk, hq_of=boris.pk)
    gone = demolish(game, boris.pk).event
    void_event(game=game, seq=gone.seq, reason="It was Chloe's HQ")
    assert (held(game, ada).hqs, held(game, ada).red_stars_counted) == (2, 3)


def test_a_demolished_hq_is_not_taken_nor_demolished_again(game, trio):
    ada, boris, _chloe = trio
    demolish(game, boris.pk)
    with pytest.raises(RuleViolation) as taken:
        take_hq(game=game, player=ada.pk, hq_of=boris.pk)
    assert (taken.value.rule, taken.value.conflict) == ("hq-demolished", True)
    with pytest.raises(RuleViolation) as again:
        demolish(game, boris.pk)
    assert again.value.rule == "hq-demolished"
    assert game.events.filter(kind=EventKind.HQ_DEMOLISHED).count() == 1
    assert not game.events.filter(kind=EventKind.HQ_TAKEN).exists()


def test_the_hq_of_nobody_at_the_table_is_not_demolished(game, players):
    with pytest.raises(RuleViolation) as refused:
        demolish(game, players["Dmitri"].pk)
    assert refused.value.field == "hq_of"
    assert not game.events.exists()


def test_the_log_says_whose_hq_was_demolished_in_both_languages(game, trio):
    ada, boris, _chloe = trio
    event = demolish(game, boris.pk, player=ada.pk).event
    with translation.override("en"):
        english = event_text(event, EventWords(game.campaign_id, True))
    with translation.override("ru"):
        russian = event_text(event, EventWords(game.campaign_id, True))
    assert english == "the HQ of Boris in Japan is demolished — Ada"
    assert russian.startswith("штаб игрока Boris снесён: ")
