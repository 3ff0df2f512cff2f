"""Every kind of entry of a game's log is whole: a module in the registry of entries, a form
that enters it, its words in the log in both languages, and its place in the list of entries
people read (docs/features.md). A kind added to ``EventKind`` without them fails here."""

from __future__ import annotations

import dataclasses
import re
from pathlib import Path

import pytest
from django.utils import translation

from api.views.table import ROUTES
from campaigns.game.entries.registry import ENTRIES, RECORDED
from campaigns.models import EventKind
from web.forms.decks import CardEntryForm
from web.forms.packets import PacketForm
from web.forms.table import QUICK_LOG

FEATURES = Path(__file__).resolve().parents[2] / "docs" / "features.md"


def test_every_kind_has_its_entry_in_the_registry():
    assert [k.value for k in EventKind if k not in ENTRIES] == []
    assert all(entry.kind == kind for kind, entry in ENTRIES.items())


@pytest.mark.parametrize("kind", RECORDED, ids=str)
def test_every_kind_the_table_records_has_frozen_parameters_and_an_api_route(kind):
    params = ENTRIES[kind].params
    assert params is not None and dataclasses.is_dataclass(params)
    assert params.__dataclass_params__.frozen  # type: ignore[attr-defined]
    assert kind in ROUTES
    serializer = ROUTES[kind].serializer()
    names = {f.name for f in dataclasses.fields(params)}
    assert set(serializer.fields) == names, "the body's fields are the entry's parameters"


def test_every_kind_has_a_form_that_enters_it():
    forms = {form.kind for form in QUICK_LOG} | set(CardEntryForm.KINDS.values())
    forms.add(PacketForm.kind)
    assert [k.value for k in EventKind if k not in forms] == []


def test_every_kind_says_what_a_seat_out_of_the_war_is_refused_only_when_it_has_a_seat():
    for kind in RECORDED:
        entry = ENTRIES[kind]
        if entry.what:
            assert entry.seating.value != "none", kind
            assert entry.war, kind


def test_every_kind_is_named_in_both_languages():
    for kind in EventKind:
        with translation.override("en"):
            english = str(kind.label)
        with translation.override("ru"):
            russian = str(kind.label)
        assert english and russian != english, kind


def test_every_kind_is_in_the_list_of_entries_people_read():
    text = FEATURES.read_text()
    found = re.search(r"^## The log's entries\n(.*?)^## ", text, re.S | re.M)
    assert found, "docs/features.md lists the log's entries"
    listed = set(re.findall(r"`([a-z-]+)`", found.group(1)))
    assert [k.value for k in EventKind if k.value not in listed] == []
