"""Who may call what: every endpoint of a campaign against every persona.

Levels (api/access.py): READ (members, anyone with the share link, anyone for a public
campaign), MEMBER (viewer and up), EDIT (editor and owner), OWN (owner). A persona who may not
read the campaign gets 404; one who may read but not act gets 401 without a login, 403 with one.
Each row is run on a fresh database, so a write allowed for one persona cannot change what the
next one sees.
"""

from __future__ import annotations

import pytest

from campaigns.models import Membership
from tests.support.api import client_for
from tests.support.endpoints import EDIT, ENDPOINTS, MEMBER, OWN, READ, fill, ids_in

pytestmark = pytest.mark.django_db


# persona -> (role in the campaign or None, logged in, holds the share link)
PERSONAS = {
    "owner": ("owner", True, False),
    "editor": ("editor", True, False),
    "viewer": ("viewer", True, False),
    "stranger": (None, True, False),
    "anonymous": (None, False, False),
    "stranger-with-link": (None, True, True),
    "anonymous-with-link": (None, False, True),
}
RANK = {None: 0, "viewer": 2, "editor": 3, "owner": 4}
NEED = {READ: 1, MEMBER: 2, EDIT: 3, OWN: 4}


def expected(persona: str, need: str, allowed_status: int) -> int:
    role, logged_in, link = PERSONAS[persona]
    level = RANK[role] or (1 if link else 0)
    if level == 0:
        return 404
    if level >= NEED[need]:
        return allowed_status
    return 403 if logged_in else 401


@pytest.mark.parametrize("persona", list(PERSONAS))
@pytest.mark.parametrize(
    ("method", "path", "body", "need", "allowed_status"),
    ENDPOINTS,
    ids=[
        f"{m.upper()} {p.split('?')[0] or '.'}{' ?' + p.split('?')[1] if '?' in p else ''}"
        for m, p, *_ in ENDPOINTS
    ],
)
def test_permission_matrix(
    history,
    players,
    owner,
    editor,
    viewer,
    stranger,
    persona,
    method,
    path,
    body,
    need,
    allowed_status,
):
    history.shared = True
    history.save(update_fields=["shared"])
    ids = ids_in(history, players)
    user = {"owner": owner, "editor": editor, "viewer": viewer}.get(persona)
    if persona.startswith("stranger"):
        user = stranger
    client = client_for(user)
    url = f"/api/v1/campaigns/{history.pk}/" + fill(path, ids)
    if PERSONAS[persona][2]:
        url += ("&" if "?" in url else "?") + f"share={history.share_token}"
    response = getattr(client, method)(url, fill(body, ids), format="json")
    want = expected(persona, need, allowed_status)
    assert response.status_code == want, response.content[:500]
    if want >= 400:
        assert set(response.json()) == {"error"}
        assert {"code", "message"} <= set(response.json()["error"])


def test_a_wrong_share_token_is_a_stranger(history):
    history.shared = True
    history.save(update_fields=["shared"])
    response = client_for().get(f"/api/v1/campaigns/{history.pk}/world/?share=not-the-token")
    assert response.status_code == 404


def test_a_share_token_with_any_characters_is_just_wrong(history):
    history.shared = True
    history.save(update_fields=["shared"])
    response = client_for().get(f"/api/v1/campaigns/{history.pk}/world/?share=ключ%00")
    assert response.status_code == 404


def test_a_share_link_stops_working_when_sharing_is_off(history):
    assert not history.shared
    url = f"/api/v1/campaigns/{history.pk}/world/?share={history.share_token}"
    assert client_for().get(url).status_code == 404


def test_a_public_campaign_is_read_by_anyone_but_written_by_members(history, stranger):
    history.public = True
    history.save(update_fields=["public"])
    base = f"/api/v1/campaigns/{history.pk}/"
    assert client_for().get(base + "world/").status_code == 200
    assert client_for(stranger).get(base + "games/").status_code == 200
    assert client_for().post(base + "players/", {"name": "Zed"}, format="json").status_code == 401
    assert (
        client_for(stranger).post(base + "players/", {"name": "Zed"}, format="json").status_code
        == 403
    )
    assert client_for(stranger).get(base + "audit/").status_code == 403


def test_only_the_owner_sees_the_share_token(history, owner, editor):
    base = f"/api/v1/campaigns/{history.pk}/"
    assert client_for(owner).get(base).json()["share_token"] == history.share_token
    assert client_for(editor).get(base).json()["share_token"] is None


def test_hidden_unlocked_content_is_for_the_owner_and_editors_only(
    history, editor, viewer, stranger
):
    base = f"/api/v1/campaigns/{history.pk}/unlocked/"
    assert client_for(viewer).get(base).status_code == 200
    history.shared = True
    history.hide_unlocked_content = True
    history.save(update_fields=["shared", "hide_unlocked_content"])
    assert client_for(editor).get(base).status_code == 200
    assert client_for(viewer).get(base).status_code == 403
    link = f"{base}?share={history.share_token}"
    assert client_for().get(link).status_code == 401
    assert client_for(stranger).get(link).status_code == 403


def test_the_campaign_list_shows_only_mine(history, viewer, stranger):
    assert [c["id"] for c in client_for(viewer).get("/api/v1/campaigns/").json()["results"]] == [
        history.pk
    ]
    assert client_for(viewer).get("/api/v1/campaigns/").json()["results"][0]["my_role"] == "viewer"
    assert client_for(stranger).get("/api/v1/campaigns/").json()["results"] == []
    assert client_for().get("/api/v1/campaigns/").status_code == 401


def test_anyone_logged_in_opens_a_campaign_and_owns_it(stranger):
    response = client_for(stranger).post(
        "/api/v1/campaigns/", {"name": "Second Earth", "players": ["A", "B", "C"]}, format="json"
    )
    assert response.status_code == 201
    assert response.json()["my_role"] == "owner" and response.json()["owner"] == "sam"
    assert client_for().post("/api/v1/campaigns/", {"name": "X"}, format="json").status_code == 401


def test_an_export_imports_as_a_new_campaign_of_the_caller(history, viewer, stranger, celery_mode):
    celery_mode(eager=True)
    exported = client_for(viewer).get(f"/api/v1/campaigns/{history.pk}/export/")
    assert exported.status_code == 200 and "attachment" in exported["Content-Disposition"]
    imported = client_for(stranger).post(
        "/api/v1/campaigns/import/", exported.json(), format="json"
    )
    assert imported.status_code == 202, imported.json()
    job = client_for(stranger).get(imported["Location"]).json()
    assert (job["status"], job["progress"]) == ("done", 100)
    copy = client_for(stranger).get(f"/api/v1/campaigns/{job['campaign_id']}/").json()
    assert copy["id"] != history.pk and copy["owner"] == "sam" and copy["my_role"] == "owner"
    world = client_for(stranger).get(f"/api/v1/campaigns/{copy['id']}/world/").json()
    assert next(t for t in world["territories"] if t["slug"] == "egypt")["city"]["name"] == "Cairo"
    refused = client_for(stranger).post("/api/v1/campaigns/import/", {"format": "x"}, format="json")
    assert refused.status_code == 400 and refused.json()["error"]["code"] == "invalid_backup"
    listed = client_for(stranger).post("/api/v1/campaigns/import/", [1, 2], format="json")
    assert listed.status_code == 400
    assert client_for().post("/api/v1/campaigns/import/", {}, format="json").status_code == 401


def test_a_new_share_link_retires_the_old_one(history, owner):
    base = f"/api/v1/campaigns/{history.pk}/"
    old = history.share_token
    changed = client_for(owner).patch(base, {"shared": True, "new_share_link": True}, format="json")
    assert changed.status_code == 200 and changed.json()["share_token"] != old
    assert client_for().get(f"{base}world/?share={old}").status_code == 404
    new = changed.json()["share_token"]
    assert client_for().get(f"{base}world/?share={new}").status_code == 200


def test_the_owner_cannot_be_demoted_or_removed(history, owner):
    mine = Membership.objects.get(campaign=history, user=owner).pk
    base = f"/api/v1/campaigns/{history.pk}/members/{mine}/"
    patch = client_for(owner).patch(base, {"role": "viewer"}, format="json")
    assert patch.status_code == 409 and patch.json()["error"]["rule"] == "owner-stays"
    assert client_for(owner).delete(base).status_code == 409


def test_a_member_is_added_once_and_only_with_an_account(history, owner, viewer):
    base = f"/api/v1/campaigns/{history.pk}/members/"
    again = client_for(owner).post(base, {"username": "vic"}, format="json")
    assert again.status_code == 409
    nobody = client_for(owner).post(base, {"username": "nobody"}, format="json")
    assert nobody.status_code == 400 and nobody.json()["error"]["fields"] == {
        "username": ["There is no account called 'nobody'."]
    }
    owner_role = client_for(owner).post(base, {"username": "sam", "role": "owner"}, format="json")
    assert owner_role.status_code == 400 and "role" in owner_role.json()["error"]["fields"]


def test_the_audit_is_for_members_only_as_on_the_pages(history, viewer, stranger):
    history.shared = history.public = True
    history.save(update_fields=["shared", "public"])
    audit = f"/api/v1/campaigns/{history.pk}/audit/"
    shared = f"{audit}?share={history.share_token}"
    for client, path, status in (
        (client_for(), shared, 401),
        (client_for(stranger), shared, 403),
        (client_for(), audit, 401),
        (client_for(stranger), audit, 403),
    ):
        response = client.get(path)
        assert response.status_code == status, path
        assert response.json()["error"]["message"] == (
            "Only the campaign's members may see this." if status == 403 else "Log in to do that."
        )
    assert client_for(viewer).get(audit).status_code == 200
