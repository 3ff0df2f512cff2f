"""Fixtures for the board snapshots: stored files in a folder of the test's own, Celery in-process
(eager) for every test but the ``worker`` ones, and games played through the real services."""

from __future__ import annotations

import pytest

from config.celery import app as celery_app
from tests.support.games import play_first_game
from tests.support.people import member


@pytest.fixture(autouse=True)
def _own_media(media):
    """Stored pictures go to a fresh folder of each test's own."""


@pytest.fixture(autouse=True)
def eager_celery(request):
    """Tasks run in-process, whether or not a broker is configured (the CI run sets one); the
    tests marked ``worker`` talk to a real worker instead."""
    if request.node.get_closest_marker("worker"):
        yield
        return
    conf = celery_app.conf
    before = conf.task_always_eager, conf.task_eager_propagates
    conf.task_always_eager, conf.task_eager_propagates = True, True
    yield
    conf.task_always_eager, conf.task_eager_propagates = before


@pytest.fixture
def played(prepared_campaign, players, django_capture_on_commit_callbacks):
    """A campaign whose game 1 is finished, its picture drawn."""
    with django_capture_on_commit_callbacks(execute=True):
        play_first_game(prepared_campaign, players)
    return prepared_campaign


@pytest.fixture
def viewer(played):
    """A member of ``played`` who may read it and no more."""
    from campaigns.models import Role

    return member(played, "vic", Role.VIEWER)
