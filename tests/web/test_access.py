"""Who may read and who may write: members by role, strangers, the share link, public campaigns.

A stranger never learns that a private campaign exists (404); a reader who may not write gets
403 (or the login page when not logged in); a refused write changes nothing.
"""

from __future__ import annotations

import pytest

from campaigns.game.packets import open_packet
from campaigns.game.table import place_scar
from campaigns.models import AuditEntry, GameEvent, Invitation, Player
from tests.support.games import EARNED_ANOTHER_WAY, play
from tests.support.pages import url

pytestmark = pytest.mark.django_db

READ_PAGES = [
    "",
    "board.svg",
    "board/1.svg",
    "history/",
    "territories/egypt/",
    "factions/",
    "standings/",
    "packets/",
    "players/",
    "before-the-first-game/",
    "games/1/",
    "games/1/snapshot/",
    "timeline/",
    "games/2/",
    "tools/recruitment/",
    "tools/starts/",
    "tools/odds/?attackers=5&defenders=2",
]
MEMBER_PAGES = ["audit/"]
WRITE_PAGES = ["games/2/finish/", "packets/open/", "world-name/"]
OWNER_PAGES = ["settings/"]


@pytest.fixture
def played(prepared_campaign):
    """Game 1 finished, game 2 being played."""
    return play(prepared_campaign, 1, then_start=True)


@pytest.mark.parametrize("page", READ_PAGES + MEMBER_PAGES)
def test_every_member_reads_every_page(played, as_owner, as_editor, as_viewer, page):
    for client in (as_owner, as_editor, as_viewer):
        assert client.get(url(played, page)).status_code == 200


@pytest.mark.parametrize("page", READ_PAGES + MEMBER_PAGES + WRITE_PAGES + OWNER_PAGES)
def test_a_stranger_gets_404_on_a_private_campaign(played, as_stranger, anonymous, page):
    assert as_stranger.get(url(played, page)).status_code == 404
    assert anonymous.get(url(played, page)).status_code == 404


@pytest.mark.parametrize("page", WRITE_PAGES)
def test_owners_and_editors_write_and_viewers_get_403(played, as_owner, as_editor, as_viewer, page):
    assert as_owner.get(url(played, page)).status_code == 200
    assert as_editor.get(url(played, page)).status_code == 200
    assert as_viewer.get(url(played, page)).status_code == 403


def test_only_the_owner_opens_the_settings(played, as_owner, as_editor, as_viewer):
    assert as_owner.get(url(played, "settings/")).status_code == 200
    assert as_editor.get(url(played, "settings/")).status_code == 403
    assert as_viewer.get(url(played, "settings/")).status_code == 403


def test_a_viewer_cannot_write_and_nothing_is_written(played, as_viewer, players):
    events = GameEvent.objects.count()
    audit = AuditEntry.objects.count()
    posts = [
        ("games/2/log/missiles/", {"missiles-count": "3"}),
        ("games/2/finish/", {}),
        ("players/", {"name": "Zed"}),
        ("packets/open/", {"packet": "pack-2"}),
        ("games/new/", {}),
        ("games/2/start/", {}),
        ("invitations/new/", {"role": "editor"}),
        ("settings/sharing/", {"shared": "on"}),
    ]
    for page, data in posts:
        assert as_viewer.post(url(played, page), data).status_code == 403, page
    assert GameEvent.objects.count() == events
    assert AuditEntry.objects.count() == audit
    assert not Player.objects.filter(name="Zed").exists()
    played.refresh_from_db()
    assert not played.shared


def test_an_editor_cannot_change_the_sharing_nor_invite(played, as_editor):
    assert as_editor.post(url(played, "settings/sharing/"), {"public": "on"}).status_code == 403
    assert as_editor.post(url(played, "invitations/new/"), {"role": "viewer"}).status_code == 403
    assert not Invitation.objects.exists()


def test_the_share_link_lets_anyone_read_but_not_write(played, anonymous, as_stranger):
    played.shared = True
    played.save()
    token = played.share_token
    assert anonymous.get(url(played, f"?share={token}"), follow=True).status_code == 200
    # The link is remembered for the visit, so links between pages need no token.
    for page in READ_PAGES:
        assert anonymous.get(url(played, page)).status_code == 200, page
    assert anonymous.get(url(played, "games/2/finish/")).status_code == 302  # to the login page
    assert as_stranger.get(url(played, f"history/?share={token}"), follow=True).status_code == 200
    assert as_stranger.get(url(played, "games/2/finish/")).status_code == 403


def test_a_wrong_or_withdrawn_share_link_reads_nothing(played, anonymous):
    assert anonymous.get(url(played, f"?share={played.share_token}")).status_code == 404  # off
    played.shared = True
    played.save()
    assert anonymous.get(url(played, "?share=not-the-token")).status_code == 404
    assert (
        anonymous.get(url(played, f"?share={played.share_token}"), follow=True).status_code == 200
    )
    played.share_token = "a-new-token"
    played.save()
    assert anonymous.get(url(played, "history/")).status_code == 404


def test_a_public_campaign_is_listed_and_readable_by_anyone(played, anonymous):
    played.public = True
    played.save()
    assert played.name in anonymous.get("/").content.decode()
    assert anonymous.get(url(played, "")).status_code == 200
    assert anonymous.get(url(played, "games/2/finish/")).status_code == 302


@pytest.fixture
def unlocked(played, owner):
    open_packet(
        earned_otherwise=EARNED_ANOTHER_WAY,
        campaign=played,
        packet="pack-2",
        unlocked=[{"kind": "scar-type", "title": "Mercenaries", "text": "Hired guns.", "cards": 2}],
        by=owner,
    )
    return played


def test_members_see_what_the_packets_unlocked(unlocked, as_owner, as_editor, as_viewer):
    for client in (as_owner, as_editor, as_viewer):
        assert "Mercenaries" in client.get(url(unlocked, "packets/")).content.decode()


def test_hidden_content_is_hidden_from_viewers_and_the_share_link(
    unlocked, as_owner, as_editor, as_viewer, anonymous
):
    unlocked.hide_unlocked_content = True
    unlocked.shared = True
    unlocked.save()
    assert "Mercenaries" in as_owner.get(url(unlocked, "packets/")).content.decode()
    assert "Mercenaries" in as_editor.get(url(unlocked, "packets/")).content.decode()
    for client, page in (
        (as_viewer, "packets/"),
        (as_viewer, ""),
        (anonymous, f"packets/?share={unlocked.share_token}"),
        (anonymous, ""),
    ):
        response = client.get(url(unlocked, page), follow=True)
        assert response.status_code == 200
        assert "Mercenaries" not in response.content.decode(), page


def test_a_hidden_scar_type_is_not_named_to_viewers_anywhere(unlocked, as_editor, as_viewer):
    game = unlocked.games.get(number=2)
    place_scar(
        game=game,
        scar="mercenaries",
        territory="iceland",
        without_card=True,
        reason="An event card",
    )
    unlocked.hide_unlocked_content = True
    unlocked.save()
    for page in ("", "games/2/", "history/", "territories/iceland/", "board.svg"):
        assert "Mercenaries" in as_editor.get(url(unlocked, page)).content.decode(), page
        response = as_viewer.get(url(unlocked, page))
        assert response.status_code == 200
        assert "Mercenaries" not in response.content.decode(), page


def test_a_refused_invitation_shows_the_sharing_settings_as_they_are(played, as_owner):
    played.public = played.hide_unlocked_content = True
    played.save(update_fields=["public", "hide_unlocked_content"])
    response = as_owner.post(url(played, "invitations/new/"), {"role": "owner"})
    assert response.status_code == 200
    form = response.context["sharing_form"]
    assert form.initial["public"] is True and form.initial["hide_unlocked_content"] is True


# --- The audit trail: members only ---------------------------------------------------------------


def test_a_share_link_reader_cannot_read_the_audit_nor_see_its_link(played, anonymous, as_stranger):
    played.shared = True
    played.save()
    token = played.share_token
    response = anonymous.get(url(played, f"audit/?share={token}"), follow=True)
    assert response.redirect_chain[-1][0].startswith("/accounts/login/")
    assert token not in response.redirect_chain[-1][0]
    assert as_stranger.get(url(played, f"audit/?share={token}"), follow=True).status_code == 403
    for page in ("", "history/"):
        text = as_stranger.get(url(played, f"{page}?share={token}"), follow=True).content.decode()
        assert url(played, "audit/") not in text, page


def test_a_visitor_of_a_public_campaign_cannot_read_the_audit_nor_see_its_link(
    played, anonymous, as_stranger, owner
):
    played.public = True
    played.save()
    response = anonymous.get(url(played, "audit/"))
    assert response.status_code == 302 and response["Location"].startswith("/accounts/login/")
    response = as_stranger.get(url(played, "audit/"))
    assert response.status_code == 403
    assert owner.username not in response.content.decode()
    for client in (anonymous, as_stranger):
        assert url(played, "audit/") not in client.get(url(played, "history/")).content.decode()


def test_a_viewer_member_reads_the_audit_and_sees_its_link(played, as_viewer, owner):
    played.public = True
    played.save()
    response = as_viewer.get(url(played, "audit/"))
    assert response.status_code == 200
    assert owner.username in response.content.decode()
    assert url(played, "audit/") in as_viewer.get(url(played, "history/")).content.decode()
