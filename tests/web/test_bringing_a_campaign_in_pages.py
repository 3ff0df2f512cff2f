"""Bringing a campaign in through its pages: the new campaign's "games already played", then the
bring-in page's steps (the winners' section, pasted lines, the board, the packets, done), each a
form drawn again with its refusal beside the field, in both languages."""

from __future__ import annotations

import pytest

from campaigns.models import Campaign, Game
from legacy.models import City, PacketOpening, RuleSticker, ScarKind
from tests.support.pages import client_for, url

pytestmark = pytest.mark.django_db

ROSTER = "Ada\nBoris\nChloe\nDmitri\nEsme"


@pytest.fixture
def browser(owner):
    return client_for(owner)


@pytest.fixture
def brought(browser) -> Campaign:
    made = browser.post(
        "/c/new/", {"name": "Old Earth", "players": ROSTER, "brought_in_games": "3"}
    )
    campaign = Campaign.objects.get(name="Old Earth")
    assert made.status_code == 302 and made["Location"] == url(campaign, "bring-in/")
    return campaign


def test_the_owner_finds_bring_in_on_the_campaigns_page(browser, brought):
    page = browser.get(url(brought)).content.decode()
    assert url(brought, "bring-in/") in page


def test_a_game_is_added_then_pasted_lines_then_done_and_game_4_is_next(browser, brought):
    address = url(brought, "bring-in/")
    one = {
        "step": "game",
        "game-number": "1",
        "game-winner": "Ada",
        "game-faction": "khan-industries",
    }
    assert browser.post(address, one).status_code == 302
    lines = "2, Ada, Khan Industries\n3, Boris, Die Mechaniker"
    assert browser.post(address, {"step": "pasted", "pasted-lines": lines}).status_code == 302
    assert list(brought.games.values_list("number", flat=True)) == [1, 2, 3]
    done = browser.post(address, {"step": "done"})
    assert done.status_code == 302
    page = browser.get(url(brought)).content.decode()
    assert "Set up game 4" in page


def test_a_pasted_line_that_does_not_read_is_refused_beside_the_field(browser, brought):
    answer = browser.post(url(brought, "bring-in/"), {"step": "pasted", "pasted-lines": "2, Ada\n"})
    assert answer.status_code == 200
    assert answer.context["forms"]["pasted"].errors["lines"]
    assert not Game.objects.exists()


def test_a_mark_on_a_territory_with_a_city_is_refused_as_a_form_error(browser, brought):
    address = url(brought, "bring-in/")
    cairo = {
        "step": "mark",
        "mark-kind": "major-city",
        "mark-territory": "egypt",
        "mark-game": "unknown",
        "mark-name": "Cairo",
        "mark-player": "Ada",
    }
    assert browser.post(address, cairo).status_code == 302
    giza = cairo | {"mark-kind": "minor-city", "mark-name": "Giza"}
    answer = browser.post(address, giza)
    assert answer.status_code == 200
    assert "Egypt already has a city" in " ".join(
        answer.context["forms"]["mark"].errors["territory"]
    )
    assert City.objects.count() == 1


def test_a_packet_brought_in_is_listed(browser, brought):
    address = url(brought, "bring-in/")
    answer = browser.post(
        address, {"step": "packet", "packet-packet": "pack-2", "packet-game": "2"}
    )
    assert answer.status_code == 302
    assert PacketOpening.objects.get().placed_in_game == 2


def test_the_page_speaks_russian(owner, brought):
    page = client_for(owner, "ru").get(url(brought, "bring-in/")).content.decode()
    assert "Перенесите вашу кампанию" in page


def test_another_member_may_not_bring_in(brought, stranger):
    from campaigns.members import add_member

    add_member(campaign=brought, username=stranger.username, role="editor", by=brought.owner)
    assert client_for(stranger).get(url(brought, "bring-in/")).status_code == 403


def test_the_history_lists_brought_in_marks_under_their_games(browser, brought):
    from campaigns.bring_in import bring_in

    bring_in(
        campaign=brought,
        games=[{"number": 2, "winner": "Ada", "faction": "khan-industries"}],
        marks=[
            {
                "kind": "major-city",
                "territory": "egypt",
                "name": "Cairo",
                "player": "Ada",
                "game": 2,
            }
        ],
        by=brought.owner,
    )
    page = browser.get(url(brought, "history/")).content.decode()
    game_2 = page[page.index('id="game-2"') :]
    assert "Cairo" in game_2 and "brought in" in game_2
    assert browser.get(url(brought, "statistics/")).status_code == 200
    assert browser.get(url(brought, "standings/")).status_code == 200


def test_the_bring_in_page_costs_the_same_queries_for_three_games_and_for_twelve(browser, owner):
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    from campaigns import services
    from campaigns.bring_in import bring_in

    costs = []
    for played in (3, 12):
        campaign = services.create_campaign(
            owner=owner, name=f"Old {played}", players=ROSTER.split(), brought_in_games=played
        )
        bring_in(
            campaign=campaign,
            games=[
                {"number": n, "winner": "Ada", "faction": "khan-industries"}
                for n in range(1, played + 1)
            ],
            marks=[
                {"kind": "destroyed-card", "territory": t, "game": n}
                for n, t in enumerate(["egypt", "peru", "japan", "china"][: played // 3])
            ],
            by=owner,
        )
        with CaptureQueriesContext(connection) as queries:
            assert browser.get(url(campaign, "bring-in/")).status_code == 200
        costs.append(len(queries))
    assert costs[0] == costs[1]


def test_a_campaign_started_here_is_brought_in_until_a_game_is_played(browser, game):
    campaign = game.campaign
    answer = browser.post(
        url(campaign, "bring-in/"), {"step": "played", "played-games_played": "3"}
    )
    assert answer.status_code == 200
    assert "Game 1 was played in Earthbook" in " ".join(
        answer.context["forms"]["played"].non_field_errors()
    )
    campaign.refresh_from_db()
    assert campaign.brought_in_games is None


def test_a_new_campaign_says_later_that_it_was_played_before(browser, campaign):
    answer = browser.post(
        url(campaign, "bring-in/"), {"step": "played", "played-games_played": "2"}
    )
    assert answer.status_code == 302
    campaign.refresh_from_db()
    assert campaign.bringing_in and campaign.brought_in_games == 2


def test_every_page_and_read_of_a_brought_in_game_answers(browser, brought, owner):
    from campaigns.bring_in import bring_in, bringing_in_done
    from tests.support.api import client_for as api_for

    bring_in(
        campaign=brought,
        games=[
            {
                "number": n,
                "winner": "Ada",
                "faction": "khan-industries",
                "results": [{"player": "Boris", "faction": "die-mechaniker", "result": "held_on"}],
            }
            for n in (1, 2, 3)
        ],
        marks=[{"kind": "scar", "territory": "peru", "scar_type": "bunker", "game": 1}],
        by=owner,
    )
    bringing_in_done(campaign=brought, by=owner)
    pages = [
        "",
        "games/1/",
        "history/",
        "timeline/",
        "standings/",
        "statistics/",
        "factions/",
        "factions/past/",
        "chronicle/",
        "tools/starts/",
        "territories/peru/",
        "board/1.svg",
    ]
    failed = {p: browser.get(url(brought, p)).status_code for p in pages}
    assert {p: s for p, s in failed.items() if s >= 500} == {}
    api = api_for(owner)
    reads = ["games/1/", "winners/", "faction-cards/", "factions/past/", "statistics/", "world/"]
    answers = {r: api.get(f"/api/v1/campaigns/{brought.pk}/{r}").status_code for r in reads}
    assert answers == dict.fromkeys(reads, 200)


def test_who_else_played_a_game_is_entered_with_its_row(browser, brought):
    row = {
        "step": "game",
        "game-number": "1",
        "game-winner": "Ada",
        "game-faction": "khan-industries",
        "game-others": "Boris, Die Mechaniker, held on\nChloe, Enclave of the Bear, eliminated",
    }
    assert browser.post(url(brought, "bring-in/"), row).status_code == 302
    seats = brought.games.get(number=1).seats.order_by("order")
    assert [(s.player.name, s.result) for s in seats] == [
        ("Ada", "won"),
        ("Boris", "held_on"),
        ("Chloe", "eliminated"),
    ]
    wrong = row | {"game-number": "2", "game-others": "Boris, Die Mechaniker, won"}
    answer = browser.post(url(brought, "bring-in/"), wrong)
    assert answer.status_code == 200 and answer.context["forms"]["game"].errors["others"]


def test_a_brought_in_packet_has_what_it_unlocked_entered_on_the_packets_page(browser, brought):
    address = url(brought, "bring-in/")
    packet = {"step": "packet", "packet-packet": "pack-1", "packet-game": "unknown"}
    assert browser.post(address, packet).status_code == 302
    link = url(brought, "packets/open/") + "?packet=pack-1"
    assert link in browser.get(address).content.decode()
    page = browser.get(link)
    assert "brought in: enter what it unlocked" in page.content.decode()

    entered = browser.post(
        url(brought, "packets/open/"),
        {"packet": "pack-1", "item0_kind": "scar-type", "item0_title": "Bunker II"},
    )

    assert entered.status_code == 302
    assert ScarKind.objects.filter(campaign=brought, name="Bunker II").exists()
    assert PacketOpening.objects.filter(campaign=brought).count() == 1


def test_a_rule_sticker_pasted_before_earthbook_is_brought_in_on_the_page(browser, brought):
    address = url(brought, "bring-in/")
    lines = "1, Ada, Khan Industries\n2, Ada, Khan Industries\n3, Boris, Die Mechaniker"
    assert browser.post(address, {"step": "pasted", "pasted-lines": lines}).status_code == 302
    packet = {"step": "packet", "packet-packet": "pack-1", "packet-game": "2"}
    assert browser.post(address, packet).status_code == 302
    sticker = {
        "step": "sticker",
        "sticker-section": "legacy-terms",
        "sticker-game": "unknown",
        "sticker-packet": "pack-1",
        "sticker-title": "Bunkers hold",
        "sticker-text": "A bunker keeps its troops.",
    }

    assert browser.post(address, sticker).status_code == 302

    kept = RuleSticker.objects.get(campaign=brought)
    assert (kept.title, kept.section, kept.added_in_game) == ("Bunkers hold", "legacy-terms", 3)
    assert kept.opening.packet == "pack-1"


def test_a_rule_sticker_without_a_title_is_refused_beside_the_field(browser, brought):
    sticker = {"step": "sticker", "sticker-section": "legacy-terms", "sticker-game": "1"}

    answer = browser.post(url(brought, "bring-in/"), sticker)

    assert answer.status_code == 200
    assert answer.context["forms"]["sticker"].errors["title"]
    assert not RuleSticker.objects.exists()
