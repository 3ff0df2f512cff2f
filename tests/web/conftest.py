"""Personas and played campaigns for the page tests.

The owner, an editor, a viewer and a stranger (from the suite's conftest), each as a logged-in
test client. Played campaigns come from ``tests.support.games.play``, which plays
whole games through the services, with events and rewards, so pages have a history to show.
"""

from __future__ import annotations

import pytest
from django.core.cache import cache
from django.test import Client

from tests.support.pages import client_for


@pytest.fixture(autouse=True)
def _fresh_counters():
    """Sign-up counts per address live in the cache; each test starts with none."""
    cache.clear()


@pytest.fixture
def as_owner(owner):
    return client_for(owner)


@pytest.fixture
def as_editor(editor):
    return client_for(editor)


@pytest.fixture
def as_viewer(viewer):
    return client_for(viewer)


@pytest.fixture
def as_stranger(stranger):
    return client_for(stranger)


@pytest.fixture
def anonymous():
    return Client()
