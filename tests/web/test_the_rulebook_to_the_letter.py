"""The rulebook to the letter, on the pages: each test quotes the rulebook's line (the Russian
translation the group plays with) it follows."""

from __future__ import annotations

import pytest

from campaigns.game.draft import record_draft
from legacy.rules.draft import DraftPick
from tests.support.pages import client_for, url

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


def test_the_settings_page_names_a_missiles_six_as_a_setting_of_its_own_in_both_languages(
    prepared_campaign, owner
):
    """«Природные (Natural): Когда текст относится к натуральным броскам кубиков, то имеется в
    виду номер, который выбрасывается на ваших кубиках до каких-либо применений изменений.»
    Whether a missile's 6 counts as natural is the group's own setting, apart from the Bear's."""
    english = client_for(owner).get(url(prepared_campaign, "settings/")).content.decode()
    assert "A missile&#x27;s 6 for powers that ask for natural dice" in english
    assert "It does not count as a natural 6" in english
    russian = client_for(owner, "ru").get(url(prepared_campaign, "settings/")).content.decode()
    assert "6 от ракеты для свойств, которым нужны натуральные кубики" in russian
    assert "Не считается натуральной 6-кой" in russian
