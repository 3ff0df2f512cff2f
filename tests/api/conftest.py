"""Personas and a campaign with history, for the API tests.

The owner (olga) and a stranger (sam) come from the suite's conftest; here an editor and a
viewer join the campaign. Each persona talks to the API as a script would, with a token.
"""

from __future__ import annotations

import pytest
from django.core.cache import cache

from campaigns.game.finish import finish_game
from campaigns.game.setup import setup_game, start_game
from campaigns.models import Membership, Role
from tests.support.games import finish_kwargs, seats


@pytest.fixture(autouse=True)
def _fresh_throttles():
    """Throttle counters live in the cache; each test starts with none."""
    cache.clear()
    yield
    cache.clear()


@pytest.fixture
def editor(django_user_model):
    return django_user_model.objects.create_user(username="eve", password="pw-eve-123")


@pytest.fixture
def viewer(django_user_model):
    return django_user_model.objects.create_user(username="vic", password="pw-vic-123")


@pytest.fixture
def crew(prepared_campaign, editor, viewer):
    """The prepared campaign with an editor and a viewer besides its owner."""
    Membership.objects.create(campaign=prepared_campaign, user=editor, role=Role.EDITOR)
    Membership.objects.create(campaign=prepared_campaign, user=viewer, role=Role.VIEWER)
    return prepared_campaign


@pytest.fixture
def history(crew, players, owner):
    """Game 1 finished (a city, a signature), game 2 set up and started."""
    g1 = start_game(game=setup_game(campaign=crew, seats=seats(players), by=owner))
    finish_game(game=g1, by=owner, **finish_kwargs(players))
    g2 = setup_game(
        campaign=crew, seats=seats(players, ("argentina", "greenland", "india")), by=owner
    )
    start_game(game=g2, by=owner)
    return crew


@pytest.fixture
def celery_mode():
    """Set Celery in-process (``eager``) or queueing to a worker for one test, whatever the run
    configured (the CI run has a broker): ``celery_mode(eager=True)``."""
    from config.celery import app

    before = app.conf.task_always_eager

    def set_mode(*, eager: bool) -> None:
        app.conf.task_always_eager = eager

    yield set_mode
    app.conf.task_always_eager = before
