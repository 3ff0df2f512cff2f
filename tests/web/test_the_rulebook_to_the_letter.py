"""The rulebook to the letter, on the pages: each test quotes the rulebook's line (the Russian
translation the group plays with) it follows."""

from __future__ import annotations

import pytest

from campaigns.game.draft import record_draft
from legacy.rules.draft import DraftPick
from tests.support.pages import url

pytestmark = pytest.mark.django_db


def test_the_legal_starts_page_says_half_of_what_the_seat_drafted(game, as_viewer):
    """«Возьмите половину стартовых войск и разместите их в правовую начальную территорию. Но у
    вас не будет Штаба.» A seat the draft gave 6 starting troops joins the war with 3."""
    ada = game.seats.get(player__name="Ada").player
    asked = {"player": ada.pk, "joining": "on"}
    before = as_viewer.get(url(game.campaign, "tools/starts/"), asked)
    assert before.context["troops"] == 4
    seats = list(game.seats.order_by("order"))
    record_draft(
        game=game,
        picks={
            s.player_id: DraftPick(turn=n, placement=n, troops=6, coin_cards=0)
            for n, s in enumerate(seats, start=1)
        },
    )
    after = as_viewer.get(url(game.campaign, "tools/starts/"), asked)
    assert after.context["troops"] == 3
    assert "3" in after.content.decode()
