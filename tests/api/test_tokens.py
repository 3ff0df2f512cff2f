"""API tokens (knox's, one per signed-in device, hashed at rest) expire, die with the password,
and can be given up one device at a time (DELETE /api/v1/auth/token/)."""

from __future__ import annotations

import hashlib
from datetime import datetime, timedelta
from importlib import import_module
from types import SimpleNamespace

import pytest
from django.conf import settings as django_settings
from django.contrib.auth import get_user_model
from django.test import override_settings
from django.utils import timezone
from knox.models import AuthToken
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
    assert not AuthToken.objects.filter(user=owner).exists()


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
    """The account's tokens, as if issued ``hours`` ago."""
    issued = timezone.now() - timedelta(hours=hours)
    for token in AuthToken.objects.filter(user=user):
        lifetime = token.expiry - token.created
        AuthToken.objects.filter(pk=token.pk).update(created=issued, expiry=issued + lifetime)


@override_settings(API_TOKEN_TTL_HOURS=24)
def test_an_expired_token_answers_401_and_a_new_login_gives_a_working_one(owner):
    script = log_in()
    _age(owner, 23.9)
    assert works(script)
    _age(owner, 24.1)
    error = assert_error(script.get(ME), 401, "not_authenticated")
    assert "expired" in error["message"]
    assert not AuthToken.objects.filter(user=owner).exists()  # refused, and gone
    fresh = log_in()
    assert works(fresh)
    assert not works(script)


@override_settings(API_TOKEN_TTL_HOURS=24)
def test_an_expired_token_is_refused_on_campaign_routes_too(owner, history):
    script = log_in()
    assert script.get(f"/api/v1/campaigns/{history.pk}/world/").status_code == 200
    _age(owner, 25)
    assert_error(script.get(f"/api/v1/campaigns/{history.pk}/world/"), 401, "not_authenticated")


@override_settings(API_TOKEN_TTL_HOURS=24)
def test_a_token_says_when_it_expires(owner):
    before = timezone.now()
    ask = {"username": "olga", "password": "pw-olga-123"}
    body = APIClient().post(TOKEN, ask, format="json").json()
    assert set(body) == {"token", "expiry"}
    expiry = datetime.fromisoformat(body["expiry"])
    assert before + timedelta(hours=24) <= expiry <= timezone.now() + timedelta(hours=24)


# --- One token per device --------------------------------------------------------------------


def secret_of(client: APIClient) -> str:
    return client._credentials["HTTP_AUTHORIZATION"].split()[1]


def test_each_sign_in_is_a_device_of_its_own_and_signs_out_alone(owner):
    phone, laptop = log_in(), log_in()
    assert secret_of(phone) != secret_of(laptop)
    assert works(phone) and works(laptop)
    assert phone.delete(TOKEN).status_code == 204
    assert not works(phone)
    assert works(laptop)


def test_a_new_password_signs_every_device_out(owner):
    phone, laptop = log_in(), log_in()
    owner.set_password("changed-for-all")
    owner.save()
    assert not works(phone) and not works(laptop)


def test_only_a_digest_of_a_token_is_kept(owner):
    secret = secret_of(log_in())
    stored = AuthToken.objects.get(user=owner)
    assert secret not in (stored.digest, stored.token_key)
    assert stored.digest == hashlib.sha512(secret.encode()).hexdigest()


def test_a_plain_token_of_an_earlier_release_keeps_working_once_moved(owner):
    """The migration writes each plain token again as a knox token with the digest of the same
    secret: a phone signed in before the upgrade stays signed in, until its token expires."""
    from django.apps import apps
    from django.db import connection

    def run(sql: str) -> None:
        with connection.cursor() as cursor:
            cursor.execute(sql)

    quote = connection.ops.quote_name
    move = import_module("api.migrations.0001_knox_tokens_from_plain_tokens").move_plain_tokens
    issued = timezone.now() - timedelta(hours=1)
    old = timezone.now() - timedelta(hours=10_000)
    with connection.cursor() as cursor:
        cursor.execute(
            "CREATE TABLE authtoken_token (key varchar(40) PRIMARY KEY, user_id integer, "
            "created timestamp with time zone)"
        )
        cursor.execute(
            "INSERT INTO authtoken_token VALUES (%s, %s, %s), (%s, %s, %s)",
            ["a" * 40, owner.pk, issued, "b" * 40, owner.pk, old],
        )
    move(apps, SimpleNamespace(connection=connection, execute=run, quote_name=quote))
    assert "authtoken_token" not in connection.introspection.table_names()
    phone = APIClient()
    phone.credentials(HTTP_AUTHORIZATION="Token " + "a" * 40)
    assert works(phone)
    moved = AuthToken.objects.get(user=owner)  # the expired one was not moved
    assert abs(moved.created - issued) < timedelta(seconds=1)
    hours = django_settings.API_TOKEN_TTL_HOURS
    assert abs(moved.expiry - (issued + timedelta(hours=hours))) < timedelta(seconds=1)
    expired = APIClient()
    expired.credentials(HTTP_AUTHORIZATION="Token " + "b" * 40)
    assert not works(expired)


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
