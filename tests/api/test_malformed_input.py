"""No request, however malformed, gets a 500: every write endpoint is sent hand-picked nasty
payloads, whole and field by field, and must refuse them in the one error shape."""

from __future__ import annotations

import json

import pytest

from tests.support.api import client_for
from tests.support.endpoints import ENDPOINTS, fill, ids_in

pytestmark = pytest.mark.django_db

NASTY_VALUES = [
    10**30,
    -(10**30),
    1e308,
    "99999999999999999999999999",
    "x" * 5000,
    "nul\u0000byte",
    {"nested": {"deeper": [1, {"a": None}]}},
    [1, "two", None],
    None,
    True,
    -1,
    0,
    "",
    "1; DROP TABLE campaigns_campaign",
]
NASTY_BODIES = [
    b"[]",
    b'"text"',
    b"null",
    b"12",
    b"{}",
    b'{"a": 1',  # cut short
    b"\xff\xfe{}",  # not UTF-8
    b"[" * 100_000 + b"]" * 100_000,  # nested too deeply for the json module
    b'{"count": NaN, "territories": {"1": Infinity}}',
    b'{"' + b"k" * 100 + b'": ' + b"9" * 5000 + b"}",
]
WRITES = [e for e in ENDPOINTS if e[0] != "get"]


def assert_refused_well(response, what):
    assert response.status_code < 500, (what, response.content[:300])
    if response.status_code >= 400:
        body = response.json()
        assert set(body) == {"error"} and body["error"]["code"], (what, body)


@pytest.mark.parametrize(
    ("method", "path", "body"),
    [(m, p, b) for m, p, b, *_ in WRITES],
    ids=[f"{m.upper()} {p}" for m, p, *_ in WRITES],
)
def test_a_write_endpoint_refuses_nasty_payloads_without_a_500(
    history, players, owner, method, path, body
):
    ids = ids_in(history, players)
    client = client_for(owner)
    url = f"/api/v1/campaigns/{history.pk}/" + fill(path, ids)
    send = getattr(client, method)
    for raw in NASTY_BODIES:
        assert_refused_well(send(url, raw, content_type="application/json"), raw[:40])
    valid = fill(body, ids) or {}
    for key in list(valid) or ["anything"]:
        for value in NASTY_VALUES:
            payload = {**valid, key: value}
            assert_refused_well(
                send(url, json.dumps(payload), content_type="application/json"),
                (key, repr(value)[:40]),
            )
            if isinstance(valid.get(key), dict):
                for bad_key in ("1" * 40, "abc", "", "-3", "ü", "³", "٣", " 1"):
                    payload = {**valid, key: dict.fromkeys([bad_key], "won")}
                    assert_refused_well(
                        send(url, json.dumps(payload), content_type="application/json"),
                        (key, bad_key),
                    )


@pytest.mark.parametrize(
    "query",
    [
        "world/?as_of_game=-1",
        "world/?as_of_game=99999999999999999999",
        "world/?as_of_game=abc",
        "games/?limit=abc&offset=-5",
        "games/?offset=99999999999999999999999",
        "games/?status=lost&number_min=x",
        "games/?played_after=2026-13-45",
        "marks/cities/?placed_by=99999999999999999999999&territory=" + "x" * 300,
        "marks/scars/?as_of_game=1e400",
        "audit/?since=yesterday",
        "audit/?until=0118-02-10T22%3A50%3A09%2B23%3A06&since=0001-01-01T00:00:00%2B15:00",
        "audit/?since=9999-12-31T23:59:59-12:00",
        "legal-starts/?player=abc&hqs=,,,",
        "legal-starts/?player=99999999999999999999999",
        "recruitment/?controlled=",
        "recruitment/?controlled=egypt&trade_coins=99999999999999999999",
        "games/99999/",
    ],
)
def test_a_read_refuses_nasty_query_strings_without_a_500(history, owner, query):
    response = client_for(owner).get(f"/api/v1/campaigns/{history.pk}/{query}")
    assert_refused_well(response, query)
