"""The form renderer: Django's own, with its commonest small templates written in Python.

Django draws each form field with several templates: the field's group, its label, its error
list (drawn even when empty) and its widget. A game page with a quick log has some thirty fields,
and those templates were near a third of the time it took to draw. The templates below are
Django's, word for word, as Python: the same markup (whitespace between elements aside, a test
compares both), the same escaping. Every other template (fieldsets of radio buttons, whole
forms, a widget of another kind) is drawn by Django as before.
"""

from __future__ import annotations

from collections.abc import Callable

from django.forms.renderers import DjangoTemplates
from django.utils.html import conditional_escape, format_html
from django.utils.safestring import SafeString, mark_safe

_WIDGETS = "django/forms/widgets/"

# The widgets whose template is only ``{% include "django/forms/widgets/input.html" %}``.
INPUT_TEMPLATES = {
    f"{_WIDGETS}{name}.html"
    for name in [
        *("input", "checkbox", "color", "date", "datetime", "email", "file", "hidden"),
        *("number", "password", "search", "tel", "text", "time", "url"),
    ]
}


def _s(value) -> str:
    """``{{ value|stringformat:'s' }}``: escaped, unless already safe."""
    return conditional_escape(value if isinstance(value, str) else f"{value}")


def _attrs(attrs) -> str:
    """``django/forms/attrs.html`` and ``django/forms/widgets/attrs.html``."""
    if not attrs:
        return ""
    return "".join(
        ""
        if value is False
        else f" {conditional_escape(name)}"
        if value is True
        else f' {conditional_escape(name)}="{_s(value)}"'
        for name, value in attrs.items()
    )


def _input(context) -> str:
    w = context["widget"]
    value = "" if w["value"] is None else f' value="{_s(w["value"])}"'
    return (
        f'<input type="{conditional_escape(w["type"])}" name="{conditional_escape(w["name"])}"'
        f"{value}{_attrs(w['attrs'])}>"
    )


def _textarea(context) -> str:
    w = context["widget"]
    text = conditional_escape(w["value"]) if w["value"] else ""
    name = conditional_escape(w["name"])
    return f'<textarea name="{name}"{_attrs(w["attrs"])}>\n{text}</textarea>'


def _label(context) -> str:
    label = conditional_escape(context["label"])
    if not context["use_tag"]:
        return label
    tag = conditional_escape(context["tag"])
    return f"<{tag}{_attrs(context['attrs'])}>{label}</{tag}>"


def _errors(context) -> str:
    errors = context["errors"]
    if not errors:
        return ""
    field_id = getattr(errors, "field_id", None)
    where = f' id="{conditional_escape(field_id)}_error"' if field_id else ""
    items = "".join(f"<li>{conditional_escape(e)}</li>" for e in errors)
    return f'<ul class="{conditional_escape(context["error_class"])}"{where}>{items}</ul>'


def _field(context) -> str:
    field = context["field"]
    parts = []
    if field.use_fieldset:
        described = field.aria_describedby
        parts.append(
            format_html('<fieldset aria-describedby="{}">', described)
            if described
            else "<fieldset>"
        )
        if field.label:
            parts.append(field.legend_tag())
    elif field.label:
        parts.append(field.label_tag())
    if field.help_text:
        helptext_id = format_html(' id="{}_helptext"', field.auto_id) if field.auto_id else ""
        parts.append(
            format_html('<div class="helptext"{}>{}</div>', helptext_id, mark_safe(field.help_text))
        )
    errors = str(field.errors)
    if errors:
        parts.append(errors)
    parts.append(str(field) + ("</fieldset>" if field.use_fieldset else ""))
    return "\n".join(parts)


IN_PYTHON: dict[str, Callable[[dict], str]] = {
    **{name: _input for name in INPUT_TEMPLATES},
    f"{_WIDGETS}textarea.html": _textarea,
    "django/forms/label.html": _label,
    "django/forms/errors/list/default.html": _errors,
    "django/forms/errors/list/ul.html": _errors,
    "django/forms/field.html": _field,
}


class QuickRenderer(DjangoTemplates):
    """``FORM_RENDERER``: the templates of ``IN_PYTHON`` drawn in Python, the rest as Django
    draws them."""

    def render(self, template_name, context, request=None) -> SafeString:
        draw = IN_PYTHON.get(template_name)
        if draw is None:
            return super().render(template_name, context, request)
        return mark_safe(draw(context).strip())
