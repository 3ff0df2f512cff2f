"""What the log decided is said first on the game page, in a part every open page takes at once:
the war won (the winner named, the quick log closed to all but the end and taking the winning
entry back), a faction out for good, the game over."""

from __future__ import annotations

import pytest
from django.utils import translation

from campaigns.game.table import eliminate_faction, take_hq
from campaigns.vocabulary import VoidReason
from tests.support.games import finish, play
from tests.support.pages import url

pytestmark = pytest.mark.django_db


def decided_part(page: str) -> str:
    """The game page's part that says what the log decided."""
    start = page.index('data-live="decided"')
    return page[start : page.index("</div>\n\n", start)]


def ada_wins(game, players):
    ada, boris, chloe = (players[n].pk for n in ("Ada", "Boris", "Chloe"))
    take_hq(game=game, player=ada, hq_of=boris)
    return take_hq(game=game, player=ada, hq_of=chloe).event


def test_a_war_won_names_the_winner_first_with_the_end_one_tap_away(game, players, as_owner):
    won = ada_wins(game, players)
    page = as_owner.get(url(game.campaign, "games/1/")).content.decode()
    said = decided_part(page)
    assert f"Ada has 4 red stars (entry {won.seq}) and wins the game" in said
    assert f'href="/c/{game.campaign_id}/games/1/finish/"' in said
    assert f'action="/c/{game.campaign_id}/games/1/entries/{won.seq}/void/"' in said
    assert f"Take entry {won.seq} back" in said
    # The page changes its shape: the live table draws it again whole on every phone.
    assert 'data-live-shape="in_progress-won"' in page


def test_a_war_won_closes_the_quick_log_to_everything_but_the_end(game, players, as_owner):
    page = as_owner.get(url(game.campaign, "games/1/")).content.decode()
    assert f"/c/{game.campaign_id}/games/1/log/" in page
    ada_wins(game, players)
    page = as_owner.get(url(game.campaign, "games/1/")).content.decode()
    assert f"/c/{game.campaign_id}/games/1/log/" not in page
    assert "The war is won: the quick log takes nothing more but the end" in page


def test_taking_the_winning_entry_back_from_the_banner_opens_the_quick_log_again(
    game, players, as_owner
):
    won = ada_wins(game, players)
    as_owner.post(
        url(game.campaign, f"games/1/entries/{won.seq}/void/"),
        {"reason": VoidReason.ENTERED_BY_MISTAKE.value},
    )
    page = as_owner.get(url(game.campaign, "games/1/")).content.decode()
    assert "wins the game" not in page
    assert f"/c/{game.campaign_id}/games/1/log/" in page
    assert 'data-live-shape="in_progress"' in page


def test_a_faction_out_for_good_is_said_first_without_a_gendered_verb(game, players, as_owner):
    out = eliminate_faction(game=game, player=players["Chloe"].pk, can_rejoin=False).event
    page = as_owner.get(url(game.campaign, "games/1/")).content.decode()
    assert f"Chloe: out of the war for good (entry {out.seq})." in decided_part(page)
    russian = as_owner.get(url(game.campaign, "games/1/"), HTTP_ACCEPT_LANGUAGE="ru")
    with translation.override("ru"):
        words = translation.gettext("%(name)s: out of the war for good (entry %(n)s).")
    assert words.startswith("%(name)s: ") and "out of the war" not in words
    assert words % {"name": "Chloe", "n": out.seq} in russian.content.decode()


def test_a_game_over_says_so_and_names_its_winner(prepared_campaign, as_owner):
    campaign = play(prepared_campaign, 1)
    page = as_owner.get(url(campaign, "games/1/")).content.decode()
    assert "Game 1 is over. Winner: Ada." in decided_part(page)


def test_nothing_is_said_while_nothing_is_decided(game, as_owner):
    page = as_owner.get(url(game.campaign, "games/1/")).content.decode()
    assert decided_part(page).endswith("data-live-urgent>")


def test_the_star_counts_after_the_end_are_the_logs_a_winner_with_4_shown_with_4(
    game, players, as_owner
):
    ada_wins(game, players)
    finish(game, players)
    page = as_owner.get(url(game.campaign, "games/1/"))
    ada = next(s for s in page.context["seats"] if s.player.name == "Ada")
    assert ada.holdings.red_stars_counted == 4
    row = page.content.decode().split("<strong>Ada</strong>", 1)[1].split("</li>", 1)[0]
    assert "4 red stars" in row
