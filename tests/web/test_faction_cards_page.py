"""The factions page: unlocked factions beside the box's five, powers as of any game, and the
forms that add a faction and place, cover and destroy powers (invented names only)."""

from __future__ import annotations

import pytest
from django.urls import reverse

from campaigns.game.factions import place_power
from campaigns.game.packets import open_packet
from legacy.models import FactionPower, RemovedReason, UnlockedFaction
from tests.support.games import EARNED_ANOTHER_WAY, play, start_next_game

pytestmark = pytest.mark.django_db

TIDE = "tidewater-league"


@pytest.fixture
def unlocked(prepared_campaign, owner):
    play(prepared_campaign, 1)
    open_packet(
        earned_otherwise=EARNED_ANOTHER_WAY,
        campaign=prepared_campaign,
        packet="pack-1",
        unlocked=[{"kind": "faction", "title": "Tidewater League", "colour": "#1f9a8a"}],
        by=owner,
    )
    return prepared_campaign


def page(campaign, query=""):
    return reverse("campaigns:factions", args=[campaign.pk]) + query


def change(client, campaign, **data):
    return client.post(reverse("campaigns:factions_change", args=[campaign.pk]), data)


def test_an_unlocked_faction_has_a_card_in_its_colour(unlocked, as_viewer):
    html = as_viewer.get(page(unlocked)).content.decode()
    assert "Tidewater League" in html
    assert 'fill="#1f9a8a"' in html


def test_a_power_placed_with_the_form_is_on_the_card(unlocked, as_editor):
    done = change(
        as_editor,
        unlocked,
        action="place-power",
        **{"place-faction": TIDE, "place-slot": "red", "place-name": "Undertow"},
    )
    assert done.status_code == 302
    assert "Undertow" in as_editor.get(page(unlocked)).content.decode()


def test_a_second_power_of_the_same_type_is_refused_on_the_page(unlocked, owner, as_editor):
    place_power(campaign=unlocked, faction=TIDE, slot="red", name="Undertow", by=owner)
    refused = change(
        as_editor,
        unlocked,
        action="place-power",
        **{"place-faction": TIDE, "place-slot": "red", "place-name": "Riptide"},
    )
    html = refused.content.decode()
    assert refused.status_code == 200
    assert "Not recorded" in html and "one power of each type" in html
    assert not FactionPower.objects.filter(name="Riptide").exists()
    covered = change(
        as_editor,
        unlocked,
        action="place-power",
        **{
            "place-faction": TIDE,
            "place-slot": "red",
            "place-name": "Riptide",
            "place-covers": "on",
        },
    )
    assert covered.status_code == 302
    assert FactionPower.objects.get(name="Undertow").removed_reason == RemovedReason.COVERED


def test_a_power_destroyed_with_the_form_leaves_the_card(unlocked, owner, as_editor):
    power = place_power(campaign=unlocked, faction=TIDE, slot="red", name="Undertow", by=owner)
    assert change(as_editor, unlocked, action="destroy-power", power=power.pk).status_code == 302
    power.refresh_from_db()
    assert power.removed_reason == RemovedReason.DESTROYED
    html = as_editor.get(page(unlocked)).content.decode()
    assert '<li class="removed"><span class="tag power-type">red</span> <strong>Undertow' in html
    assert "destroy-power" not in html.split("<strong>Undertow", 1)[1].split("</li>", 1)[0]


def test_the_cards_as_of_an_earlier_game_leave_out_later_powers_and_factions(
    unlocked, owner, as_viewer
):
    start_next_game(unlocked)
    place_power(campaign=unlocked, faction="khan-industries", slot="red", name="Late", game=2)
    then = as_viewer.get(page(unlocked, "?game=0")).content.decode()
    now = as_viewer.get(page(unlocked)).content.decode()
    assert "Late" not in then and "Tidewater League" not in then
    assert "Late" in now and "Tidewater League" in now


def test_a_faction_is_added_between_games_with_the_form(unlocked, as_editor, as_viewer):
    done = change(
        as_editor,
        unlocked,
        action="add-faction",
        **{"add-name": "Salt Guild", "add-colour": "#8c6239"},
    )
    assert done.status_code == 302
    assert UnlockedFaction.objects.get(campaign=unlocked, slug="salt-guild").colour == "#8c6239"
    refused = change(as_editor, unlocked, action="add-faction", **{"add-name": "Salt Guild"})
    assert "Not recorded" in refused.content.decode()
    assert change(as_viewer, unlocked, action="add-faction", **{"add-name": "X"}).status_code == 403


def test_a_hidden_campaign_shows_a_placeholder_for_the_unlocked_faction_and_its_powers(
    unlocked, owner, as_viewer, as_editor
):
    place_power(campaign=unlocked, faction=TIDE, slot="red", name="Undertow", text="Secret")
    unlocked.hide_unlocked_content = True
    unlocked.save()
    html = as_viewer.get(page(unlocked)).content.decode()
    assert "tidewater" not in html.lower() and "Undertow" not in html and "Secret" not in html
    assert "an unlocked faction" in html and "an unlocked power" in html
    assert "Undertow" in as_editor.get(page(unlocked)).content.decode()


def test_the_placeholder_is_in_russian_for_a_russian_reader(unlocked, as_viewer):
    unlocked.hide_unlocked_content = True
    unlocked.save()
    html = as_viewer.get(page(unlocked), HTTP_ACCEPT_LANGUAGE="ru").content.decode()
    assert "открытая фракция" in html


def test_the_standings_name_a_hidden_unlocked_faction_by_the_placeholder(unlocked, as_viewer):
    from campaigns.game.finish import finish_game
    from campaigns.game.setup import setup_game, start_game

    players = {p.name: p for p in unlocked.players.all()}
    plan = [
        {"player": players["Ada"].pk, "faction": TIDE, "hq": "egypt"},
        {"player": players["Boris"].pk, "faction": "die-mechaniker", "hq": "japan"},
        {"player": players["Chloe"].pk, "faction": "enclave-of-the-bear", "hq": "peru"},
    ]
    game = start_game(game=setup_game(campaign=unlocked, seats=plan))
    finish_game(
        game=game,
        results={players["Ada"].pk: "won", players["Boris"].pk: "held_on"}
        | {players["Chloe"].pk: "eliminated"},
        controlled={players["Boris"].pk: ["china"]},
        winner_reward={"kind": "destroy-card", "territory": "brazil"},
        held_on_rewards={players["Boris"].pk: {"kind": "upgrade-card", "territory": "china"}},
    )
    url = reverse("campaigns:standings", args=[unlocked.pk])
    assert "Tidewater League" in as_viewer.get(url).content.decode()
    unlocked.hide_unlocked_content = True
    unlocked.save()
    html = as_viewer.get(url).content.decode()
    assert "tidewater" not in html.lower() and "an unlocked faction" in html


def test_the_game_page_seats_an_unlocked_faction_with_its_colour(unlocked, as_viewer):
    from campaigns.game.setup import setup_game, start_game

    players = {p.name: p for p in unlocked.players.all()}
    plan = [
        {"player": players["Ada"].pk, "faction": "khan-industries", "hq": "egypt"},
        {"player": players["Boris"].pk, "faction": "die-mechaniker", "hq": "japan"},
        {"player": players["Chloe"].pk, "faction": TIDE, "hq": "peru"},
    ]
    game = start_game(game=setup_game(campaign=unlocked, seats=plan))
    html = as_viewer.get(reverse("campaigns:game", args=[unlocked.pk, game.number])).content
    html = html.decode()
    assert "Tidewater League" in html
    assert html.count('fill="#1f9a8a"') >= 2  # the seat's swatch and the HQ on the board
    unlocked.hide_unlocked_content = True
    unlocked.save()
    html = as_viewer.get(reverse("campaigns:game", args=[unlocked.pk, game.number])).content
    assert b"tidewater" not in html.lower() and b"an unlocked faction" in html


def test_the_setup_wizard_seats_an_unlocked_faction(unlocked, as_editor):
    from campaigns.models import Seat

    players = {p.name: p for p in unlocked.players.all()}
    seats = (("Ada", "khan-industries", "egypt"), ("Boris", TIDE, "japan"))
    seats += (("Chloe", "enclave-of-the-bear", "peru"),)
    data = {}
    for i, (name, faction, hq) in enumerate(seats):
        data |= {f"seat{i}_player": str(players[name].pk), f"seat{i}_faction": faction}
        data[f"seat{i}_hq"] = hq
    done = as_editor.post(reverse("campaigns:game_new", args=[unlocked.pk]), data)
    assert done.status_code == 302
    assert Seat.objects.get(game__campaign=unlocked, game__number=2, faction=TIDE).hq == "japan"


def test_a_packet_opened_on_the_page_enters_a_faction_in_the_colour_chosen(
    prepared_campaign, as_editor
):
    play(prepared_campaign, 1)
    done = as_editor.post(
        reverse("campaigns:packet_open", args=[prepared_campaign.pk]),
        {
            "packet": "pack-2",
            "earned_otherwise": EARNED_ANOTHER_WAY,
            "item0_kind": "faction",
            "item0_title": "Ember Compact",
            "item0_colour": "#d14d8f",
        },
    )
    assert done.status_code == 302
    row = UnlockedFaction.objects.get(campaign=prepared_campaign)
    assert (row.slug, row.colour, row.unlocked_by.packet) == ("ember-compact", "#d14d8f", "pack-2")


def test_adding_a_faction_while_a_game_is_played_is_refused_on_the_page(unlocked, as_editor):
    start_next_game(unlocked)
    refused = change(as_editor, unlocked, action="add-faction", **{"add-name": "Salt Guild"})
    html = refused.content.decode()
    assert refused.status_code == 200
    assert "Not recorded" in html and "done between games" in html
    assert not UnlockedFaction.objects.filter(slug="salt-guild").exists()


def test_a_scar_on_an_unlocked_factions_card_from_the_game_page(unlocked, owner, as_editor):
    from legacy.models import Scar, ScarKind

    ScarKind.objects.create(
        campaign=unlocked, slug="rust", name="Rust", cards=3, on_faction_card=True
    )
    game = start_next_game(unlocked)
    url = reverse("campaigns:game_log", args=[unlocked.pk, game.number, "scar"])
    data = {
        "scar-scar": "rust",
        "scar-faction": TIDE,
        "scar-without_card": "on",
        "scar-reason": "Our house rule",
    }
    assert as_editor.post(url, data).status_code == 302
    assert Scar.objects.get(campaign=unlocked, kind__slug="rust").faction == TIDE
    again = as_editor.post(url, data)
    assert again.status_code == 200
    assert "Not recorded" in again.content.decode()
    assert "The Tidewater League card already has a scar" in again.content.decode()


def in_russian(client):
    client.defaults["HTTP_ACCEPT_LANGUAGE"] = "ru"
    return client


def test_a_power_type_is_chosen_from_a_list_worded_in_russian_and_stored_as_its_code(
    unlocked, as_editor
):
    form = in_russian(as_editor).get(page(unlocked)).content.decode()
    assert '<option value="green">зелёная</option>' in form
    done = change(
        as_editor,
        unlocked,
        action="place-power",
        **{"place-faction": TIDE, "place-slot": "green", "place-name": "Undertow"},
    )
    assert done.status_code == 302
    assert FactionPower.objects.get(name="Undertow").slot == "green"
    card = as_editor.get(page(unlocked)).content.decode()
    assert '<span class="tag power-type">зелёная</span> <strong>Undertow</strong>' in card


def test_a_power_type_typed_in_words_is_refused_naming_the_list(unlocked, as_editor):
    refused = change(
        in_russian(as_editor),
        unlocked,
        action="place-power",
        **{"place-faction": TIDE, "place-slot": "зелёный", "place-name": "Undertow"},
    )
    assert refused.status_code == 200
    assert not FactionPower.objects.filter(name="Undertow").exists()


def test_a_refusal_draws_the_page_again_in_the_readers_language(unlocked, owner, as_editor):
    place_power(campaign=unlocked, faction=TIDE, slot="red", name="Undertow", by=owner)
    refused = change(
        in_russian(as_editor),
        unlocked,
        action="place-power",
        **{"place-faction": TIDE, "place-slot": "red", "place-name": "Riptide"},
    )
    html = refused.content.decode()
    assert refused.status_code == 200
    assert "по одной способности каждого типа" in html
    assert '<option value="khan-industries">Индустриальные ханы</option>' in html
    assert '<option value="khan-industries">Khan Industries</option>' not in html
    assert not FactionPower.objects.filter(name="Riptide").exists()


def test_the_button_that_destroys_a_power_says_so_in_both_languages(unlocked, owner, as_editor):
    place_power(campaign=unlocked, faction=TIDE, slot="red", name="Undertow", by=owner)
    english = as_editor.get(page(unlocked), HTTP_ACCEPT_LANGUAGE="en").content.decode()
    russian = in_russian(as_editor).get(page(unlocked)).content.decode()
    assert "Destroy this power<span" in english and ">Destroyed<" not in english
    assert "Уничтожить эту способность<span" in russian
