"""The factions step of bringing a campaign in: the starting power each faction kept, a scar on
a faction card, a power placed (over another one or not), each saved as it is made, refused on
its form with the field named, taken out again until the group says it is done, then read by
the factions page as a played one; a faction a packet unlocked goes through that packet's page."""

from __future__ import annotations

import pytest

from campaigns.bring_in import bring_in
from campaigns.game.packets import open_packet
from legacy.models import CoinSticker, FactionPower, Scar
from legacy.selectors import world_as_of
from tests.support.bringing_in import ROSTER, to_bring_in, with_winners
from tests.support.pages import client_for, url
from tests.support.walk import english_left, read

pytestmark = pytest.mark.django_db

HAZE = {"kind": "scar-type", "title": "Haze", "cards": 2, "on_faction_card": True}


@pytest.fixture
def browser(owner):
    return client_for(owner)


@pytest.fixture
def brought(owner):
    """Three games brought in; Pack 1 opened in game 2, with a scar type for faction cards."""
    campaign = with_winners(to_bring_in(owner, 3), owner, 3)
    bring_in(campaign=campaign, packets=[{"packet": "pack-1", "game": 2}], by=owner)
    open_packet(campaign=campaign, packet="pack-1", unlocked=[HAZE], by=owner)
    return campaign


def keeps(power: str) -> dict:
    return {"step": "starting-power", "starting-power": power}


def haze_on_balkania(game: str) -> dict:
    return {
        "step": "faction-scar",
        "faction-scar-faction": "imperial-balkania",
        "faction-scar-scar_type": "haze",
        "faction-scar-game": game,
    }


def powered(name: str, game: str, **more) -> dict:
    return {
        "step": "power",
        "power-faction": "khan-industries",
        "power-slot": "red",
        "power-name": name,
        "power-game": game,
    } | more


def test_a_starting_power_kept_is_saved_and_the_factions_page_shows_it(browser, brought):
    answer = browser.post(url(brought, "bring-in/"), keeps("die-mechaniker:b"))

    assert answer.status_code == 302 and answer["Location"].endswith("#factions")
    kept = FactionPower.objects.current().get(campaign=brought)
    assert (kept.faction, kept.code, kept.placed_in_game) == ("die-mechaniker", "b", 0)
    page = browser.get(url(brought, "bring-in/")).content.decode()
    assert kept.name in page[page.index('id="factions"') :]
    assert 'value="die-mechaniker:b"' not in page
    factions = browser.get(url(brought, "factions/")).content.decode()
    assert kept.name in factions


def test_a_starting_power_taken_out_lets_the_faction_keep_the_other(browser, brought):
    browser.post(url(brought, "bring-in/"), keeps("die-mechaniker:b"))
    kept = FactionPower.objects.current().get(campaign=brought)

    out = {"step": "take-out", "where": "factions", "type": "faction-powers", "mark": kept.pk}
    answer = browser.post(url(brought, "bring-in/"), out)

    assert answer["Location"].endswith("#factions")
    assert not FactionPower.objects.filter(campaign=brought).exists()
    assert browser.post(url(brought, "bring-in/"), keeps("die-mechaniker:a")).status_code == 302
    assert FactionPower.objects.current().get(campaign=brought).code == "a"


def test_a_scar_on_a_faction_card_is_saved_in_its_game(browser, brought):
    scar = haze_on_balkania("3")
    assert "Haze" not in browser.get(url(brought, "factions/")).content.decode()
    assert browser.post(url(brought, "bring-in/"), scar).status_code == 302

    placed = Scar.objects.get(campaign=brought)
    assert (placed.faction, placed.territory, placed.placed_in_game) == (
        "imperial-balkania",
        None,
        3,
    )
    assert placed.brought_in == "known"
    factions = browser.get(url(brought, "factions/")).content.decode()
    assert "Haze" in factions


def test_a_second_scar_on_one_faction_card_is_refused_beside_the_faction(browser, brought):
    scar = haze_on_balkania("unknown")
    browser.post(url(brought, "bring-in/"), scar)

    answer = browser.post(url(brought, "bring-in/"), scar)

    assert answer.status_code == 200
    errors = " ".join(answer.context["forms"]["faction_scar"].errors["faction"])
    assert "Imperial Balkania" in errors
    assert Scar.objects.filter(campaign=brought).count() == 1


def test_a_power_placed_over_another_counts_from_its_game(browser, brought):
    assert browser.post(url(brought, "bring-in/"), powered("Blitz", "1")).status_code == 302
    over = powered("Storm", "3", **{"power-covers": "on", "power-unlocked_by": "pack-1"})
    assert browser.post(url(brought, "bring-in/"), over).status_code == 302

    blitz, storm = FactionPower.objects.filter(campaign=brought).order_by("pk")
    assert (blitz.placed_in_game, blitz.removed_in_game, blitz.removed_reason) == (1, 3, "covered")
    assert (storm.placed_in_game, storm.removed_in_game, storm.unlocked_by.packet) == (
        3,
        None,
        "pack-1",
    )
    factions = browser.get(url(brought, "factions/")).content.decode()
    assert "Storm" in factions


def test_a_second_power_of_a_type_not_covering_is_refused_beside_its_type(browser, brought):
    browser.post(url(brought, "bring-in/"), powered("Blitz", "1"))

    answer = browser.post(url(brought, "bring-in/"), powered("Storm", "2"))

    assert answer.status_code == 200
    errors = " ".join(answer.context["forms"]["power"].errors["slot"])
    assert "Blitz" in errors and "Khan Industries" in errors
    assert list(FactionPower.objects.values_list("name", flat=True)) == ["Blitz"]


def test_a_faction_a_packet_unlocked_is_entered_through_that_packets_page(browser, brought):
    page = browser.get(url(brought, "bring-in/")).content.decode()
    assert url(brought, "packets/open/?packet=pack-1") in page

    tide = {"kind": "faction", "title": "Tidewater League", "colour": "#1f9a8a"}
    open_packet(campaign=brought, packet="pack-1", unlocked=[tide], by=brought.owner)

    page = browser.get(url(brought, "bring-in/")).content.decode()
    assert "Tidewater League" in page[page.index('id="factions"') :]


def test_the_factions_step_speaks_russian(owner, brought):
    page = client_for(owner, "ru").get(url(brought, "bring-in/")).content.decode()
    assert "5. Фракции" in page and "Сохранить стартовую способность" in page
    assert f'<a href="{url(brought, "before-the-first-game/")}">«Перед первой игрой»</a>' in page


FIVE = ("khan-industries:a", "die-mechaniker:b", "enclave-of-the-bear:a", "imperial-balkania:b")
TWELVE = {"egypt": "2", "peru": "2", "japan": "2", "china": "2", "india": "2", "brazil": "2"}


def five_kept_one_by_one(browser, campaign) -> None:
    for power in (*FIVE, "saharan-republic:a"):
        assert browser.post(url(campaign, "bring-in/"), keeps(power)).status_code == 302


def test_every_starting_power_brought_in_leaves_the_first_games_coins_on_their_page(
    browser, brought
):
    five_kept_one_by_one(browser, brought)

    page = browser.get(url(brought, "bring-in/")).content.decode()
    assert "Every faction's starting power is in." in page
    assert f'<a href="{url(brought, "before-the-first-game/")}">' in page
    first = browser.get(url(brought, "before-the-first-game/")).content.decode()
    assert "only the coin stickers are left" in first and 'name="power_' not in first
    assert "Brought in already:" in first

    coins = {f"coins_{slug}": n for slug, n in TWELVE.items()}
    answer = browser.post(url(brought, "before-the-first-game/"), coins)

    assert answer.status_code == 302 and answer["Location"].endswith("bring-in/#factions")
    assert "Back to bringing the campaign in." in browser.get(answer["Location"]).content.decode()
    stickers = CoinSticker.objects.filter(campaign=brought, placed_in_game=0)
    assert sorted(stickers.values_list("territory", flat=True)) == sorted(2 * list(TWELVE))
    assert FactionPower.objects.current().filter(campaign=brought).count() == 5
    brought.refresh_from_db()
    assert brought.prepared_at is not None and brought.bringing_in
    assert world_as_of(brought.pk).territories["egypt"].coins == 3


def test_the_first_games_coins_after_powers_brought_in_keep_the_limit_of_twelve(browser, brought):
    five_kept_one_by_one(browser, brought)

    answer = browser.post(url(brought, "before-the-first-game/"), {"coins_egypt": "2"})

    assert answer.status_code == 200
    assert "all 12 coin stickers go on territory cards; 2 were given" in answer.content.decode()
    assert not CoinSticker.objects.exists()
    brought.refresh_from_db()
    assert brought.prepared_at is None


def test_the_factions_not_brought_in_are_still_asked_with_the_coins(browser, brought):
    browser.post(url(brought, "bring-in/"), keeps("die-mechaniker:b"))

    page = browser.get(url(brought, "bring-in/")).content.decode()
    assert "Or the others at once with the first game" in page
    first = browser.get(url(brought, "before-the-first-game/")).content.decode()
    assert 'name="power_die-mechaniker"' not in first and 'name="power_khan-industries"' in first

    chosen = {f"power_{p.split(':')[0]}": p.split(":")[1] for p in FIVE if "mechaniker" not in p}
    chosen["power_saharan-republic"] = "b"
    coins = {f"coins_{slug}": n for slug, n in TWELVE.items()}
    assert browser.post(url(brought, "before-the-first-game/"), chosen | coins).status_code == 302

    kept = FactionPower.objects.current().filter(campaign=brought)
    assert dict(kept.values_list("faction", "code")) == {
        "khan-industries": "a",
        "die-mechaniker": "b",
        "enclave-of-the-bear": "a",
        "imperial-balkania": "b",
        "saharan-republic": "b",
    }


def english_on(owner, address: str, names: list[str]) -> list[str]:
    """What a Russian reader of the page at ``address`` still finds in English."""
    texts, _links = read(client_for(owner, "ru").get(address).content.decode(), "ru")
    return english_left(texts, names)


def test_the_bring_in_page_and_the_first_games_page_read_in_russian_at_every_stage(
    owner, browser, brought
):
    # The product's and the game's own names, and the group's own words.
    names = ["Earthbook", "Risk Legacy", "Hasbro", owner.username, *ROSTER, brought.name]
    names += ["Haze", "Blitz"]
    pages = [url(brought, "bring-in/"), url(brought, "before-the-first-game/")]
    assert [english_on(owner, page, names) for page in pages] == [[], []]

    browser.post(url(brought, "bring-in/"), keeps("die-mechaniker:b"))
    browser.post(url(brought, "bring-in/"), powered("Blitz", "1"))
    scar = haze_on_balkania("unknown")
    browser.post(url(brought, "bring-in/"), scar)
    assert [english_on(owner, page, names) for page in pages] == [[], []]

    for power in ("khan-industries:a", "enclave-of-the-bear:a", "imperial-balkania:b"):
        browser.post(url(brought, "bring-in/"), keeps(power))
    browser.post(url(brought, "bring-in/"), keeps("saharan-republic:a"))
    assert [english_on(owner, page, names) for page in pages] == [[], []]
    page = client_for(owner, "ru").get(url(brought, "before-the-first-game/")).content.decode()
    assert "Уже перенесены:" in page
