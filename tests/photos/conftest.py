"""A campaign with a game, its members as logged-in clients, and a fresh folder for the files."""

from __future__ import annotations

import pytest

from campaigns.game.setup import setup_game
from campaigns.models import Role
from tests.support.games import seats
from tests.support.people import member


@pytest.fixture(autouse=True)
def _own_media(media):
    """Stored photos go to a fresh folder of each test's own."""


@pytest.fixture
def game(prepared_campaign, players, owner):
    """Game 1 set up at the usual table, not started yet."""
    return setup_game(campaign=prepared_campaign, seats=seats(players), by=owner)


@pytest.fixture
def editor(prepared_campaign):
    return member(prepared_campaign, "edith", Role.EDITOR)


@pytest.fixture
def other_editor(prepared_campaign):
    return member(prepared_campaign, "eric", Role.EDITOR)


@pytest.fixture
def viewer(prepared_campaign):
    return member(prepared_campaign, "vera", Role.VIEWER)
