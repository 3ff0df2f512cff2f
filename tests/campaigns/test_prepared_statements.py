"""Prepared statements are a setting of the driver, not code of ours. On by default: on
PostgreSQL, psycopg binds every query's parameters on the server and prepares a statement once a
connection has run it ``PREPARE_THRESHOLD`` times. With ``DATABASE_PREPARED_STATEMENTS`` off,
Django binds the parameters on the client and nothing is prepared. SQLite is unaffected either
way."""

from __future__ import annotations

import pytest
from django.conf import settings
from django.db import connection
from knox.models import AuthToken

from tests.support.environment import settings_seen_with

pytestmark = pytest.mark.django_db

POSTGRES = {"DATABASE_URL": "postgres://u@127.0.0.1:5432/db", "SECRET_KEY": "x"}
OPTIONS = "s.DATABASES['default'].get('OPTIONS', {})"
ON = {"DATABASE_PREPARED_STATEMENTS": "true"}
OFF = {"DATABASE_PREPARED_STATEMENTS": "false"}


@pytest.mark.parametrize("switch", [{}, ON])
def test_by_default_or_switched_on_postgresql_binds_on_the_server_and_prepares_hot_statements(
    switch,
):
    options = settings_seen_with({**POSTGRES, **switch}, OPTIONS)
    assert options["server_side_binding"] is True
    assert options["prepare_threshold"] == 5


def test_switched_off_postgresql_binds_on_the_client_and_prepares_nothing():
    options = settings_seen_with({**POSTGRES, **OFF}, OPTIONS)
    assert "server_side_binding" not in options and "prepare_threshold" not in options


@pytest.mark.parametrize("switch", [{}, ON, OFF])
def test_sqlite_is_unaffected(switch):
    options = settings_seen_with({"SECRET_KEY": "x", **switch}, OPTIONS)
    assert "server_side_binding" not in options and "prepare_threshold" not in options


def switched_on() -> bool:
    return settings.DATABASES["default"].get("OPTIONS", {}).get("server_side_binding") is True


def prepared_token_statements() -> int:
    return sum(
        'FROM "knox_authtoken"' in statement
        for (statement,) in connection.connection.execute(
            "SELECT statement FROM pg_prepared_statements"  # the driver's own view, not the ORM's
        )
    )


@pytest.mark.postgres
def test_the_connection_binds_as_the_setting_says():
    connection.ensure_connection()
    assert connection.features.uses_server_side_binding is switched_on()
    if switched_on():
        assert connection.connection.prepare_threshold == settings.PREPARE_THRESHOLD


@pytest.mark.postgres
def test_a_hot_query_is_prepared_once_on_its_connection_only_when_switched_on(owner):
    token, _secret = AuthToken.objects.create(user=owner)
    connection.ensure_connection()
    assert prepared_token_statements() == 0
    for _ in range(settings.PREPARE_THRESHOLD + 2):
        assert AuthToken.objects.select_related("user").get(digest=token.digest).user == owner
    assert prepared_token_statements() == (1 if switched_on() else 0)
