"""The API of the group's own sealed components and of the living rulebook: list, add, open,
remove or void, the rules as of a game, and the sticker behind a setting. Invented test data."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from campaigns.game import rulebook, sealed
from campaigns.game.packets import open_packet
from campaigns.models import Campaign, Game, GameStatus
from legacy.models import PacketOpening, RuleSticker, SealedComponent
from tests.support.api import client_for
from tests.support.games import EARNED_ANOTHER_WAY

pytestmark = pytest.mark.django_db


def api(campaign, path=""):
    return f"/api/v1/campaigns/{campaign.pk}/{path}"


def games(campaign, n):
    for number in range(campaign.games.count() + 1, n + 1):
        Game.objects.create(campaign=campaign, number=number, status=GameStatus.FINISHED)


def test_a_component_is_added_listed_and_opened_over_the_api(crew, editor):
    client = client_for(editor)
    games(crew, 2)
    added = client.post(
        api(crew, "packets/components/"),
        {"name": "Green Tin", "trigger": "When the moon is red."},
        format="json",
    )
    assert added.status_code == 201, added.content
    assert added.json()["slug"] == "green-tin" and added.json()["opened_in_game"] is None
    opened = client.post(
        api(crew, "packets/"),
        {"packet": "green-tin", "unlocked": [{"kind": "other", "title": "A lantern"}]},
        format="json",
    )
    assert opened.status_code == 201, opened.content
    assert opened.json()["name"] == "Green Tin" and opened.json()["game"] == 2
    listed = client.get(api(crew, "packets/")).json()
    assert [(c["name"], c["opened_in_game"]) for c in listed["components"]] == [("Green Tin", 2)]
    assert client.get(api(crew, "packets/components/")).json()[0]["opened_in_game"] == 2


def test_an_unknown_packet_is_refused_over_the_api_with_a_400(crew, owner):
    response = client_for(owner).post(
        api(crew, "packets/"), {"packet": "do-not-open-ever"}, format="json"
    )
    assert response.status_code == 400
    body = response.json()["error"]
    assert body["rule"] == "unknown-packet"
    assert "There is no packet called 'do-not-open-ever'" in body["message"]
    assert not PacketOpening.objects.filter(campaign=crew).exists()


@pytest.mark.parametrize(
    ("path", "body"),
    [
        ("packets/components/", {"name": "", "trigger": "x"}),
        ("packets/components/", {"name": "Pack 2", "trigger": "x"}),
        ("packets/components/", {"name": 5, "trigger": "x"}),
        ("packets/components/", {"name": "A"}),
        ("rules/stickers/", {"section": "nope", "game": 0, "title": "T"}),
        ("rules/stickers/", {"section": "scars", "game": 9, "title": "T"}),
        ("rules/stickers/", {"section": "scars", "game": 0, "title": "T", "packet": "pack-1"}),
        ("rules/stickers/", {"section": "scars", "game": 0, "title": "T", "setting": "gravity"}),
        ("rules/stickers/", {"section": "scars", "game": "0", "title": "T"}),
        ("packets/components/999/void/", {"reason": "x"}),
        ("rules/stickers/999/void/", {"reason": "x"}),
    ],
)
def test_refusals_are_answered_in_the_error_shape_never_with_a_500(crew, owner, path, body):
    response = client_for(owner).post(api(crew, path), body, format="json")
    assert response.status_code in (400, 404, 409), response.content
    assert {"code", "message"} <= set(response.json()["error"])
    assert not SealedComponent.objects.exists() and not RuleSticker.objects.exists()


def test_a_mistaken_component_is_deleted_and_an_opened_one_voided_over_the_api(crew, owner):
    client = client_for(owner)
    mistake = sealed.add_component(campaign=crew, name="Green Tin", trigger="x", by=owner)
    assert client.delete(api(crew, f"packets/components/{mistake.pk}/")).status_code == 204
    assert client.get(api(crew, f"packets/components/{mistake.pk}/")).status_code == 404
    opened = sealed.add_component(campaign=crew, name="Blue Tin", trigger="x", by=owner)
    open_packet(earned_otherwise=EARNED_ANOTHER_WAY, campaign=crew, packet="blue-tin", by=owner)
    refused = client.delete(api(crew, f"packets/components/{opened.pk}/"))
    assert refused.status_code == 409 and refused.json()["error"]["rule"] == "component-opened"
    voided = client.post(
        api(crew, f"packets/components/{opened.pk}/void/"), {"reason": "A tin."}, format="json"
    )
    assert voided.status_code == 200 and voided.json()["voided"] is True
    assert voided.json()["opened_in_game"] is None


def test_the_rules_as_of_game_4_agree_with_the_page(crew, owner):
    games(crew, 6)
    rulebook.add_sticker(campaign=crew, section="scars", game=4, title="Fresh Wound", by=owner)
    rulebook.add_sticker(campaign=crew, section="maneuver", game=6, title="Later March", by=owner)
    body = client_for(owner).get(api(crew, "rules/?game=4")).json()
    assert body["game"] == 4
    placed = {
        s["slug"]: [(t["title"], t["newest"]) for t in s["stickers"]]
        for s in body["sections"]
        if s["stickers"]
    }
    assert placed == {"scars": [("Fresh Wound", True)]}
    page = client_for(owner)
    page.force_login(owner)
    html = page.get(f"/c/{crew.pk}/rules/?game=4").content.decode()
    for section in body["sections"]:
        assert section["title"] in html.replace("&#x27;", "'")
        for sticker in section["stickers"]:
            assert sticker["title"] in html
    assert "Later March" not in html
    russian = client_for(owner).get(api(crew, "rules/?game=4"), HTTP_ACCEPT_LANGUAGE="ru")
    assert russian.json()["sections"][0]["title"] == "Термины наследия"
    assert client_for(owner).get(api(crew, "rules/?game=7")).status_code == 404


def test_a_sticker_is_added_and_voided_and_the_setting_links_to_it(crew, owner):
    client = client_for(owner)
    games(crew, 1)
    added = client.post(
        api(crew, "rules/stickers/"),
        {
            "section": "end-of-game",
            "game": 1,
            "title": "Tidy Rule",
            "text": "Our words.",
            "setting": "held_on_rewards_end_together",
        },
        format="json",
    )
    assert added.status_code == 201, added.content
    sticker = added.json()
    detail = client.get(api(crew)).json()
    assert detail["setting_stickers"] == [
        {"setting": "held_on_rewards_end_together", "sticker": sticker}
    ]
    patched = client.patch(api(crew), {"held_on_rewards_end_together": True}, format="json")
    assert patched.json()["setting_stickers"][0]["sticker"]["id"] == sticker["id"]
    voided = client.post(
        api(crew, f"rules/stickers/{sticker['id']}/void/"), {"reason": "No."}, format="json"
    )
    assert voided.status_code == 200 and voided.json()["voided"] is True
    assert client.get(api(crew)).json()["setting_stickers"] == []
    again = client.post(
        api(crew, f"rules/stickers/{sticker['id']}/void/"), {"reason": "No."}, format="json"
    )
    assert again.status_code == 409


def test_readers_of_a_hiding_campaign_get_placeholders_not_the_groups_words(crew, owner, viewer):
    Campaign.objects.filter(pk=crew.pk).update(hide_unlocked_content=True)
    sealed.add_component(campaign=crew, name="Green Tin", trigger="Moonrise.", by=owner)
    open_packet(earned_otherwise=EARNED_ANOTHER_WAY, campaign=crew, packet="green-tin", by=owner)
    rulebook.add_sticker(
        campaign=crew,
        section="scars",
        game=0,
        packet="green-tin",
        title="Secret Lantern",
        text="Glows.",
        setting="held_on_rewards_end_together",
        by=owner,
    )
    client = client_for(viewer)
    for path in ("packets/", "packets/components/", "rules/", "rules/stickers/", ""):
        text = client.get(api(crew, path)).content.decode()
        for words in ("Green Tin", "green-tin", "Moonrise", "Secret Lantern", "Glows."):
            assert words not in text, (path, words)
    components = client.get(api(crew, "packets/components/")).json()
    assert components[0]["hidden"] is True and components[0]["name"].startswith("(hidden")
    russian = client.get(api(crew, "rules/stickers/"), HTTP_ACCEPT_LANGUAGE="ru").json()
    assert russian[0]["title"] == "(скрыто владельцем кампании)"
    assert client_for(owner).get(api(crew, "rules/stickers/")).json()[0]["title"] == (
        "Secret Lantern"
    )


def test_viewers_may_not_add_or_fix(crew, owner, viewer):
    client = client_for(viewer)
    box = sealed.add_component(campaign=crew, name="Green Tin", trigger="x", by=owner)
    assert (
        client.post(
            api(crew, "packets/components/"), {"name": "N", "trigger": "T"}, format="json"
        ).status_code
        == 403
    )
    assert client.delete(api(crew, f"packets/components/{box.pk}/")).status_code == 403
    assert (
        client.post(
            api(crew, "rules/stickers/"),
            {"section": "scars", "game": 0, "title": "T"},
            format="json",
        ).status_code
        == 403
    )


def test_the_rulebook_reads_cost_the_same_with_one_sticker_per_game_or_many(crew, owner):
    client = client_for(owner)
    paths = ("rules/", "rules/stickers/", "packets/components/", "packets/", "")

    def counts():
        out = []
        for path in paths:
            with CaptureQueriesContext(connection) as captured:
                assert client.get(api(crew, path)).status_code == 200
            out.append(len(captured))
        return out

    def more(start, n):
        for g in range(start, start + n):
            games(crew, g)
            box = sealed.add_component(campaign=crew, name=f"Tin {g}", trigger="x", by=owner)
            open_packet(
                earned_otherwise=EARNED_ANOTHER_WAY, campaign=crew, packet=box.slug, by=owner
            )
            rulebook.add_sticker(
                campaign=crew,
                section="scars",
                game=g,
                title=f"Rule {g}",
                packet=box.slug,
                setting="held_on_rewards_end_together",
                by=owner,
            )

    more(1, 1)
    one = counts()
    more(2, 4)
    assert counts() == one
