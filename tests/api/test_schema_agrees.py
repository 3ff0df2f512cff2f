"""The OpenAPI schema and the server agree: what the schema refuses is refused, what it
requires is required, and every status an operation answers is documented."""

from __future__ import annotations

import re

import pytest

from tests.support.api import client_for

pytestmark = pytest.mark.django_db


@pytest.fixture
def schema(owner):
    return client_for(owner).get("/api/v1/schema/?format=json").json()


def refusal(response, status=400):
    assert response.status_code == status, response.content[:300]
    return response.json()["error"]


def test_a_new_share_link_must_be_asked_for_with_a_json_boolean(history, owner):
    token = history.share_token
    response = client_for(owner).patch(
        f"/api/v1/campaigns/{history.pk}/", {"new_share_link": 0}, format="json"
    )
    assert refusal(response)["fields"] == {"new_share_link": ["Must be true or false."]}
    history.refresh_from_db()
    assert history.share_token == token


def test_a_query_value_given_twice_is_refused_with_its_name(history, owner):
    response = client_for(owner).get(
        f"/api/v1/campaigns/{history.pk}/snapshots/?as_of_game=1&as_of_game=2"
    )
    assert refusal(response)["fields"] == {"as_of_game": ["Give as_of_game once."]}


def test_a_page_offset_given_twice_is_refused_with_its_name(owner):
    response = client_for(owner).get("/api/v1/campaigns/?offset=1&offset=2")
    assert refusal(response)["fields"] == {"offset": ["Give offset once."]}


def test_a_picture_without_its_game_is_refused_and_the_schema_requires_the_game(
    history, owner, schema
):
    response = client_for(owner).get(f"/api/v1/campaigns/{history.pk}/snapshots/")
    assert refusal(response)["fields"] == {"as_of_game": ["Say which game's picture."]}
    parameters = schema["paths"]["/api/v1/campaigns/{campaign_id}/snapshots/"]["get"]["parameters"]
    as_of_game = next(p for p in parameters if p["name"] == "as_of_game")
    assert as_of_game["required"] is True


def test_the_list_of_my_campaigns_documents_its_refusal_of_a_bad_page(owner, schema):
    response = client_for(owner).get("/api/v1/campaigns/?offset=2147483648")
    assert refusal(response)["fields"]["offset"]
    assert "400" in schema["paths"]["/api/v1/campaigns/"]["get"]["responses"]


def test_text_with_a_nul_character_is_refused_as_the_schema_says(history, owner, schema):
    response = client_for(owner).post(
        f"/api/v1/campaigns/{history.pk}/players/", {"name": "Ad\x00a"}, format="json"
    )
    assert refusal(response)["fields"] == {"name": ["Null characters are not allowed."]}
    name = schema["components"]["schemas"]["PlayerAddRequest"]["properties"]["name"]
    assert not re.search(name["pattern"], "Ad\x00a")
    assert re.search(name["pattern"], "Ada")


def test_a_marks_filter_of_only_white_space_is_refused_as_the_schema_says(history, owner, schema):
    response = client_for(owner).get(f"/api/v1/campaigns/{history.pk}/marks/scars/?territory=%09")
    assert refusal(response)["fields"] == {"territory": ["This field may not be blank."]}
    parameters = schema["paths"]["/api/v1/campaigns/{campaign_id}/marks/{mark_type}/"]["get"][
        "parameters"
    ]
    territory = next(p for p in parameters if p["name"] == "territory")["schema"]
    assert not re.search(territory["pattern"], "\t")
    assert re.search(territory["pattern"], " Iceland ")


def _texts(schema, where):
    """Every text a client sends, with where it is, in a schema or a part of one."""
    if isinstance(schema, list):
        for item in schema:
            yield from _texts(item, where)
        return
    if not isinstance(schema, dict):
        return
    if schema.get("type") == "string" and not schema.get("readOnly"):
        yield where, schema
    for key, value in schema.items():
        if key == "properties":
            for name, sub in value.items():
                yield from _texts(sub, f"{where}.{name}")
        elif key in ("items", "additionalProperties", "allOf", "anyOf", "oneOf"):
            yield from _texts(value, where)


def test_every_text_that_may_not_be_blank_says_so_in_the_schema(schema):
    texts = []
    for name, component in schema["components"]["schemas"].items():
        if name.endswith("Request"):
            texts += _texts(component, name)
    for path, operations in schema["paths"].items():
        for method, operation in operations.items():
            for parameter in operation.get("parameters", []):
                if parameter["in"] == "query":
                    texts += _texts(parameter["schema"], f"{method} {path} {parameter['name']}")
    must_not_be_blank = [
        (where, text)
        for where, text in texts
        if text.get("minLength", 0) >= 1 and not {"enum", "format"} & text.keys()
    ]
    assert len(must_not_be_blank) > 20
    for where, text in must_not_be_blank:
        assert not re.search(text["pattern"], " \t\n"), where
        assert re.search(text["pattern"], "x"), where


# What \s means to a client's regular expressions (ECMAScript, as JSON Schema says).
ECMA_SPACE = "\t\n\x0b\x0c\r \xa0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff"


def test_a_text_the_server_trims_to_nothing_breaks_the_schemas_pattern_as_clients_read_it(schema):
    pattern = schema["components"]["schemas"]["PastGameRequest"]["properties"]["faction"]
    as_a_client_reads_it = pattern["pattern"].replace("\\s", ECMA_SPACE)
    trimmed_away = [chr(c) for c in range(0x3000 + 1) if chr(c).isspace()]
    assert [hex(ord(c)) for c in trimmed_away if re.search(as_a_client_reads_it, c)] == []
    assert re.search(as_a_client_reads_it, "khan-industries")
