"""The rules of the red stars on the board (HQs and later content), each with its line of the
rulebook."""

import pytest

from legacy.errors import RuleViolation
from legacy.rules import red_stars


def refusal(call, *args, **kwargs) -> RuleViolation:
    with pytest.raises(RuleViolation) as refused:
        call(*args, **kwargs)
    return refused.value


def test_a_wiped_out_seat_holds_no_hq_its_own_nor_any_it_took():
    # "Вы не контролируют территорию если ваш штаб на ней единственный, без юнитов."
    # "Но у вас не будет Штаба."
    held = {1: 1, 2: 1, 3: 3}  # seat 1 holds its own HQ and seat 2's
    assert red_stars.hqs_once_wiped_out(held, 1) == {1: None, 2: None, 3: 3}


def test_a_demolished_hq_is_back_in_the_box():
    # "Снести (Штаб) (Demolish): Если ваш Штаб разрушен, положите его обратно в коробку."
    red_stars.hq_on_the_board("Boris", on_the_board=True)
    refused = refusal(red_stars.hq_on_the_board, "Boris", on_the_board=False)
    assert (refused.rule, refused.conflict, refused.field) == ("hq-demolished", True, "hq_of")
    assert "Boris" in refused.message


def test_a_red_star_on_the_board_changes_hands():
    # "Красные Звезды на доске (штаб-квартиры и другие вещи, которые будут позже у игрока)
    # могут переходить в другие руки много раз в игре"
    red_stars.board_star_moves(to="Ada", away_from=None, held=0)
    red_stars.board_star_moves(to="Ada", away_from="Boris", held=1)
    red_stars.board_star_moves(to=None, away_from="Boris", held=1)


def test_a_red_star_on_the_board_names_who_gains_or_loses_it():
    refused = refusal(red_stars.board_star_moves, to=None, away_from=None, held=0)
    assert refused.rule == "board-star-nobody"


def test_nobody_takes_a_red_star_from_themselves():
    refused = refusal(red_stars.board_star_moves, to="Ada", away_from="Ada", held=1)
    assert refused.rule == "board-star-from-itself"


def test_nobody_loses_a_red_star_on_the_board_they_do_not_hold():
    refused = refusal(red_stars.board_star_moves, to="Ada", away_from="Boris", held=0)
    assert (refused.rule, refused.conflict) == ("board-star-not-held", True)
