"""Every kind of entry of a game's log is whole: a module the registry of entries finds, a form
that enters it, its name and its words in the log in both languages. A kind added to
``EventKind`` without them fails here. The docs point to the registry and name the six places a
new kind touches, and list no kind by hand."""

from __future__ import annotations

import ast
import dataclasses
import importlib
import inspect
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


def _words_of(module) -> list[str]:
    """The English sentences an entry's module says (``_``, ``gettext``, ``ngettext``)."""
    found = []
    for node in ast.walk(ast.parse(inspect.getsource(module))):
        if isinstance(node, ast.Call) and getattr(node.func, "id", "") in (
            "_",
            "gettext",
            "gettext_lazy",
            "ngettext",
        ):
            first = node.args[0] if node.args else None  # ngettext: the singular is enough
            if isinstance(first, ast.Constant) and isinstance(first.value, str):
                found.append(first.value)
    return found


@pytest.mark.parametrize("kind", list(EventKind), ids=str)
def test_every_kind_says_its_words_in_both_languages(kind):
    module = importlib.import_module(ENTRIES[kind].words.__module__)
    words = _words_of(module)
    # An entry that says nothing of its own says its words through the campaign's names.
    assert words or "said.words." in inspect.getsource(module), f"{kind} says nothing"
    with translation.override("ru"):
        untranslated = [w for w in words if translation.gettext(w) == w]
    assert untranslated == []


def test_the_docs_point_to_the_registry_and_list_no_kind_by_hand():
    text = FEATURES.read_text()
    found = re.search(r"^## The log's entries\n(.*?)^## ", text, re.S | re.M)
    assert found, "docs/features.md says where the log's entries are"
    section = found.group(1)
    assert "registry.py" in section and "OpenAPI" in section
    assert "touches six places" in section
    listed = set(re.findall(r"`([a-z-]+)`", section)) & {k.value for k in EventKind}
    assert listed == set(), "the kinds are listed by the registry, not by hand"
