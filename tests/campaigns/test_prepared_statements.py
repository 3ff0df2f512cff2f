"""The statements of the hottest paths run through ``campaigns.rows.cursor``: on PostgreSQL they
are prepared once per connection; everywhere they are counted, logged and translated as Django's
own, and read the same values the ORM reads."""

from __future__ import annotations

import pytest
from django.db import DatabaseError, connection
from django.test.utils import CaptureQueriesContext
from rest_framework.authtoken.models import Token

from api.tokens import token_with_user
from campaigns import rows

pytestmark = pytest.mark.django_db


@pytest.fixture
def token(owner):
    return Token.objects.create(user=owner)


def prepared_token_statements() -> int:
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT count(*) FROM pg_prepared_statements WHERE statement LIKE %s",
            ["%authtoken_token t JOIN%"],
        )
        return cursor.fetchone()[0]


@pytest.mark.postgres
def test_a_token_read_again_and_again_is_prepared_once_on_its_connection(token):
    assert prepared_token_statements() == 0
    for _ in range(3):
        assert token_with_user(token.key).user.username == "olga"
    assert prepared_token_statements() == 1


@pytest.mark.postgres
def test_with_prepared_statements_switched_off_nothing_is_prepared(token):
    connection.ensure_connection()
    threshold = connection.connection.prepare_threshold
    connection.connection.prepare_threshold = None  # as DATABASE_PREPARED_STATEMENTS=false
    try:
        for _ in range(3):
            assert token_with_user(token.key).user.username == "olga"
        assert prepared_token_statements() == 0
    finally:
        connection.connection.prepare_threshold = threshold


def test_a_prepared_read_gives_the_values_the_orm_gives(token):
    read = token_with_user(token.key)
    stored = Token.objects.select_related("user").get(key=token.key)
    assert read.created == stored.created and read.created.utcoffset() is not None
    assert read.user.date_joined == stored.user.date_joined
    assert (read.user.pk, read.user.is_active, read.user.password) == (
        stored.user.pk,
        stored.user.is_active,
        stored.user.password,
    )
    assert token_with_user("no-such-token") is None


def test_a_prepared_statement_is_counted_and_logged_with_its_values(token):
    with CaptureQueriesContext(connection) as queries:
        token_with_user(token.key)
    assert len(queries) == 1
    assert token.key in queries[0]["sql"] and "%s" not in queries[0]["sql"]


def test_a_failing_statement_raises_djangos_own_error():
    with pytest.raises(DatabaseError) as raised, rows.cursor() as cursor:
        cursor.execute("SELECT nothing FROM no_such_table WHERE id = %s", [1])
    assert type(raised.value).__module__ == "django.db.utils"
