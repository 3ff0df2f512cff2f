"""A phone's entry (sent with an Idempotency-Key) holds its campaign's lock only for its write
and the answer kept with it: the key is claimed, the account and the campaign read, and the
entry's credit read before the lock is taken; once the entry is written, only the kept answer
is written before the transaction ends and the lock is given back.

The lock is taken by the entry's first statement (``campaigns.services.bump_versions``, an
UPDATE of the campaign's row) and held until the keyed request's transaction ends. The test
runs in a transaction of its own, so the request's transaction is a savepoint: its release
ends what the lock covers.
"""

from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from tests.support.api import client_for

pytestmark = pytest.mark.django_db


def recruit(client, game, player, key: str):
    url = f"/api/v1/campaigns/{game.campaign_id}/games/{game.number}/events/recruitment/"
    return client.post(
        url, {"player": player.pk, "troops": 3}, format="json", HTTP_IDEMPOTENCY_KEY=key
    )


def statements_of_a_keyed_entry(game, players, owner) -> list[str]:
    client = client_for(owner)
    # The first entry fills what later ones find cached (the packets due): a table's usual turn.
    assert recruit(client, game, players["Ada"], "first").status_code == 201
    with CaptureQueriesContext(connection) as queries:
        answer = recruit(client, game, players["Boris"], "second")
    assert answer.status_code == 201, answer.content[:400]
    return [q["sql"] for q in queries.captured_queries]


def test_a_keyed_entry_writes_only_its_kept_answer_between_its_write_and_the_locks_end(
    game, players, owner
):
    statements = statements_of_a_keyed_entry(game, players, owner)
    locked = next(
        i for i, sql in enumerate(statements) if sql.startswith('UPDATE "campaigns_campaign"')
    )
    opened = [sql.split()[1] for sql in statements[:locked] if sql.startswith("SAVEPOINT")]
    request, write = opened[0], opened[-1]  # the keyed request's transaction, the entry's
    written = statements.index(f"RELEASE SAVEPOINT {write}", locked)
    ended = statements.index(f"RELEASE SAVEPOINT {request}", written)
    assert any('INSERT INTO "campaigns_gameevent"' in sql for sql in statements[locked:written])
    after_the_write = statements[written + 1 : ended]
    assert len(after_the_write) == 1, after_the_write
    assert after_the_write[0].startswith('UPDATE "campaigns_idempotentrequest"')


def test_a_keyed_entry_claims_its_key_and_reads_its_reader_before_taking_the_lock(
    game, players, owner
):
    statements = statements_of_a_keyed_entry(game, players, owner)
    locked = next(
        i for i, sql in enumerate(statements) if sql.startswith('UPDATE "campaigns_campaign"')
    )
    before, under = statements[:locked], statements[locked:]
    assert any('INSERT INTO "campaigns_idempotentrequest"' in sql for sql in before)
    assert any('"knox_authtoken"' in sql for sql in before)
    assert any('FROM "campaigns_player"' in sql for sql in before)  # the entry's credit
    assert not any('INSERT INTO "campaigns_idempotentrequest"' in sql for sql in under)
    assert not any('"knox_authtoken"' in sql or '"campaigns_membership"' in sql for sql in under)
    assert not any('FROM "campaigns_player"' in sql for sql in under)


def test_a_keyed_entry_reads_its_token_once(game, players, owner):
    statements = statements_of_a_keyed_entry(game, players, owner)
    read = [sql for sql in statements if sql.startswith("SELECT") and '"knox_authtoken"' in sql]
    assert len(read) == 1, read


def test_a_new_key_is_claimed_by_the_first_statement_of_its_transaction(game, players, owner):
    statements = statements_of_a_keyed_entry(game, players, owner)
    opened = next(i for i, sql in enumerate(statements) if sql.startswith("SAVEPOINT"))
    assert statements[opened + 1].startswith('INSERT INTO "campaigns_idempotentrequest"')
