"""The game page at the table: the quick log first, its confirmation beside it (with the undo and
the packets now due), the board once; the live table's cheap question; the timeline's player;
a history that grows little with each game."""

from __future__ import annotations

import re

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from campaigns.models import Campaign, GameEvent
from campaigns.vocabulary import VoidReason
from tests.support.games import give, play
from tests.support.pages import client_for, url

pytestmark = pytest.mark.django_db


def part(html: str, name: str) -> str:
    """The live part ``name`` of a page (up to the next live part)."""
    start = html.index(f'data-live="{name}"')
    rest = html[start + 1 :]
    nxt = rest.find("data-live=")
    return rest if nxt < 0 else rest[:nxt]


def test_an_entry_brings_the_table_back_to_the_quick_log_with_its_confirmation(
    game, players, as_owner
):
    give(game, players["Boris"], missiles=3)
    response = as_owner.post(
        url(game.campaign, "games/1/log/missiles/"),
        {"missiles-count": "3", "missiles-player": str(players["Boris"].pk)},
    )
    # Without a script the browser lands on the quick log, where the confirmation is.
    assert response.status_code == 302 and response["Location"] == url(
        game.campaign, "games/1/#log"
    )
    page = as_owner.get(response["Location"]).content.decode()
    status = part(page, "log-status")
    assert 'role="status"' in page[page.index('id="log-status"') - 200 :][:400]
    assert "Noted: 3 missile(s) on one roll — Boris" in status
    assert url(game.campaign, "games/1/entries/1/void/") in status  # its undo
    due = part(page, "due")
    assert "Open now:" in due and "Pocket 1" in due  # the third missile: a packet is due
    assert page.count("Open now:") == 1  # said once, beside the confirmation
    assert page.index('data-live="log-status"') < page.index('data-live="due"')
    assert "Pocket 1" in page[page.index('id="log-status"') :].split("</section>")[0]
    # The confirmation is said once; the next visit has none, and the packet is due once still.
    again = as_owner.get(url(game.campaign, "games/1/")).content.decode()
    assert "Noted:" not in again and "Open now:" in part(again, "due")
    assert again.count("Open now:") == 1


def boris_fires_a_missile_and_the_undo_is_offered(game, players, as_owner) -> tuple[str, str]:
    """Boris's missile entered from the quick log: the undo's address and the reason it offers,
    read off the confirmation beside the form."""
    give(game, players["Boris"], missiles=1)
    as_owner.post(
        url(game.campaign, "games/1/log/missiles/"),
        {"missiles-count": "1", "missiles-player": str(players["Boris"].pk)},
    )
    page = as_owner.get(url(game.campaign, "games/1/")).content.decode()
    undo = re.search(
        r'<form method="post" action="([^"]+)"[^>]*data-live-post>', part(page, "log-status")
    )
    reason = re.search(r'name="reason" value="([^"]+)"', part(page, "log-status")).group(1)
    return undo.group(1), reason


def test_the_undo_beside_the_confirmation_takes_the_entry_back_with_its_reason(
    game, players, as_owner
):
    undo, reason = boris_fires_a_missile_and_the_undo_is_offered(game, players, as_owner)
    response = as_owner.post(undo, {"reason": reason})
    assert response["Location"] == url(game.campaign, "games/1/#log")
    entry = GameEvent.objects.get(game=game, seq=1)
    assert entry.voided and entry.void_reason == VoidReason.ENTERED_BY_MISTAKE
    page = as_owner.get(response["Location"]).content.decode()
    assert "Entry 1 is taken back." in part(page, "log-status")


def test_on_the_game_page_the_seats_in_rows_come_first_then_the_quick_log(game, as_owner):
    page = as_owner.get(url(game.campaign, "games/1/")).content.decode()
    assert page.index('id="seats-title"') < page.index('id="log"') < page.index('id="events-title"')
    assert page.count('class="seat-row"') == 3 and "<table" not in part(page, "seats")


def with_scripts(page: str) -> tuple[str, str]:
    """The page's main part as a browser with scripts shows it, and what it shows without."""
    main = page[page.index("<main") :]
    start, end = main.index("<noscript>"), main.index("</noscript>")
    return main[:start] + main[end:], main[start:end]


def test_a_finished_game_shows_the_board_once_and_links_its_picture(prepared_campaign, as_owner):
    play(prepared_campaign, 1)
    page = as_owner.get(url(prepared_campaign, "games/1/")).content.decode()
    main, without_scripts = with_scripts(page)
    assert main.count('class="board-svg"') == 1  # the interactive map (the rest: its key)
    assert "<img" not in main
    assert 'id="snapshot"' in page  # where the drawn picture's link appears once it is drawn
    # Without scripts, the map is the board after game 1 as a picture.
    assert f'src="{url(prepared_campaign, "board/1.svg")}"' in without_scripts


def test_a_game_in_play_shows_the_board_once(game, as_owner):
    page = as_owner.get(url(game.campaign, "games/1/")).content.decode()
    main, without_scripts = with_scripts(page)
    assert main.count('class="board-svg"') == 1 and "<img" not in main
    assert f'src="{url(game.campaign, "board.svg")}"' in without_scripts


def test_a_reader_who_may_not_write_gets_no_quick_log_and_no_confirmation(game, as_viewer):
    page = as_viewer.get(url(game.campaign, "games/1/")).content.decode()
    assert 'id="log"' not in page and 'data-live="seats"' in page


# --- The live table -------------------------------------------------------------------------------


def test_every_page_of_a_campaign_names_its_live_address_and_version(game, as_owner):
    campaign = Campaign.objects.get(pk=game.campaign_id)
    for page in ("", "games/1/", "history/", "territories/egypt/"):
        html = as_owner.get(url(campaign, page)).content.decode()
        assert f'data-live-url="{url(campaign, "live/")}"' in html, page
        assert f'data-live-version="{campaign.world_version}"' in html, page


def test_the_live_answer_is_304_until_something_is_written(game, players, as_owner):
    live = url(game.campaign, "live/")
    first = as_owner.get(live)
    version = first.json()["version"]
    assert first.status_code == 200 and first["ETag"] == f'"{version}"'
    assert "no-cache" in first["Cache-Control"]
    unchanged = as_owner.get(live, HTTP_IF_NONE_MATCH=first["ETag"])
    assert unchanged.status_code == 304 and unchanged.content == b""
    as_owner.post(
        url(game.campaign, "games/1/log/recruitment/"),
        {
            "recruitment-player": str(players["Ada"].pk),
            "recruitment-troops": "31",
        },
    )
    assert GameEvent.objects.filter(game=game).count() == 1
    changed = as_owner.get(live, HTTP_IF_NONE_MATCH=first["ETag"])
    assert changed.status_code == 200 and changed.json()["version"] > version


def test_a_refused_entry_leaves_the_live_answer_unchanged(game, players, as_owner):
    live = url(game.campaign, "live/")
    tag = as_owner.get(live)["ETag"]
    as_owner.post(
        url(game.campaign, "games/1/log/missiles/"),
        {"missiles-count": "1", "missiles-player": str(players["Boris"].pk)},
    )
    assert as_owner.get(live, HTTP_IF_NONE_MATCH=tag).status_code == 304


def test_the_live_question_is_for_the_campaigns_readers_only(game, as_viewer, stranger):
    live = url(game.campaign, "live/")
    assert as_viewer.get(live).status_code == 200
    assert client_for(stranger).get(live).status_code == 404
    assert as_viewer.post(live).status_code == 405


def test_the_live_question_costs_three_small_queries_however_long_the_campaign(
    prepared_campaign, as_owner
):
    live = url(prepared_campaign, "live/")
    counts = []
    for games in (1, 3):
        play(prepared_campaign, games)
        tag = as_owner.get(live)["ETag"]
        with CaptureQueriesContext(connection) as queries:
            assert as_owner.get(live, HTTP_IF_NONE_MATCH=tag).status_code == 304
        counts.append(len(queries))
    assert counts[0] == counts[1] <= 3, counts


# --- The timeline and the history -----------------------------------------------------------------


def test_the_timeline_plays_one_frame_per_finished_game(prepared_campaign, as_owner):
    play(prepared_campaign, 2, then_start=True)
    page = as_owner.get(url(prepared_campaign, "timeline/")).content.decode()
    player = page[page.index("data-player ") : page.index("</section>", page.index("data-player "))]
    assert player.count("data-frame ") == 2  # the game being played has no frame yet
    for n in (1, 2):
        assert f'data-label="Game {n}"' in player
        assert url(prepared_campaign, f"board/{n}.svg") in player
    for label in ("Previous game", "Play", "Next game"):
        assert f'aria-label="{label}"' in player
    assert 'type="range"' in player and 'max="2"' in player


def test_the_timelines_buttons_are_labelled_in_russian(prepared_campaign, owner):
    from django.test import Client

    play(prepared_campaign, 1)
    client = Client(HTTP_ACCEPT_LANGUAGE="ru")
    client.force_login(owner)
    page = client.get(url(prepared_campaign, "timeline/")).content.decode()
    for label in ("Предыдущая игра", "Воспроизвести", "Следующая игра", "Пауза"):
        assert label in page, label


def test_the_history_grows_by_at_most_20_kb_per_game(prepared_campaign, as_owner):
    play(prepared_campaign, 1)
    before = len(as_owner.get(url(prepared_campaign, "history/")).content)
    play(prepared_campaign, 3)
    after = len(as_owner.get(url(prepared_campaign, "history/")).content)
    assert 0 < (after - before) / 3 <= 20_000, (before, after)
    page = as_owner.get(url(prepared_campaign, "history/")).content.decode()
    pictures = re.findall(r"<img [^>]*>", page[page.index("<main") :])
    assert len(pictures) == 4 and all('loading="lazy"' in p and "sizes=" in p for p in pictures)
    assert "<svg" not in page and "data:image" not in page


@pytest.mark.parametrize(
    "script", [{"HTTP_X_EARTHBOOK_LIVE": "1"}, {"HTTP_X_EARTHBOOK_KEEP": "1"}], ids=["live", "keep"]
)
def test_a_scripts_own_fetch_leaves_the_confirmation_to_the_page_that_posted(
    game, players, as_owner, script
):
    as_owner.post(
        url(game.campaign, "games/1/log/recruitment/"),
        {"recruitment-player": str(players["Ada"].pk), "recruitment-troops": "31"},
    )
    fetched = as_owner.get(url(game.campaign, "games/1/"), **script)
    assert "Noted:" not in part(fetched.content.decode(), "log-status")
    page = as_owner.get(url(game.campaign, "games/1/")).content.decode()
    assert "Noted: Ada places 31 troops" in part(page, "log-status")


def test_the_quick_undo_stores_its_reason_as_a_code_each_reader_reads_in_their_language(
    game, players, as_owner
):
    undo, reason = boris_fires_a_missile_and_the_undo_is_offered(game, players, as_owner)
    as_owner.post(undo, {"reason": reason}, HTTP_ACCEPT_LANGUAGE="ru")
    assert GameEvent.objects.get(game=game, seq=1).void_reason == VoidReason.ENTERED_BY_MISTAKE
    russian = as_owner.get(url(game.campaign, "games/1/"), HTTP_ACCEPT_LANGUAGE="ru")
    english = as_owner.get(url(game.campaign, "games/1/"), HTTP_ACCEPT_LANGUAGE="en")
    assert "Введено по ошибке." in russian.content.decode()
    assert "Entered by mistake." in english.content.decode()


def test_the_offered_reason_left_as_it_is_in_russian_is_stored_as_its_code(game, players, as_owner):
    give(game, players["Boris"], missiles=1)
    as_owner.post(
        url(game.campaign, "games/1/log/missiles/"),
        {"missiles-count": "1", "missiles-player": str(players["Boris"].pk)},
    )
    as_owner.post(
        url(game.campaign, "games/1/entries/1/void/"),
        {"reason": "Введено по ошибке."},
        HTTP_ACCEPT_LANGUAGE="ru",
    )
    assert GameEvent.objects.get(game=game, seq=1).void_reason == VoidReason.ENTERED_BY_MISTAKE
