"""The redaction step itself (``campaigns.hiding``): what it replaces, with what, and what it
leaves alone."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import translation

from campaigns.hiding import Secrets, secrets_for
from tests.support.hiding import api_client, page_client, text_of


@pytest.fixture(autouse=True)
def _english():
    """Placeholders are words of the language in force: English here, unless a test says."""
    with translation.override("en"):
        yield


SECRETS = Secrets(
    {"zorblax frenzy": "scar", "div": "mark", "fish & chips": "content", "ice": "power"},
    {"zorblax-frenzy": "unlocked-scar-1"},
)


def test_a_name_becomes_the_placeholder_of_its_kind_whatever_its_case():
    assert SECRETS.scrub_text("ZORBLAX Frenzy placed on Iceland.") == (
        "an unlocked scar placed on Iceland."
    )


def test_a_name_is_replaced_only_as_whole_words():
    assert SECRETS.scrub_text("Iceland is not ice.") == "Iceland is not an unlocked power."


def test_a_slug_becomes_an_opaque_one():
    assert SECRETS.scrub({"scar": "zorblax-frenzy", "zorblax-frenzy": 2}) == {
        "scar": "unlocked-scar-1",
        "unlocked-scar-1": 2,
    }


def test_json_like_data_is_scrubbed_in_depth_and_other_values_are_kept():
    data = {"events": [{"summary": "Zorblax Frenzy placed.", "seq": 3, "voided": False}]}
    assert SECRETS.scrub(data) == {
        "events": [{"summary": "an unlocked scar placed.", "seq": 3, "voided": False}]
    }


def test_a_name_holding_another_secrets_slug_is_hidden_whole():
    # "vorn" is a hidden territory's name and slug; "Kelpiq vorn" another one's name.
    secrets = Secrets(
        {"vorn": "territory", "kelpiq vorn": "territory"},
        {"vorn": "unlocked-territory-1", "kelpiq-vorn": "unlocked-territory-2"},
    )
    assert secrets.scrub_markup("<p>Kelpiq vorn</p>") == "<p>an added territory</p>"
    assert secrets.scrub_text("Kelpiq vorn rose.") == "an added territory rose."


def test_two_secrets_that_overlap_are_hidden_together():
    secrets = Secrets({"atlantis deep": "territory", "deep sea": "territory"}, {})
    assert secrets.scrub_text("Atlantis Deep Sea rose.") == "an added territory rose."
    assert secrets.scrub_markup("<b>Atlantis Deep Sea</b>") == "<b>an added territory</b>"


def test_a_slug_holding_another_secrets_name_is_replaced_whole():
    secrets = Secrets({"sea": "territory"}, {"deep-sea": "unlocked-territory-1"})
    page = '<a href="/c/1/territories/deep-sea/">Sea</a>'
    assert secrets.scrub_markup(page) == (
        '<a href="/c/1/territories/unlocked-territory-1/">an added territory</a>'
    )


def test_markup_is_scrubbed_in_text_and_attributes_but_never_in_tags():
    page = '<div class="scar-zorblax-frenzy" title="Fish &amp; Chips">div</div>'
    assert SECRETS.scrub_markup(page) == (
        '<div class="scar-unlocked-scar-1" title="unlocked content">an unlocked kind of mark</div>'
    )


def test_placeholders_speak_the_readers_language():
    with translation.override("ru"):
        assert SECRETS.scrub_text("Zorblax Frenzy") == "открытый шрам"


def test_nothing_to_hide_changes_nothing():
    assert Secrets({}, {}).scrub_markup("<p>Zorblax</p>") == "<p>Zorblax</p>"


@pytest.mark.django_db
def test_every_line_of_a_text_is_hidden_on_its_own(hidden):
    secrets = Secrets.load(hidden.pk)
    assert secrets.scrub_markup("<p>Blorptic swarms come.<br>Wuzzlewump stays.</p>") == (
        "<p>(hidden by the campaign&#x27;s owner)<br>(hidden by the campaign&#x27;s owner)</p>"
    )


@pytest.mark.django_db
def test_who_sees_everything_gets_no_redaction(hidden):
    assert secrets_for(hidden, sees_unlocked=True) is None
    hidden.hide_unlocked_content = False
    assert secrets_for(hidden, sees_unlocked=False) is None


@pytest.mark.django_db
def test_a_viewer_reads_placeholders_in_their_language(hidden, viewer):
    english = text_of(page_client(viewer).get(f"/c/{hidden.pk}/factions/"))
    russian = text_of(page_client(viewer, "ru").get(f"/c/{hidden.pk}/factions/"))
    assert "an unlocked faction" in english and "открытая фракция" in russian
    game = api_client(viewer).get(f"/api/v1/campaigns/{hidden.pk}/games/2/").json()
    summaries = [e["summary"] for e in game["events"]]
    # Worded as the pages word it for this reader, when it is read.
    hidden_scar = (
        "(hidden by the campaign's owner) on Iceland, without a scar card (Our event card)"
    )
    assert f"{hidden_scar} — Ada" in summaries
    game = api_client(viewer, "ru").get(f"/api/v1/campaigns/{hidden.pk}/games/2/").json()
    assert any(e["summary"].startswith("(скрыто владельцем кампании)") for e in game["events"])


@pytest.mark.django_db
@pytest.mark.parametrize("address", ["/c/{pk}/games/2/", "/api/v1/campaigns/{pk}/games/2/"])
def test_hiding_costs_one_query_more(hidden, viewer, address):
    def queries() -> int:
        client = page_client(viewer) if address.startswith("/c/") else api_client(viewer)
        client.get(address.format(pk=hidden.pk))  # sessions, tokens: as on any later read
        with CaptureQueriesContext(connection) as captured:
            assert client.get(address.format(pk=hidden.pk)).status_code == 200
        return len(captured)

    hiding = queries()
    hidden.hide_unlocked_content = False
    hidden.save(update_fields=["hide_unlocked_content"])
    assert queries() == hiding - 1


def test_a_short_secret_is_hidden_as_a_whole_value_but_never_inside_a_page():
    secrets = Secrets({"2": "text"}, {})
    assert secrets.scrub({"label": "2", "summary": "2 troops"}) == {
        "label": "(hidden by the campaign's owner)",
        "summary": "2 troops",
    }
    board = '<text stroke-width="0.2">2</text>'
    assert secrets.scrub_markup(board) == board
