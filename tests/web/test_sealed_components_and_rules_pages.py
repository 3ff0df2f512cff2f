"""The packets page with the group's own sealed components, the rules page, and the settings
page's link to the sticker that changed a setting. Test data is invented."""

from __future__ import annotations

import pytest
from django.urls import reverse

from campaigns.game import rulebook, sealed
from campaigns.models import Campaign, Game, GameStatus
from legacy.models import PacketOpening, RuleSticker, SealedComponent
from tests.support.games import EARNED_ANOTHER_WAY, play

pytestmark = pytest.mark.django_db


def url(name, campaign, *args):
    return reverse(f"campaigns:{name}", args=[campaign.pk, *args])


def test_a_component_is_added_shown_and_opened_now_in_game_3(prepared_campaign, as_owner):
    c = play(prepared_campaign, 2, then_start=True)
    added = as_owner.post(
        url("component_add", c), {"name": "Green Tin", "trigger": "When the moon is red."}
    )
    assert added.status_code == 302
    page = as_owner.get(url("packets", c)).content.decode()
    assert "Green Tin" in page and "When the moon is red." in page
    open_now = url("packet_open", c) + "?packet=green-tin"
    assert open_now.replace("&", "&amp;") in page  # the "it happened now" action
    form = as_owner.get(open_now).content.decode()
    assert 'value="green-tin" selected' in form
    opened = as_owner.post(
        url("packet_open", c),
        {"packet": "green-tin", "item0_kind": "other", "item0_title": "A lantern"},
    )
    assert opened.status_code == 302
    assert PacketOpening.objects.get(campaign=c, packet="green-tin").placed_in_game == 3
    page = as_owner.get(url("packets", c)).content.decode()
    assert "opened in game 3" in page and "A lantern" in page


def test_an_unknown_packet_is_refused_on_the_page_without_an_error(prepared_campaign, as_owner):
    response = as_owner.post(url("packet_open", prepared_campaign), {"packet": "do-not-open-ever"})
    assert response.status_code == 200  # the form again, with its refusal
    assert not PacketOpening.objects.filter(campaign=prepared_campaign).exists()


def test_refusals_on_the_pages_never_fail(campaign, owner, as_owner):
    assert (
        as_owner.post(url("component_add", campaign), {"name": "", "trigger": ""}).status_code
        == 200
    )
    assert (
        as_owner.post(
            url("component_add", campaign), {"name": "Pack 1", "trigger": "x"}
        ).status_code
        == 200
    )
    assert (
        as_owner.post(url("component_fix", campaign, 999999), {"action": "remove"}).status_code
        == 302
    )
    assert (
        as_owner.post(url("sticker_add", campaign), {"section": "nope", "game": "x"}).status_code
        == 200
    )
    bad_game = {"section": "scars", "game": "7", "title": "T"}
    assert as_owner.post(url("sticker_add", campaign), bad_game).status_code == 200
    assert as_owner.post(url("sticker_void", campaign, 999999), {}).status_code == 302
    assert as_owner.get(url("rules", campaign) + "?game=abc").status_code == 200
    assert as_owner.get(url("rules", campaign) + "?game=99").status_code == 200
    assert not RuleSticker.objects.exists() and not SealedComponent.objects.exists()


def test_a_mistaken_component_is_removed_from_the_page(campaign, owner, as_owner):
    box = sealed.add_component(campaign=campaign, name="Green Tin", trigger="x", by=owner)
    as_owner.post(url("component_fix", campaign, box.pk), {"action": "remove"})
    assert not SealedComponent.objects.filter(pk=box.pk).exists()


def test_an_opened_component_is_voided_from_the_page_with_its_reason(campaign, owner, as_owner):
    from campaigns.game.packets import open_packet

    box = sealed.add_component(campaign=campaign, name="Green Tin", trigger="x", by=owner)
    open_packet(earned_otherwise=EARNED_ANOTHER_WAY, campaign=campaign, packet=box.slug, by=owner)
    as_owner.post(
        url("component_fix", campaign, box.pk), {"action": "void", "void-reason": "A biscuit tin."}
    )
    box.refresh_from_db()
    assert box.voided and box.void_reason == "A biscuit tin."


def test_readers_of_a_hiding_campaign_see_a_placeholder_not_the_groups_words(
    campaign, owner, as_viewer
):
    Campaign.objects.filter(pk=campaign.pk).update(hide_unlocked_content=True)
    sealed.add_component(campaign=campaign, name="Green Tin", trigger="Moonrise.", by=owner)
    rulebook.add_sticker(
        campaign=campaign, section="scars", game=0, title="Secret Lantern", text="Glows.", by=owner
    )
    for page in (url("packets", campaign), url("rules", campaign)):
        html = as_viewer.get(page).content.decode()
        assert "(hidden by the campaign" in html
        assert "Green Tin" not in html and "Moonrise" not in html
        assert "Secret Lantern" not in html and "Glows." not in html
    russian = as_viewer.get(url("rules", campaign), HTTP_ACCEPT_LANGUAGE="ru").content.decode()
    assert "(скрыто владельцем кампании)" in russian


def test_the_rules_page_shows_game_4s_sticker_as_newest_and_not_game_6s(
    campaign, owner, anonymous, as_owner
):
    for n in range(1, 7):
        Game.objects.create(campaign=campaign, number=n, status=GameStatus.FINISHED)
    rulebook.add_sticker(campaign=campaign, section="scars", game=4, title="Fresh Wound", by=owner)
    rulebook.add_sticker(
        campaign=campaign, section="maneuver", game=6, title="Later March", by=owner
    )
    html = as_owner.get(url("rules", campaign) + "?game=4").content.decode()
    assert "Fresh Wound" in html and "Later March" not in html
    assert "new in this game" in html and "rules as of game 4" in html
    assert html.index("Maneuvering troops") < html.index("Scars")  # the book's order
    now = as_owner.get(url("rules", campaign)).content.decode()
    assert "Fresh Wound" in now and "Later March" in now


def test_a_sticker_is_added_and_voided_on_the_rules_page(prepared_campaign, as_owner):
    c = play(prepared_campaign, 1)
    added = as_owner.post(
        url("sticker_add", c),
        {
            "section": "end-of-game",
            "game": "1",
            "title": "Tidy Rule",
            "text": "Our words.",
            "setting": "held_on_rewards_end_together",
        },
    )
    assert added.status_code == 302
    sticker = RuleSticker.objects.get(campaign=c)
    assert (sticker.section, sticker.added_in_game, sticker.title) == (
        "end-of-game",
        1,
        "Tidy Rule",
    )
    settings_page = as_owner.get(url("settings", c)).content.decode()
    assert "Changed by the rule sticker:" in settings_page
    assert (
        f"{url('rules', c)}#sticker-{sticker.pk}" in settings_page and "Tidy Rule" in settings_page
    )
    as_owner.post(url("sticker_void", c, sticker.pk), {"void-reason": "Not our rule."})
    sticker.refresh_from_db()
    assert sticker.voided and sticker.void_reason == "Not our rule."
    assert "Changed by the rule sticker:" not in as_owner.get(url("settings", c)).content.decode()


def test_viewers_may_read_the_rules_but_not_add_stickers(campaign, as_viewer):
    assert as_viewer.get(url("rules", campaign)).status_code == 200
    post = as_viewer.post(
        url("sticker_add", campaign), {"section": "scars", "game": "0", "title": "T"}
    )
    assert post.status_code == 403
    assert (
        as_viewer.post(url("component_add", campaign), {"name": "N", "trigger": "T"}).status_code
        == 403
    )


def test_the_game_log_names_an_opened_component_by_its_kind_only(
    prepared_campaign, owner, as_viewer
):
    from campaigns.game.packets import open_packet

    c = play(prepared_campaign, 1, then_start=True)
    Campaign.objects.filter(pk=c.pk).update(hide_unlocked_content=True)
    box = sealed.add_component(campaign=c, name="Green Tin", trigger="Moonrise.", by=owner)
    open_packet(earned_otherwise=EARNED_ANOTHER_WAY, campaign=c, packet=box.slug, by=owner)
    for page in (url("game", c, 2), url("history", c)):
        html = as_viewer.get(page).content.decode()
        assert "A sealed component of your own" in html, page
        assert "green-tin" not in html.lower() and "Green Tin" not in html
