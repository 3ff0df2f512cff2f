"""The quick log on the game page: the entries a table makes most first, the others one tap away
under "Other entries", a bar with the end of the game, the undo and the packets; its lists drawn
cheaply but exactly as Django draws them; the wizard and the end form keep what is touched while
they redraw, and a phone on the campaign page or the wizard follows to a game set up elsewhere."""

from __future__ import annotations

import pytest
from django import forms

from campaigns.game.table import use_missiles
from tests.support.games import give
from tests.support.pages import url
from web.forms.common import seat_choices, territory_choices
from web.forms.table import QUICK_LOG, LogChoices

pytestmark = pytest.mark.django_db

FREQUENT_TITLES = [
    "Missiles on one roll",
    "A red star bought with 4 cards",
    "A scar is placed",
    "A faction is wiped out",
    "An HQ is taken",
    "A fortified city is attacked with 3 troops",
    "A big recruitment (30+ troops)",
]


def summaries(html: str) -> list[str]:
    import re

    return re.findall(r'class="log-entry"[^>]*>\s*<summary>([^<]+)</summary>', html)


def test_the_frequent_entries_come_first_and_the_others_wait_under_other_entries(
    game, cairo, as_owner
):
    page = as_owner.get(url(game.campaign, "games/1/")).content.decode()
    shown = summaries(page)
    assert shown[:7] == FREQUENT_TITLES
    others = page[page.index("Other entries") :]
    assert summaries(others) == shown[7:] and "A faction joins the war again" in shown[7:]
    # One form open at a time: every entry belongs to the same group of folds.
    assert page.count('name="quick-log" class="log-entry"') == len(shown)


def test_the_games_bar_holds_the_end_the_undo_of_the_last_entry_and_the_packets_due(
    game, players, as_owner
):
    give(game, players["Boris"], missiles=3)
    use_missiles(game=game, count=3, player=players["Boris"].pk)
    page = as_owner.get(url(game.campaign, "games/1/")).content.decode()
    start = page.index('class="table-bar"')
    bar = page[start : page.index("</nav>", start)]
    assert url(game.campaign, "games/1/finish/") in bar
    assert url(game.campaign, "games/1/entries/1/void/") in bar  # the last entry's undo
    assert "1 packet due" in bar and "?packet=" in bar  # the third missile makes one due
    assert page.count("Open now:") == 1  # the notice itself is said once, by the quick log
    russian = as_owner.get(url(game.campaign, "games/1/"), HTTP_ACCEPT_LANGUAGE="ru")
    assert "Открыть 1 пакет" in russian.content.decode()


def test_a_refused_entry_among_the_others_shows_them_open(game, players, as_owner):
    response = as_owner.post(
        url(game.campaign, "games/1/log/rejoined/"),
        {"rejoined-player": str(players["Ada"].pk), "rejoined-territory": ""},
    )
    page = response.content.decode()
    assert '<details class="log-others" open>' in page
    assert '<details open name="quick-log" class="log-entry" data-live="log-rejoined">' in page


def test_the_quick_logs_lists_are_drawn_exactly_as_django_draws_them(game, players):
    seats = list(game.seats.select_related("player").order_by("order"))
    for s in seats:
        s.faction_label = s.faction
    choices = LogChoices(
        seats=seats,
        factions={"khan-industries": "Khan <Industries>"},
        scar_kinds=[("bunker", "Bunker & co")],
        free_territories=["egypt", "peru", "japan"],
    )
    data = {"scar-scar": "bunker", "scar-territory": "peru", "scar-player": "nobody"}
    for bound in (None, data):
        form = QUICK_LOG[0](bound, choices=choices)
        if bound:
            form.is_valid()  # the player is refused: the list says so (aria-invalid)
        for name in ("scar", "territory", "faction", "player"):
            field = form[name]
            assert type(field.field.widget).__name__ == "QuickSelect"
            plain = forms.Select(attrs=field.field.widget.attrs)
            plain.choices = field.field.choices
            plain.is_required = field.field.required
            expected = field.as_widget(widget=plain)
            assert str(field) == expected, name
    assert territory_choices(["peru"], blank="—")[1][0]  # grouped by continent
    assert seat_choices(seats)[0][0] == str(seats[0].player_id)


# --- Setup and the end of a game, live -------------------------------------------------------


def test_the_campaign_page_names_the_game_being_played_for_the_live_table_to_follow(
    prepared_campaign, players, as_owner
):
    from campaigns.game.setup import setup_game
    from tests.support.games import seats

    before = as_owner.get(url(prepared_campaign, "")).content.decode()
    assert "data-live-follow" not in before
    setup_game(campaign=prepared_campaign, seats=seats(players))
    after = as_owner.get(url(prepared_campaign, "")).content.decode()
    assert f'href="{url(prepared_campaign, "games/1/")}" data-live-follow' in after
    # The wizard, asked again by the live table, sends the phone to the game with its seats.
    wizard = as_owner.get(url(prepared_campaign, "games/new/"))
    assert wizard.status_code == 302 and wizard["Location"] == url(prepared_campaign, "games/1/")


def test_the_wizard_and_the_end_form_queue_their_redraws_and_keep_what_is_touched(
    game, prepared_campaign, as_owner
):
    finish = as_owner.get(url(game.campaign, "games/1/finish/")).content.decode()
    assert 'id="finish-form" data-keeps-choices' in finish
    game.delete()
    wizard = as_owner.get(url(prepared_campaign, "games/new/")).content.decode()
    assert 'id="setup-form" data-keeps-choices' in wizard
    assert 'hx-sync="this:queue all"' in wizard
