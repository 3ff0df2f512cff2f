"""Red stars on the board as a game's log moves them: HQs held by a seat wiped out, HQs
demolished, and the other red stars later content puts on the board."""

from __future__ import annotations

import pytest

from campaigns.game.entries.board_red_star import BoardRedStar
from campaigns.game.entries.recording import record_entry
from campaigns.game.holdings import holdings_of
from campaigns.game.table import buy_red_star, eliminate_faction, rejoin_faction, take_hq
from campaigns.game.taking_back import void_event
from campaigns.models import EventKind
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


# --- The other red stars on the board -----------------------------------------------------------


def board_star(game, player=None, from_player=None):
    params = BoardRedStar(player, from_player)
    return record_entry(EventKind.BOARD_RED_STAR, game=game, params=params)


def test_a_red_star_gained_on_the_board_counts_and_the_fourth_wins_at_once(game, trio):
    ada = trio[0]
    buy_red_star(game=game, player=ada.pk)
    won = board_star(game, player=ada.pk).event
    replayed = holdings_of(game)
    assert held(game, ada).red_stars_counted == 4
    assert replayed.winner == game.seats.get(player=ada).pk and replayed.won_at == won.seq


def test_a_red_star_on_the_board_taken_by_another_seat_moves_to_it(game, trio):
    ada, boris, _chloe = trio
    board_star(game, player=ada.pk)
    board_star(game, player=boris.pk, from_player=ada.pk)
    assert (held(game, ada).board_stars, held(game, boris).board_stars) == (0, 1)
    assert held(game, boris).red_stars_counted == 3


def test_a_red_star_lost_leaves_the_board_and_one_not_held_is_not_lost(game, trio):
    ada, boris, _chloe = trio
    board_star(game, player=ada.pk)
    board_star(game, from_player=ada.pk)
    assert held(game, ada).red_stars_counted == 2
    refused = refusal(board_star, game=game, from_player=boris.pk)
    assert (refused.rule, refused.conflict) == ("board-star-not-held", True)
    assert game.events.filter(kind=EventKind.BOARD_RED_STAR).count() == 2


def test_a_wiped_out_seats_red_stars_on_the_board_stop_counting(game, trio):
    chloe = trio[2]
    board_star(game, player=chloe.pk)
    eliminate_faction(game=game, player=chloe.pk, can_rejoin=True)
    assert (held(game, chloe).board_stars, held(game, chloe).red_stars_counted) == (0, 1)


def test_taking_a_red_star_on_the_board_back_restores_the_count(game, trio):
    ada, boris, _chloe = trio
    board_star(game, player=ada.pk)
    taken = board_star(game, player=boris.pk, from_player=ada.pk).event
    void_event(game=game, seq=taken.seq, reason="It stayed with Ada")
    assert (held(game, ada).red_stars_counted, held(game, boris).red_stars_counted) == (3, 2)
