"""A campaign with a game, its members as logged-in clients, and a fresh folder for the files."""

from __future__ import annotations

import pytest

from campaigns.game.setup import setup_game
from campaigns.models import Membership, Role


@pytest.fixture(autouse=True)
def media(settings, tmp_path):
    """Stored photos go to a fresh folder (the default storage follows MEDIA_ROOT)."""
    settings.MEDIA_ROOT = tmp_path / "media"
    return settings.MEDIA_ROOT


@pytest.fixture
def game(prepared_campaign, players, owner):
    seats = [
        {"player": players["Ada"].pk, "faction": "khan-industries", "hq": "egypt"},
        {"player": players["Boris"].pk, "faction": "die-mechaniker", "hq": "japan"},
        {"player": players["Chloe"].pk, "faction": "enclave-of-the-bear", "hq": "peru"},
    ]
    return setup_game(campaign=prepared_campaign, seats=seats, by=owner)


def member(django_user_model, campaign, name: str, role: str):
    user = django_user_model.objects.create_user(username=name, password=f"pw-{name}-123")
    Membership.objects.create(campaign=campaign, user=user, role=role)
    return user


@pytest.fixture
def editor(django_user_model, prepared_campaign):
    return member(django_user_model, prepared_campaign, "edith", Role.EDITOR)


@pytest.fixture
def other_editor(django_user_model, prepared_campaign):
    return member(django_user_model, prepared_campaign, "eric", Role.EDITOR)


@pytest.fixture
def viewer(django_user_model, prepared_campaign):
    return member(django_user_model, prepared_campaign, "vera", Role.VIEWER)
