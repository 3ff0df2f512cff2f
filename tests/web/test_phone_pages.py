"""The pages a group uses from phones at the table: the setup wizard's light seat fragment and
its seat-named errors, the map's key in both languages, the tap areas of small territories,
and a home page that starts with the member's own campaigns."""

from __future__ import annotations

import html
import re

import pytest
from django.test import Client
from django.utils import translation

from campaigns.models import Game
from legacy.models import RemovedReason, Scar, ScarKind
from tests.support.pages import client_for, url
from web.board_svg import MARK_LEGEND, MIN_TARGET_UNITS, WHITE_STICKER_LEGEND

pytestmark = pytest.mark.django_db


def seat(players, i, name, faction="", hq=""):
    return {
        f"seat{i}_player": str(players[name].pk),
        f"seat{i}_faction": faction,
        f"seat{i}_hq": hq,
    }


# --- The setup wizard --------------------------------------------------------------------------


def swapped(text: str) -> list[str]:
    return re.findall(r'<div class="field" id="field-([a-z0-9_]+)" hx-swap-oob="true">', text)


def test_a_new_hq_fetches_only_the_legal_starts_of_the_seats_after_it(
    prepared_campaign, players, as_owner
):
    data = seat(players, 0, "Ada", "khan-industries", "egypt") | seat(players, 1, "Boris")
    response = as_owner.post(
        url(prepared_campaign, "games/new/seats/"), data | {"_changed": "seat0_hq"}
    )
    text = response.content.decode()
    assert response.status_code == 200
    assert len(response.content) <= 20 * 1024, len(response.content)
    assert "<svg" not in text and "<html" not in text and "<fieldset" not in text
    assert swapped(text) == ["seat1_hq", "seat2_hq", "seat3_hq", "seat4_hq"]
    # The legal starts for seat 2 travel as a list of slugs, for the map beside the seats.
    legal = re.search(r'data-legal="([^"]*)"', text).group(1).split()
    assert "japan" in legal and "egypt" not in legal and "middle-east" not in legal
    assert 'data-focus-seat="2"' in text and "Where seat 2 may start" in text
    assert 'value="middle-east"' not in text
    assert not Game.objects.exists()


def test_a_player_or_a_faction_fetches_only_the_choices_it_disables(
    prepared_campaign, players, as_owner
):
    data = seat(players, 0, "Ada", "khan-industries") | seat(players, 1, "Boris")
    page = url(prepared_campaign, "games/new/seats/")
    text = as_owner.post(page, data | {"_changed": "seat1_player"}).content.decode()
    assert swapped(text) == [f"seat{i}_player" for i in (0, 2, 3, 4)] + ["seat1_hq"]
    # Boris has no faction nor HQ yet: while seats are being chosen nothing is marked wrong.
    assert "aria-invalid" not in text and "Seat 2:" not in text
    text = as_owner.post(page, data | {"_changed": "seat0_faction"}).content.decode()
    assert swapped(text) == [f"seat{i}_faction" for i in (1, 2, 3, 4)]
    # Without knowing what changed, every choice is sent.
    assert len(swapped(as_owner.post(page, data).content.decode())) == 15


def test_the_largest_change_stays_small_in_russian_too(prepared_campaign, players, owner):
    client = Client(HTTP_ACCEPT_LANGUAGE="ru")
    client.force_login(owner)
    data = seat(players, 0, "Ada", "khan-industries", "egypt")
    response = client.post(
        url(prepared_campaign, "games/new/seats/"), data | {"_changed": "seat0_hq"}
    )
    text = response.content.decode()
    assert "Где может начать место 2" in text and "Япония" in text  # Cyrillic: 2 bytes a letter
    assert len(response.content) <= 20 * 1024, len(response.content)


def test_what_one_seat_took_is_offered_disabled_to_the_others(prepared_campaign, players, as_owner):
    data = seat(players, 0, "Ada", "khan-industries") | seat(players, 1, "Boris")
    text = as_owner.post(url(prepared_campaign, "games/new/seats/"), data).content.decode()
    ada, boris = players["Ada"].pk, players["Boris"].pk

    def option(seat_number, field, value):
        select = re.search(
            rf'<select name="seat{seat_number}_{field}".*?</select>', text, re.S
        ).group(0)
        return re.search(rf'<option value="{value}"[^>]*>', select).group(0)

    assert "disabled" in option(1, "player", ada)
    assert "disabled" in option(2, "faction", "khan-industries")
    assert "disabled" in option(0, "player", boris)
    # A seat's own choice stays enabled and chosen.
    assert "disabled" not in option(0, "player", ada) and "selected" in option(0, "player", ada)
    assert "disabled" not in option(0, "faction", "khan-industries")


def test_the_seats_fragment_is_for_writers_only(prepared_campaign, players, as_viewer, as_owner):
    data = seat(players, 0, "Ada")
    assert as_viewer.post(url(prepared_campaign, "games/new/seats/"), data).status_code == 403
    response = as_owner.get(url(prepared_campaign, "games/new/seats/"))
    assert response.status_code == 302 and response["Location"] == url(
        prepared_campaign, "games/new/"
    )


def test_without_script_a_faction_chosen_twice_is_refused_in_the_seat_that_repeats_it(
    prepared_campaign, players, as_owner
):
    data = (
        seat(players, 0, "Ada", "khan-industries", "egypt")
        | seat(players, 1, "Boris", "die-mechaniker", "japan")
        | seat(players, 2, "Chloe", "khan-industries", "peru")
    )
    response = as_owner.post(url(prepared_campaign, "games/new/"), data)
    text = response.content.decode()
    assert response.status_code == 200
    assert "Seat 3: Khan Industries is already in seat 1." in text
    assert not Game.objects.exists()


def test_an_hq_beside_another_is_refused_in_the_seat_that_placed_it(
    prepared_campaign, players, as_owner
):
    data = (
        seat(players, 0, "Ada", "khan-industries", "egypt")
        | seat(players, 1, "Boris", "die-mechaniker", "middle-east")
        | seat(players, 2, "Chloe", "enclave-of-the-bear", "peru")
    )
    text = as_owner.post(url(prepared_campaign, "games/new/"), data).content.decode()
    assert "Seat 2: Boris cannot start there: Middle East borders the HQ already placed" in text
    assert not Game.objects.exists()


def test_a_missing_choice_names_its_seat_in_russian_too(prepared_campaign, players, owner):
    client = Client(HTTP_ACCEPT_LANGUAGE="ru")
    client.force_login(owner)
    data = seat(players, 0, "Ada", "khan-industries", "egypt") | seat(players, 1, "Boris")
    text = client.post(url(prepared_campaign, "games/new/"), data).content.decode()
    assert "Место 2: Выберите фракцию для этого места." in text
    assert not Game.objects.exists()


# --- The map -----------------------------------------------------------------------------------


def test_the_key_explains_every_mark_in_both_languages(prepared_campaign, owner):
    english = Client(HTTP_ACCEPT_LANGUAGE="en")
    russian = Client(HTTP_ACCEPT_LANGUAGE="ru")
    english.force_login(owner)
    russian.force_login(owner)
    en = html.unescape(english.get(url(prepared_campaign)).content.decode())
    ru = html.unescape(russian.get(url(prepared_campaign)).content.decode())
    with translation.override("en"):
        key = [str(words) for _kind, words in MARK_LEGEND]
    assert [words for words in key if words not in en] == []
    assert en.count('class="legend-icon"') == len(MARK_LEGEND)
    assert "Условные обозначения" in ru and "Монеты на карте территории" in ru
    # Every sentence of the key has its Russian: none is left in English.
    assert [words for words in key if words in ru] == []


def test_a_cancelled_scars_white_sticker_is_drawn_and_keyed_only_where_the_campaign_reads_it_so(
    prepared_campaign, owner
):
    bunker = ScarKind.objects.get(campaign=prepared_campaign, slug="bunker")
    Scar.objects.create(
        campaign=prepared_campaign,
        kind=bunker,
        territory="mongolia",
        placed_in_game=0,
        removed_in_game=0,
        removed_reason=RemovedReason.CANCELLED,
    )
    english = Client(HTTP_ACCEPT_LANGUAGE="en")
    russian = Client(HTTP_ACCEPT_LANGUAGE="ru")
    english.force_login(owner)
    russian.force_login(owner)
    with translation.override("en"):
        words = str(WHITE_STICKER_LEGEND[0][1])
    unmarked = html.unescape(english.get(url(prepared_campaign)).content.decode())
    assert 'class="mark scar-cancelled"' not in unmarked and words not in unmarked
    assert "scar-cancelled" not in english.get(url(prepared_campaign, "board.svg")).content.decode()
    prepared_campaign.cancelled_scar_territory = "marked"
    prepared_campaign.save(update_fields=["cancelled_scar_territory"])
    marked = html.unescape(english.get(url(prepared_campaign)).content.decode())
    assert 'class="mark scar-cancelled" data-for="mongolia"' in marked
    assert words in marked
    assert marked.count('class="legend-icon"') == len(MARK_LEGEND) + 1
    assert "a cancelled scar's white sticker" in marked  # the territory's tooltip
    ru = html.unescape(russian.get(url(prepared_campaign)).content.decode())
    assert "Белая наклейка отменённого шрама: территория отмечена" in ru and words not in ru
    svg = english.get(url(prepared_campaign, "board.svg")).content.decode()
    assert 'class="mark scar-cancelled" data-for="mongolia"' in svg
    assert "White sticker: scar cancelled" in svg


def test_every_mark_the_map_can_draw_has_a_line_in_the_key():
    from legacy import drawing

    territories = [
        drawing.DrawnTerritory("egypt", city_kind="capital", city_name="Nova", coins=2),
        drawing.DrawnTerritory("peru", city_kind="major", fortified=True, scar="bunker"),
        drawing.DrawnTerritory("japan", city_kind="minor", scar="ammo-shortage", hq_faction="x"),
        drawing.DrawnTerritory("india", scar="mercenaries", scar_label="Merc", card_destroyed=True),
        drawing.DrawnTerritory("ural", hq_faction="khan-industries", marks=("A",)),
        drawing.DrawnTerritory("brazil", scar_cancelled=True),
    ]
    svg = drawing.render_svg(drawing.BoardPicture(territories=territories))
    drawn = {
        classes.split()[1] for classes in re.findall(r'<g [^>]*class="(mark [^"]+)" data-for=', svg)
    }
    keyed = {kind for kind, _words in MARK_LEGEND + WHITE_STICKER_LEGEND}

    def key_of(kind: str) -> str:
        if kind.startswith("scar-") and kind not in keyed:
            return "scar-other"  # a scar of the group's own: drawn with its name
        return kind

    # A lettered mark of a kind a packet unlocked is keyed in the map's own legend, by name
    # (tests/legacy/test_legend.py); every other mark is keyed on the page.
    missing = {k for k in drawn - {"unlocked-mark"} if key_of(k) not in keyed}
    assert drawn >= {"city-capital", "fortification", "scar-other", "coins", "hq"}
    assert "scar-cancelled" in drawn
    assert missing == set(), missing
    assert keyed <= {key_of(k) for k in drawn} | {"scar-other"}


def test_every_territory_carries_what_its_panel_shows(prepared_campaign, as_owner):
    text = as_owner.get(url(prepared_campaign)).content.decode()
    links = re.findall(r'<a href="[^"]+/territories/[a-z-]+/"[^>]*>', text)
    assert len(links) == 42
    assert all("data-name=" in a and "data-marks=" in a for a in links)
    assert 'data-name="Iceland" data-continent="Europe" data-marks="card: 2 coin(s)"' in text


def test_a_territory_too_small_to_tap_answers_to_a_larger_area(prepared_campaign, as_owner):
    text = as_owner.get(url(prepared_campaign)).content.decode()
    iceland = re.search(r'data-name="Iceland".*?</a>', text, re.S).group(0)
    hit = re.search(r'<rect class="hit"[^>]*width="([\d.]+)" height="([\d.]+)"', iceland)
    assert hit and min(float(hit.group(1)), float(hit.group(2))) >= MIN_TARGET_UNITS
    # At the narrowest the map is drawn (44rem for 1000 units), that is at least 24 px.
    assert MIN_TARGET_UNITS * 704 / 1000 >= 24
    brazil = re.search(r'data-name="Brazil".*?</a>', text, re.S).group(0)
    assert 'class="hit"' not in brazil


# --- The home page -----------------------------------------------------------------------------


def test_a_member_finds_their_campaigns_first_and_no_sales_talk(prepared_campaign, as_owner):
    text = as_owner.get("/").content.decode()
    main = text[text.index("<main") :]
    assert re.search(r"<h1[^>]*>Your campaigns</h1>", main)
    assert main.index(prepared_campaign.name) < main.index("Shared campaigns")
    assert "The campaign keeper for Risk Legacy" not in text


def test_a_visitor_still_reads_what_earthbook_is(client):
    text = client.get("/").content.decode()
    assert "The campaign keeper for Risk Legacy" in text
    assert "Your campaigns" not in text


def test_a_change_of_seat_costs_the_same_queries_after_one_game_and_after_four(owner):
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    from tests.support.games import play
    from tests.support.pages import prepared

    client = client_for(owner)
    counts = []
    for name, n in (("One", 1), ("Four", 4)):
        campaign = play(prepared(owner, name), n)
        ada = campaign.players.get(name="Ada")
        data = {"seat0_player": str(ada.pk), "seat0_hq": "egypt", "_changed": "seat0_hq"}
        page = url(campaign, "games/new/seats/")
        assert client.post(page, data).status_code == 200
        with CaptureQueriesContext(connection) as queries:
            assert client.post(page, data).status_code == 200
        counts.append(len(queries))
    assert counts[0] == counts[1] <= 30, counts


def test_the_standings_tables_that_scroll_on_a_phone_are_reached_by_the_keyboard_by_name(
    prepared_campaign, as_owner
):
    page = as_owner.get(url(prepared_campaign, "standings/")).content.decode()
    regions = re.findall(r'<div class="table-scroll"([^>]*)>', page)
    assert len(regions) == 2
    for attributes in regions:
        assert 'tabindex="0"' in attributes and 'role="region"' in attributes
        label = re.search(r'aria-labelledby="([^"]+)"', attributes).group(1)
        assert f'id="{label}"' in page


def test_every_link_of_the_game_page_is_a_target_of_24px_on_a_phone():
    from pathlib import Path

    css = (Path(__file__).resolve().parents[2] / "static/css/earthbook.css").read_text()
    rule = re.search(r"\.quick-log a:not\(\.button\), \.seat-row a, \.events a \{([^}]*)\}", css)
    assert rule and "min-height: 24px" in rule.group(1) and "inline-block" in rule.group(1)
