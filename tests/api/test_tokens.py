"""API tokens expire, die with the password, and can be given up (DELETE /api/v1/auth/token/)."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.contrib.auth import get_user_model
from django.test import override_settings
from django.utils import timezone
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from tests.support.api import assert_error

pytestmark = pytest.mark.django_db

ME = "/api/v1/auth/me/"
TOKEN = "/api/v1/auth/token/"


def log_in(username="olga", password="pw-olga-123") -> APIClient:
    """A script that traded its password for a token and sends it from now on."""
    client = APIClient()
    response = client.post(TOKEN, {"username": username, "password": password}, format="json")
    assert response.status_code == 200, response.content
    client.credentials(HTTP_AUTHORIZATION=f"Token {response.json()['token']}")
    return client


def works(client: APIClient) -> bool:
    response = client.get(ME)
    if response.status_code == 200:
        return True
    assert_error(response, 401, "not_authenticated")
    return False


# --- A new password revokes the token ------------------------------------------------------------


def test_a_token_stops_working_after_the_password_is_changed_on_the_password_page(client, owner):
    script = log_in()
    assert works(script)
    client.force_login(owner)
    response = client.post(
        "/accounts/password/",
        {
            "old_password": "pw-olga-123",
            "new_password1": "another-good-phrase",
            "new_password2": "another-good-phrase",
        },
    )
    assert response.status_code == 302
    assert not works(script)
    assert works(log_in(password="another-good-phrase"))


def test_a_token_stops_working_after_set_password_anywhere(owner):
    script = log_in()
    user = get_user_model().objects.get(pk=owner.pk)
    user.set_password("changed-in-a-shell")
    user.save()
    assert not works(script)
    assert not Token.objects.filter(user=owner).exists()


def test_a_token_stops_working_after_the_admin_sets_a_new_password(
    client, owner, django_user_model
):
    script = log_in()
    admin = django_user_model.objects.create_superuser(username="root", password="pw-root-123")
    client.force_login(admin)
    response = client.post(
        f"/admin/auth/user/{owner.pk}/password/",
        {"password1": "set-by-the-admin-1", "password2": "set-by-the-admin-1"},
    )
    assert response.status_code == 302, response.content[:400]
    assert not works(script)


def test_a_token_stops_working_when_the_password_is_made_unusable(owner):
    script = log_in()
    owner.set_unusable_password()
    owner.save()
    assert not works(script)


def test_other_changes_to_the_account_keep_the_token(owner):
    script = log_in()
    owner.refresh_from_db()
    owner.email = "olga@example.org"
    owner.save()
    owner.last_login = timezone.now()
    owner.save(update_fields=["last_login"])
    assert works(script)


def test_a_stronger_hash_of_the_same_password_at_login_keeps_the_token(client, owner):
    script = log_in()
    hashers = [
        "django.contrib.auth.hashers.ScryptPasswordHasher",
        "django.contrib.auth.hashers.MD5PasswordHasher",
    ]
    with override_settings(PASSWORD_HASHERS=hashers):
        response = client.post("/accounts/login/", {"username": "olga", "password": "pw-olga-123"})
        assert response.status_code == 302
        owner.refresh_from_db()
        assert owner.password.startswith("scrypt$")  # Django re-hashed it on the way in
        assert works(script)


# --- DELETE /api/v1/auth/token/ -------------------------------------------------------------------


def test_a_deleted_token_answers_401(owner):
    script = log_in()
    assert script.delete(TOKEN).status_code == 204
    assert not works(script)
    again = script.delete(TOKEN)
    assert_error(again, 401, "not_authenticated")
    assert works(log_in())


def test_deleting_a_token_needs_a_token(owner):
    nobody = APIClient().delete(TOKEN)
    assert_error(nobody, 401, "not_authenticated")
    assert nobody["WWW-Authenticate"] == "Token"
    session = APIClient()
    session.force_login(owner)
    assert_error(session.delete(TOKEN), 401, "not_authenticated")
    forged = APIClient()
    forged.credentials(HTTP_AUTHORIZATION="Token " + "0" * 40)
    assert_error(forged.delete(TOKEN), 401, "not_authenticated")


def test_a_stale_token_in_the_headers_does_not_stop_a_new_login(owner):
    script = log_in()
    assert script.delete(TOKEN).status_code == 204
    response = script.post(TOKEN, {"username": "olga", "password": "pw-olga-123"}, format="json")
    assert response.status_code == 200


# --- Expiry ------------------------------------------------------------------------------------


def _age(user, hours: float) -> None:
    Token.objects.filter(user=user).update(created=timezone.now() - timedelta(hours=hours))


@override_settings(API_TOKEN_TTL_HOURS=24)
def test_an_expired_token_answers_401_and_a_new_login_gives_a_working_one(owner):
    script = log_in()
    old = Token.objects.get(user=owner).key
    _age(owner, 23.9)
    assert works(script)
    _age(owner, 24.1)
    error = assert_error(script.get(ME), 401, "not_authenticated")
    assert "expired" in error["message"]
    fresh = log_in()
    assert works(fresh)
    assert Token.objects.get(user=owner).key != old
    assert not works(script)


@override_settings(API_TOKEN_TTL_HOURS=24)
def test_an_expired_token_is_refused_on_campaign_routes_too(owner, history):
    script = log_in()
    assert script.get(f"/api/v1/campaigns/{history.pk}/world/").status_code == 200
    _age(owner, 25)
    assert_error(script.get(f"/api/v1/campaigns/{history.pk}/world/"), 401, "not_authenticated")


@override_settings(API_TOKEN_TTL_HOURS=24)
def test_asking_again_before_expiry_gives_the_same_token(owner):
    first = (
        APIClient()
        .post(TOKEN, {"username": "olga", "password": "pw-olga-123"}, format="json")
        .json()
    )
    _age(owner, 10)
    second = (
        APIClient()
        .post(TOKEN, {"username": "olga", "password": "pw-olga-123"}, format="json")
        .json()
    )
    assert first == second


# --- The schema --------------------------------------------------------------------------------


def test_the_schema_lists_delete_on_auth_token(client):
    paths = client.get("/api/v1/schema/?format=json").json()["paths"]
    operations = paths["/api/v1/auth/token/"]
    assert {"post", "delete"} <= set(operations)
    delete = operations["delete"]
    assert {"204", "401"} <= set(delete["responses"])
    assert delete["security"] == [{"tokenAuth": []}]
    assert "401" in paths["/api/v1/auth/me/"]["get"]["responses"]


# --- Reading the token ---------------------------------------------------------------------------


def test_a_token_of_a_deactivated_account_answers_401(owner):
    script = log_in()
    owner.is_active = False
    owner.save(update_fields=["is_active"])
    assert not works(script)


def test_an_unknown_token_is_refused_in_the_readers_language(owner):
    script = APIClient()
    script.credentials(HTTP_AUTHORIZATION="Token " + "0" * 40)
    assert_error(script.get(ME), 401, "not_authenticated")
    russian = script.get(ME, HTTP_ACCEPT_LANGUAGE="ru")
    assert russian.status_code == 401
    assert russian.json()["error"]["message"] == "Недействительный токен."


def test_a_request_by_token_reads_the_token_and_its_account_in_one_statement(owner):
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    script = log_in()
    with CaptureQueriesContext(connection) as queries:
        response = script.get(ME)
    assert response.status_code == 200 and response.json()["username"] == "olga"
    assert len(queries) == 1
