"""The admin's pages, as the tests reach them."""

from __future__ import annotations

from django.urls import reverse


def changelist(model) -> str:
    return reverse(f"admin:{model._meta.app_label}_{model._meta.model_name}_changelist")


def change_url(obj) -> str:
    return reverse(f"admin:{obj._meta.app_label}_{obj._meta.model_name}_change", args=[obj.pk])


def form_data(response) -> dict:
    """What the admin form on the page would send back unchanged."""
    form = response.context["adminform"].form
    return {name: "" if form[name].value() is None else form[name].value() for name in form.fields}
