"""Form fields are drawn in Python (web/forms/rendering.py) for speed, and read exactly as
Django's own templates draw them: the same elements, attributes, words and escaping."""

from __future__ import annotations

import re

import pytest
from django import forms
from django.forms.renderers import DjangoTemplates
from django.test import override_settings

from tests.support.pages import url
from web.forms.common import QuickSelectMultiple, territory_choices
from web.forms.rendering import QuickRenderer


def same_markup(html: str) -> str:
    """Whitespace between elements is all that may differ (a browser draws it alike)."""
    return re.sub(r">\s+<", "><", html.strip())


class EveryKindOfField(forms.Form):
    required_css_class = "needed"
    name = forms.CharField(label="A name <with> “quotes” & an ampersand", max_length=20)
    count = forms.IntegerField(min_value=1, max_value=5, help_text="From <b>one</b> to five.")
    when = forms.DateField(required=False, widget=forms.DateInput(attrs={"type": "date"}))
    sure = forms.BooleanField(required=False, label="Sure?")
    words = forms.CharField(widget=forms.Textarea, required=False, initial='He said "<no>"')
    mail = forms.EmailField(required=False, label_suffix=" →")
    hidden = forms.CharField(widget=forms.HiddenInput, initial="x&y")
    colour = forms.ChoiceField(choices=[("r", "Red"), ("g", "Green")], widget=forms.RadioSelect)
    secret = forms.CharField(widget=forms.PasswordInput(attrs={"autocomplete": "off"}))
    nameless = forms.CharField(label="", required=False)


def drawn(form: forms.Form) -> list[str]:
    return [same_markup(field.as_field_group()) for field in form] + [
        same_markup(str(form.non_field_errors())),
        same_markup(form.as_div()),
    ]


@pytest.mark.parametrize(
    "data",
    [
        None,  # unbound: initial values, no errors
        {"name": "x" * 30, "count": "9", "mail": "not <an> address", "words": "a < b"},
    ],
    ids=["a blank form", "a form sent back with errors"],
)
def test_each_field_reads_as_djangos_templates_draw_it(data):
    quick = drawn(EveryKindOfField(data, renderer=QuickRenderer()))
    django = drawn(EveryKindOfField(data, renderer=DjangoTemplates()))
    assert quick == django
    if data:
        assert "errorlist" in "".join(quick)  # the errors were drawn, and alike


@pytest.mark.django_db
def test_the_game_page_reads_the_same_drawn_either_way(game, as_owner):
    page = url(game.campaign, f"games/{game.number}/")

    def body() -> str:
        html = as_owner.get(page).content.decode()
        return re.sub(r'(csrfmiddlewaretoken" value=|X-CSRFToken": )"[^"]*"', r"\1", html)

    quick = body()
    with override_settings(FORM_RENDERER="django.forms.renderers.DjangoTemplates"):
        django = body()
    assert 'class="log-entry"' in quick and "<label for=" in quick
    assert same_markup(quick) == same_markup(django)


@pytest.mark.parametrize("picked", [[], ["peru", "egypt"]], ids=["none picked", "two picked"])
def test_a_list_to_pick_several_from_reads_as_django_draws_it(picked):
    choices = territory_choices()
    quick = QuickSelectMultiple(attrs={"size": 6, "id": "id_occupied"})
    plain = forms.SelectMultiple(attrs={"size": 6, "id": "id_occupied"})
    quick.choices = plain.choices = choices
    drawn_quick = quick.render("occupied", picked)
    assert drawn_quick == plain.render("occupied", picked)
    assert " multiple" in drawn_quick and drawn_quick.count(" selected") == len(picked)
