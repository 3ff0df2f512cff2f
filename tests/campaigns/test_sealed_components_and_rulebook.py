"""The group's own sealed components and the living rulebook, through the services.

Test data is invented: no text of the box's sealed packets appears here.
"""

from __future__ import annotations

import pytest

from campaigns.game import rulebook, sealed
from campaigns.game.packets import open_packet
from campaigns.models import AuditEntry, Game, GameStatus
from legacy.errors import RuleViolation
from legacy.models import Correction, PacketOpening, SealedComponent
from tests.support.games import EARNED_ANOTHER_WAY, play

pytestmark = pytest.mark.django_db


def games_played(campaign, n: int):
    """Games 1 to ``n`` on the record, finished (the rulebook reads only their numbers)."""
    for number in range(campaign.games.count() + 1, n + 1):
        Game.objects.create(campaign=campaign, number=number, status=GameStatus.FINISHED)
    return campaign


def test_a_group_named_sealed_component_is_opened_now_in_game_3_and_its_opening_recorded(
    prepared_campaign, owner
):
    play(prepared_campaign, 2, then_start=True)  # game 3 is being played
    box = sealed.add_component(
        campaign=prepared_campaign, name="Green Tin", trigger="When the moon is red.", by=owner
    )
    assert box.slug == "green-tin" and box.added_in_game == 3
    opening = open_packet(
        earned_otherwise=EARNED_ANOTHER_WAY,
        campaign=prepared_campaign,
        packet="green-tin",
        unlocked=[{"kind": "other", "title": "A lantern"}],
        by=owner,
    )
    assert (opening.packet, opening.placed_in_game) == ("green-tin", 3)
    assert opening.contents.get().title == "A lantern"
    with pytest.raises(RuleViolation) as twice:
        open_packet(
            earned_otherwise=EARNED_ANOTHER_WAY,
            campaign=prepared_campaign,
            packet="green-tin",
            by=owner,
        )
    assert twice.value.rule == "packet-opened-once"


def test_an_unknown_packet_slug_is_still_refused_and_nothing_is_written(campaign, owner):
    sealed.add_component(campaign=campaign, name="Green Tin", trigger="Later.", by=owner)
    with pytest.raises(RuleViolation) as refused:
        open_packet(
            earned_otherwise=EARNED_ANOTHER_WAY,
            campaign=campaign,
            packet="do-not-open-ever",
            by=owner,
        )
    assert refused.value.rule == "unknown-packet"
    assert "There is no packet called 'do-not-open-ever'" in refused.value.message
    assert not PacketOpening.objects.filter(campaign=campaign).exists()


def test_another_campaigns_component_opens_nothing_here(campaign, owner, django_user_model):
    from campaigns import services

    other = services.create_campaign(owner=owner, name="Elsewhere", players=["X", "Y", "Z"])
    sealed.add_component(campaign=other, name="Green Tin", trigger="Later.", by=owner)
    with pytest.raises(RuleViolation) as refused:
        open_packet(
            earned_otherwise=EARNED_ANOTHER_WAY, campaign=campaign, packet="green-tin", by=owner
        )
    assert refused.value.rule == "unknown-packet"


@pytest.mark.parametrize(
    ("name", "trigger", "rule"),
    [
        ("", "Later.", "component-name"),
        ("x" * 61, "Later.", "component-name"),
        ("!!!", "Later.", "component-name"),
        ("Green Tin", "", "component-trigger"),
        ("Pack 1", "Later.", "component-in-the-box"),
    ],
)
def test_a_component_without_a_proper_name_or_trigger_is_refused(
    campaign, owner, name, trigger, rule
):
    with pytest.raises(RuleViolation) as refused:
        sealed.add_component(campaign=campaign, name=name, trigger=trigger, by=owner)
    assert refused.value.rule == rule
    assert not SealedComponent.objects.exists()


def test_two_components_of_the_same_name_are_refused(campaign, owner):
    sealed.add_component(campaign=campaign, name="Green Tin", trigger="Later.", by=owner)
    with pytest.raises(RuleViolation) as refused:
        sealed.add_component(campaign=campaign, name="green  tin", trigger="Soon.", by=owner)
    assert refused.value.rule == "component-name-taken" and refused.value.conflict


def test_a_sealed_mistake_is_removed_but_an_opened_one_is_only_voided(campaign, owner):
    mistake = sealed.add_component(campaign=campaign, name="Green Tin", trigger="x", by=owner)
    sealed.remove_component(campaign=campaign, component_id=mistake.pk, by=owner)
    assert not SealedComponent.objects.filter(pk=mistake.pk).exists()

    opened = sealed.add_component(campaign=campaign, name="Blue Tin", trigger="x", by=owner)
    open_packet(earned_otherwise=EARNED_ANOTHER_WAY, campaign=campaign, packet="blue-tin", by=owner)
    with pytest.raises(RuleViolation) as refused:
        sealed.remove_component(campaign=campaign, component_id=opened.pk, by=owner)
    assert refused.value.rule == "component-opened"
    with pytest.raises(RuleViolation) as no_reason:
        sealed.void_component(campaign=campaign, component_id=opened.pk, reason=" ", by=owner)
    assert no_reason.value.rule == "correction-reason"

    sealed.void_component(
        campaign=campaign, component_id=opened.pk, reason="It was a biscuit tin.", by=owner
    )
    opened.refresh_from_db()
    assert opened.voided and opened.void_reason == "It was a biscuit tin."
    opening = PacketOpening.objects.get(campaign=campaign, packet="blue-tin")
    assert opening.voided  # its opening is voided with it, as a correction
    assert Correction.objects.get(voided_id=opening.pk).reason == "It was a biscuit tin."
    with pytest.raises(RuleViolation) as again:
        sealed.void_component(campaign=campaign, component_id=opened.pk, reason="x", by=owner)
    assert again.value.rule == "void-once"
    # Once voided, the name is free again, and a voided component opens nothing.
    with pytest.raises(RuleViolation):
        open_packet(
            earned_otherwise=EARNED_ANOTHER_WAY, campaign=campaign, packet="blue-tin", by=owner
        )
    sealed.add_component(campaign=campaign, name="Blue Tin", trigger="y", by=owner)


def test_the_audit_records_components_and_stickers_without_the_groups_words(campaign, owner):
    box = sealed.add_component(campaign=campaign, name="Green Tin", trigger="Later.", by=owner)
    open_packet(earned_otherwise=EARNED_ANOTHER_WAY, campaign=campaign, packet=box.slug, by=owner)
    rulebook.add_sticker(
        campaign=campaign, section="scars", game=0, title="Secret Lantern", by=owner
    )
    entries = list(AuditEntry.objects.filter(campaign=campaign).order_by("id"))
    actions = [e.action for e in entries]
    assert actions[-3:] == ["component-added", "packet-opened", "sticker-added"]
    assert not any("Green Tin" in e.summary or "Lantern" in e.summary for e in entries)


def rules_titles(campaign_id: int, game: int) -> dict[str, list[tuple[str, bool]]]:
    _, sections = rulebook.rules_as_of(campaign_id, game)
    return {
        s["slug"]: [(i["sticker"].title, i["newest"]) for i in s["stickers"]]
        for s in sections
        if s["stickers"]
    }


def test_the_rules_as_of_game_4_show_game_4s_sticker_as_newest_and_not_game_6s(
    prepared_campaign, owner
):
    c = games_played(prepared_campaign, 6)
    rulebook.add_sticker(campaign=c, section="scars", game=2, title="Old Wound", by=owner)
    rulebook.add_sticker(campaign=c, section="scars", game=4, title="Fresh Wound", by=owner)
    rulebook.add_sticker(campaign=c, section="maneuver", game=6, title="Later March", by=owner)
    assert rules_titles(c.pk, 4) == {"scars": [("Old Wound", False), ("Fresh Wound", True)]}
    assert rules_titles(c.pk, 6) == {
        "scars": [("Old Wound", False), ("Fresh Wound", False)],
        "maneuver": [("Later March", True)],
    }
    assert rules_titles(c.pk, 1) == {}
    game, sections = rulebook.rules_as_of(c.pk)
    assert game == 6 and [s["slug"] for s in sections][:2] == ["legacy-terms", "components"]


def test_a_voided_sticker_leaves_the_rules_of_every_game(prepared_campaign, owner):
    play(prepared_campaign, 1)
    s = rulebook.add_sticker(
        campaign=prepared_campaign, section="scars", game=1, title="Oops", by=owner
    )
    with pytest.raises(RuleViolation) as no_reason:
        rulebook.void_sticker(campaign=prepared_campaign, sticker_id=s.pk, reason="", by=owner)
    assert no_reason.value.rule == "correction-reason"
    rulebook.void_sticker(
        campaign=prepared_campaign, sticker_id=s.pk, reason="Wrong section.", by=owner
    )
    assert rules_titles(prepared_campaign.pk, 1) == {}
    with pytest.raises(RuleViolation) as again:
        rulebook.void_sticker(campaign=prepared_campaign, sticker_id=s.pk, reason="x", by=owner)
    assert again.value.rule == "void-once"


@pytest.mark.parametrize(
    ("kwargs", "rule"),
    [
        ({"section": "the-end", "game": 0, "title": "T"}, "rulebook-section"),
        ({"section": "scars", "game": 3, "title": "T"}, "placed-in-a-real-game"),
        ({"section": "scars", "game": -1, "title": "T"}, "placed-in-a-real-game"),
        ({"section": "scars", "game": 0, "title": " "}, "sticker-title"),
        ({"section": "scars", "game": 0, "title": "T", "setting": "gravity"}, "sticker-setting"),
        ({"section": "scars", "game": 0, "title": "T", "packet": "pack-1"}, "sticker-packet"),
        ({"section": "scars", "game": 0, "title": "T", "packet": "nope"}, "sticker-packet"),
    ],
)
def test_a_sticker_that_breaks_a_rule_is_refused_and_nothing_is_written(
    campaign, owner, kwargs, rule
):
    with pytest.raises(RuleViolation) as refused:
        rulebook.add_sticker(campaign=campaign, by=owner, **kwargs)
    assert refused.value.rule == rule
    assert not campaign.rule_stickers.exists()


def test_a_sticker_comes_no_earlier_than_the_packet_that_unlocked_it(prepared_campaign, owner):
    play(prepared_campaign, 2)
    box = sealed.add_component(campaign=prepared_campaign, name="Green Tin", trigger="x", by=owner)
    open_packet(
        earned_otherwise=EARNED_ANOTHER_WAY, campaign=prepared_campaign, packet=box.slug, by=owner
    )  # in game 2
    with pytest.raises(RuleViolation) as early:
        rulebook.add_sticker(
            campaign=prepared_campaign,
            section="scars",
            game=1,
            title="T",
            packet=box.slug,
            by=owner,
        )
    assert early.value.rule == "sticker-packet"
    s = rulebook.add_sticker(
        campaign=prepared_campaign, section="scars", game=2, title="T", packet=box.slug, by=owner
    )
    assert s.opening.packet == "green-tin"


def test_a_setting_names_the_newest_counting_sticker_that_changed_it(prepared_campaign, owner):
    play(prepared_campaign, 2)
    c, key = prepared_campaign, "held_on_rewards_end_together"
    assert rulebook.setting_stickers(c.pk) == {}
    first = rulebook.add_sticker(
        campaign=c, section="end-of-game", game=1, title="One", setting=key, by=owner
    )
    second = rulebook.add_sticker(
        campaign=c, section="end-of-game", game=2, title="Two", setting=key, by=owner
    )
    assert rulebook.setting_stickers(c.pk) == {key: second}
    rulebook.void_sticker(campaign=c, sticker_id=second.pk, reason="Mistake.", by=owner)
    assert rulebook.setting_stickers(c.pk) == {key: first}


def test_every_section_has_its_own_short_title_in_russian():
    from django.utils import translation

    from legacy.rulebook import SECTIONS

    with translation.override("ru"):
        russian = [str(title) for _, title in SECTIONS]
    english = [str(title) for _, title in SECTIONS]
    assert all(r != e for r, e in zip(russian, english, strict=True))
    assert len(set(russian)) == len(SECTIONS)
