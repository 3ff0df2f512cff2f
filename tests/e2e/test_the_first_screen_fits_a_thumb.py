"""The game page's first screen fits a thumb at 390x844, in English and in Russian: five seats
holding red stars, missiles and a scar card each show their whole name, "Other entries" opens
above the game's bar, every control of the quick log is at least 24px, and the forms start on
the reader's own seat (their claimed name), or on nobody."""

from __future__ import annotations

import pytest

from campaigns import services
from campaigns.game.setup import setup_game, start_game
from campaigns.models import Player, Role
from legacy import rules
from legacy.box import FACTIONS
from legacy.selectors import world_as_of
from tests.support.games import TWELVE_COINS, give
from tests.support.people import member
from tests.support.phones import PHONE, in_view, phone_on

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

NAMES = {
    "en": ["Konstantin", "Faina", "Bartholomew", "Lyudmila", "Maximiliana"],
    "ru": ["Константин", "Фаина", "Варфоломей", "Людмила", "Максимилиана"],
}
LOCALES = {"en": "en-GB", "ru": "ru-RU"}


@pytest.fixture
def five_at_the_table(django_user_model, request):
    """Game 1 under way at a table of five, each seat holding a red star, three missiles and a
    scar card; the owner is the first seat's claimed name."""
    names = NAMES[request.param]
    owner = django_user_model.objects.create_user(username="olga", password="pw-olga-123")
    campaign = services.create_campaign(owner=owner, name="Five", players=names)
    services.prepare_first_game(
        campaign=campaign, powers={f.slug: "a" for f in FACTIONS}, coins=TWELVE_COINS, by=owner
    )
    world = world_as_of(campaign.pk)
    players = list(campaign.players.order_by("id"))
    seats, placed = [], []
    for player, faction in zip(players, FACTIONS, strict=True):
        hq = rules.legal_starting_territories(world, player=player.pk, hqs=placed)[0]
        placed.append(hq)
        seats.append({"player": player.pk, "faction": faction.slug, "hq": hq})
    game = start_game(game=setup_game(campaign=campaign, seats=seats))
    for player in players:
        give(game, player, red_stars=2, missiles=3, scar_card=True, scar_card_kind="bunker")
    Player.objects.filter(pk=players[0].pk).update(user=owner)
    return request.param, owner, campaign, players


def bar_top(page) -> float:
    box = page.locator(".table-bar").bounding_box()
    assert box is not None
    return box["y"]


@pytest.mark.parametrize("five_at_the_table", ["en", "ru"], indirect=True)
def test_every_seat_shows_its_whole_name_and_holdings(browser, live_server, five_at_the_table):
    language, owner, campaign, players = five_at_the_table
    context = phone_on(browser, live_server.url, owner, locale=LOCALES[language])
    try:
        page = context.new_page()
        page.goto(f"/c/{campaign.pk}/games/1/")
        rows = page.locator(".seat-row")
        assert rows.count() == 5
        for i, player in enumerate(players):
            row = rows.nth(i)
            name = row.locator(".seat-who strong")
            assert name.inner_text() == player.name
            box = name.bounding_box()
            assert box and box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"], box
            # Nothing of the name or of the holdings is cut or hidden under an ellipsis.
            for part in (".seat-who", ".holdings"):
                cut = row.locator(part).evaluate("el => el.scrollWidth > el.clientWidth + 1")
                assert not cut, (player.name, part)
            assert row.locator(".holdings").is_visible()
    finally:
        context.close()


@pytest.mark.parametrize("five_at_the_table", ["en", "ru"], indirect=True)
def test_other_entries_open_above_the_bar_and_every_control_is_24px(
    browser, live_server, five_at_the_table
):
    language, owner, campaign, _players = five_at_the_table
    context = phone_on(browser, live_server.url, owner, locale=LOCALES[language])
    try:
        page = context.new_page()
        page.goto(f"/c/{campaign.pk}/games/1/")
        page.locator("#log .log-others > summary").click()
        in_view(page.locator("#log .log-others .log-entry > summary").first, above=bar_top(page))

        small = []
        entries = page.locator("#log .log-entry")
        for i in range(entries.count()):
            entry = entries.nth(i)
            entry.locator("> summary").click()
            controls = entry.locator("input:not([type=hidden]), select, button, summary, a")
            for j in range(controls.count()):
                control = controls.nth(j)
                if not control.is_visible():
                    continue
                size = control.bounding_box()
                if size and (size["width"] < 24 or size["height"] < 24):
                    small.append((entry.locator("> summary").inner_text(), size))
        assert small == []
    finally:
        context.close()


@pytest.mark.parametrize("five_at_the_table", ["en"], indirect=True)
def test_the_forms_start_on_the_readers_own_seat_or_on_nobody(
    browser, live_server, five_at_the_table
):
    _language, owner, campaign, players = five_at_the_table
    seatless = member(campaign, "edda", Role.EDITOR)
    for user, starts_on in ((owner, str(players[0].pk)), (seatless, "")):
        context = phone_on(browser, live_server.url, user)
        try:
            page = context.new_page()
            page.goto(f"/c/{campaign.pk}/games/1/")
            for form in ("missiles", "redstar", "hqtaken", "eliminated"):
                value = page.locator(f"#id_{form}-player").evaluate("el => el.value")
                assert value == starts_on, (user.username, form)
        finally:
            context.close()
