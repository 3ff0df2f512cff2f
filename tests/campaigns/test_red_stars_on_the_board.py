"""Red stars on the board as a game's log moves them: HQs held by a seat wiped out, HQs
demolished, and the other red stars later content puts on the board."""

from __future__ import annotations

import pytest

from campaigns.game.holdings import holdings_of
from campaigns.game.table import buy_red_star, eliminate_faction, rejoin_faction, take_hq
from legacy.errors import RuleViolation

pytestmark = pytest.mark.django_db


def held(game, player):
    seat = game.seats.get(player=player)
    return holdings_of(game).holdings[seat.pk]


def refusal(call, **kw) -> RuleViolation:
    with pytest.raises(RuleViolation) as refused:
        call(**kw)
    return refused.value


# --- A seat wiped out holds no HQ ---------------------------------------------------------------


def test_a_wiped_out_seats_hqs_stop_counting(game, trio):
    ada, boris, _chloe = trio
    take_hq(game=game, player=ada.pk, hq_of=boris.pk)
    assert held(game, ada).red_stars_counted == 3
    eliminate_faction(game=game, player=ada.pk, can_rejoin=True)
    assert (held(game, ada).hqs, held(game, ada).red_stars_counted) == (0, 1)
    assert held(game, boris).hqs == 0


def test_the_next_hq_taken_moves_the_star_of_a_wiped_out_seats_hq(game, trio):
    ada, boris, chloe = trio
    take_hq(game=game, player=ada.pk, hq_of=boris.pk)
    eliminate_faction(game=game, player=ada.pk, can_rejoin=True)
    take_hq(game=game, player=chloe.pk, hq_of=boris.pk)
    assert (held(game, chloe).hqs, held(game, chloe).red_stars_counted) == (2, 3)
    assert held(game, ada).hqs == 0


def test_a_seat_that_rejoins_has_no_hq(game, trio):
    chloe = trio[2]
    eliminate_faction(game=game, player=chloe.pk, can_rejoin=True)
    rejoin_faction(game=game, player=chloe.pk, territory="india")
    assert (held(game, chloe).hqs, held(game, chloe).red_stars_counted) == (0, 1)
    take_hq(game=game, player=chloe.pk, hq_of=chloe.pk)  # its own HQ, retaken
    assert held(game, chloe).red_stars_counted == 2


def test_a_wiped_out_seats_hq_no_longer_helps_a_rejoined_seat_win(game, trio):
    ada, boris, _chloe = trio
    buy_red_star(game=game, player=ada.pk)  # Ada: 2 tokens and her HQ, 3 red stars
    eliminate_faction(game=game, player=ada.pk, can_rejoin=True)
    rejoin_faction(game=game, player=ada.pk, territory="india")
    buy_red_star(game=game, player=ada.pk)  # 3 tokens, no HQ: the war goes on
    assert holdings_of(game).winner is None
    assert held(game, ada).red_stars_counted == 3
