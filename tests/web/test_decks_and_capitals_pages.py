"""The pages: the decks with where each card is, the card form of the game page and its log,
founding a World Capital, the house rule on the settings page, and hidden names."""

from unittest import mock

import pytest

from campaigns.game.decks import destroy_card, draw_card
from campaigns.game.packets import open_packet
from campaigns.game.rulebook import add_sticker
from campaigns.game.table import record_recruitment
from campaigns.game.territory_entries import place_mark
from campaigns.models import EventKind, Role
from legacy.models import City, DeckCard
from tests.support.games import EARNED_ANOTHER_WAY, start
from tests.support.people import member
from web.views import quick_log

pytestmark = pytest.mark.django_db

CARDS = [
    {"kind": "event-card", "title": "Long Winter", "text": "Our own words."},
    {"kind": "mission-card", "title": "Hold the Poles", "text": "Our own words."},
    {"kind": "mark-kind", "title": "Beacon"},
    {"kind": "world-capital", "title": "Our capital rule"},
]


@pytest.fixture
def opened(prepared_campaign):
    open_packet(
        earned_otherwise=EARNED_ANOTHER_WAY,
        campaign=prepared_campaign,
        packet="pack-2",
        unlocked=CARDS,
    )
    prepared_campaign.refresh_from_db()
    return prepared_campaign


@pytest.fixture
def game(opened, players):
    return start(opened, players)


@pytest.fixture
def viewer(opened):
    return member(opened, "vic", Role.VIEWER)


def test_a_card_drawn_from_the_game_page_is_an_entry_of_the_log(client, owner, game):
    client.force_login(owner)
    card = DeckCard.objects.get(campaign=game.campaign, deck="event")
    response = client.post(
        f"/c/{game.campaign_id}/games/1/cards/", {"action": "drawn", "card": card.pk}, follow=True
    )
    assert response.status_code == 200
    assert game.events.filter(kind=EventKind.CARD_DRAWN, data__card=card.pk).exists()
    assert "event card Long Winter drawn" in response.content.decode()


def test_a_card_destroyed_leaves_the_card_form_of_the_game_page_at_once(
    client, owner, game, players
):
    client.force_login(owner)
    page = f"/c/{game.campaign_id}/games/1/"
    assert "Event: Long Winter" in client.get(page).content.decode()
    destroy_card(game=game, card=DeckCard.objects.get(campaign=game.campaign, deck="event").pk)
    shown = client.get(page).content.decode()
    assert "Event: Long Winter" not in shown and "Mission: Hold the Poles" in shown


def test_an_entry_of_another_kind_leaves_the_card_form_drawn(client, owner, game, players):
    client.force_login(owner)
    page = f"/c/{game.campaign_id}/games/1/"
    client.get(page)
    record_recruitment(game=game, player=players["Ada"].pk, troops=7)
    with mock.patch.object(
        quick_log, "card_entry_form", side_effect=quick_log.card_entry_form
    ) as drawn:
        shown = client.get(page).content.decode()
    assert drawn.call_count == 0
    assert "Event: Long Winter" in shown


def test_completing_an_event_card_on_the_game_page_is_refused_in_russian(
    client, owner, game, players
):
    client.force_login(owner)
    card = DeckCard.objects.get(campaign=game.campaign, deck="event")
    draw_card(game=game, card=card.pk)
    response = client.post(
        f"/c/{game.campaign_id}/games/1/cards/",
        {"action": "completed", "card": card.pk, "player": players["Ada"].pk},
        HTTP_ACCEPT_LANGUAGE="ru",
    )
    assert response.status_code == 200
    assert "выполняется только миссия" in response.content.decode()
    assert not game.events.filter(kind=EventKind.CARD_COMPLETED).exists()


def test_the_decks_page_says_where_each_card_is(client, owner, game):
    client.force_login(owner)
    card = DeckCard.objects.get(campaign=game.campaign, deck="mission")
    draw_card(game=game, card=card.pk)
    page = client.get(f"/c/{game.campaign_id}/decks/").content.decode()
    assert "Hold the Poles" in page and "drawn in game 1" in page
    assert "Long Winter" in page and "in the deck" in page


def test_hidden_cards_and_marks_show_a_placeholder_to_a_viewer(client, owner, viewer, game):
    game.campaign.hide_unlocked_content = True
    game.campaign.save()
    place_mark(game=game, kind="beacon", territory="india")
    draw_card(game=game, card=DeckCard.objects.get(campaign=game.campaign, deck="event").pk)
    client.force_login(viewer)
    decks = client.get(f"/c/{game.campaign_id}/decks/").content.decode()
    assert "Long Winter" not in decks and "hidden by the campaign" in decks
    game_page = client.get(f"/c/{game.campaign_id}/games/1/").content.decode()
    assert "Long Winter" not in game_page and "Beacon" not in game_page
    svg = client.get(f"/c/{game.campaign_id}/board.svg").content.decode()
    assert "Beacon" not in svg and 'class="mark legend-mark mark-a"' in svg
    assert "(hidden)" in svg
    client.force_login(owner)
    assert ">Beacon<" in client.get(f"/c/{game.campaign_id}/board.svg").content.decode()


def test_a_world_capital_is_founded_from_its_page(client, owner, opened, players):
    client.force_login(owner)
    response = client.post(
        f"/c/{opened.pk}/world-capitals/",
        {"territory": "egypt", "name": "Nova", "player": players["Ada"].pk},
    )
    assert response.status_code == 302
    city = City.objects.get(campaign=opened, kind="capital")
    assert (city.territory, city.name, city.placed_by) == ("egypt", "Nova", players["Ada"])
    svg = client.get(f"/c/{opened.pk}/board.svg").content.decode()
    assert 'class="mark city-capital" data-for="egypt"' in svg
    assert 'class="mark legend-capital"' in svg


def test_the_house_rule_for_world_capitals_is_on_the_settings_page(client, owner, opened):
    client.force_login(owner)
    assert (
        "World Capitals that may exist at once"
        in client.get(f"/c/{opened.pk}/settings/").content.decode()
    )
    client.post(f"/c/{opened.pk}/settings/house-rules/", {"world_capitals_allowed": 3})
    opened.refresh_from_db()
    assert opened.world_capitals_allowed == 3


def test_the_number_of_world_capitals_links_to_the_sticker_that_changed_it(client, owner, opened):
    sticker = add_sticker(
        campaign=opened,
        section="end-of-game",
        game=0,
        title="Twin Seats",
        packet="pack-2",
        setting="world_capitals_allowed",
        by=owner,
    )
    client.force_login(owner)
    client.post(f"/c/{opened.pk}/settings/house-rules/", {"world_capitals_allowed": 2})
    link = f'href="/c/{opened.pk}/rules/#sticker-{sticker.pk}"'
    for page in ("world-capitals/", "settings/"):
        html = client.get(f"/c/{opened.pk}/{page}").content.decode()
        assert "Changed by the rule sticker:" in html and link in html and "Twin Seats" in html
    rules = client.get(f"/c/{opened.pk}/rules/").content.decode()
    assert f'id="sticker-{sticker.pk}"' in rules


def test_a_mark_on_a_faction_card_names_the_card_in_the_history(client, owner, game):
    place_mark(game=game, kind="beacon", faction="khan-industries")
    client.force_login(owner)
    page = client.get(f"/c/{game.campaign_id}/history/").content.decode()
    assert "Khan Industries card: Beacon" in page
    svg = client.get(f"/c/{game.campaign_id}/board.svg").content.decode()
    assert "unlocked-mark" not in svg  # not on the board


def test_the_world_capital_page_says_when_no_packet_allows_one(client, owner, prepared_campaign):
    client.force_login(owner)
    page = client.get(f"/c/{prepared_campaign.pk}/world-capitals/").content.decode()
    assert "No opened packet allows founding a World Capital yet" in page
    assert 'name="territory"' not in page


def test_the_owner_chooses_each_open_point_of_the_rulebook_on_the_settings_page(
    client, owner, opened
):
    client.force_login(owner)
    html = client.get(f"/c/{opened.pk}/settings/").content.decode()
    for words in ("Modified defence dice", "Dice after modifiers", "Missiles at setup"):
        assert words in html
    response = client.post(
        f"/c/{opened.pk}/settings/house-rules/",
        {"defence_dice_clamp": "clamp-each", "dice_order_after_modifiers": "as-rolled"},
    )
    assert response.status_code == 302
    opened.refresh_from_db()
    assert opened.defence_dice_clamp == "clamp-each"
    assert opened.dice_order_after_modifiers == "as-rolled"
    # A point left out keeps its reading; the other house rules too.
    client.post(f"/c/{opened.pk}/settings/house-rules/", {"world_capitals_allowed": 2})
    opened.refresh_from_db()
    assert opened.defence_dice_clamp == "clamp-each" and opened.world_capitals_allowed == 2


def test_an_unknown_reading_on_the_settings_page_is_a_form_error(client, owner, opened):
    client.force_login(owner)
    response = client.post(
        f"/c/{opened.pk}/settings/house-rules/", {"bear_three_of_a_kind": "sometimes"}
    )
    assert response.status_code == 200
    opened.refresh_from_db()
    assert opened.bear_three_of_a_kind == "natural-only"


def test_the_capital_form_of_the_quick_log_offers_no_territory_with_a_city(client, owner, game):
    City.objects.create(
        campaign=game.campaign, territory="egypt", kind="major", name="Cairo", placed_in_game=0
    )
    client.force_login(owner)
    page = client.get(f"/c/{game.campaign_id}/games/1/")
    form = next(
        e for e in page.context["log_forms"] if e["kind"] == EventKind.WORLD_CAPITAL_FOUNDED
    )
    offered = str(form["form"].fields["territory"].choices)
    assert "'egypt'" not in offered and "'japan'" in offered


def test_the_world_capital_page_sends_a_game_in_play_to_its_quick_log(client, owner, game):
    client.force_login(owner)
    page = client.get(f"/c/{game.campaign_id}/world-capitals/").content.decode()
    assert "founded between games" not in page
    assert "a World Capital founded during a game is an entry of its log" in page
    assert f'href="/c/{game.campaign_id}/games/1/#log"' in page


def test_the_reason_a_packet_opened_early_shows_on_the_packets_page_and_the_history(
    client, owner, opened
):
    client.force_login(owner)
    packets = client.get(f"/c/{opened.pk}/packets/").content.decode()
    assert f"Opened early: {EARNED_ANOTHER_WAY}" in packets
    history = client.get(f"/c/{opened.pk}/history/").content.decode()
    assert f"opened early: {EARNED_ANOTHER_WAY}" in history
